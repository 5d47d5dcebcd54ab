"""The rule-system interface every game implements: one skeleton, the same names in every game.

A rule system is pure: it imports only ``app.core`` and ``app.geometry`` and never touches
the database, the network or the clock. The session calls it like this::

    options = system.validate_options(raw_options)          # raises BadOptions
    state = system.setup(options, dice)                      # JSON-able dict
    action = system.parse_action(raw_action)                 # raises MalformedAction
    new_state, events = system.apply(state, seat, action, dice)   # raises IllegalAction...
    view = system.view(new_state, seat_or_None)              # what that viewer may see
    result = system.outcome(new_state)                       # None while the game goes on

``apply`` runs one guard list for every game (after boardgame.io's master: game over, active
player, move allowed in this phase, then dispatch):

1. the game is over                      -> ``GameOver``      (code ``game_over``)
2. the seat may not act now              -> ``NotYourTurn``   (code ``not_your_turn``; a seat not
   at the table, a host ruling sent by a seat (``not_host``), a game held for the host
   (``on_hold``) are refused here too)
3. the kind is not allowed in this phase -> ``WrongPhase``    (code ``wrong_phase``)
4. ``dispatch``: one handler per action kind (``handlers``), which checks the rest of the rules,
   on the game's copy of the state (``copy_state``); then ``settle`` (the end-of-action checks).

A game declares ``phases`` (phase -> the kinds allowed in it), ``phase(state)``,
``active_seats(state)`` and ``anytime`` (kinds any seated player may send in any phase); it
words the refusals with ``*_error`` hooks and never changes their codes. See README.md.

``state`` is never mutated in place: ``apply`` returns a new one (``dispatch`` hands each
handler its own copy). Every state is read through ``upgrade`` (a stored one may be older than
the code). Randomness comes only from ``dice`` (``app.core.dice.Dice``). Events are dicts with
a ``kind``; hidden information is marked per ``app.core.events``.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Final, Literal, TypeVar

import orjson
from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from app.core.dice import Dice
from app.core.errors import (
    BadOptions,
    Forbidden,
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    UnknownAction,
    WarboardError,
    WrongPhase,
)
from app.core.events import Event, redact
from app.systems import takeback
from app.systems.hints import Hint, Section
from app.systems.limits import check_option_limits
from app.systems.luck import Losses, RandomEvent
from app.systems.views import BoardView, OutcomeView, Scene
from app.systems.words import invalid_words, listed, plain_words, sentence_start, title_words

State = dict[str, Any]
T = TypeVar("T")
Board = Literal["hex", "tabletop"]
#: a handler of one action kind, the one shape of every game: ``(state, seat, action, dice) ->
#: (new state, events)``. ``state`` is the handler's own copy (``copy_state``): it may change it
#: and return it, or build and return a new one.
Handler = Callable[[State, str, Any, Dice], tuple[State, list[Event]]]


class Strict(BaseModel):
    """The one strict pydantic base of every game's actions, options and data files: a field
    the model does not name is refused (``extra="forbid"``). (ruff cannot see that a subclass
    in another file is a pydantic model, whose mutable defaults are copied per instance: those
    lines carry ``# noqa: RUF012``.)"""

    model_config = ConfigDict(extra="forbid")


#: The seat name under which the table's host acts in ``apply`` (``POST .../ruling``): a host
#: ruling, such as settling a disputed manual record. Systems refuse every other kind from it.
HOST_SEAT = "@host"


def world_order(items: Iterable[T], world: int, key: Callable[[T], Any] | None = None) -> list[T]:
    """``items`` in the order world ``world`` of a ``seal`` deals them: sorted (by ``key``),
    ascending in world 0, descending in world 1 (the two worlds of a preview), and in a shuffle
    that only ``world`` seeds in every other world (the worlds a computer player searches).
    Depends only on the set of ``items`` and ``world``, never on their order in the state."""
    out = sorted(items, key=key)  # type: ignore[arg-type,type-var]
    if world == 1:
        out.reverse()
    elif world > 1:
        random.Random(world).shuffle(out)
    return out


@dataclass(frozen=True)
class Helper:
    """A stateless rule endpoint: ``POST /api/rules/{system}/{name}``."""

    name: str
    request: type[BaseModel]
    response: type[BaseModel]
    run: Callable[[Any], BaseModel]
    summary: str = ""
    #: what one call costs from the caller's rules bucket (``WARBOARD_RULES_RATE``), from its
    #: validated request: 1 when None; more for a call whose work grows with its input
    price: Callable[[Any], int] | None = None


@dataclass(frozen=True)
class Outcome:
    winners: list[str]
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"winners": self.winners, "reason": self.reason}


