"""The strong computer player: rollouts of the easy level over the games its seat may know.

Input: the seat's legal actions (``GET .../legal``) and a few games the seat cannot tell from
the real one (``RuleSystem.seal(state, seat, world)`` for worlds 2, 3, ..., each dealing what
the seat's view hides its own way, from what the seat sees; the server hands them out through
``GET /api/tables/{id}/knowledge``). Nothing else: it never reads the table's state or its dice.

A decision improves on the easy level by reading ahead (a rollout algorithm: the base player's
choices, tried one step deeper). The candidates are the easy level's ``width`` best actions and
the ``greedy`` best by the game's own score of the position each leads to (so a move the easy
level never rates, such as standing on one's own flag, is weighed too). Each round takes the
next world and dice of the bot's own (``Dice`` seeded by the bot's seed, the table's seq and the
round, never the table's seed) and plays every candidate in that same world with the same dice
(paired, so two candidates are compared on the same luck; after 2, 4, 8 and 16 rounds the
worse half is dropped, so the time goes to the close calls), then every seat's easy choice until
the seat is to act again after another seat has acted (the other seats' whole reply), at most
``depth`` actions, and scores the game reached (a win 1, a loss 0; else the game's own material
count, below). The candidate with the best mean is played; until a round has been read, or on
equal means, the easy level's own order decides, so a short budget plays as the easy level does.
In HGB, a decision whose every rollout has scored the same after ``SETTLE`` rounds stops there:
more of them would only spend the budget to play the easy level's choice. A game's setup
(``SETUP_KINDS``: forces, terrain, deployment) is played as the easy level plays it.

It stops after ``Budget.seconds`` of its own CPU time (or ``Budget.iterations`` rollouts, which
makes a decision reproducible: the tests use it).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson

from app.bots import policy
from app.core.dice import Dice
from app.core.errors import WarboardError
from app.systems import registry
from app.systems.base import RuleSystem

State = dict[str, Any]
Action = dict[str, Any]
LEVELS = ("easy", "strong")
#: how many worlds a decision searches (``seal`` worlds 2 .. 2 + WORLDS - 1)
WORLDS = 8
#: the first world a search asks for: 0 and 1 are the previews' own
FIRST_WORLD = 2
#: at most this many legal actions are scored for the greedy candidates (the easy level's best first)
GREEDY_POOL = 120
#: after these many rounds the worse half of the candidates is read no more
HALVINGS = (2, 4, 8, 16)
#: ... in these games later: a Small Soldiers move is often decided by one spin of the other's in
#: six (the one that reaches a flag left open), which two rounds rarely show
LATE_HALVINGS = {"small-soldiers": (8, 16, 32, 64)}
#: after these many rounds a decision stops when every rollout of every candidate still read
#: scored the same (nothing the dice or the worlds did told them apart: an HGB move before anyone
#: can shoot, most ends of a group), and the easy level's order decides
SETTLE = {"hgb": 4}
#: actions of a game's setup, where the score of the position reached says nothing of who wins:
#: while one is listed the strong level plays the easy level's choice. Searched, HGB's setup never
#: ended: the strong level moved its deployed models again and again (58 redeployments in 60
#: actions), or chose a force again, which clears both sides' ready, and the game never began
SETUP_KINDS = {"hgb": frozenset({"choose_force", "ready", "deploy", "place_terrain", "remove_terrain"})}


@dataclass(frozen=True)
class Budget:
    """What one decision may spend: ``seconds`` of CPU (None: no limit) and at most
    ``iterations`` rollouts (None: no limit); ``depth`` actions at most in a rollout (None:
    the game's own, ``DEPTH``); ``width`` of the easy level's best and ``greedy`` of the
    score's best as candidates."""

    seconds: float | None = 1.5
    iterations: int | None = None
    depth: int | None = None
    width: int = 4
    greedy: int = 3


#: a rollout's longest reply, per game (a step of GKR or HGB costs ten of Small Soldiers')
DEPTH = {"small-soldiers": 12, "srbr": 10, "gkr": 4, "hgb": 1}


@dataclass
class Thought:
    """A decision and what it cost: ``visits`` is how many rollouts read each candidate."""

    action: Action | None
    iterations: int
    cpu_seconds: float
    visits: dict[str, int]


def key(action: Action) -> str:
    return json.dumps(action, sort_keys=True)


_ODDS: dict[str, dict[str, Any]] = {}


def helper_odds(view: dict[str, Any], actions: list[Action]) -> dict[str, dict[str, Any]]:
    """The HGB odds helper's answers for the listed attacks: the function ``POST
    /api/rules/hgb/odds`` runs (stateless, from the view alone; cached)."""
    requests = policy.odds_requests(view, actions)
    if requests:
        from app.systems.hgb.helpers import OddsRequest, run_odds

        if len(_ODDS) > 20000:
            _ODDS.clear()
        for request in requests:
            k = policy.odds_key(request)
            if k not in _ODDS:
                _ODDS[k] = run_odds(OddsRequest(**request)).model_dump()
    return _ODDS


def _pieces_only(state: State, seat: str) -> dict[str, Any]:
    from app.systems.small_soldiers.view import pieces

    return {"pieces": pieces(state)}


#: what the easy level reads of a seat's view, where a game's whole view costs far more to draw
#: than the part it reads (a Small Soldiers view names and labels every space of the board; the
#: easy level reads only the pieces): ``tests/bots/test_search.py`` checks the choices are the same
POLICY_VIEWS: dict[str, Callable[[State, str], dict[str, Any]]] = {"small-soldiers": _pieces_only}


def policy_view(system: RuleSystem, state: State, seat: str) -> dict[str, Any]:
    """The seat's view, or the part of it the easy level reads (:data:`POLICY_VIEWS`)."""
    light = POLICY_VIEWS.get(system.id)
    return light(state, seat) if light is not None else dict(system.view(state, seat))


def candidates(system: RuleSystem, state: State, seat: str, actions: list[Action], width: int) -> list[Action]:
    """The easy level's ``width`` best of ``actions`` for ``seat`` in ``state``."""
    view = policy_view(system, state, seat)
    return policy.shortlist(view, actions, width, helper_odds(view, actions))


def easy_choice(system: RuleSystem, state: State, seat: str) -> Action | None:
    """What the easy level would play for ``seat`` in ``state`` (its best; None: nothing)."""
    legal = system.legal_actions(state, seat)
    if not legal:
        return None
    best = candidates(system, state, seat, legal, 1)
    return best[0] if best else None


def to_act(system: RuleSystem, state: State, seats: list[str]) -> tuple[str, Action] | None:
    """The seat that acts next in ``state`` and the easy level's choice for it (the first seat
    on turn with something worth doing, as the bots' games go), or None."""
    active = system.active_seats(state)
    for seat in active if active is not None else seats:
        action = easy_choice(system, state, seat)
        if action is not None:
            return seat, action
    return None


Score = Callable[[RuleSystem, State, list[str]], dict[str, float]]


def think(
    system_id: str,
    worlds: list[State],
    seat: str,
    actions: list[Action],
    seed: str,
    seq: int,
    budget: Budget | None = None,
) -> Thought:
    """The strong level's choice among ``actions`` (the seat's legal list) from ``worlds`` (the
    game as ``seat`` may know it, dealt several ways)."""
    budget = budget or Budget()
    system = registry.get(system_id)
    assert system is not None and worlds
    start = time.thread_time()
    seats = list(worlds[0].get("seats") or system.seats(worlds[0].get("options") or {}))
    score = EVALUATIONS.get(system_id, _even)
    setup = SETUP_KINDS.get(system_id, frozenset())
    if any(a["kind"] in setup for a in actions):  # the easy level's first, without rating the rest
        first = candidates(system, worlds[0], seat, actions, 1)
        return Thought(first[0] if first else None, 0, time.thread_time() - start, {})
    moves = _root_moves(system, worlds[0], seats, seat, actions, budget, score, f"strong:{seed}:{seq}")
    if len(moves) <= 1:
        return Thought(moves[0] if moves else None, 0, time.thread_time() - start, {})
    depth = budget.depth if budget.depth is not None else DEPTH.get(system_id, 8)
    totals, counts = [0.0] * len(moves), [0] * len(moves)
    seen: set[float] = set()  # every score a rollout gave, while they are all one
    n = 0

    def spent() -> bool:
        if budget.iterations is not None and n >= budget.iterations:
            return True
        return budget.seconds is not None and time.thread_time() - start >= budget.seconds

    round_, alive = 0, list(range(len(moves)))
    halvings = LATE_HALVINGS.get(system_id, HALVINGS)
    while not spent():
        world, luck = worlds[round_ % len(worlds)], f"strong:{seed}:{seq}:{round_}"
        for i in alive:
            if spent():
                break
            value = rollout(system, world, seats, seat, moves[i], depth, score, Dice(luck))
            totals[i] += value
            counts[i] += 1
            n += 1
            if len(seen) < 2:
                seen.add(value)
        round_ += 1
        if budget.seconds is None and budget.iterations is None:
            break
        if round_ >= SETTLE.get(system_id, 1 << 30) and len(seen) == 1:
            break
        if round_ in halvings and len(alive) > 2 and len({counts[i] for i in alive}) == 1:
            # successive halving: the better half reads on (the easy level's order breaks ties)
            alive = sorted(alive, key=lambda i: (-round(totals[i], 9), i))[: max(2, (len(alive) + 1) // 2)]
            alive.sort()
    full = min(counts[i] for i in alive)
    # compare on the rounds every candidate still read has had (paired); the easy level's order breaks ties
    means = {i: (totals[i] / counts[i] if full else 0.0) for i in alive}
    best = max(alive, key=lambda i: (round(means[i], 9), -i))
    return Thought(moves[best], n, time.thread_time() - start, {key(a): counts[i] for i, a in enumerate(moves)})


def _root_moves(
    system: RuleSystem,
    state: State,
    seats: list[str],
    seat: str,
    actions: list[Action],
    budget: Budget,
    score: Score,
    luck: str,
) -> list[Action]:
    """The easy level's ``width`` best, then the ``greedy`` best by the score of the position
    each action leads to in ``state`` (one throw of the bot's own dice), each once."""
    view = dict(system.view(state, seat))
    pool = policy.shortlist(view, actions, GREEDY_POOL, helper_odds(view, actions))
    moves = pool[: budget.width]
    if budget.greedy <= 0 or len(pool) <= len(moves):
        return moves
    rated: list[tuple[float, int, Action]] = []
    for i, action in enumerate(pool[budget.width :]):
        try:
            after, _ = system.apply(state, seat, system.parse_action(action), Dice(luck))
        except WarboardError:
            continue
        rated.append((-score(system, after, seats).get(seat, 0.5), i, action))
    rated.sort(key=lambda t: (t[0], t[1]))
    return moves + [a for _, _, a in rated[: budget.greedy]]


def rollout(
    system: RuleSystem,
    state: State,
    seats: list[str],
    seat: str,
    action: Action,
    depth: int,
    score: Score,
    dice: Dice,
) -> float:
    """``seat``'s score after playing ``action`` in ``state`` and then every seat's easy choice
    until ``seat`` is to act again after another seat has acted (at most ``depth`` actions)."""
    try:
        state, _ = system.apply(state, seat, system.parse_action(action), dice)
    except WarboardError:  # refused in this world: worth nothing here
        return 0.0
    others_acted = False
    for _ in range(depth):
        if system.outcome(state) is not None:
            break
        nxt = to_act(system, state, seats)
        if nxt is None:
            break
        mover, chosen = nxt
        if mover == seat and others_acted:
            break
        others_acted = others_acted or mover != seat
        try:
            state, _ = system.apply(state, mover, system.parse_action(chosen), dice)
        except WarboardError:
            break
    return score(system, state, seats).get(seat, 0.5)


def think_about(
    knowledge: bytes, actions: list[Action], seed: str, seq: int, budget: Budget | None = None
) -> tuple[int, Action | None]:
    """:func:`think` on a ``GET .../knowledge`` answer as received: its seq, and the decision
    (None when that seq is not ``seq``: the table moved on between the legal list and it)."""
    known = orjson.loads(knowledge)
    if known["seq"] != seq:
        return int(known["seq"]), None
    return seq, think(known["system"], known["worlds"], known["seat"], actions, seed, seq, budget).action


# --- scoring a game that goes on ------------------------------------------------------------


def rewards(
    system: RuleSystem, state: State, seats: list[str], material: dict[str, float], scale: float
) -> dict[str, float]:
    """Each seat's score in [0, 1]: 1 for a winner and 0 for a loser once the game is over
    (0.5 each in a draw); else by how far its ``material`` leads the best other seat's."""
    out = system.outcome(state)
    if out is not None:
        return {s: (1.0 if s in out.winners else 0.0) if out.winners else 0.5 for s in seats}
    scores = {}
    for s in seats:
        others = [material.get(o, 0.0) for o in seats if o != s and material.get(o) is not None]
        lead = material.get(s, 0.0) - (max(others) if others else 0.0)
        scores[s] = 0.5 + 0.5 * math.tanh(lead / scale)
    return scores


def _even(system: RuleSystem, state: State, seats: list[str]) -> dict[str, float]:
    return rewards(system, state, seats, {}, 1.0)


def _hex_distance(a: Any, b: Any) -> int:
    (q1, r1), (q2, r2) = _qr(a), _qr(b)
    return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2


def _qr(p: Any) -> tuple[int, int]:
    if isinstance(p, dict):
        return int(p["q"]), int(p["r"])
    return int(p[0]), int(p[1])


#: Small Soldiers: the weights of a logistic fit of who wins (``bench/calibrate.py``: easy
#: against easy, every position where a seat is about to spin, from the view of that seat); the
#: seat on turn's own chance to reach the enemy flag weighs far more than the other's, which has a
#: turn to answer it first (step aside, battle the runner, or stand a fighter on the flag)
SMALL_SOLDIERS_FIT = {
    "board": 0.35,  # each fighter on the board more than the enemy
    "near": 0.05,  # each space nearer the enemy flag than the enemy's nearest to its flag
    "reach": 2.1,  # the seat on turn's chance of a spin that carries a fighter onto the enemy flag
    "reached": -0.8,  # the other's chance of the same at its next spin
    "bonus": 0.2,  # each point of Weapon and Armor under the fighters on the board
    "vehicle": 0.1,  # each space of Vehicle cards
}


def _small_soldiers(system: RuleSystem, state: State, seats: list[str]) -> dict[str, float]:
    """The chance that each army wins, by :data:`SMALL_SOLDIERS_FIT`: fighters on the board, how
    near the nearest is to the enemy flag, the chance of a spin that carries it there (none while
    a fighter stands on that space: a move never ends on an occupied space, Step 3), and the
    cards under them. A game over is a win 1 and a loss 0."""
    out = system.outcome(state)
    if out is not None:
        return rewards(system, state, seats, {}, 1.0)
    armies = state["data"]["map"]["armies"]
    from app.systems.small_soldiers.model import army_of

    features = {army: army_features(state, army) for army in armies}
    on_turn = (state.get("turn") or {}).get("army")
    w = SMALL_SOLDIERS_FIT
    chance: dict[str, float] = {}
    for army, mine in features.items():
        theirs = next(f for a, f in features.items() if a != army)
        lead = (
            w["board"] * (mine["board"] - theirs["board"])
            + w["near"] * (theirs["near"] - mine["near"])
            + w["bonus"] * (mine["bonus"] - theirs["bonus"])
            + w["vehicle"] * (mine["vehicle"] - theirs["vehicle"])
        )
        if on_turn == army:
            lead += w["reach"] * mine["reach"] + w["reached"] * theirs["reach"]
        elif on_turn is not None:
            lead -= w["reach"] * theirs["reach"] + w["reached"] * mine["reach"]
        chance[army] = 1.0 / (1.0 + math.exp(-lead))
    return {s: chance.get(army_of(s), 0.5) for s in seats}


def army_features(state: State, army: str) -> dict[str, float]:
    """What :data:`SMALL_SOLDIERS_FIT` weighs for ``army``."""
    armies = state["data"]["map"]["armies"]
    segments = state["data"]["spinner"]["segments"]
    spins = [s.get("value", 0) for s in segments if s.get("kind") == "move"]
    taken = {tuple(f["pos"]) for f in state["fighters"].values() if f["pos"] is not None}
    mine = [f for f in state["fighters"].values() if f["army"] == army and f["pos"] is not None]
    flag = next(tuple(a["flag"]) for name, a in armies.items() if name != army)

    def card(f: dict[str, Any], *kinds: str) -> int:
        c = f.get("card")
        return int(c["bonus"]) if c and c["type"] in kinds else 0

    reach = 0.0
    if flag not in taken:
        for f in mine:
            away = _hex_distance(f["pos"], flag)
            reach = max(reach, sum(1 for v in spins if v + card(f, "vehicle") >= away) / max(1, len(segments)))
    return {
        "board": len(mine),
        "near": min((_hex_distance(f["pos"], flag) for f in mine), default=20),
        "reach": reach,
        "bonus": sum(card(f, "weapon", "armor") for f in mine),
        "vehicle": sum(card(f, "vehicle") for f in mine),
    }


def _srbr(system: RuleSystem, state: State, seats: list[str]) -> dict[str, float]:
    """Mechas still in the game, and the share of each one's parts left undamaged."""
    from app.systems.srbr.pieces import destroyed_at

    limit = max(1, destroyed_at(state))
    worth = dict.fromkeys(seats, 0.0)
    for m in state["mechas"].values():
        if m.get("out") is None and m["owner"] in worth and m["parts"]:
            health = sum(1 - min(p["damage"], limit) / limit for p in m["parts"]) / len(m["parts"])
            worth[m["owner"]] += 1 + 2 * health
    return rewards(system, state, seats, worth, 1.5)


def _gkr(system: RuleSystem, state: State, seats: list[str]) -> dict[str, float]:
    """Buildings demolished and tags on those standing, Heavy Hitter damage taken, support units'
    HP, and how far the Heavy Hitter stands from the nearest standing building (a unit tags
    only a building next to it)."""
    worth: dict[str, float] = {}
    standing = [(b["q"], b["r"]) for b in state["buildings"].values() if not b["demolished"]]
    for s in seats:
        p = state["players"][s]
        tags = sum(b["tags"].get(s, 0) for b in state["buildings"].values() if not b["demolished"])
        hp = sum(u.get("hp", 0) for u in state["units"].values() if u["owner"] == s and u.get("on_board"))
        heavy = state["units"].get(f"{s}:heavy")
        far = 0
        if heavy is not None and heavy.get("on_board") and standing:
            far = max(0, min(_hex_distance((heavy["q"], heavy["r"]), b) for b in standing) - 1)
        worth[s] = (
            4 * p["demolished"] + 0.5 * tags - 0.4 * len(p["damage"]) + hp - 0.3 * far - (30 if p["eliminated"] else 0)
        )
    return rewards(system, state, seats, worth, 4.0)


def _hgb(system: RuleSystem, state: State, seats: list[str]) -> dict[str, float]:
    """Models still fighting, each by the share of its damage boxes not crossed."""
    worth = dict.fromkeys(seats, 0.0)
    for m in state["models"].values():
        if m["status"] == "active" and m["seat"] in worth:
            boxes = max(1, len(m["card"]["boxes"]))
            worth[m["seat"]] += 1 + 1 - min(m.get("crossed", 0), boxes) / boxes
    return rewards(system, state, seats, worth, 1.5)


EVALUATIONS: dict[str, Callable[[RuleSystem, State, list[str]], dict[str, float]]] = {
    "small-soldiers": _small_soldiers,
    "srbr": _srbr,
    "gkr": _gkr,
    "hgb": _hgb,
}
