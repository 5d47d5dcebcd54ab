"""One conformance suite for every rule system: the same skeleton, the same names, the same refusals.

Parametrised over every shipped system (``app.systems.SYSTEMS``):

- the names: ``setup.setup``, ``options.Options``, a ``turns`` module whose ``PHASES`` are the
  system's ``phases``, one handler per action kind, every kind allowed in some phase (or any time);
- one handler shape: every system runs the base's ``apply``, ``dispatch``, ``view`` and
  ``outcome`` (no override), and every handler is ``(state, seat, action, dice) -> (state, events)``;
- the guard list (``RuleSystem.guard``), in order: acting after the game is over is refused with
  ``game_over``; a seat not on turn with ``not_your_turn``; a kind the phase does not allow with
  ``wrong_phase``; the host sending a seat's action with ``not_a_ruling``;
- the outcome key: every view carries ``outcome``, None while the game goes on and the winners and
  the reason once it is over (equal to ``outcome()``); a finished game's state keeps its result under
  one key, ``result``;
- the view: ``view()`` returns a ``BoardView``: its keys (``board``, ``pieces``, ``turn`` with
  ``active``, ``outcome`` last) with their types, for every viewer along a game;
- legal actions: from seeded starting states, and along a few random listed steps, every action
  ``legal_actions`` lists for a seat is accepted by ``apply`` (``tests/systems/legal_check.py``);
  ``apply`` never changes the state it is given.
"""

from __future__ import annotations

import copy
import functools
import importlib
import inspect
import random
import typing
from typing import Any

import orjson
import pytest
from pydantic import TypeAdapter

from app.core.dice import Dice
from app.core.errors import WarboardError
from app.core.events import Event
from app.systems import SYSTEMS, registry
from app.systems.base import HOST_SEAT, OUTCOME_KEY, RESULT_KEY, RuleSystem
from app.systems.views import BoardView, Scene, TurnView
from tests.systems.legal_check import check_game

#: system id -> (package, table options for a quick game)
CASES: dict[str, tuple[str, dict[str, Any]]] = {
    "sandbox": ("sandbox", {}),
    "gkr": ("gkr", {"players": 2}),
    "hgb": ("hgb", {}),
    "small-soldiers": ("small_soldiers", {}),
    "srbr": ("srbr", {}),
}
IDS = list(CASES)


def test_every_shipped_system_is_in_the_suite() -> None:
    shipped = {module.rsplit(".", 1)[1] for module, _ in SYSTEMS}
    assert shipped == {package for package, _ in CASES.values()}
    assert set(registry.systems) == set(CASES)


def system_of(system_id: str) -> RuleSystem:
    system = registry.get(system_id)
    assert system is not None
    return system


def kinds_of(system: RuleSystem) -> set[str]:
    schema = TypeAdapter(system.action_type).json_schema()
    return set(schema["discriminator"]["mapping"])


def start(system_id: str, seed: str = "conformance") -> tuple[RuleSystem, dict[str, Any], dict[str, Any], Dice]:
    system = system_of(system_id)
    options = system.validate_options(CASES[system_id][1])
    dice = Dice(seed)
    return system, options, system.setup(options, dice), dice


def walk(system_id: str, seed: int, steps: int) -> list[dict[str, Any]]:
    """(Shared between tests: ``apply`` never changes a state in place, which a test checks.)"""
    return list(_walk(system_id, seed, steps))


@functools.cache
def _walk(system_id: str, seed: int, steps: int) -> tuple[dict[str, Any], ...]:
    """The starting state and the states after up to ``steps`` random listed (non-ending) actions
    (half the time ``ready`` when a seat may say it, so that setup phases end)."""
    system, options, state, dice = start(system_id, f"walk-{seed}")
    rng = random.Random(seed)
    states = [state]
    for _ in range(steps):
        if system.outcome(state) is not None:
            break
        pool = [
            (seat, action)
            for seat in system.seats(options)
            for action in system.legal_actions(state, seat)
            if action["kind"] not in ("concede", "agree_end", "declare_result")
        ]
        ready = [(seat, action) for seat, action in pool if action["kind"] == "ready"]
        seat, action = rng.choice(ready if ready and rng.random() < 0.5 else pool)  # on to play
        state, _ = system.apply(state, seat, system.parse_action(action), dice)
        states.append(state)
    return tuple(states)


