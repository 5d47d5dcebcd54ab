"""A game played through the API and ended, for the replay and sharing tests: a seeded GKR table
whose three seats end their turns (and pass in combat) until ``rounds`` rounds have gone by, then closed by its host."""

from __future__ import annotations

from typing import Any

import httpx

from tests.kit.table import act, bearer, join, new_table
from tests.systems.gkr.test_game import OPTIONS as GKR_OPTIONS

GKR_SEATS = ("diamondback", "king-wolf", "thunderhappy")


def gkr_rounds(client: httpx.Client, rounds: int = 2, name: str = "Shared game", close: bool = True) -> dict[str, Any]:
    """The table's create answer plus ``seats`` (each seat's headers)."""
    table = new_table(client, "gkr", name=name, options=GKR_OPTIONS, seed=f"shared-{name}")
    tid = table["id"]
    seats = {s: join(client, tid, s, s.replace("-", " ").title()) for s in GKR_SEATS}
    for _ in range(300):
        views = {s: client.get(f"/api/tables/{tid}/view", headers=h).json()["view"] for s, h in seats.items()}
        if next(iter(views.values()))["turn"]["round"] > rounds:
            break
        seat = next(s for s in seats if views[s].get("prompt"))
        combat = views[seat]["turn"]["phase"] == "combat"
        r = act(client, tid, seats[seat], {"kind": "choose_weapons", "weapons": []} if combat else {"kind": "end_turn"})
        assert r.status_code == 200, r.text
    else:
        raise AssertionError(f"{rounds} rounds never went by")
    if close:
        r = client.post(f"/api/tables/{tid}/close", headers=bearer(table["host_token"]))
        assert r.status_code == 200, r.text
    return {**table, "seats": seats}
