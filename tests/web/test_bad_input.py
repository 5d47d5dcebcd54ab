"""Issue 23, bad input is a 4xx everywhere, in process on SQLite and PostgreSQL and against a
real server: lone surrogate escapes in every text field, free-form options nested too deep or
too large, QR texts the QR library cannot encode, integer query parameters past what the
database holds, the lobby form under the JSON API's text rules, strict types in the rule
helpers, and a 405's ``Allow`` naming every method of the path. Every refusal changes nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from app.core.events import MAX_SEQ
from app.process.config import Settings
from app.server.factory import create_app
from app.systems.limits import MAX_OPTION_BYTES, MAX_OPTION_DEPTH
from tests.conftest import Server
from tests.kit.table import open_table

LONE = "\ud800"  # a lone surrogate: JSON may escape it ("\ud800"), UTF-8 cannot hold it
FAST = {"http_rate": 100000, "http_burst": 100000, "ws_rate": 100000, "ws_burst": 100000}


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(database_url=database_url, **FAST))) as c:  # type: ignore[arg-type]
        yield c


def _raw(body: Any) -> bytes:
    """JSON with every non-ASCII character escaped, so a lone surrogate travels as ``\\ud800``."""
    return json.dumps(body).encode()


def _post(client: httpx.Client | TestClient, path: str, body: Any, headers: dict[str, str] | None = None) -> Any:
    return client.post(path, content=_raw(body), headers={"Content-Type": "application/json", **(headers or {})})


def _refused(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, (response.status_code, response.text)
    assert response.json()["error"]["code"] == code, response.text
    assert "Traceback" not in response.text


def _tables(client: httpx.Client | TestClient) -> int:
    return len(client.get("/api/tables").json())


def _surrogate_cases(table_id: str, host: dict[str, str], player: dict[str, str]) -> list[Any]:
    add = {"kind": "add_token", "token": "t1", "x": 1, "y": 1}
    return [
        ("/api/tables", {"system": "sandbox", "name": LONE}, {}),
        ("/api/tables", {"system": "sandbox", "name": "x", "seed": "s" + LONE}, {}),
        ("/api/tables", {"system": LONE, "name": "x"}, {}),
        ("/api/tables", {"system": "sandbox", "name": "x", "options": {"board": LONE}}, {}),
        ("/api/tables", {"system": "srbr", "name": "x", "options": {"rules": {"health": {LONE: 1}}}}, {}),
        (f"/api/tables/{table_id}/join", {"seat": "p2", "name": "B" + LONE}, {}),
        (f"/api/tables/{table_id}/join", {"seat": LONE, "name": "Bo"}, {}),
        (f"/api/tables/{table_id}/spectate", {"name": LONE}, {}),
        (f"/api/tables/{table_id}/actions", {"id": LONE, "action": add}, player),
        (f"/api/tables/{table_id}/actions", {"id": "x1", "action": {**add, "label": LONE}}, player),
        (f"/api/tables/{table_id}/preview", {"id": "x2", "action": {**add, "token": LONE}}, player),
        (f"/api/tables/{table_id}/ruling", {"id": LONE, "action": {"kind": "roll"}}, host),
        (f"/api/tables/{table_id}/kick", {"seat": LONE}, host),
        (f"/api/tables/{table_id}/rejoin", {"key": "k" * 12 + LONE}, {}),
        (f"/api/tables/{table_id}/rejoin-link", {"seat": LONE}, host),
        ("/api/qr", {"text": "https://example.org/" + LONE}, {}),
        ("/api/qr", {"text": "\udc00"}, {}),  # a lone low surrogate too
    ]


def test_a_lone_surrogate_in_any_text_answers_422_and_writes_nothing(client: TestClient) -> None:
    seated = open_table(client, seats=("p1",), names=("Ann",), spectator=False, name="T")
    host, player = {"Authorization": f"Bearer {seated.host_token}"}, seated.headers("p1")
    before = _tables(client)
    for path, body, headers in _surrogate_cases(seated.id, host, player):
        _refused(_post(client, path, body, headers), 422, "malformed")
    assert _tables(client) == before
    assert client.get(f"/api/tables/{seated.id}").json()["seq"] == 1  # created, one seat: nothing else
    paired = _post(client, "/api/tables", {"system": "sandbox", "name": "\U0001f600 night"})  # "\ud83d\ude00"
    assert paired.status_code == 201 and paired.json()["name"] == "\U0001f600 night", paired.text


def test_a_lone_surrogate_leaves_a_real_servers_connection_open(server: Server) -> None:
    with server.client() as client:  # one keep-alive connection for every request
        seated = open_table(client, seats=("p1",), names=("Ann",), spectator=False, name="T")
        host, player = {"Authorization": f"Bearer {seated.host_token}"}, seated.headers("p1")
        for path, body, headers in _surrogate_cases(seated.id, host, player):
            _refused(_post(client, path, body, headers), 422, "malformed")
        assert client.get(f"/api/tables/{seated.id}").json()["seq"] == 1


def test_a_lone_surrogate_over_the_websocket_is_a_malformed_error(client: TestClient) -> None:
    seated = open_table(client, seats=("p1",), names=("Ann",), spectator=False, name="T")
    with client.websocket_connect(f"/ws/tables/{seated.id}?token={seated.tokens['p1']}") as ws:
        assert ws.receive_json()["type"] == "welcome"
        for message in (
            {"type": "chat", "text": "hi " + LONE},
            {"type": "action", "id": LONE, "action": {"kind": "roll", "dice": "1d6"}},
            {
                "type": "action",
                "id": "a1",
                "action": {"kind": "add_token", "token": "t", "x": 1, "y": 1, "label": LONE},
            },
            {"type": "mark", "ruler": None, "pointer": {"x": 1, "y": 1, LONE: 2}},
        ):
            ws.send_text(_raw(message).decode())
            answer = ws.receive_json()
            while answer["type"] != "error":
                answer = ws.receive_json()
            assert answer["error"]["code"] == "malformed", (message, answer)
            assert "surrogate" in answer["error"]["message"], answer
        ws.send_json({"type": "ping"})
        while ws.receive_json()["type"] != "pong":
            pass
    lines = client.get(f"/api/tables/{seated.id}/chat").json()["lines"]
    assert lines == [] and client.get(f"/api/tables/{seated.id}").json()["seq"] == 1


def _nest(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = {"a": value}
    return value


def _nest_lists(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def test_free_form_options_too_deep_or_too_large_answer_bad_options(client: TestClient) -> None:
    before = _tables(client)
    # the options object is level 1, data 2, rules 3: rules' value x starts at level 4
    deep = [
        {"system": "srbr", "name": "x", "options": {"rules": {"health": _nest(260)}}},
        {"system": "hgb", "name": "x", "options": {"data": {"rules": {"x": _nest(260)}}}},
        {"system": "hgb", "name": "x", "options": {"data": {"rules": {"x": _nest(MAX_OPTION_DEPTH - 2)}}}},
        {"system": "hgb", "name": "x", "options": {"data": {"rules": {"x": _nest_lists(40)}}}},
    ]
    for body in deep:
        response = _post(client, "/api/tables", body)
        _refused(response, 400, "bad_options")
        assert f"{MAX_OPTION_DEPTH} levels" in response.json()["error"]["message"], response.text
    huge = {"system": "hgb", "name": "x", "options": {"data": {"rules": {"x": 2**64}}}}  # past 64 bits
    _refused(_post(client, "/api/tables", huge), 400, "bad_options")
    for number in (b"NaN", b"1e400", b"-Infinity"):  # no JSON numbers, though Python's parser reads them
        raw = b'{"system": "hgb", "name": "x", "options": {"data": {"rules": {"x": %s}}}}' % number
        response = client.post("/api/tables", content=raw, headers={"Content-Type": "application/json"})
        _refused(response, 400, "bad_options")
    assert _tables(client) == before
    at_limit = {"system": "hgb", "name": "x", "options": {"data": {"rules": {"x": _nest(MAX_OPTION_DEPTH - 3)}}}}
    assert _post(client, "/api/tables", at_limit).status_code == 201


def test_options_past_the_size_limit_answer_bad_options(database_url: str) -> None:
    settings = Settings(database_url=database_url, max_body=4 * MAX_OPTION_BYTES, **FAST)  # type: ignore[arg-type]
    with TestClient(create_app(settings)) as client:
        body = {"system": "hgb", "name": "x", "options": {"data": {"rules": {"x": "y" * MAX_OPTION_BYTES}}}}
        response = _post(client, "/api/tables", body)
        _refused(response, 400, "bad_options")
        assert f"{MAX_OPTION_BYTES} bytes" in response.json()["error"]["message"], response.text
        assert _tables(client) == 0


def test_a_qr_text_the_library_cannot_encode_answers_422(client: TestClient) -> None:
    for text in ("0" * 146, "0" * 199):  # qrcode 8.2: glog(0) in its numeric mode
        _refused(_post(client, "/api/qr", {"text": text}), 422, "qr_unencodable")
    assert client.post("/api/qr", json={"text": "0" * 50}).status_code == 200


def test_integer_query_parameters_are_bounded(client: TestClient) -> None:
    seated = open_table(client, seats=("p1",), names=("Ann",), spectator=False, name="T")
    player = seated.headers("p1")
    for name, path in (
        ("upto", f"/api/tables/{seated.id}/chat?upto="),
        ("after", f"/api/tables/{seated.id}/events?after="),
        ("seq", f"/api/tables/{seated.id}/replay?seq="),
    ):
        for value in (2**63, 2**64, MAX_SEQ + 1, 10**30):
            response = client.get(f"{path}{value}", headers=player)
            _refused(response, 422, "malformed")
            assert name in response.json()["error"]["message"]
        assert client.get(f"{path}{MAX_SEQ}", headers=player).status_code == 200
    with client.websocket_connect(f"/ws/tables/{seated.id}?token={seated.tokens['p1']}") as ws:
        assert ws.receive_json()["type"] == "welcome"
        ws.send_json({"type": "resync", "since": MAX_SEQ + 1})
        answer = ws.receive_json()
        while answer["type"] != "error":
            answer = ws.receive_json()
        assert answer["error"]["code"] == "malformed" and "since" in answer["error"]["message"], answer
    for operation in client.get("/openapi.json").json()["paths"].values():
        for spec in operation.values():
            for param in spec.get("parameters", ()):
                schema = param["schema"].get("anyOf", [param["schema"]])
                for option in schema:
                    if option.get("type") == "integer":
                        assert 0 < option.get("maximum", MAX_SEQ + 1) <= MAX_SEQ, (param, spec["operationId"])


def test_the_lobby_form_takes_the_api_text_rules(client: TestClient) -> None:
    form = {"system": "sandbox", "name": "Form table", "visibility": "public"}
    before = _tables(client)
    cases = [
        {**form, "name": "tab\there"},
        {**form, "name": "line\nfeed"},
        {**form, "seed": "tab\tseed"},
        {**form, "seed": "s" * 201},  # the API's 200 characters, not cut short
        {**form, "system": "srbr", "opt.rules": '{"health": {"x": "nul\\u0000"}}'},
        {**form, "system": "srbr", "opt.rules": '{"health": {"x": "\\ud800"}}'},
        {**form, "system": "srbr", "opt.rules": '{"health": {"x\\u0001": 1}}'},
        {**form, "system": "srbr", "opt.rules": "[" * 5000 + "]" * 5000},  # deeper than a parser goes
    ]
    for data in cases:  # the form's refusal: its alert, in place of the form's answer (htmx swaps a 200)
        response = client.post("/lobby/create", data=data)
        assert response.status_code == 200 and "hx-redirect" not in response.headers, (data, response.text)
        assert 'role="alert"' in response.text and "Traceback" not in response.text, response.text
    assert _tables(client) == before
    ok = client.post("/lobby/create", data={**form, "name": "  Friday  "})
    assert ok.status_code == 204 and "hx-redirect" in ok.headers


def test_rule_helpers_take_strict_types(client: TestClient) -> None:
    cases = [
        ("/api/rules/hgb/roll", {"faces": [6, True]}),
        ("/api/rules/hgb/roll", {"faces": [6, "3"]}),
        ("/api/rules/hgb/roll", {"faces": [6], "modifier": True}),
        ("/api/rules/hgb/attack", {"attack_faces": [6], "defense_faces": [1], "dm": "8", "armor": 15}),
        ("/api/rules/hgb/path", {"x": 1, "y": 1, "path": [[2, True]]}),
        (
            "/api/rules/hgb/path",
            {
                "x": 1,
                "y": 1,
                "path": [[2, 2]],
                "terrain": [{"id": "a", "type": "hill", "polygon": [[0, 0], [1, 0], [1, 1]], "level": True}],
            },
        ),
        ("/api/rules/gkr/odds", {"dice": "3"}),
        ("/api/rules/gkr/attack", {"attack_faces": [True]}),
        ("/api/rules/small-soldiers/battle", {"attacker_face": "3", "defender_face": "4", "attacker_bonus": True}),
        ("/api/rules/srbr/combat", {"attack_die": "3", "defence_die": 4}),
        ("/api/rules/srbr/activation", {"faces": [True], "q": 4}),
    ]
    for path, body in cases:
        _refused(client.post(path, json=body), 422, "malformed")
    assert client.post("/api/rules/hgb/roll", json={"faces": [6, 3]}).json()["result"] == 6
    assert client.post("/api/rules/srbr/combat", json={"attack_die": 3, "defence_die": 4}).status_code == 200
    power = {"army": "gorgonites", "power": 10}  # an integer is a number
    assert client.post("/api/rules/small-soldiers/catapult_aim", json=power).status_code == 200


def test_405_allow_names_every_method_of_the_path(client: TestClient) -> None:
    seated = open_table(client, seats=("p1",), names=("Ann",), spectator=False, name="T")
    cases = {
        "/api/tables": {"GET", "POST"},
        f"/api/tables/{seated.id}/settings": {"GET", "POST"},
        f"/api/tables/{seated.id}/rematch": {"GET", "POST"},
        f"/api/tables/{seated.id}": {"GET"},
        f"/api/tables/{seated.id}/join": {"POST"},
        "/api/rules/hgb/roll": {"POST"},
        "/openapi.json": {"GET", "HEAD"},
        "/static/js/table.js": {"GET", "HEAD"},
        "/lobby/create": {"POST"},
    }
    for path, methods in cases.items():
        for method in ("PUT", "DELETE", "PATCH"):
            response = client.request(method, path)
            _refused(response, 405, "method_not_allowed")
            allow = {m.strip() for m in response.headers["allow"].split(",")}
            assert allow == methods, (method, path, response.headers["allow"])