def refusal(system: RuleSystem, state: dict[str, Any], seat: str, action: dict[str, Any]) -> str:
    with pytest.raises(WarboardError) as err:
        system.apply(state, seat, system.parse_action(action), Dice("refused"))
    return err.value.code


# --- the names --------------------------------------------------------------------------------


@pytest.mark.parametrize("system_id", IDS)
def test_the_same_names_in_every_system(system_id: str) -> None:
    system = system_of(system_id)
    package = f"app.systems.{CASES[system_id][0]}"
    setup = importlib.import_module(f"{package}.setup")
    options = importlib.import_module(f"{package}.options")
    turns = importlib.import_module(f"{package}.turns")
    assert callable(setup.setup)
    assert options.Options is system.options_model
    assert system.phases == turns.PHASES and system.phases
    # the module's setup is the system's: the same state from the same options and dice
    opts = system.validate_options(CASES[system_id][1])
    assert setup.setup(opts, Dice("same")) == system.setup(opts, Dice("same"))


@pytest.mark.parametrize("system_id", IDS)
def test_one_handler_per_kind_and_every_kind_has_a_phase(system_id: str) -> None:
    system = system_of(system_id)
    kinds = kinds_of(system) - system.rulings
    assert set(system.handlers) == kinds
    placed = set().union(*system.phases.values(), system.anytime)
    assert kinds <= placed, f"kinds allowed in no phase: {sorted(kinds - placed)}"
    assert placed <= kinds, f"phases name unknown kinds: {sorted(placed - kinds)}"
    assert system.out_of_turn <= placed


# --- one handler shape ----------------------------------------------------------------------


@pytest.mark.parametrize("system_id", IDS)
def test_every_system_runs_the_base_steps(system_id: str) -> None:
    """The base's apply (guards), dispatch (copy_state, handler, settle), view and outcome: a game
    supplies hooks, never its own step."""
    system = system_of(system_id)
    for name in ("apply", "guard", "dispatch", "view", "outcome", "outcome_view"):
        assert getattr(type(system), name) is getattr(RuleSystem, name), f"{system_id} overrides {name}"
    assert system.queries <= set(system.handlers)  # kinds handed the state itself, uncopied


@pytest.mark.parametrize("system_id", IDS)
def test_every_handler_has_the_one_signature(system_id: str) -> None:
    """``(state, seat, action, dice) -> (state, events)``: four positional parameters; where the
    handler is annotated, a Dice last and a (state, events) pair back."""
    system = system_of(system_id)
    for kind, handler in system.handlers.items():
        params = list(inspect.signature(handler).parameters.values())
        assert len(params) == 4, (kind, params)
        assert all(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty for p in params)
        hints = typing.get_type_hints(handler)
        if hints:
            assert hints[params[0].name] == dict[str, Any] and hints[params[1].name] is str, kind
            assert hints[params[3].name] is Dice, kind
            assert hints["return"] == tuple[dict[str, Any], list[Event]], kind


@pytest.mark.parametrize("system_id", IDS)
def test_every_handler_returns_a_state_and_events(system_id: str) -> None:
    system, options, _, _ = start(system_id)
    seen: set[str] = set()
    for state in walk(system_id, 6, 20):
        for seat in system.seats(options):
            for action in system.legal_actions(state, seat)[:4]:
                parsed = system.parse_action(action)
                if parsed.kind in seen or seat == HOST_SEAT:
                    continue
                system.guard(state, seat, parsed.kind)
                new, events = system.handlers[parsed.kind](system.copy_state(state), seat, parsed, Dice("shape"))
                assert isinstance(new, dict) and isinstance(events, list), parsed.kind
                assert all(isinstance(e, dict) and isinstance(e.get("kind"), str) for e in events), parsed.kind
                seen.add(parsed.kind)
    assert seen


