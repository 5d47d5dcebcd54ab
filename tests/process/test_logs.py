"""Log lines (``app.process.logs``): time, level, logger and the table when known, as text or JSON;
a real ``warboard serve`` logs a line at start (address, database kind, version) and at stop,
and a line logged while serving a table names it."""

from __future__ import annotations

import json
import logging
import re
import signal
from pathlib import Path

import pytest

from app import __version__
from app.process import logs
from tests.conftest import Server


def record(message: str, level: int = logging.WARNING, **extra: str) -> logging.LogRecord:
    made = logging.LogRecord("warboard.test", level, __file__, 1, message, (), None)
    made.__dict__.update(extra)
    return made


def test_a_json_line_has_time_level_logger_table_and_message() -> None:
    named = logs.current_table.set("abc123")
    try:
        line = json.loads(logs.JsonFormatter().format(record("the bus is down")))
    finally:
        logs.current_table.reset(named)
    assert set(line) == {"time", "level", "logger", "table", "message"}
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", line["time"])
    assert (line["level"], line["logger"], line["table"], line["message"]) == (
        "WARNING",
        "warboard.test",
        "abc123",
        "the bus is down",
    )


def test_a_text_line_names_the_table_only_when_known() -> None:
    assert re.fullmatch(r"\S+Z INFO warboard\.test hello", logs.TextFormatter().format(record("hello", logging.INFO)))
    given = logs.TextFormatter().format(record("hello", table="t1"))
    assert given.endswith(" WARNING warboard.test table=t1 hello")


def test_an_unknown_format_is_refused() -> None:
    with pytest.raises(ValueError, match="text, json"):
        logs.configure("xml")


def test_serve_logs_its_start_and_stop_as_json(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'warboard.sqlite3'}", env={"WARBOARD_LOG_FORMAT": "json"}).start()
    with server.client() as client:
        assert client.get("/api/tables/nosuchtable/replay?seq=0").status_code == 404
    server.kill(signal.SIGTERM)
    lines = [json.loads(line) for line in server.log().splitlines() if line.strip()]
    start, stop = lines[0], lines[-1]
    assert start["level"] == "INFO" and start["logger"] == "warboard.server"
    assert f"Warboard {__version__} serving http://127.0.0.1:{server.port}/" in start["message"]
    assert "database: sqlite " in start["message"] and "bus: memory" in start["message"]
    assert stop["logger"] == "warboard.server" and stop["message"].startswith("Warboard stopped after")
    assert all(set(line) >= {"time", "level", "logger", "message"} for line in lines)


def test_serve_refuses_an_unknown_log_format(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'warboard.sqlite3'}", env={"WARBOARD_LOG_FORMAT": "xml"})
    with pytest.raises(RuntimeError, match="--log-format is one of text, json"):
        server.start()


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("path", "table"),
    [("/api/tables/Ab_9-x/actions", "Ab_9-x"), ("/ws/tables/t1", "t1"), ("/tables/t2", "t2"), ("/api/systems", None)],
)
async def test_what_is_logged_while_serving_a_table_names_it(path: str, table: str | None) -> None:
    from app.web.guard import Guard

    seen: list[str | None] = []

    async def app(scope: object, receive: object, send: object) -> None:
        seen.append(logs.current_table.get())

    guard = Guard(app, frame_ancestors="'none'", max_body=1024, script_hash=lambda: "")
    scope = {
        "type": "websocket" if path.startswith("/ws/") else "http",
        "method": "GET",
        "path": path,
        "query_string": b"",
    }
    await guard(scope, None, None)
    assert seen == [table] and logs.current_table.get() is None
