"""The strong level (``app.bots.search``): it chooses among its seat's legal actions, from the
games its seat's ``seal`` deals and dice of its own, so two tables that differ only in what the
seat may not see get the same decision (the twins of the leak suite, ``tests.leaks.twins``)."""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest

from app.bots import local, policy, search
from app.core.dice import Dice
from app.systems import registry
from app.systems.base import world_order
from tests.leaks.twins import twin

#: a decision that does not depend on the machine's speed: a fixed number of iterations
FIXED = search.Budget(seconds=None, iterations=24)


def _game(system_id: str, options: dict[str, Any], steps: int, seed: str) -> tuple[dict[str, Any], str]:
    """A seeded game of easy bots, ``steps`` actions in, at a point where a seat has choices;
    the state and that seat."""
    system = registry.get(system_id)
    assert system is not None
    opts = system.validate_options(options)
    seats, dice = system.seats(opts), Dice(seed)
    state, n = system.setup(opts, dice), 0
    while system.outcome(state) is None:
        for seat in seats:
            legal = system.legal_actions(state, seat)
            view = dict(system.view(state, seat))
            if n >= steps and len(policy.shortlist(view, legal, 5)) > 1:
                return state, seat
            action = policy.choose(view, legal, seed, n, local.helper_odds(view, legal))
            if action is not None:
                state, _ = system.apply(state, seat, system.parse_action(action), dice)
                n += 1
                break
    raise AssertionError("the game ended first")


def test_worlds_0_and_1_are_the_previews_sorted_deals_and_the_others_depend_on_the_world_alone() -> None:
    ids = [f"c{i:02}" for i in range(20)]
    assert world_order(ids, 0) == sorted(ids)
    assert world_order(ids, 1) == sorted(ids, reverse=True)
    shuffled = random.Random(1).sample(ids, len(ids))
    assert world_order(shuffled, 7) == world_order(ids, 7)  # the order in the state tells nothing
    assert world_order(ids, 7) != world_order(ids, 8)
    assert sorted(world_order(ids, 7)) == sorted(ids)


@pytest.mark.parametrize(
    ("system_id", "options", "steps"),
    [("small-soldiers", {"advanced": True}, 12), ("gkr", {"players": 2}, 30), ("srbr", {}, 20)],
)
def test_the_strong_decision_is_the_same_on_states_that_differ_only_in_what_the_seat_may_not_see(
    system_id: str, options: dict[str, Any], steps: int
) -> None:
    system = registry.get(system_id)
    assert system is not None
    state, seat = _game(system_id, options, steps, f"search-{system_id}")
    double = twin(system_id, state, seat, random.Random(5))
    assert system.view(double, seat) == system.view(state, seat), "not a twin"
    if system_id != "srbr":  # a game that hides something: the twin differs
        assert double != state
    for world in range(search.FIRST_WORLD, search.FIRST_WORLD + search.WORLDS):
        assert system.seal(double, seat, world) == system.seal(state, seat, world)
    legal = system.legal_actions(state, seat)
    mine = local.strong_player(system_id, state, seat, legal, "leak", 3, FIXED)
    theirs = local.strong_player(system_id, double, seat, legal, "leak", 3, FIXED)
    assert mine.action == theirs.action and mine.visits == theirs.visits
    assert mine.action in legal
    assert mine.iterations == FIXED.iterations


def test_a_strong_decision_keeps_to_its_cpu_budget_and_reads_ahead() -> None:
    state, seat = _game("small-soldiers", {}, 10, "search-budget")
    system = registry.get("small-soldiers")
    assert system is not None
    legal = system.legal_actions(state, seat)
    thought = local.strong_player("small-soldiers", state, seat, legal, "budget", 1, search.Budget(seconds=0.3))
    assert thought.action in legal
    assert thought.iterations > 1
    assert thought.cpu_seconds < 0.3 + 0.25  # the budget, and at most one iteration past it


def test_a_finished_game_scores_its_winners_one_and_the_others_nothing() -> None:
    system = registry.get("srbr")
    assert system is not None
    state = {**system.setup(system.validate_options({}), Dice("won")), "result": {"winners": ["p1"], "reason": "x"}}
    assert search.EVALUATIONS["srbr"](system, state, ["p1", "p2"]) == {"p1": 1.0, "p2": 0.0}


