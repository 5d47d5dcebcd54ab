"""The server's log lines: time (UTC, ISO 8601), level, logger, the table the line is about when
known, and the message; as text or as one JSON object a line (``WARBOARD_LOG_FORMAT=json`` or
``warboard serve --log-format json``).

The table is the one of the request or websocket being served (``app.web.guard`` sets
``current_table`` from the address), so a line logged while serving a table names it.
"""

from __future__ import annotations

import contextvars
import json
import logging
import sys
from datetime import UTC, datetime

FORMATS = ("text", "json")
#: the table of the request or websocket this code runs for, if any
current_table: contextvars.ContextVar[str | None] = contextvars.ContextVar("warboard_table", default=None)


def _time(record: logging.LogRecord) -> str:
    return datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _table(record: logging.LogRecord) -> str | None:
    table = getattr(record, "table", None)
    return str(table) if table else current_table.get()


class TextFormatter(logging.Formatter):
    """``2026-12-02T11:50:25.123Z WARNING warboard.outage table=abc database unavailable: ...``"""

    def format(self, record: logging.LogRecord) -> str:
        table = _table(record)
        line = f"{_time(record)} {record.levelname} {record.name}{f' table={table}' if table else ''} "
        line += record.getMessage()
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


class JsonFormatter(logging.Formatter):
    """One JSON object a line: ``time``, ``level``, ``logger``, ``table`` (when known),
    ``message``, and ``exception`` (the traceback) when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, str] = {"time": _time(record), "level": record.levelname, "logger": record.name}
        table = _table(record)
        if table:
            line["table"] = table
        line["message"] = record.getMessage()
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def configure(fmt: str) -> None:
    """Every log line to standard error in ``fmt`` (``text`` or ``json``): warnings and worse
    from everything, and Warboard's own information lines (start, stop) too."""
    if fmt not in FORMATS:
        raise ValueError(f"The log format is one of {', '.join(FORMATS)}, not {fmt!r}")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if fmt == "json" else TextFormatter())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    logging.getLogger("warboard").setLevel(logging.INFO)