# --- the guard list ---------------------------------------------------------------------------


def finished(system_id: str) -> dict[str, Any]:
    """A game that is over, ended by the system's own rules."""
    system, options, state, dice = start(system_id)
    seats = system.seats(options)
    if system_id in ("hgb", "srbr"):
        state, _ = system.apply(state, seats[1], system.parse_action({"kind": "concede"}), dice)
    elif system_id == "gkr":
        from app.systems.gkr.damage import check_victory

        for seat in seats[1:]:
            state["players"][seat]["eliminated"] = True
        check_victory(state, [])
    elif system_id == "small-soldiers":
        from app.systems.small_soldiers.turns import win

        win(state, "gorgonites", "flag_captured")
    else:
        pytest.skip(f"{system_id} never ends")
    assert system.outcome(state) is not None
    return state


def examples(system_id: str) -> dict[str, dict[str, Any]]:
    return copy.deepcopy(_examples(system_id))


@functools.cache
def _examples(system_id: str) -> dict[str, dict[str, Any]]:
    """One listed action of each kind seen along a few random games."""
    system, options, _, _ = start(system_id)
    seen: dict[str, dict[str, Any]] = {}
    for seed in (1, 2):
        for state in walk(system_id, seed, 40):
            for seat in system.seats(options):
                for action in system.legal_actions(state, seat):
                    seen.setdefault(action["kind"], action)
    return seen


@pytest.mark.parametrize("system_id", IDS)
def test_acting_after_the_game_is_over_is_refused_with_game_over(system_id: str) -> None:
    system = system_of(system_id)
    state = finished(system_id)
    options = system.validate_options(CASES[system_id][1])
    sent = 0
    for kind, action in examples(system_id).items():
        for seat in system.seats(options):
            assert refusal(system, state, seat, action) == "game_over", (kind, seat)
            sent += 1
    assert sent


@pytest.mark.parametrize("system_id", IDS)
def test_a_seat_not_on_turn_is_refused_with_not_your_turn(system_id: str) -> None:
    system = system_of(system_id)
    options = system.validate_options(CASES[system_id][1])
    if system.active_seats(system.setup(options, Dice("x"))) is None:
        pytest.skip(f"{system_id} has no turn order: every seat may always act")
    tried = 0
    for state in walk(system_id, 3, 30):
        active = system.active_seats(state) or []
        idle = [s for s in system.seats(options) if s not in active]
        if not active or not idle or system.hold(state) is not None:
            continue
        for action in system.legal_actions(state, active[0]):
            if action["kind"] in system.anytime | system.out_of_turn:
                continue
            for seat in idle:
                assert refusal(system, state, seat, action) == "not_your_turn", (state.get("phase"), seat, action)
                tried += 1
        if tried >= 20:
            break
    assert tried, "no state along the game had a seat off turn"


@pytest.mark.parametrize("system_id", IDS)
def test_a_kind_the_phase_does_not_allow_is_refused_with_wrong_phase(system_id: str) -> None:
    system = system_of(system_id)
    if len(system.phases) < 2:
        pytest.skip(f"{system_id} has one phase that allows every kind")
    options = system.validate_options(CASES[system_id][1])
    sample = examples(system_id)
    tried = 0
    for state in walk(system_id, 4, 30):
        allowed = system.phases.get(system.phase(state), frozenset()) | system.anytime | system.out_of_turn
        for seat in system.active_seats(state) or system.seats(options):
            for kind, action in sample.items():
                if kind in allowed:
                    continue
                assert refusal(system, state, seat, action) == "wrong_phase", (system.phase(state), seat, kind)
                tried += 1
    assert tried, "no kind was ever out of its phase"


@pytest.mark.parametrize("system_id", IDS)
def test_the_host_sends_only_rulings(system_id: str) -> None:
    system, options, state, _ = start(system_id)
    seat = system.seats(options)[0]
    for action in system.legal_actions(state, seat)[:5]:
        assert refusal(system, state, HOST_SEAT, action) == "not_a_ruling"