def test_a_knowledge_answer_of_another_seq_is_not_searched() -> None:
    state, seat = _game("srbr", {}, 20, "search-stale")
    system = registry.get("srbr")
    assert system is not None
    legal = system.legal_actions(state, seat)
    body = orjson.dumps({"seq": 8, "system": "srbr", "seat": seat, "worlds": [state]})
    assert search.think_about(body, legal, "stale", 7, FIXED) == (8, None)
    seq, action = search.think_about(body, legal, "stale", 8, FIXED)
    assert seq == 8 and action in legal


def _guard_position(seed: str) -> tuple[dict[str, Any], str]:
    """A Small Soldiers game where the army on turn has spun a 1, is three fighters behind, an
    enemy fighter stands four spaces from its flag (a spin of 4, one in six, carries him onto it
    next turn) and one of its own fighters stands next to that flag; the state and the seat on turn."""
    system = registry.get("small-soldiers")
    assert system is not None
    opts = system.validate_options({})
    seats, dice = system.seats(opts), Dice(seed)
    state, n = system.setup(opts, dice), 0
    while not (state["phase"] == "spin" and state["turn"]["number"] >= 2):
        for seat in seats:
            action = policy.choose(dict(system.view(state, seat)), system.legal_actions(state, seat), seed, n)
            if action is not None:
                state, _ = system.apply(state, seat, system.parse_action(action), dice)
                n += 1
                break
    army = state["turn"]["army"]
    armies = state["data"]["map"]["armies"]
    flag = tuple(armies[army]["flag"])
    cells = [tuple(c) for c in state["data"]["map"]["cells"]]
    four = [c for c in cells if search._hex_distance(c, flag) == 4]
    one = [c for c in cells if search._hex_distance(c, flag) == 1]
    mine = [f for f in state["fighters"].values() if f["army"] == army]
    theirs = [f for f in state["fighters"].values() if f["army"] != army]
    flags = {tuple(a["flag"]) for a in armies.values()}
    far = iter(c for c in cells if search._hex_distance(c, flag) > 6 and c not in flags)
    for f in mine:  # one beside the flag, two far off, the rest in the Toy Store: three fighters behind
        f["pos"] = list(one[0] if f is mine[0] else next(far)) if f in mine[:3] else None
    for f in theirs:
        f["pos"] = list(four[0] if f is theirs[0] else next(far))
    state["phase"] = "move"
    state["turn"]["spin"] = {"kind": "move", "value": 1}
    return state, state["turn"]["seat"]


def test_a_strong_small_soldiers_player_stands_a_fighter_on_its_own_flag_when_a_spin_would_take_it() -> None:
    """Step 3: "you cannot end your move on an occupied space"; How to Win: "To capture an enemy
    flag, move any one of your fighters onto your opponent's flag space". With a 1 spun and an
    enemy four spaces from its flag, the strong level closes the flag's space with its own
    fighter (the easy level walks toward the enemy). Its score of a game that goes on is a
    forecast of who wins (``bench/calibrate.py``), so three fighters behind is not a lost game
    and a flag an enemy may reach at his next spin weighs more than a step toward the enemy; and
    no candidate is dropped before every one has had 8 rounds, since the spin that decides it
    comes one time in six."""
    system = registry.get("small-soldiers")
    assert system is not None
    state, seat = _guard_position("search-guard")
    flag = state["data"]["map"]["armies"][state["turn"]["army"]]["flag"]
    legal = system.legal_actions(state, seat)
    onto_flag = [a for a in legal if a["kind"] == "move" and [a["q"], a["r"]] == flag]
    assert onto_flag, "no fighter of the army on turn can step onto its flag"
    easy = policy.choose(dict(system.view(state, seat)), legal, "guard", 1)
    assert easy not in onto_flag
    budget = search.Budget(seconds=None, iterations=80)
    thought = local.strong_player("small-soldiers", state, seat, legal, "guard", 1, budget)
    assert thought.action in onto_flag


