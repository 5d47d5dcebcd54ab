"""The leak suite's takebacks: now and then the seat that just acted asks to take it back, and
the other seats allow or refuse; the window (``GET .../takeback``), the request's and the
answers' replies (and refusals) are scanned like every other answer, and the game beside the
server follows an allowed takeback."""

from __future__ import annotations

from typing import Any, Protocol

import httpx

from tests.kit.table import bearer

EVERY = 3  # a takeback is asked after every EVERY-th step


class Scan(Protocol):
    def check(self, where: str, viewer: str | None, seq: int, payload: Any, sent: str = "") -> None: ...


async def takeback_round(
    client: httpx.AsyncClient,
    table_id: str,
    tokens: dict[str | None, str],
    game: Any,
    timeline: Any,
    scan: Scan,
    seat: str,
    before: tuple[dict[str, Any], int],
    step: int,
    seq: int,
) -> int:
    """Maybe ask a takeback of ``seat``'s action that left the game at ``before`` (state, dice
    index); the seq after it all."""
    if step % EVERY != 1:
        return seq
    for viewer in (seat, None):
        window = await client.get(f"/api/tables/{table_id}/takeback", headers=bearer(tokens[viewer]))
        assert window.status_code == 200, window.text
        scan.check("takeback window", viewer, seq, window.text)
    asked = await client.post(
        f"/api/tables/{table_id}/actions", headers=bearer(tokens[seat]), json={"id": f"tb{step}", "action": ASK}
    )
    scan.check("takeback ask answer", seat, seq, asked.text)
    if asked.status_code != 200:
        assert asked.json()["error"]["code"] in REFUSALS, asked.text
        return seq
    seq = asked.json()["seq"]
    timeline.add(seq, game.state)
    allow = step % (2 * EVERY) == 1
    for other in (s for s in game.seats if s != seat):
        reply = await client.post(
            f"/api/tables/{table_id}/actions",
            headers=bearer(tokens[other]),
            json={"id": f"tb{step}{other}", "action": ALLOW if allow else REFUSE},
        )
        scan.check("takeback reply", other, seq, reply.text)
        assert reply.status_code == 200, reply.text
        seq = reply.json()["seq"]
        if not allow:
            break
        if other == [s for s in game.seats if s != seat][-1]:
            game.state, game.index = before
        timeline.add(seq, game.state)
    if not allow:
        timeline.add(seq, game.state)
    return seq


ASK = {"kind": "takeback"}
ALLOW = {"kind": "takeback.allow"}
REFUSE = {"kind": "takeback.refuse"}
REFUSALS = {"nothing_to_take_back", "another_seat_acted", "dice_rolled_since", "revealed_since", "game_over"}
