"""Computer players run by the server have a cap per server and per creating address (issue 23):
409 ``too_many_bots`` with the reason, nothing changed; removing one makes room; after a restart
no more than the cap resume; a rematch of a game against the computer is played by the computer
again (its kept seat claimed by a new bot), never left taken by nobody. A real server; the
second address comes through the trusted proxy's ``X-Forwarded-For``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from tests.bots.test_restart import FAST, _bot_actions, _play
from tests.conftest import UNPACED, Server
from tests.kit.table import bearer, join, new_table

CAPS = {**UNPACED, "WARBOARD_BOTS_MAX": "5", "WARBOARD_BOTS_PER_ADDRESS": "3", "WARBOARD_BOT_DELAY": "5"}
OTHER = {"X-Forwarded-For": "10.0.0.2"}


def _add(
    client: httpx.Client, table: dict[str, Any], seat: str, headers: dict[str, str] | None = None
) -> httpx.Response:
    return client.post(
        f"/api/tables/{table['id']}/bots",
        json={"seat": seat},
        headers={**bearer(table["host_token"]), **(headers or {})},
    )


def _running(client: httpx.Client) -> int:
    return int(client.get("/metrics.json").json()["computers"]["running"])


def _seat_names(client: httpx.Client, table: dict[str, Any]) -> dict[str, str | None]:
    return {s["seat"]: s["name"] for s in client.get(f"/api/tables/{table['id']}").json()["seats"]}


def test_computer_players_are_capped_per_address_and_per_server(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'bots.sqlite3'}"
    srv = Server(url, env=CAPS).start()
    try:
        client = srv.client()
        table = new_table(client, name="Eight seats")
        for seat in ("p1", "p2", "p3"):
            assert _add(client, table, seat).status_code == 201
        refused = _add(client, table, "p4")
        assert refused.status_code == 409, refused.text
        error = refused.json()["error"]
        assert error["code"] == "too_many_bots" and "from your address" in error["message"] and "3" in error["message"]
        assert "p4" not in _seat_names(client, table) or _seat_names(client, table)["p4"] is None  # nothing changed
        # another address may start its own, up to the server's cap
        other = new_table(client, name="Other")
        assert _add(client, other, "p1", OTHER).status_code == 201
        assert _add(client, other, "p2", OTHER).status_code == 201
        full = _add(client, other, "p3", OTHER)
        assert full.status_code == 409 and full.json()["error"]["code"] == "too_many_bots"
        assert "This server" in full.json()["error"]["message"] and "5" in full.json()["error"]["message"]
        assert _running(client) == 5
        # the lobby form is refused before it creates anything
        before = len(client.get("/api/tables").json())
        form = client.post("/lobby/create", data={"system": "sandbox", "name": "Bots", "computers": "2"})
        assert form.status_code == 200 and "computer players" in form.text
        assert len(client.get("/api/tables").json()) == before
        # removing one makes room again
        removed = client.delete(f"/api/tables/{table['id']}/bots/p3", headers=bearer(table["host_token"]))
        assert removed.status_code == 200, removed.text
        assert _running(client) == 4
        assert _add(client, other, "p3", OTHER).status_code == 201
    finally:
        srv.kill()  # SIGKILL: the computer seats stay marked and resume at start-up

    fewer = Server(url, env={**CAPS, "WARBOARD_BOTS_MAX": "2"}).start()
    try:
        client = fewer.client()
        assert _running(client) == 2  # no more than the cap resume
        assert _add(client, new_table(client), "p1", OTHER).status_code == 409
    finally:
        fewer.stop()


def test_each_computer_player_of_the_server_has_a_rules_bucket_of_its_own(tmp_path: Path) -> None:
    """They all come from the loopback address; one HGB player asks the odds of every attack it
    may make. A made-up Bearer token gets the address's bucket, as a request without one."""
    from fastapi.testclient import TestClient

    from app.process.config import Settings
    from app.server.factory import create_app
    from app.storage.migrate import upgrade
    from app.web.services import services

    url = f"sqlite:///{tmp_path / 'own.sqlite3'}"
    upgrade(url)
    app = create_app(Settings(database_url=url, rules_rate=0.01, rules_burst=3))
    odds = {"attack_skill": 2, "defense_skill": 2, "dm": 8, "armor": 15}
    with TestClient(app) as client:
        table = new_table(client, name="Bucket")
        assert _add(client, table, "p2").status_code == 201  # it cannot reach "testserver": it retries
        token = services(app).computers.bots[(table["id"], "p2")].token
        assert [client.post("/api/rules/hgb/odds", json=odds).status_code for _ in range(4)] == [200] * 3 + [429]
        assert client.post("/api/rules/hgb/odds", json=odds, headers=bearer("made-up")).status_code == 429
        mine = [client.post("/api/rules/hgb/odds", json=odds, headers=bearer(token)).status_code for _ in range(4)]
        assert mine == [200] * 3 + [429]


def test_a_rematch_against_the_computer_is_played_by_the_computer(tmp_path) -> None:  # type: ignore[no-untyped-def]
    srv = Server(f"sqlite:///{tmp_path / 'rematch.sqlite3'}", env=FAST).start()
    try:
        client: httpx.Client = srv.client()
        table = new_table(client, "srbr", seed="rematch-bots")
        tid, host = table["id"], {"Authorization": f"Bearer {table['host_token']}"}
        human = join(client, tid, "p1", "Ann")
        assert client.post(f"/api/tables/{tid}/bots", json={"seat": "p2"}, headers=host).status_code == 201
        _play(client, tid, human, lambda: len(_bot_actions(client, tid, human)) >= 1)
        conceded = client.post(
            f"/api/tables/{tid}/actions", headers=human, json={"id": "end", "action": {"kind": "concede"}}
        )
        assert conceded.status_code == 200, conceded.text
        made = client.post(f"/api/tables/{tid}/rematch", headers=human)
        assert made.status_code == 200, made.text
        new_id = made.json()["table"]
        claimed = client.post(f"/api/tables/{tid}/rematch/claim", headers=human).json()
        again = {"Authorization": f"Bearer {claimed['token']}"}
        seats = {s["seat"]: s for s in client.get(f"/api/tables/{new_id}", headers=again).json()["seats"]}
        assert seats["p2"]["name"] == "Computer" and seats["p2"]["state"] == "taken"
        events = client.get(f"/api/tables/{new_id}/events?after=-1", headers=again).json()["events"]
        assert {"p1", "p2"} <= {e["seat_id"] for e in events if e["kind"] == "seat_claimed"}
        _play(client, new_id, again, lambda: len(_bot_actions(client, new_id, again)) >= 2)
    finally:
        srv.stop()
