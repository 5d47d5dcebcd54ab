"""Anyone can check every roll of a finished table from its published seed."""

from __future__ import annotations

import hashlib

from tests.conftest import Server
from tests.core.test_dice import recompute
from tests.kit.table import act, join, new_table


def test_proof_after_the_end_recomputes_every_roll(server: Server) -> None:
    client = server.client()
    table = new_table(client)  # secret seed
    tid = table["id"]
    p1 = join(client, tid, "p1")
    faces = []
    for dice in ("3d6", "1d20", "2d8+1"):
        faces += act(client, tid, p1, {"kind": "roll", "dice": dice}).json()["events"][0]["faces"]
    early = client.get(f"/api/tables/{tid}/dice/proof")
    assert early.status_code == 409 and early.json()["error"]["code"] == "game_in_progress"
    client.post(f"/api/tables/{tid}/close", headers={"Authorization": f"Bearer {table['host_token']}"})
    proof = client.get(f"/api/tables/{tid}/dice/proof").json()
    assert hashlib.sha256(proof["seed"].encode()).hexdigest() == table["dice_commitment"] == proof["commitment"]
    assert [r["value"] for r in proof["rolls"]] == faces
    for roll in proof["rolls"]:
        assert recompute(proof["seed"], roll["i"], roll["sides"]) == roll["value"]
    assert [r["i"] for r in proof["rolls"]] == list(range(len(faces)))


def test_seeded_table_is_reproducible(server: Server) -> None:
    client = server.client()
    results = []
    for _ in range(2):
        table = new_table(client, seed="same seed")
        p1 = join(client, table["id"], "p1")
        results.append(act(client, table["id"], p1, {"kind": "roll", "dice": "5d6"}).json()["events"][0]["faces"])
        client.post(f"/api/tables/{table['id']}/close", headers={"Authorization": f"Bearer {table['host_token']}"})
        assert client.get(f"/api/tables/{table['id']}/dice/proof").json()["seed"] == "same seed"
    assert results[0] == results[1]


def test_seeded_table_keeps_its_seed_until_the_end(server: Server) -> None:
    """API.md: the proof gives "the seed itself when the game ends": a seeded table is no
    exception, or anyone could rebuild the hands and predict every roll while it runs."""
    client = server.client()
    table = new_table(client, seed="chosen by the host")
    p1 = join(client, table["id"], "p1")
    act(client, table["id"], p1, {"kind": "roll", "dice": "2d6"})
    response = client.get(f"/api/tables/{table['id']}/dice/proof")
    assert response.status_code == 409 and response.json()["error"]["code"] == "game_in_progress"
    assert "chosen by the host" not in response.text
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert summary["seeded"] is True and "chosen by the host" not in str(summary)
    lobby = client.get("/api/tables").json()
    assert next(t for t in lobby if t["id"] == table["id"])["seeded"] is True
    view = client.get(f"/api/tables/{table['id']}/view", headers=p1).json()
    assert view["view"]["_table"]["predictable_dice"] is True