#: the key of the outcome in every game's view: ``{"winners": [...], "reason": ...}`` or None
OUTCOME_KEY: Final = "outcome"
#: the reason of a result when the other seats ran out of time (a clock's ``lose`` rule)
TIME_REASON: Final = "out_of_time"
#: the key of the result in every game's state: None while the game goes on, then set by its
#: rules to ``{"winners": [...], "reason": ...}`` (a game may keep more there: Small Soldiers'
#: winning army and its sentence)
RESULT_KEY: Final = "result"


class RuleSystem:
    """Base class with the shared plumbing; a game overrides the hooks it needs."""

    id: ClassVar[str]
    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    board: ClassVar[Board] = "tabletop"
    #: pydantic type of the actions: usually ``Annotated[A | B | ..., Field(discriminator="kind")]``
    action_type: ClassVar[Any]
    #: pydantic model of the table options (defaults for every field)
    options_model: ClassVar[type[BaseModel]]
    helpers: ClassVar[tuple[Helper, ...]] = ()
    #: Event kinds a preview may show the acting seat (see ``app.projection``): only kinds whose
    #: content follows from what that seat already sees (a path, MP left, range, arc, cover).
    #: Every other kind, and every private event, is left out of previews.
    previewable: ClassVar[frozenset[str]] = frozenset()
    #: Action kinds the host may apply as ``HOST_SEAT`` (``POST .../ruling``), e.g. settling a
    #: disputed record. The session refuses every other kind from the host.
    rulings: ClassVar[frozenset[str]] = frozenset()

    #: The phases in play order: each phase's name -> the action kinds allowed in it (guard 3).
    #: ``phase(state)`` names the current one. A game without phases has one, ``"play"``.
    phases: ClassVar[Mapping[str, frozenset[str]]] = {}
    #: Kinds any seated player may send in any phase while the game goes on (conceding,
    #: recording a result, disputing a record): guards 2 and 3 do not ask whose turn it is.
    anytime: ClassVar[frozenset[str]] = frozenset()
    #: Kinds a seated player may send when it is not their turn, in the phases that allow them
    #: (e.g. aiming, a what-if that changes nothing).
    out_of_turn: ClassVar[frozenset[str]] = frozenset()
    #: One handler per action kind (``dispatch``); every kind of ``action_type`` has one.
    handlers: ClassVar[Mapping[str, Handler]] = {}
    #: Kinds that only ask (HGB's ``aim``): their handler reads the state and changes nothing,
    #: so ``dispatch`` hands it the state itself rather than a copy.
    queries: ClassVar[frozenset[str]] = frozenset()
    #: Action kinds in words, as a refusal names them ("roll_opening" -> "roll the opening");
    #: a kind not listed reads as its words (``kind_words``). Phases the same (``phase_words``),
    #: and the reasons a game ends, as ``outcome`` gives them (the state keeps the code).
    kind_names: ClassVar[Mapping[str, str]] = {}
    phase_names: ClassVar[Mapping[str, str]] = {}
    reason_names: ClassVar[Mapping[str, str]] = {}

    #: Event kinds that reveal nothing (no die, no card, no hidden choice): a seat may take
    #: back an action that made only these (``reveals``, ``takeback_window``)
    quiet_events: ClassVar[frozenset[str]] = frozenset()

    #: The options of a guided first game ("Learn to play" in the lobby: a short set-up against
    #: a computer player, with a hint at every step); None: the game offers none.
    learn_options: ClassVar[dict[str, Any] | None] = None
    #: Where the log starts a round or a turn (the replay's list of turns, ``app.systems.turn_list``):
    #: an event kind -> (the event's field holding the round's number, or the number itself; the
    #: field naming the seat whose turn starts, or None when only a round starts and its turns go
    #: with the acting seat)
    turn_marks: ClassVar[Mapping[str, tuple[str | int, str | None]]] = {}

    _adapter: ClassVar[TypeAdapter[Any] | None] = None

    # --- description -------------------------------------------------------------------
    def seats(self, options: dict[str, Any]) -> list[str]:
        raise NotImplementedError

    def board_for(self, options: dict[str, Any]) -> Board:
        return self.board

    def seat_label(self, seat: str, options: Mapping[str, Any] | None = None) -> str:
        """A seat as players read it (the seat list, headers, log lines, refusals): by default
        its id in words ("north" -> "North", "peace_river" -> "Peace River"); a game whose seat
        ids are not words overrides it (HGB's factions, the sandbox's "Player 1")."""
        return title_words(seat)

    def seat_labels(self, options: Mapping[str, Any] | None = None) -> dict[str, str]:
        """Every seat of a table with these options -> its label."""
        return {s: self.seat_label(s, options) for s in self.seats(dict(options or {}))}

    def kind_words(self, kind: str) -> str:
        """An action kind as a refusal names it: ``kind_names``, else its words ("roll opening")."""
        return self.kind_names.get(kind) or plain_words(kind)

    def phase_words(self, phase: str) -> str:
        """A phase as a refusal names it: ``phase_names``, else its words."""
        return self.phase_names.get(phase) or plain_words(phase)

    def describe(self) -> dict[str, Any]:
        defaults = self.options_model().model_dump(mode="json")
        return {
            "id": self.id,
            "name": self.name,
            "aliases": list(self.aliases),
            "board": self.board,
            "seats": self.seats(defaults),
            "seat_labels": self.seat_labels(defaults),
            "options": self.options_model.model_json_schema(),
            "helpers": [h.name for h in self.helpers],
            "guided": self.learn_options is not None,
        }

    # --- input -------------------------------------------------------------------------
    def validate_options(self, raw: dict[str, Any] | None) -> dict[str, Any]:
        """The options model's reading of ``raw``, after the limits every game's options keep
        (``check_option_limits``). Raises ``BadOptions``."""
        check_option_limits(raw or {})
        try:
            return self.options_model.model_validate(raw or {}).model_dump(mode="json")
        except ValidationError as exc:
            raise BadOptions(f"Bad table options: {invalid_words('', exc.errors()[0], 0)}") from None

    def parse_action(self, raw: Any) -> Any:
        """Validate a raw action dict into the system's action model."""
        cls = type(self)
        if cls._adapter is None:
            cls._adapter = TypeAdapter(self.action_type)
        if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str):
            raise MalformedAction("An action must be an object with a string 'kind'")
        try:
            # strict, as JSON: no booleans for integers, no strings for numbers (arrays still
            # fill tuples, strings still fill enums)
            return cls._adapter.validate_json(orjson.dumps(raw), strict=True)
        except orjson.JSONEncodeError:
            raise MalformedAction("An action must be plain JSON") from None
        except ValidationError as exc:
            if any(
                e["type"] in ("union_tag_invalid", "literal_error") and e["loc"][:1] in ((), ("kind",))
                for e in exc.errors()
            ):
                raise UnknownAction(f"{self.name} has no action “{plain_words(raw['kind'])[:40]}”") from None
            raise MalformedAction(invalid_words(self.kind_words(raw["kind"]), exc.errors()[0])) from None

    # --- the game ----------------------------------------------------------------------
    def setup(self, options: dict[str, Any], dice: Dice) -> State:
        raise NotImplementedError

    def apply(self, state: State, seat: str, action: Any, dice: Dice) -> tuple[State, list[Event]]:
        """The guard list, then the handler of the action's kind, on the state read through
        ``upgrade``. The host (``HOST_SEAT``) may send only ``rulings``, which skip the guard
        list (``rule``)."""
        kind: str = action.kind
        state = self.upgrade(state)
        if seat == HOST_SEAT:
            if kind not in self.rulings:
                raise IllegalAction(
                    f"The host only rules on disputes here: {self.kind_words(kind)} is not a ruling",
                    code="not_a_ruling",
                )
            return self.rule(state, action, dice)
        self.guard(state, seat, kind)
        return self.dispatch(state, seat, action, dice)

    def guard(self, state: State, seat: str, kind: str) -> None:
        """Raise unless ``seat`` may send an action of ``kind`` now: the game goes on, the seat
        may act now, the kind is allowed in this phase (in that order, in every game)."""
        if self.outcome(state) is not None:
            raise self.game_over_error(state)
        self.check_seat(state, seat, kind)
        if kind not in self.anytime and kind not in self.phases.get(self.phase(state), frozenset()):
            raise self.wrong_phase_error(state, seat, kind)

    def check_seat(self, state: State, seat: str, kind: str) -> None:
        """Guard 2, may ``seat`` act now: seated, not sending a host ruling, the game not held
        for the host, and (unless ``kind`` is ``anytime`` or ``out_of_turn``) an active seat."""
        if not self.is_seated(state, seat):
            raise self.not_seated_error(state, seat)
        if kind in self.rulings:
            raise Forbidden("Only the table's host rules on a dispute", code="not_host")
        hold = self.hold(state)
        if hold is not None:
            raise IllegalAction(hold, code="on_hold")
        if kind in self.anytime or kind in self.out_of_turn:
            return
        active = self.active_seats(state)
        if active is not None and seat not in active:
            raise self.not_your_turn_error(state, seat, kind)

    def dispatch(self, state: State, seat: str, action: Any, dice: Dice) -> tuple[State, list[Event]]:
        """The one step of every action in every game: the handler of ``action.kind`` on a copy
        of the state (``copy_state``; the state itself for ``queries``), then the end-of-action
        checks (``settle``)."""
        work = state if action.kind in self.queries else self.copy_state(state)
        new, events = self.handlers[action.kind](work, seat, action, dice)
        return self.settle(state, new, seat, action, dice, events)

    def copy_state(self, state: State) -> State:
        """The copy of ``state`` a handler may change: a deep copy. A game overrides it to share
        what no action changes (HGB: the rules and the unit cards; Small Soldiers: the data
        files), or to hand the state itself to handlers that build a new one (SRBR, the sandbox)."""
        return copy.deepcopy(state)

    def settle(
        self, before: State, state: State, seat: str, action: Any, dice: Dice, events: list[Event]
    ) -> tuple[State, list[Event]]:
        """The checks after every action's handler, on its new ``state`` (``before``: the state
        it was given): the game is over, a phase with nobody left to act moves on, a record
        opens... The default: none."""
        return state, events

    def rule(self, state: State, action: Any, dice: Dice) -> tuple[State, list[Event]]:
        """A host ruling (a kind in ``rulings``)."""
        raise IllegalAction(
            f"There is nothing for the host to rule on ({self.kind_words(action.kind)})", code="not_a_ruling"
        )

    # --- the phases and the seats (guards 2 and 3) --------------------------------------
    def phase(self, state: State) -> str:
        """The current phase, a key of ``phases``."""
        return "play"

    def active_seats(self, state: State) -> list[str] | None:
        """The seats that may act now; None when every seat may (no turn order)."""
        return None

    def won_on_time(self, state: State, winners: list[str]) -> State:
        """The game ended because the other seats ran out of time (a clock's ``lose`` rule):
        ``winners`` won. A game whose result holds more than winners and reason overrides it."""
        return {**state, RESULT_KEY: {"winners": winners, "reason": TIME_REASON}}

    #: the action kinds that end a seat's turn and that a clock's ``skip`` time-out rule may play
    #: for a seat out of time (empty: the game offers no skip)
    skip_kinds: ClassVar[tuple[str, ...]] = ()

    def skip_action(self, state: State, seat: str) -> dict[str, Any] | None:
        """The action that ends ``seat``'s turn now (one of ``skip_kinds`` it may send), or None."""
        if not self.skip_kinds:
            return None
        return next((a for a in self.legal_actions(state, seat) if a["kind"] in self.skip_kinds), None)

    def is_seated(self, state: State, seat: str) -> bool:
        return True

    def hold(self, state: State) -> str | None:
        """Why the game waits for the host (a disputed record), or None."""
        return None

    # --- the refusals: words per game, the codes are the same everywhere ------------------
    def game_over_error(self, state: State) -> WarboardError:
        return GameOver("The game is over")

    def not_seated_error(self, state: State, seat: str) -> WarboardError:
        return NotYourTurn("You do not play a seat in this game")

    def not_your_turn_error(self, state: State, seat: str, kind: str) -> WarboardError:
        waiting = [self.seat_label(s, state.get("options")) for s in self.active_seats(state) or []]
        return NotYourTurn(f"It is not your turn: waiting for {listed(waiting) or 'nobody'}")

    def wrong_phase_error(self, state: State, seat: str, kind: str) -> WarboardError:
        what = sentence_start(self.kind_words(kind))
        return WrongPhase(f"{what}: not possible now, during the {self.phase_words(self.phase(state))} phase")

    # --- what players see --------------------------------------------------------------
    def view(self, state: State, viewer: str | None) -> BoardView:
        """What ``viewer`` (a seat, or None for spectators) may see: the game's ``render`` with
        the outcome under ``OUTCOME_KEY``."""
        state = self.upgrade(state)
        return {**self.render(state, viewer), OUTCOME_KEY: self.outcome_view(state)}

    def render(self, state: State, viewer: str | None) -> Scene:
        """The game as ``viewer`` may see it (hidden information left out)."""
        raise NotImplementedError

    def outcome_view(self, state: State) -> OutcomeView | None:
        """The value of ``OUTCOME_KEY`` in every view: the winners and the reason, or None."""
        result = self.outcome(state)
        return None if result is None else {"winners": result.winners, "reason": result.reason}

    def seal(self, state: State, viewer: str, world: int) -> State:
        """The game as ``viewer`` may know it, what its previews run on: everything ``view``
        hides from ``viewer`` (other seats' hands and face-down choices, the order and content
        of every deck) replaced by values that depend only on what ``viewer`` sees, dealt one
        of two ways (``world`` 0 or 1), so that a preview can tell whether an action's result
        would depend on what it hides; any other ``world`` (an int >= 2) seeds a deal of its own
        (``world_order``), so a computer player can search many games its seat cannot tell
        apart. Never mutates ``state``. A game whose view hides
        nothing keeps this default: ``state`` itself, in both worlds."""
        return state

    # --- the after-game report -----------------------------------------------------------
    def chances(self, events: list[Event], view: dict[str, Any]) -> list[RandomEvent]:
        """The random events of a finished game, each in its exact distribution, from its
        public log (``events``: the spectator's copy, with ``seq``; ``view``: the spectator's
        view at the end). A game with no dice keeps this default: none."""
        return []

    def losses(self, events: list[Event], view: dict[str, Any]) -> Losses:
        """What each seat lost over a finished game, in the game's own terms (read like
        ``chances``). A game without losses keeps this default: none."""
        return Losses(unit="", major_unit="")

    def redact_event(self, event: Event, viewer: str | None) -> Event:
        return redact(event, viewer)

    def outcome(self, state: State) -> Outcome | None:
        """The result of the game, None while it goes on: the same for every game, read from
        the state (``RESULT_KEY``), which the game's rules set when it ends."""
        result = self.upgrade(state).get(RESULT_KEY)
        return None if result is None else Outcome(list(result["winners"]), self._reason_name(result["reason"]))

    def _reason_name(self, reason: str) -> str:
        if reason == TIME_REASON and reason not in self.reason_names:
            return "out of time"
        return self.reason_names.get(reason, reason)

    # --- the state as stored ------------------------------------------------------------
    def upgrade(self, state: State) -> State:
        """``state`` in today's shape. A stored state (a snapshot: a cache of the log, which
        outlives a release) may have been written before the shape of a game's state changed;
        ``apply``, ``view`` and ``outcome`` read every state through this hook, and so do a
        game's own ``seal`` and ``legal_actions`` where it has an upgrade. Returns ``state``
        itself when it is current, else a new dict; never changes ``state``."""
        return state

    # --- takebacks ------------------------------------------------------------------------
    def reveals(self, event: Event) -> bool:
        """Does ``event`` reveal something random or hidden? Conservative: yes unless its kind
        is in ``quiet_events`` and it is not private."""
        return takeback.reveals_unless_quiet(event, self.quiet_events)

    def takeback_window(self, log: list[takeback.Logged], seat: str) -> takeback.Window:
        """Which of ``seat``'s latest actions in ``log`` it may take back (``app.systems.takeback``)."""
        return takeback.window(log, seat, self.reveals)

    def legal_actions(self, state: State, seat: str) -> list[dict[str, Any]]:
        """A (possibly partial) list of actions ``seat`` may take now, for clients and bots."""
        return []

    # --- guided games (``app.systems.hints``) ---------------------------------------------
    def hint(self, view: dict[str, Any], legal: list[dict[str, Any]], seat: str) -> Hint | None:
        """The guided game's hint for ``seat``, from its own ``view`` and ``legal`` actions only
        (never the state): None when the game has no guide or nothing to say."""
        return None

    def handbook(self) -> list[Section]:
        """The rules panel: the sections of the game package's ``data/handbook.json`` (none
        when it has no such file)."""
        module = sys.modules[type(self).__module__].__file__ or ""
        return _handbook(str(Path(module).parent / "data" / "handbook.json"))


@cache
def _handbook(path: str) -> list[Section]:
    file = Path(path)
    if not file.is_file():
        return []
    sections: list[Section] = json.loads(file.read_text(encoding="utf-8"))["sections"]
    return sections
