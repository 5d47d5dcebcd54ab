"""A seeded table played over HTTP by the easy computer level (``app.bots.policy``, deciding
from each seat's own view and legal list, as the server's computers do), for the report tests."""

from __future__ import annotations

from typing import Any

import httpx

from app.bots import policy
from app.bots.local import helper_odds
from app.systems import registry
from tests.kit.table import Seated, act, bearer, open_table

NAMES = ["Archer", "Chip", "Kip", "Nick"]


def play_table(client: httpx.Client, system_id: str, options: dict[str, Any], limit: int) -> Seated:
    """A table of ``system_id`` seeded ``report-<system>``, played by the easy level until the
    game ends or ``limit`` actions have been taken (then the host closes it)."""
    system = registry.get(system_id)
    assert system is not None
    seats = system.seats(system.validate_options(options))
    table = open_table(
        client, system_id, seats, NAMES[: len(seats)], options=options, seed=f"report-{system_id}", spectator=False
    )
    for n in range(limit):
        acted = False
        for seat in seats:
            headers = bearer(table.tokens[seat])
            legal = client.get(f"/api/tables/{table.id}/legal", headers=headers).json()["actions"]
            if not legal:
                continue
            view = client.get(f"/api/tables/{table.id}/view", headers=headers).json()["view"]
            action = policy.choose(view, legal, f"report-{seat}", n, helper_odds(view, legal))
            if action is None:
                continue
            response = act(client, table.id, headers, action)
            assert response.status_code == 200, response.text
            acted = True
            break
        summary = client.get(f"/api/tables/{table.id}").json()
        if summary["status"] != "open" or not acted:
            break
    else:
        client.post(f"/api/tables/{table.id}/close", headers=bearer(table.host_token))
    return table
