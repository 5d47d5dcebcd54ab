"""Moved to the shared test kit: ``tests.kit.table`` (create, join, act) and ``tests.kit.ws``
(the recording websocket). Import from there; these names stay for tests still being written
against the old path."""

from tests.kit.table import act, join, new_table, spectate, token_of
from tests.kit.ws import WsClient

__all__ = ["WsClient", "act", "join", "new_table", "spectate", "token_of"]
