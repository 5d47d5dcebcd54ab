"""Issue 27: Samurai Robots' ``legal_actions`` is the rules' own word, and its refusals speak in words.

Over random seeded games (``app.bots.local.random_player`` picks each listed action), at every
state the seat to act is offered a generated set of candidates: the listed actions, the listed
ones perturbed, every kind with plausible parameters (every mecha, part, attack, target and aimed
part; every seat's phase-bound kinds) and sampled continuous moves (points around the measuring
point, inside and past the stick, at random facings, off every table edge with and without
``flee``). Then:

- every listed action is accepted by ``apply``;
- every accepted discrete candidate is listed exactly (its fields, absent optional ones left out);
- continuous choices are compared by class (the sampling of a continuous choice cannot list every
  point): an accepted move's class is (flees?, the enemy mechas it ends in contact with), and the
  list must hold a move of every accepted class; an accepted ``deploy`` needs a listed deploy of
  that mecha;
- every refused candidate's message names pieces, seats, phases and actions in words: no mecha,
  terrain or seat id, no ``snake_case`` id, no Python list or quoted id.

Manual records (``record``, ``record_terrain``, ``declare_result``, ``dispute``) are statements
of free values that a player makes about the table; the list does not offer them (README
"Actions"), and at these default tables (no manual area, no record) they are all refused.
"""

from __future__ import annotations

import math
import random
import re
from typing import Any

import pytest

from app.bots.local import random_player
from app.core.dice import Dice
from app.core.errors import WarboardError
from app.systems.srbr import pieces
from tests.systems.srbr.util import SYSTEM

State = dict[str, Any]
CONTINUOUS = {"move", "deploy"}


def _try(state: State, seat: str, raw: dict[str, Any]) -> tuple[State | None, str | None]:
    """(the new state, None) when accepted; (None, the refusal's message) when refused."""
    try:
        new, _ = SYSTEM.apply(state, seat, SYSTEM.parse_action(raw), Dice("trial"))
    except WarboardError as exc:
        return None, exc.message
    return new, None


