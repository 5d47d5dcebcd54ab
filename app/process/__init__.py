"""The process itself: its settings and where its files are (``config``), the outage watch
(``outage``: a dependency down is one log line and a 503, not a traceback per request) and the
garbage collector's policy (``collector``). It sits just above ``app.core`` and imports nothing
else of Warboard's, so every layer above may read the settings.

The app factory and the ``warboard`` command, which wire every layer together, are at the top:
``app.server``."""
