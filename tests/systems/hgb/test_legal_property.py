"""Legal lists are the rules' own word: along seeded games played by the seeded random player,
every listed action is accepted by ``apply``, and every action of a generated set of candidates
that ``apply`` accepts is listed.

Rulebook, "Actions and Attacks": "Each Gear may attack once per round at any point in its
movement."; ROF: "you may use any number of Rate of Fire (ROF) points from "0" ... up to the
weapon's maximum Rate of Fire."; Target Cover: "If the target is completely covered from the
attacker, it has Full Cover. The attacker receives "-2" to attack such a model."; Return Fire:
"A model may act against a moving model only once per inch that model fully completes".

The candidates: every kind with plausible parameters (every weapon of every model of the seat at
every model on the table, direct and indirect, every Sweep/Focus split up to 2 each; Return Fire
with every kept model, weapon, point and split; designations and ECM at every model; every speed
and mode; done with and without keeping the Action; every group, seat, faction, terrain piece
and Autopilot order), a sample of them at each step. Moves and deployments are continuous, so
they are compared by kind and model: a model that may move (deploy) somewhere must have some
move (deployment) listed; before a Combat Group is active, moves are sampled for its first
model only, so there a move is compared by kind and group. Placing terrain (any polygon) is left out. Actions that do the same
are compared as one: a Return Fire ``at: -1`` is the last point, ``set_speed`` without a mode
keeps the mode (its ``autopilot`` flag changes nothing once the Autopilot is on), and ``done``
with ``keep_action`` by a model with no Action left is a plain ``done``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.bots.local import random_player
from app.core.dice import Dice
from app.systems import registry
from app.systems.hgb.turns import active_seats
from tests.systems.legal_check import accepted

SYSTEM = registry.get("hgb")
WEAPON_EXTRA = ["VB", "XX"]  # a close-combat item and no weapon at all
STEPS = 30  # per game: HGB's legal lists are slow (cover for every shot)
SPLITS = [(s, f) for s in range(3) for f in range(3)]


def _canonical(state: dict[str, Any], seat: str, raw: dict[str, Any]) -> tuple[Any, ...]:
    a = SYSTEM.parse_action(raw).model_dump()
    kind = a["kind"]
    if kind == "deploy":
        return (kind, a["model"])
    if kind == "move":  # before a group is active, its first model's moves stand for the group's
        m = state["models"][a["model"]]
        return (kind, m["group"]) if state["current"] is None else (kind, a["model"])
    m = state["models"].get(a.get("model", ""), {})
    if kind == "return_fire" and a["at"] == -1:
        a["at"] = len(state["pending"]["points"]) - 1
    if kind == "set_speed":
        a["mode"] = a["mode"] or m.get("mode")
        a.pop("autopilot")
    if kind == "done":
        a["keep_action"] = bool(a["keep_action"] and m.get("actions", 0) >= 1)
    return tuple(sorted((k, repr(v)) for k, v in a.items()))


def _candidates(state: dict[str, Any], seat: str) -> list[dict[str, Any]]:
    models = sorted(state["models"].values(), key=lambda m: m["id"])
    mine = [m for m in models if m["seat"] == seat]
    out: list[dict[str, Any]] = [{"kind": k} for k in ("ready", "end_group", "pass", "concede", "agree_end")]
    out += [{"kind": "agree_end", "winner": w} for w in ("north", "south")]
    out += [{"kind": "choose_first", "seat": w} for w in ("north", "south")]
    out += [{"kind": "choose_force", "faction": f} for f in ("north", "south", "peace_river")]
    out += [{"kind": "remove_terrain", "id": t["id"]} for t in state["board"]["terrain"]]
    out += [
        {"kind": "activate_group", "group": g["id"]} for s in ("north", "south") for g in state["forces"][s]["groups"]
    ]
    for m in mine:
        mid = m["id"]
        weapons = [*m["card"]["weapons"], *WEAPON_EXTRA]
        for t in models:
            out += [
                {"kind": "designate", "model": mid, "target": t["id"]},
                {"kind": "ecm", "model": mid, "observer": t["id"]},
            ]
            for w in weapons:
                for indirect in (False, True):
                    for sweep, focus in SPLITS:
                        shot = {"kind": "attack", "model": mid, "weapon": w, "target": t["id"]}
                        out.append({**shot, "indirect": indirect, "sweep": sweep, "focus": focus})
        if state.get("pending"):
            for w in weapons:
                for at in range(-1, len(state["pending"]["points"]) + 1):
                    for sweep, focus in SPLITS:
                        rf = {"kind": "return_fire", "model": mid, "weapon": w, "at": at}
                        out.append({**rf, "sweep": sweep, "focus": focus})
        for speed in ("stationary", "combat", "full"):
            out += [
                {"kind": "set_speed", "model": mid, "speed": speed, "mode": mode} for mode in (None, "walker", "ground")
            ]
        out += [{"kind": "done", "model": mid, "keep_action": k} for k in (False, True)]
        out += [{"kind": "autopilot", "model": mid, "on": on} for on in (False, True)]
        out += [
            {"kind": "move", "model": mid, "path": [[m["x"] + dx, m["y"] + dy]]}
            for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0), (0, 3), (0, -3), (0.3, 0.3))
        ]
        out.append({"kind": "deploy", "model": mid, "x": m["x"], "y": m["y"], "facing": m["facing"]})
    return out


def _check(state: dict[str, Any], seat: str, rng: random.Random, sample: int) -> list[dict[str, Any]]:
    listed = SYSTEM.legal_actions(state, seat)
    chosen = listed if len(listed) <= sample else rng.sample(listed, sample)
    refused = [a for a in chosen if not accepted(SYSTEM, state, seat, a)]
    assert not refused, (state["phase"], seat, refused[:3])
    names = {_canonical(state, seat, a) for a in listed}
    candidates = _candidates(state, seat)
    tried = candidates if len(candidates) <= 3 * sample else rng.sample(candidates, 3 * sample)
    missing = [a for a in tried if _canonical(state, seat, a) not in names and accepted(SYSTEM, state, seat, a)]
    assert not missing, (state["phase"], seat, missing[:3])
    return listed


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_legal_list_is_every_action_apply_accepts(seed):
    """Every listed action is accepted, every accepted candidate is listed (moves by model)."""
    opts = SYSTEM.validate_options({"map": ["open", "ridge", "outpost"][seed % 3]})
    dice = Dice(f"legal-property-{seed}")
    state = SYSTEM.setup(opts, dice)
    rng = random.Random(seed)
    kinds: set[str] = set()
    for seat in ("north", "south", "north", "south"):  # the setup phases checked, then said ready
        kinds |= {a["kind"] for a in _check(state, seat, rng, sample=12)}
        state, _ = SYSTEM.apply(state, seat, SYSTEM.parse_action({"kind": "ready"}), dice)
    for step in range(STEPS):
        if SYSTEM.outcome(state):
            break
        moves = []
        for seat in active_seats(state):
            listed = _check(state, seat, rng, sample=12)
            kinds |= {a["kind"] for a in listed}
            action = random_player({}, listed, f"legal-property-{seed}", step)
            if action is not None:
                moves.append((seat, action))
        assert moves, f"no seat can play on ({state['phase']})"
        seat, action = moves[step % len(moves)]
        state, _ = SYSTEM.apply(state, seat, SYSTEM.parse_action(action), dice)
    assert {"ready", "set_speed", "done"} <= kinds
