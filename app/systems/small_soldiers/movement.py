"""Step 3, "If you spin a number": which spaces a fighter may end on, computed by the server.

Rulebook: move the full amount spun (plus a Vehicle card's bonus), from one adjacent space to
another, in any direction; on the same move you cannot return to the space you started from;
you can pass over other fighters but cannot end on an occupied space.

Read literally, only the starting space is forbidden, so a walk may cross another space twice
(S-A-B-A ends next to S on a 3). On a hex grid this changes little: a path that never repeats
a space reaches the same spaces for any number of 2 or more.

Flags (README): a flag does not occupy its space (the text refuses only "an occupied space",
and "To capture an enemy flag, move any one of your fighters onto your opponent's flag space"),
so a fighter may pass over either flag and end on either flag's space; ending on the enemy's
captures it. The house rule ``own_flag_blocks`` (off by default) keeps fighters off their own.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import Any

from app.geometry.hex import DIRECTIONS, Hex
from app.systems.small_soldiers.model import (
    State,
    army_of,
    board_cells,
    bonus,
    commanded,
    enemy,
    flag_hex,
    occupied,
    to_hex,
)

STEPS = tuple((d.q, d.r) for d in DIRECTIONS)


def walks(cells: AbstractSet[Hex], start: Hex, steps: int) -> dict[Hex, list[Hex]]:
    """Spaces reachable by exactly ``steps`` moves to adjacent cells never re-entering ``start``.

    Returns {end: one such path, start excluded, end included}. Deterministic: parents are
    chosen in sorted order.
    """
    keys = {(h.q, h.r) for h in cells}  # plain tuples: this runs for every move checked
    origin = (start.q, start.r)
    layers: list[dict[tuple[int, int], tuple[int, int]]] = []
    frontier = [origin]
    for _ in range(steps):
        nxt: dict[tuple[int, int], tuple[int, int]] = {}
        for q, r in frontier:
            for dq, dr in STEPS:
                n = (q + dq, r + dr)
                if n in keys and n != origin and n not in nxt:
                    nxt[n] = (q, r)
        layers.append(nxt)
        frontier = sorted(nxt)
    if not layers:
        return {}
    out: dict[Hex, list[Hex]] = {}
    for end in layers[-1]:
        path, k = [Hex(*end)], end
        for layer in reversed(layers[1:]):
            k = layer[k]
            path.append(Hex(*k))
        out[Hex(*end)] = path[::-1]
    return out


def move_length(state: State, f: dict[str, Any]) -> int:
    """The spin plus the fighter's Vehicle card (Power cards: "Vehicle: Move +N")."""
    return int(state["turn"]["spin"]["value"]) + bonus(f, "vehicle")


def destinations(state: State, fid: str) -> dict[Hex, list[Hex]]:
    """Where fighter ``fid`` may end its move now, with one path to each."""
    f = state["fighters"][fid]
    if f["pos"] is None:
        return {}
    start = to_hex(f["pos"])
    taken = set(occupied(state))
    if own_flag_blocks(state):
        taken.add(flag_hex(state, f["army"]))
    reach = walks(board_cells(state), start, move_length(state, f))
    return {h: p for h, p in reach.items() if h not in taken}


def own_flag_blocks(state: State) -> bool:
    """The house rule (table option, off by default): one's own flag's space counts as occupied."""
    return bool(state["options"].get("own_flag_blocks", False))


def movable(state: State, seat: str) -> list[str]:
    """Fighters ``seat`` may still move this turn (one in the basic game, each once in advanced)."""
    turn = state["turn"]
    if state["options"]["advanced"]:
        done = set(turn.get("moved", []))
    elif turn.get("moved"):
        return []
    else:
        done = set()
    return [f["id"] for f in commanded(state, seat) if f["pos"] is not None and f["id"] not in done]


def legal_moves(state: State, seat: str) -> dict[str, list[Hex]]:
    """{fighter id: sorted destinations} for every fighter of ``seat`` that can move."""
    out: dict[str, list[Hex]] = {}
    for fid in movable(state, seat):
        dests = sorted(destinations(state, fid))
        if dests:
            out[fid] = dests
    return out


def can_move(state: State, seat: str) -> bool:
    """Whether any fighter of ``seat`` can still move this turn (stops at the first one)."""
    return any(destinations(state, fid) for fid in movable(state, seat))


def captures_flag(state: State, seat: str, h: Hex) -> bool:
    """How to Win: "move any one of your fighters onto your opponent's flag space"."""
    return h == flag_hex(state, enemy(army_of(seat)))
