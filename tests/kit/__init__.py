"""The shared test kit: one way to script dice, drive a table, and check golden cases.

- ``tests.kit.dice``: ``ScriptedDice``, the rolls a test decides.
- ``tests.kit.table``: a table on a real server: create it, join seats, act over HTTP;
  ``tests.kit.ws.WsClient``: a websocket that records every message and tracks seq.
- ``tests.kit.golden``: the one golden-case format and its runner (a missing case fails;
  ``WARBOARD_REGEN_GOLDEN=1`` rewrites the recorded ones).
"""
