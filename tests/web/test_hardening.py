"""Issue 17 hardening, in process on SQLite and PostgreSQL: NUL and control characters in
every text field answer 422 ``malformed`` (never a 500), strict types, ``malformed_json``,
405 keeps ``Allow``, pages carry the security headers, token guessing is rate limited, and a
database outage mid-game answers 503 ``unavailable`` and recovers with nothing lost."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy.exc
from fastapi.testclient import TestClient
from sqlalchemy import event
from starlette.websockets import WebSocketDisconnect

from app.process.config import Settings
from app.server.factory import create_app
from app.web.services import services
from tests.kit.table import assert_unavailable, open_table

NUL = "a\u0000b"
FAST = {"http_rate": 100000, "http_burst": 100000, "ws_rate": 100000, "ws_burst": 100000}


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(database_url=database_url, **FAST))) as c:  # type: ignore[arg-type]
        yield c


def _table(client: TestClient) -> tuple[str, str, dict[str, str]]:
    seated = open_table(client, seats=("p1",), names=("Ann",), spectator=False, name="T")
    return seated.id, seated.host_token, seated.headers("p1")


def _malformed(response: Any) -> None:
    assert response.status_code == 422, (response.status_code, response.text)
    assert response.json()["error"]["code"] == "malformed", response.text


def test_nul_in_every_text_field_answers_422(client: TestClient) -> None:
    table_id, host_token, player = _table(client)
    host = {"Authorization": f"Bearer {host_token}"}
    add = {"kind": "add_token", "token": "t1", "x": 1, "y": 1}
    cases: list[tuple[str, str, dict[str, Any] | None, dict[str, str]]] = [
        ("POST", "/api/tables", {"system": "sandbox", "name": NUL}, {}),
        ("POST", "/api/tables", {"system": NUL, "name": "x"}, {}),
        ("POST", "/api/tables", {"system": "sandbox", "name": "x", "seed": NUL}, {}),
        ("POST", "/api/tables", {"system": "sandbox", "name": "x", "options": {NUL: 1}}, {}),
        ("POST", "/api/tables", {"system": "sandbox", "name": "x", "options": {"board": NUL}}, {}),
        ("POST", f"/api/tables/{table_id}/join", {"seat": "p2", "name": NUL}, {}),
        ("POST", f"/api/tables/{table_id}/join", {"seat": NUL, "name": "Bo"}, {}),
        ("POST", f"/api/tables/{table_id}/spectate", {"name": NUL}, {}),
        ("POST", f"/api/tables/{table_id}/actions", {"id": NUL, "action": add}, player),
        ("POST", f"/api/tables/{table_id}/actions", {"id": "x1", "action": {**add, "label": NUL}}, player),
        ("POST", f"/api/tables/{table_id}/actions", {"id": "x2", "action": {**add, "token": NUL}}, player),
        ("POST", f"/api/tables/{table_id}/preview", {"id": "x3", "action": {**add, "label": NUL}}, player),
        ("POST", f"/api/tables/{table_id}/ruling", {"id": NUL, "action": {"kind": "roll"}}, host),
        ("POST", f"/api/tables/{table_id}/kick", {"seat": NUL}, host),
        ("POST", f"/api/tables/{table_id}/reopen", {"seat": NUL}, host),
        ("POST", f"/api/tables/{table_id}/rejoin", {"key": "k" * 12 + NUL}, {}),
        ("POST", f"/api/tables/{table_id}/rejoin-link", {"seat": NUL}, host),
        ("POST", "/api/qr", {"text": NUL}, {}),
        ("GET", f"/api/tables/{NUL}", None, {}),
        ("GET", f"/api/tables/{NUL}/replay", None, {}),
        ("GET", f"/api/tables/{table_id}/events?after=%00", None, player),
        ("POST", f"/api/tables/{NUL}/join", {"seat": "p2", "name": "Bo"}, {}),
        ("POST", f"/api/tables/{table_id}/actions", {"id": "ok\u0007", "action": add}, player),  # BEL
        ("POST", "/api/tables", {"system": "sandbox", "name": "line\nbreak"}, {}),
    ]
    for method, path, body, headers in cases:
        response = client.request(method, path.replace("\u0000", "%00"), json=body, headers=headers)
        _malformed(response)
    form = client.post("/lobby/create", data={"system": "sandbox", "name": NUL})
    _malformed(form)
    # Nothing was written: the table's log holds only its creation and the seat.
    assert client.get(f"/api/tables/{table_id}").json()["seq"] == 1


def test_control_characters_written_raw_in_a_json_body_are_refused_too(client: TestClient) -> None:
    """The guard walks a JSON body only when its bytes could hold a refused character (an escape,
    a raw DEL or a raw C1 character: raw C0 bytes are not JSON); each of them is still refused."""
    json_type = {"Content-Type": "application/json"}
    for text in ("a\x7fb", "a\x85b", "a\x9fb", "a\\u0001b"):  # in free options: only the guard looks there
        body = ('{"system": "sandbox", "name": "x", "options": {"board": "' + text + '"}}').encode()
        _malformed(client.post("/api/tables", content=body, headers=json_type))
    plain = '{"system": "sandbox", "name": "Caf\u00e9 \u2014 \u00a0table"}'.encode()  # no escape, no control
    assert client.post("/api/tables", content=plain, headers=json_type).status_code == 201


def test_nul_over_the_websocket_is_an_error_and_the_socket_stays(client: TestClient) -> None:
    table_id, _, player = _table(client)
    token = player["Authorization"].split()[1]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        assert ws.receive_json()["type"] == "welcome"
        bad = [
            {"type": "chat", "text": NUL},
            {"type": "action", "id": NUL, "action": {"kind": "roll", "dice": "1d6"}},
            {"type": "action", "id": "a1", "action": {"kind": "add_token", "token": "t", "label": NUL}},
            {"type": "resync", "since": "1"},
            {"type": "resync", "since": True},
        ]
        for message in bad:
            ws.send_json(message)
            answer = ws.receive_json()
            while answer["type"] != "error":
                answer = ws.receive_json()
            assert answer["error"]["code"] == "malformed", (message, answer)
        ws.send_json({"type": "ping"})
        while ws.receive_json()["type"] != "pong":
            pass
    with (
        pytest.raises(WebSocketDisconnect),  # NUL in the address: refused before the handshake
        client.websocket_connect(f"/ws/tables/%00?token={token}") as ws,
    ):
        ws.receive_json()


def test_strict_types_and_malformed_json(client: TestClient) -> None:
    table_id, host_token, player = _table(client)
    host = {"Authorization": f"Bearer {host_token}"}
    _malformed(client.post(f"/api/tables/{table_id}/join", json={"seat": "p2", "name": True}))
    _malformed(client.post(f"/api/tables/{table_id}/settings", json={"delay_actions": True}, headers=host))
    _malformed(client.post(f"/api/tables/{table_id}/settings", json={"delay_actions": "1"}, headers=host))
    _malformed(
        client.post(
            f"/api/tables/{table_id}/actions",
            headers=player,
            json={"id": "b1", "action": {"kind": "add_token", "token": "t", "x": True, "y": 1}},
        )
    )
    _malformed(
        client.post(
            f"/api/tables/{table_id}/actions",
            headers=player,
            json={"id": "b2", "action": {"kind": "add_token", "token": "t", "x": "1", "y": 1}},
        )
    )
    for body in (b"{not json", b"\xff\xfe\x00", b""):
        response = client.post("/api/tables", content=body, headers={"Content-Type": "application/json"})
        assert response.status_code in (400, 422), response.text
        if body:
            assert response.json()["error"]["code"] == "malformed_json", response.text
    assert client.get(f"/api/tables/{table_id}").json()["seq"] == 1


def test_405_keeps_allow(client: TestClient) -> None:
    response = client.put("/api/tables")
    assert response.status_code == 405
    assert {"GET", "POST"} & set(response.headers["allow"].replace(" ", "").split(","))
    assert response.json()["error"]["code"] == "method_not_allowed"


def test_pages_and_answers_carry_the_security_headers(client: TestClient) -> None:
    table_id, _, _ = _table(client)
    for path in (
        "/",
        f"/tables/{table_id}",
        f"/tables/{table_id}/replay",
        "/watch",
        "/api/systems",
        "/api/tables/nope",
        "/static/js/table.js",
    ):
        response = client.get(path)
        csp = response.headers.get("content-security-policy", "")
        directives = dict([*d.strip().split(" ", 1), ""][:2] for d in csp.split(";") if d.strip())
        scripts = directives.get("script-src", "").split()
        assert scripts[0] == "'self'" and all(s.startswith("'sha256-") for s in scripts[1:]), (path, csp)
        assert len(scripts) <= 2, (path, csp)  # the import map's hash, nothing else
        assert directives.get("style-src") == "'self'", (path, csp)
        assert directives.get("frame-ancestors") == "'none'", (path, csp)
        assert "unsafe" not in csp, (path, csp)
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "no-referrer"
        assert response.headers["x-frame-options"] == "DENY"
    assert "<script>" not in client.get(f"/tables/{table_id}").text  # no inline script to allow


def test_failed_token_guesses_are_rate_limited(database_url: str) -> None:
    settings = Settings(database_url=database_url, http_rate=1, http_burst=20)  # type: ignore[call-arg]
    with TestClient(create_app(settings)) as client:
        table_id = client.post("/api/tables", json={"system": "sandbox", "name": "T"}).json()["id"]
        codes = [
            client.get(f"/api/tables/{table_id}/view", headers={"Authorization": f"Bearer guess{i}"}).status_code
            for i in range(8)
        ]
        assert codes[0] == 401 and 429 in codes, codes
        with client.websocket_connect(f"/ws/tables/{table_id}?token=guess") as ws:  # the socket too
            assert ws.receive_json()["error"]["code"] == "rate_limited"


class _Outage:
    """Every statement fails as if the database server were gone, until ``end``."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine

    def _fail(self, *_args: Any, **_kw: Any) -> None:
        raise sqlalchemy.exc.OperationalError("SELECT 1", {}, ConnectionRefusedError("connection refused"))

    def __enter__(self) -> _Outage:
        event.listen(self.engine, "before_cursor_execute", self._fail)
        return self

    def __exit__(self, *_exc: Any) -> None:
        event.remove(self.engine, "before_cursor_execute", self._fail)


