"""The leak suite's clocks: every table but the sandbox (which has no turns) runs a long live
clock; now and then the seat that just acted asks for a pause, the others allow it, and it
resumes. The clock as ``GET .../clock`` gives it to each viewer, and the replies of the pause and
its answers, are scanned like every other answer (the clock is in every view and update too,
which the suite scans already)."""

from __future__ import annotations

from typing import Any

import httpx

from tests.kit.table import bearer
from tests.leaks.takebacks import Scan

EVERY = 5  # a pause is asked after every EVERY-th step
#: long enough that nobody runs out while the suite plays (a time-out would be the computer's move)
CLOCK = {"mode": "live", "initial": 6 * 3600, "increment": 5, "timeout": "computer"}


def clock_for(system_id: str) -> dict[str, Any]:
    """The create body's clock for a table of ``system_id`` (none for the sandbox)."""
    return {} if system_id == "sandbox" else {"clock": CLOCK}


async def clock_round(
    client: httpx.AsyncClient,
    table_id: str,
    tokens: dict[str | None, str],
    seats: list[str],
    timeline: Any,
    state: Any,
    scan: Scan,
    seat: str,
    step: int,
    seq: int,
) -> int:
    """Read the clock as every viewer, and maybe pause and resume it; the seq after it all."""
    for viewer, token in tokens.items():
        read = await client.get(f"/api/tables/{table_id}/clock", headers=bearer(token))
        assert read.status_code == 200, read.text
        scan.check("clock", viewer, seq, read.text)
    if step % EVERY != 2 or not (await client.get(f"/api/tables/{table_id}/clock")).json()["clock"]:
        return seq
    asked = await client.post(
        f"/api/tables/{table_id}/actions",
        headers=bearer(tokens[seat]),
        json={"id": f"cp{step}", "action": {"kind": "clock.pause"}},
    )
    scan.check("clock pause answer", seat, seq, asked.text)
    if asked.status_code != 200:  # the game is over, or the clock has not started yet
        assert asked.json()["error"]["code"] in {"game_over", "clock_paused", "pause_pending", "no_clock"}
        return seq
    seq = asked.json()["seq"]
    timeline.add(seq, state)
    for other in (s for s in seats if s != seat):
        reply = await client.post(
            f"/api/tables/{table_id}/actions",
            headers=bearer(tokens[other]),
            json={"id": f"ca{step}{other}", "action": {"kind": "clock.allow"}},
        )
        scan.check("clock pause reply", other, seq, reply.text)
        if reply.status_code == 200:
            seq = reply.json()["seq"]
            timeline.add(seq, state)
    resumed = await client.post(
        f"/api/tables/{table_id}/actions",
        headers=bearer(tokens[seat]),
        json={"id": f"cr{step}", "action": {"kind": "clock.resume"}},
    )
    scan.check("clock resume answer", seat, seq, resumed.text)
    assert resumed.status_code == 200, resumed.text
    seq = resumed.json()["seq"]
    timeline.add(seq, state)
    return seq
