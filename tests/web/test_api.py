"""The JSON API against a real server: every bad input gets a coded error and changes nothing."""

from __future__ import annotations

import httpx
import pytest

from tests.conftest import Server
from tests.kit.table import act, join, new_table, spectate


@pytest.fixture
def client(server: Server) -> httpx.Client:
    return server.client()


def error_code(response: httpx.Response) -> str:
    body = response.json()
    assert set(body) == {"error"} and body["error"]["message"], body
    return str(body["error"]["code"])


def test_systems_lists_the_sandbox(client: httpx.Client) -> None:
    systems = {s["id"]: s for s in client.get("/api/systems").json()}
    assert systems["sandbox"]["seats"][:2] == ["p1", "p2"]
    assert systems["sandbox"]["board"] == "tabletop"


def test_create_table_shows_the_commitment(client: httpx.Client) -> None:
    table = new_table(client, seed="abc")
    assert table["dice_commitment"] == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert summary["dice_commitment"] == table["dice_commitment"] and "seed" not in summary
    assert table["id"] in {t["id"] for t in client.get("/api/tables").json()}


def test_private_tables_stay_out_of_the_lobby(client: httpx.Client) -> None:
    table = new_table(client, visibility="private")
    assert table["id"] not in {t["id"] for t in client.get("/api/tables").json()}
    assert client.get(f"/api/tables/{table['id']}").status_code == 200


def test_play_over_http(client: httpx.Client) -> None:
    table = new_table(client)
    p1 = join(client, table["id"], "p1")
    response = act(client, table["id"], p1, {"kind": "add_token", "token": "t1", "x": 1, "y": 2}, "x1")
    assert response.status_code == 200 and response.json()["seq"] == 2
    again = act(client, table["id"], p1, {"kind": "add_token", "token": "t1", "x": 1, "y": 2}, "x1")
    assert again.json()["seq"] == 2 and again.json()["duplicate"]
    view = client.get(f"/api/tables/{table['id']}/view", headers=p1).json()
    assert view["seq"] == 2 and view["view"]["pieces"][0]["id"] == "t1"
    events = client.get(f"/api/tables/{table['id']}/events?after=0", headers=p1).json()
    assert [e["seq"] for e in events["events"]] == [1, 2] and events["seq"] == 2
    preview = client.post(
        f"/api/tables/{table['id']}/preview",
        headers=p1,
        json={"id": "p", "action": {"kind": "move_token", "token": "zz", "x": 1, "y": 1}},
    ).json()
    assert preview["legal"] is False and preview["error"]["code"] == "unknown_token"
    assert client.get(f"/api/tables/{table['id']}").json()["seq"] == 2


def seq_of(client: httpx.Client, table_id: str) -> int:
    return int(client.get(f"/api/tables/{table_id}").json()["seq"])


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        (b"{not json", 400, "malformed_json"),
        (b'{"id": "a", "action": {"kind": "teleport"}}', 422, "unknown_action"),
        (b'{"id": "a", "action": {"kind": "move_token", "token": "t1", "x": "far", "y": 1}}', 422, "malformed"),
        (b'{"id": "a", "action": {"kind": "add_token", "token": 5, "x": 1, "y": 1}}', 422, "malformed"),
        (b'{"id": "a"}', 422, "malformed"),
        (b'{"id": "a", "action": "roll"}', 422, "malformed"),
        (b'{"id": "a", "action": {"kind": "roll", "dice": "99999d6"}}', 422, "malformed"),
        (b'{"id": "a", "action": {"kind": "move_token", "token": "ghost", "x": 1, "y": 1}}', 409, "unknown_token"),
    ],
)
def test_bad_actions(client: httpx.Client, body: bytes, status: int, code: str) -> None:
    table = new_table(client)
    p1 = join(client, table["id"], "p1")
    before = seq_of(client, table["id"])
    response = client.post(
        f"/api/tables/{table['id']}/actions", content=body, headers={**p1, "content-type": "application/json"}
    )
    assert response.status_code == status, response.text
    assert error_code(response) == code
    assert seq_of(client, table["id"]) == before