# --- the outcome key --------------------------------------------------------------------------


@pytest.mark.parametrize("system_id", IDS)
def test_every_view_carries_the_outcome(system_id: str) -> None:
    system, options, state, _ = start(system_id)
    for viewer in [None, *system.seats(options)]:
        assert system.view(state, viewer)[OUTCOME_KEY] is None
    if system_id == "sandbox":
        return
    state = finished(system_id)
    outcome = system.outcome(state)
    assert outcome is not None and isinstance(outcome.winners, list) and outcome.reason
    for viewer in [None, *system.seats(options)]:
        assert system.view(state, viewer)[OUTCOME_KEY] == {"winners": outcome.winners, "reason": outcome.reason}


@pytest.mark.parametrize("system_id", IDS)
def test_a_finished_game_keeps_its_result_under_one_key(system_id: str) -> None:
    system, _, state, _ = start(system_id)
    if system_id == "sandbox":
        assert system.outcome(state) is None and RESULT_KEY not in state  # a free board never ends
        return
    assert state[RESULT_KEY] is None and "winner" not in state
    state = finished(system_id)
    result, outcome = state[RESULT_KEY], system.outcome(state)
    assert "winner" not in state and outcome is not None
    # the outcome says the state's reason in the game's words (``reason_names``), if it has them
    assert result["winners"] == outcome.winners
    assert outcome.reason == system.reason_names.get(result["reason"], result["reason"])


def check_board_view(view: dict[str, Any], system: RuleSystem, state: dict[str, Any]) -> None:
    """``view`` is a ``BoardView``: its keys, the outcome last, and their types."""
    assert set(BoardView.__required_keys__) <= set(view), sorted(set(BoardView.__required_keys__) - set(view))
    assert list(view)[-1] == OUTCOME_KEY
    assert isinstance(view["board"], dict) and isinstance(view["pieces"], list)
    assert all(isinstance(p, dict) for p in view["pieces"])
    turn = view["turn"]
    assert set(TurnView.__required_keys__) <= set(turn)
    assert isinstance(turn["active"], list) and all(isinstance(s, str) for s in turn["active"])
    assert isinstance(turn.get("phase", ""), str) and isinstance(turn.get("round", 0), int)
    outcome = system.outcome(state)
    assert view[OUTCOME_KEY] == (None if outcome is None else {"winners": outcome.winners, "reason": outcome.reason})


@pytest.mark.parametrize("system_id", IDS)
def test_every_view_is_a_board_view(system_id: str) -> None:
    system, options, _, _ = start(system_id)
    assert typing.get_type_hints(type(system).view)["return"] is BoardView
    render = typing.get_type_hints(type(system).render)["return"]
    assert render is Scene, f"{system_id}.render returns {render}"
    states = walk(system_id, 7, 20)
    if system_id != "sandbox":
        states = [*states, finished(system_id)]
    for state in states:
        for viewer in [None, *system.seats(options)]:
            check_board_view(dict(system.view(state, viewer)), system, state)


@pytest.mark.parametrize("system_id", IDS)
def test_apply_never_changes_the_state_it_is_given(system_id: str) -> None:
    system, options, _, _ = start(system_id)
    rng = random.Random(5)
    for state in walk(system_id, 5, 20)[::4]:
        before = orjson.dumps(state)
        for seat in system.seats(options):
            listed = system.legal_actions(state, seat)
            for action in rng.sample(listed, min(3, len(listed))):
                system.apply(state, seat, system.parse_action(action), Dice("copy"))
                assert orjson.dumps(state) == before, (seat, action)


# --- legal actions are accepted -----------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("system_id", IDS)
def test_listed_legal_actions_are_accepted_by_apply(system_id: str, seed: int) -> None:
    kinds = check_game(system_id, CASES[system_id][1], seed, steps=12, sample=10)
    assert kinds