def _norm(a: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    defaults = {"target_part": None, "facing": None, "flee": False, "at": "anchor", "note": None}
    return tuple(sorted((k, v) for k, v in a.items() if defaults.get(k, ...) != v))


def _candidates(state: State, seat: str, listed: list[dict[str, Any]], rng: random.Random) -> list[dict[str, Any]]:
    mechas = list(state["mechas"].values())
    terrain = [t["id"] for t in state["board"]["terrain"]]
    out: list[dict[str, Any]] = [dict(a) for a in listed]
    for m in mechas:
        for p in m["parts"]:
            out += [{"kind": "activate", "mecha": m["id"], "part": p["id"], "dice": n} for n in (1, 2, 3)]
            out.append({"kind": "react", "mecha": m["id"], "part": p["id"]})
        out.append({"kind": "deploy", "mecha": m["id"], "x": m["x"], "y": m["y"], "facing": m["facing"]})
        out.append({"kind": "deploy", "mecha": m["id"], "x": rng.uniform(0, 90), "y": rng.uniform(0, 90)})
    for name in state["rules"]["attack_types"]:
        for t in terrain:
            out.append({"kind": "attack", "attack": name, "target": t})
        for m in mechas:
            out.append({"kind": "attack", "attack": name, "target": m["id"]})
            out += [{"kind": "attack", "attack": name, "target": m["id"], "target_part": p["id"]} for p in m["parts"]]
    out += [{"kind": k} for k in ("stand_up", "done", "end_turn", "pass", "ready")]
    out += [
        {"kind": "record", "mecha": mechas[0]["id"], "part": mechas[0]["parts"][0]["id"], "damage": 1},
        {"kind": "record_terrain", "terrain": terrain[0], "smashed": True} if terrain else {"kind": "ready"},
        {"kind": "declare_result", "winners": [seat]},
        {"kind": "dispute", "record": 0, "reason": "no"},
    ]
    out += _moves(state, listed, rng)
    return out


def _moves(state: State, listed: list[dict[str, Any]], rng: random.Random) -> list[dict[str, Any]]:
    if state["turn"]["phase"] not in ("actions", "reaction_actions"):
        return []
    act = state["turn"]["reaction_activation" if state["turn"]["phase"] == "reaction_actions" else "activation"]
    m = state["mechas"][act["mecha"]]
    start = pieces.anchor(m)
    out = []
    for a in listed:  # the listed ones perturbed
        if a["kind"] == "move":
            out.append({**a, "x": a["x"] + rng.uniform(-1, 1), "y": a["y"] + rng.uniform(-1, 1)})
            out.append({**a, "facing": rng.uniform(0, 360)})
    longest = max(state["sticks"].values())
    for _ in range(24):  # points around the measuring point, inside and past the longest stick
        r, angle = longest * math.sqrt(rng.random()) * 1.1, rng.uniform(0, 2 * math.pi)
        move = {"kind": "move", "x": start.x + r * math.cos(angle), "y": start.y + r * math.sin(angle)}
        out += [move, {**move, "facing": rng.choice([0, 90, 180, 270, rng.uniform(0, 360)])}]
    size = state["board"]["width"]
    for x, y in ((-5, start.y), (size + 5, start.y), (start.x, -5), (start.x, size + 5)):  # off each edge
        out += [{"kind": "move", "x": x, "y": y}, {"kind": "move", "x": x, "y": y, "flee": True}]
    return out


def _move_class(before: State, after: State, seat: str) -> tuple[bool, frozenset[str]]:
    act = before["turn"]["reaction_activation" if before["turn"]["phase"] == "reaction_actions" else "activation"]
    m = after["mechas"][act["mecha"]]
    if m["out"] == "fled":
        return True, frozenset()
    return False, frozenset(o["id"] for o in pieces.enemies_in_contact(after, m))


#: what a refusal may not say: mecha and terrain ids, seat ids, snake_case ids, Python lists or quoted ids
def _leaks(state: State, message: str) -> list[str]:
    ids = [*state["mechas"], *(t["id"] for t in state["board"]["terrain"])]
    found = [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", message)]
    found += re.findall(r"\bp\d\b|\b[a-z]+_[a-z_]+\b|\['|'[a-z_\-0-9]+'", message)
    return found


def _check_state(state: State, seat: str, rng: random.Random) -> None:
    listed = SYSTEM.legal_actions(state, seat)
    listed_keys = {_norm(a) for a in listed}
    listed_moves: set[tuple[bool, frozenset[str]]] = set()
    for a in listed:
        after, why = _try(state, seat, a)
        assert after is not None, (state["turn"]["phase"], a, why)
        if a["kind"] == "move":
            listed_moves.add(_move_class(state, after, seat))
    listed_deploys = {a["mecha"] for a in listed if a["kind"] == "deploy"}
    for c in _candidates(state, seat, listed, rng):
        after, why = _try(state, seat, c)
        if after is None:
            assert why is not None and not _leaks(state, why), (c, why)
        elif c["kind"] == "move":
            cls = _move_class(state, after, seat)
            assert cls in listed_moves, ("an accepted move of a class the list lacks", c, cls, listed_moves)
        elif c["kind"] == "deploy":
            assert c["mecha"] in listed_deploys, c
        else:
            assert _norm(c) in listed_keys, ("accepted but not listed", c)


@pytest.mark.parametrize(("seed", "options"), [(1, {}), (2, {"players": 3}), (3, {"deployment": "players"})])
def test_listed_is_accepted_and_accepted_is_listed_along_random_games(seed: int, options: dict[str, Any]) -> None:
    opts = SYSTEM.validate_options(options)
    dice = Dice(f"legal-property-{seed}")
    state = SYSTEM.setup(opts, dice)
    rng = random.Random(seed)
    for seq in range(160):
        if SYSTEM.outcome(state):
            break
        seat = next(s for s in SYSTEM.seats(opts) if SYSTEM.legal_actions(state, s))
        _check_state(state, seat, rng)
        choice = random_player({}, SYSTEM.legal_actions(state, seat), f"property-{seed}", seq)
        assert choice is not None
        state, _ = SYSTEM.apply(state, seat, SYSTEM.parse_action(choice), dice)