def test_oversized_body_is_413(client: httpx.Client) -> None:
    table = new_table(client)
    p1 = join(client, table["id"], "p1")
    big = {"id": "a", "action": {"kind": "add_token", "token": "t", "x": 1, "y": 1, "label": "x" * 100_000}}
    response = client.post(f"/api/tables/{table['id']}/actions", json=big, headers=p1)
    assert response.status_code == 413 and error_code(response) == "too_large"
    streamed = client.post(
        f"/api/tables/{table['id']}/actions",
        headers={**p1, "content-type": "application/json"},
        content=iter([b'{"id": "a", "action": {"label": "', b"x" * 70_000, b'"}}']),
    )
    assert streamed.status_code == 413
    assert seq_of(client, table["id"]) == 1


def test_unknown_table_and_system(client: httpx.Client) -> None:
    assert error_code(client.get("/api/tables/nope")) == "unknown_table"
    assert client.get("/api/tables/nope").status_code == 404
    response = client.post("/api/tables", json={"system": "chess", "name": "x"})
    assert response.status_code == 404 and error_code(response) == "unknown_system"
    response = client.post("/api/tables", json={"system": "sandbox", "name": "x", "options": {"board": "cube"}})
    assert response.status_code == 400 and error_code(response) == "bad_options"
    assert client.get("/api/nothing").status_code == 404


def test_missing_and_wrong_tokens(client: httpx.Client) -> None:
    table = new_table(client)
    other = new_table(client)
    other_token = join(client, other["id"], "p1")
    path = f"/api/tables/{table['id']}/actions"
    body = {"id": "a", "action": {"kind": "roll", "dice": "1d6"}}
    assert error_code(client.post(path, json=body)) == "unauthorized"
    assert client.post(path, json=body, headers={"Authorization": "Bearer wrong"}).status_code == 401
    assert client.post(path, json=body, headers=other_token).status_code == 401
    assert seq_of(client, table["id"]) == 0


def test_spectator_and_host_may_not_act(client: httpx.Client) -> None:
    table = new_table(client)
    watcher = {"Authorization": f"Bearer {spectate(client, table['id'])}"}
    host = {"Authorization": f"Bearer {table['host_token']}"}
    for headers in (watcher, host):
        response = act(client, table["id"], headers, {"kind": "roll", "dice": "1d6"})
        assert response.status_code == 403 and error_code(response) == "not_a_player"
    assert seq_of(client, table["id"]) == 0


def test_seat_taken_and_unknown_seat(client: httpx.Client) -> None:
    table = new_table(client)
    join(client, table["id"], "p1")
    response = client.post(f"/api/tables/{table['id']}/join", json={"seat": "p1", "name": "Eve"})
    assert response.status_code == 409 and error_code(response) == "seat_taken"
    response = client.post(f"/api/tables/{table['id']}/join", json={"seat": "p9", "name": "Eve"})
    assert response.status_code == 404 and error_code(response) == "unknown_seat"


def test_host_kick_reopen_close(client: httpx.Client) -> None:
    table = new_table(client)
    tid = table["id"]
    p1 = join(client, tid, "p1")
    host = {"Authorization": f"Bearer {table['host_token']}"}
    assert client.post(f"/api/tables/{tid}/kick", json={"seat": "p1"}, headers=p1).status_code == 403
    assert client.post(f"/api/tables/{tid}/kick", json={"seat": "p1"}, headers=host).status_code == 200
    import time

    time.sleep(2.1)  # token cache TTL
    assert act(client, tid, p1, {"kind": "roll", "dice": "1d6"}).status_code == 401
    assert client.post(f"/api/tables/{tid}/join", json={"seat": "p1", "name": "B"}).status_code == 409
    assert client.post(f"/api/tables/{tid}/reopen", json={"seat": "p1"}, headers=host).status_code == 200
    p1b = join(client, tid, "p1", "Bea")
    assert act(client, tid, p1b, {"kind": "roll", "dice": "1d6"}).status_code == 200
    assert client.get(f"/api/tables/{tid}/dice/proof").status_code == 409
    assert client.post(f"/api/tables/{tid}/close", headers=host).status_code == 200
    response = act(client, tid, p1b, {"kind": "roll", "dice": "1d6"})
    assert response.status_code == 409 and error_code(response) == "table_closed"
    assert client.get(f"/api/tables/{tid}").json()["status"] == "closed"