@pytest.mark.parametrize("options", [{}, {"advanced": True}, {"players": 4}, {"players": 4, "team_mode": "split"}])
def test_the_part_of_a_view_the_strong_level_reads_ranks_every_action_as_the_whole_view_does(
    options: dict[str, Any],
) -> None:
    """The rollouts draw only what the easy level reads (``search.POLICY_VIEWS``): in every
    position of seeded games, the easy level ranks the seat's legal actions the same from it as
    from the seat's whole view, so a rollout plays the easy level's own choices."""
    system = registry.get("small-soldiers")
    assert system is not None
    opts = system.validate_options(options)
    seats = system.seats(opts)
    for game in range(3):
        dice = Dice(f"policy-view-{game}")
        state, n = system.setup(opts, dice), 0
        while system.outcome(state) is None and n < 400:
            acted = False
            for seat in seats:
                legal = system.legal_actions(state, seat)
                if not legal:
                    continue
                whole = dict(system.view(state, seat))
                assert policy.shortlist(search.policy_view(system, state, seat), legal, 200) == policy.shortlist(
                    whole, legal, 200
                )
                action = local.random_player(whole, legal, f"policy-view-{game}", n) if n % 3 else None
                action = action or policy.choose(whole, legal, f"policy-view-{game}", n)
                if action is None:
                    continue
                state, _ = system.apply(state, seat, system.parse_action(action), dice)
                n, acted = n + 1, True
                break
            if not acted:
                break


def _hgb_past_setup(seed: str) -> tuple[dict[str, Any], str, list[dict[str, Any]]]:
    """A seeded HGB game of easy players at its first decision of an activation (after the setup
    and the initiative) among more than one candidate and no attack: the state, the seat and its
    legal list."""
    system = registry.get("hgb")
    assert system is not None
    opts = system.validate_options({})
    seats, dice = system.seats(opts), Dice(seed)
    state = system.setup(opts, dice)
    for _ in range(200):
        seat, action = search.to_act(system, state, seats) or (None, None)
        assert seat is not None and action is not None
        legal = system.legal_actions(state, seat)
        short = policy.shortlist(dict(system.view(state, seat)), legal, 4)
        if state["phase"] == "activation" and len(short) > 1 and all(a["kind"] != "attack" for a in short):
            return state, seat, legal
        state, _ = system.apply(state, seat, system.parse_action(action), dice)
    raise AssertionError("no decision after the setup")


def test_an_hgb_decision_whose_candidates_all_score_alike_stops_early_with_the_easy_levels_choice() -> None:
    """A move before anyone can shoot changes nothing the next action's score shows: after
    ``SETTLE`` rounds of equal scores the search stops and plays the easy level's first, far
    inside its budget."""
    state, seat, legal = _hgb_past_setup("search-settle")
    system = registry.get("hgb")
    assert system is not None
    thought = local.strong_player("hgb", state, seat, legal, "settle", 1, search.Budget(seconds=5.0))
    assert len(thought.visits) > 1, "a decision with candidates to compare"
    assert thought.action == search.easy_choice(system, state, seat)
    assert 0 < thought.iterations <= search.SETTLE["hgb"] * len(thought.visits)
    assert thought.cpu_seconds < 5.0


def test_a_strong_hgb_player_lets_the_game_begin() -> None:
    """Each player picks a force and is ready, then deploys and is ready again. Searched, the
    setup never ended: the strong level redeployed its models again and again (58 times in 60
    actions), or chose a force again, which clears both sides' ready (a strong game ran 3,000
    actions in round 0). It plays the setup as the easy level does, and a strong-against-easy
    game reaches its first round."""
    system = registry.get("hgb")
    assert system is not None
    opts = system.validate_options({})
    seats, dice = system.seats(opts), Dice("search-setup")
    state = system.setup(opts, dice)
    strong = seats[0]
    for _ in range(60):
        if state["round"] >= 1:
            break
        seat, action = search.to_act(system, state, seats) or (None, None)
        assert seat is not None and action is not None
        if seat == strong:
            legal = system.legal_actions(state, seat)
            thought = local.strong_player("hgb", state, seat, legal, "setup", 1, FIXED)
            assert thought.iterations == 0 and thought.action == search.easy_choice(system, state, seat)
            action = thought.action
        state, _ = system.apply(state, seat, system.parse_action(action), dice)
    assert state["round"] >= 1, f"still in the {state['phase']} phase after 60 actions"
