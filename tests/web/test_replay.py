"""``GET /api/tables/{id}/replay`` (``app.web.replay``) over HTTP, against a real server."""

from __future__ import annotations

from tests.conftest import Server
from tests.kit.table import act, join, new_table


def test_replay_endpoint_rebuilds_the_view_at_seq(server: Server) -> None:
    with server.client() as client:
        table = new_table(client, name="Replay API")
        tid = table["id"]
        seat = join(client, tid, "p1")  # seq 1
        assert act(client, tid, seat, {"kind": "add_token", "token": "t1", "x": 1, "y": 2}).status_code == 200
        assert act(client, tid, seat, {"kind": "move_token", "token": "t1", "x": 5, "y": 6}).status_code == 200
        now = client.get(f"/api/tables/{tid}/replay").json()
        then = client.get(f"/api/tables/{tid}/replay", params={"seq": 2}).json()
        start = client.get(f"/api/tables/{tid}/replay", params={"seq": 0}).json()
        beyond = client.get(f"/api/tables/{tid}/replay", params={"seq": 99}).json()
        missing = client.get("/api/tables/nope/replay")
    assert now["seq"] == now["last"] == 3
    assert [(p["x"], p["y"]) for p in now["view"]["pieces"]] == [(5, 6)]
    assert [(p["x"], p["y"]) for p in then["view"]["pieces"]] == [(1, 2)]
    assert [e["seq"] for e in then["events"]] == [0, 1, 2]
    assert start["view"]["pieces"] == [] and start["view"]["_table"]["status"] == "open"
    assert beyond["seq"] == 3
    assert missing.status_code == 404
