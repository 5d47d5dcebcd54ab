"""Computer players hosted by the server (app/bots/hosted.py), against a real server: a rematch
of a game against the computer is played by the computer again (its kept seat claimed by a new
bot), never left taken by nobody."""

from __future__ import annotations

import httpx

from tests.bots.test_restart import FAST, _bot_actions, _play
from tests.conftest import Server
from tests.kit.table import join, new_table


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
