"""The seeded 3-player games again, through the HTTP API of a real Warboard server.

The in-process games (test_game.py) record their actions; here a server table created with
the same seed and options replays them seat by seat. Every view a seat or a spectator gets
must match the rule system's and hold nothing hidden; the table ends with the same outcome.
"""

from __future__ import annotations

import json

import httpx
import pytest

from app.core.events import redact
from tests.conftest import Server
from tests.kit.table import act, join, new_table, spectate
from tests.systems.gkr.game import Table
from tests.systems.gkr.test_game import OPTIONS, SEED, play_buildings_game, play_destruction_game


@pytest.fixture
def client(server: Server) -> httpx.Client:
    return server.client()


def hidden_ids(table: Table, seat: str) -> set[str]:
    player = table.state["players"][seat]
    return {f'"{c}"' for c in player["hand"] + player["sponsor"] + player["deck"]}


def replay(client: httpx.Client, table: Table) -> tuple[str, dict, str]:
    created = new_table(client, "gkr", options=OPTIONS, seed=SEED)
    tid = created["id"]
    seats = {s: join(client, tid, s, s) for s in table.state["seats"]}
    watcher = {"Authorization": f"Bearer {spectate(client, tid)}"}
    for i, (seat, action) in enumerate(table.actions):
        response = act(client, tid, seats[seat], action, f"gkr-{i}")
        assert response.status_code == 200, (i, seat, action, response.text)
    return tid, seats, watcher


@pytest.mark.parametrize("play, winner", [(play_buildings_game, "king-wolf"), (play_destruction_game, "thunderhappy")])
def test_seeded_game_over_http(client: httpx.Client, play, winner) -> None:
    table = play()
    tid, seats, watcher = replay(client, table)
    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["status"] == "finished" and summary["outcome"]["winners"] == [winner]
    for viewer, headers in [*seats.items(), (None, watcher)]:
        body = client.get(f"/api/tables/{tid}/view", headers=headers).json()
        view = {k: v for k, v in body["view"].items() if k != "_table"}
        assert json.loads(json.dumps(table.view(viewer))) == view
        events = client.get(f"/api/tables/{tid}/events?after=0", headers=headers).json()["events"]
        ours = [e for e in events if e["kind"] not in ("game_over", "seat_joined", "spectator_joined")]
        expected = [redact(e, viewer) for e in table.log]
        assert len(ours) == len(expected)
        for got, want in zip(ours, expected, strict=False):
            assert {k: v for k, v in got.items() if k not in ("seq", "seat")} == json.loads(json.dumps(want))
        # what the viewer holds of another seat's hidden cards now: never in its current view
        for other in table.state["seats"]:
            if other != viewer:
                assert not any(card in json.dumps(view) for card in hidden_ids(table, other))
        kinds = [e["kind"] for e in events]
        for needed in ("blb_activated", "blb_destroyed", "sponsor_stolen", "displaced", "game_over"):
            assert needed in kinds