def test_flooding_gets_429(tmp_path) -> None:  # type: ignore[no-untyped-def]
    srv = Server(f"sqlite:///{tmp_path / 'f.sqlite3'}", env={"WARBOARD_HTTP_RATE": "5", "WARBOARD_HTTP_BURST": "10"})
    srv.start()
    try:
        client = srv.client()
        table = new_table(client)
        p1 = join(client, table["id"], "p1")
        codes = [act(client, table["id"], p1, {"kind": "roll", "dice": "1d6"}).status_code for _ in range(30)]
        assert 429 in codes and set(codes) == {200, 429}
        limited = act(client, table["id"], p1, {"kind": "roll", "dice": "1d6"})
        codes.append(limited.status_code)
        if limited.status_code == 429:
            assert error_code(limited) == "rate_limited"
        assert seq_of(client, table["id"]) == 1 + codes.count(200)  # created, joined, then the rolls
    finally:
        srv.stop()


def test_rule_helpers_and_qr_codes_have_a_bucket_of_their_own(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 23: ``POST /api/rules/...`` and the QR codes take from a per-address bucket of their own
    (``WARBOARD_RULES_RATE``), a long path or text costing more; 429 ``rate_limited`` beyond it,
    while the address's other requests go on."""
    env = {"WARBOARD_RULES_RATE": "0.5", "WARBOARD_RULES_BURST": "12"}
    srv = Server(f"sqlite:///{tmp_path / 'r.sqlite3'}", env=env).start()
    try:
        client = srv.client()
        odds = {"attack_skill": 2, "defense_skill": 2, "dm": 8, "armor": 15}
        codes = [client.post("/api/rules/hgb/odds", json=odds).status_code for _ in range(14)]
        assert codes[:12] == [200] * 12 and set(codes[12:]) == {429}, codes
        refused = client.post("/api/rules/gkr/odds", json={})
        assert refused.status_code == 429 and error_code(refused) == "rate_limited"
        assert refused.headers["retry-after"] == "1" and "rule helper or QR code" in refused.json()["error"]["message"]
        for url in ("/lobby/qr.svg", f"/tables/{new_table(client)['id']}/qr.svg"):  # the other requests go on
            assert client.get(url).status_code == 429
        assert client.post("/api/qr", json={"text": "x"}).status_code == 429
        assert client.get("/api/systems").status_code == 200
    finally:
        srv.stop()
    srv = Server(f"sqlite:///{tmp_path / 'q.sqlite3'}", env=env).start()
    try:  # a 600-character QR code costs the whole burst (one token per 50 characters); then nothing is left
        client = srv.client()
        assert client.post("/api/qr", json={"text": "x" * 600}).status_code == 200
        assert error_code(client.post("/api/qr", json={"text": "x"})) == "rate_limited"
    finally:
        srv.stop()


def test_openapi_describes_every_endpoint_and_the_actions(client: httpx.Client) -> None:
    schema = client.get("/openapi.json").json()
    paths = schema["paths"]
    for path in (
        "/api/systems",
        "/api/tables",
        "/api/tables/{table_id}",
        "/api/tables/{table_id}/join",
        "/api/tables/{table_id}/spectate",
        "/api/tables/{table_id}/view",
        "/api/tables/{table_id}/actions",
        "/api/tables/{table_id}/preview",
        "/api/tables/{table_id}/events",
        "/api/tables/{table_id}/dice/proof",
    ):
        assert path in paths, path
    action = schema["components"]["schemas"]["SandboxAction"]
    assert action["discriminator"]["propertyName"] == "kind"