def test_a_database_outage_mid_game_answers_503_and_recovers(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    table_id, _, player = _table(client)
    token = player["Authorization"].split()[1]

    def act(i: int) -> Any:
        return client.post(
            f"/api/tables/{table_id}/actions",
            headers=player,
            json={"id": f"a{i}", "action": {"kind": "add_token", "token": f"t{i}", "x": 1, "y": 1}},
        )

    assert all(act(i).status_code == 200 for i in range(3))
    caplog.set_level(logging.INFO, logger="warboard.outage")
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        assert ws.receive_json()["type"] == "welcome"
        while ws.receive_json()["type"] != "chat_history":  # attached: the socket is settled
            pass
        with _Outage(services(client.app).engine):  # type: ignore[arg-type]
            for i in range(3, 8):
                assert_unavailable(act(i))
            assert client.get(f"/api/tables/{table_id}").status_code == 503
            ws.send_json({"type": "action", "id": "w1", "action": {"kind": "add_token", "token": "w1", "x": 2, "y": 2}})
            answer = ws.receive_json()
            while answer["type"] != "error":
                answer = ws.receive_json()
            assert answer["ref"] == "w1" and answer["error"]["code"] == "unavailable", answer
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    ws.receive_json()
            assert closed.value.code == 1011
    # Back: the same ids go again and each lands exactly once; nothing acknowledged was lost.
    assert all(act(i).status_code == 200 for i in range(3, 8))
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        assert ws.receive_json()["type"] == "welcome"
        ws.send_json({"type": "action", "id": "w1", "action": {"kind": "add_token", "token": "w1", "x": 2, "y": 2}})
        answer = ws.receive_json()
        while answer["type"] != "ack":
            answer = ws.receive_json()
    events = client.get(f"/api/tables/{table_id}/events", headers=player).json()["events"]
    assert [e["seq"] for e in events] == list(range(len(events)))
    tokens = [e["token"]["id"] for e in events if e["kind"] == "token_added"]
    assert tokens == [f"t{i}" for i in range(8)] + ["w1"], tokens
    lines = [r for r in caplog.records if r.name == "warboard.outage"]
    assert [r.levelname for r in lines] == ["ERROR", "WARNING"], [r.getMessage() for r in lines]
    assert "database unavailable" in lines[0].getMessage() and "recovered" in lines[1].getMessage()
    assert not any(r.exc_info for r in caplog.records), "no traceback per request"


def test_replays_have_a_rate_bucket_of_their_own(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("app.web.replay.REPLAY_RATE", 0.01)
    monkeypatch.setattr("app.web.replay.REPLAY_BURST", 3)
    table_id, _, _ = _table(client)
    codes = [client.get(f"/api/tables/{table_id}/replay", params={"seq": i % 2}).status_code for i in range(5)]
    assert codes == [200, 200, 200, 429, 429], codes
    refused = client.get(f"/api/tables/{table_id}/replay")
    assert refused.json()["error"]["code"] == "rate_limited" and refused.headers["retry-after"] == "1"
    assert refused.headers["content-security-policy"]  # answered by the Guard, headers and all
    assert client.get(f"/api/tables/{table_id}").status_code == 200  # other reads go on
