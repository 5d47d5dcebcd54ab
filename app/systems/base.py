"""The rule-system interface every game implements.

A rule system is pure: it imports only ``app.core`` and ``app.geometry`` and never touches
the database, the network or the clock. The session calls it like this::

    options = system.validate_options(raw_options)          # raises BadOptions
    state = system.setup(options, dice)                      # JSON-able dict
    action = system.parse_action(raw_action)                 # raises MalformedAction
    new_state, events = system.apply(state, seat, action, dice)   # raises IllegalAction...
    view = system.view(new_state, seat_or_None)              # what that viewer may see
    result = system.outcome(new_state)                       # None while the game goes on

``state`` is never mutated in place: ``apply`` returns a new one (copy what you change).
Randomness comes only from ``dice`` (``app.core.dice.Dice``). Events are dicts with a ``kind``;
hidden information is marked per ``app.core.events``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

import orjson
from pydantic import BaseModel, TypeAdapter, ValidationError

from app.core.dice import Dice
from app.core.errors import BadOptions, MalformedAction, UnknownAction
from app.core.events import Event, redact

State = dict[str, Any]
Board = Literal["hex", "tabletop"]

#: The seat name under which the table's host acts in ``apply`` (``POST .../ruling``): a host
#: ruling, such as settling a disputed manual record. Systems refuse every other kind from it.
HOST_SEAT = "@host"


@dataclass(frozen=True)
class Helper:
    """A stateless rule endpoint: ``POST /api/rules/{system}/{name}``."""

    name: str
    request: type[BaseModel]
    response: type[BaseModel]
    run: Callable[[Any], BaseModel]
    summary: str = ""


@dataclass(frozen=True)
class Outcome:
    winners: list[str]
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"winners": self.winners, "reason": self.reason}


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

    _adapter: ClassVar[TypeAdapter[Any] | None] = None

    # --- description -------------------------------------------------------------------
    def seats(self, options: dict[str, Any]) -> list[str]:
        raise NotImplementedError

    def board_for(self, options: dict[str, Any]) -> Board:
        return self.board

    def describe(self) -> dict[str, Any]:
        defaults = self.options_model().model_dump(mode="json")
        return {
            "id": self.id,
            "name": self.name,
            "aliases": list(self.aliases),
            "board": self.board,
            "seats": self.seats(defaults),
            "options": self.options_model.model_json_schema(),
            "helpers": [h.name for h in self.helpers],
        }

    # --- input -------------------------------------------------------------------------
    def validate_options(self, raw: dict[str, Any] | None) -> dict[str, Any]:
        try:
            return self.options_model.model_validate(raw or {}).model_dump(mode="json")
        except ValidationError as exc:
            raise BadOptions(f"Bad table options: {_first_error(exc)}") from None

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
                raise UnknownAction(f"Unknown action kind {raw['kind']!r} for {self.id}") from None
            raise MalformedAction(f"Bad action {raw['kind']!r}: {_first_error(exc)}") from None

    # --- the game ----------------------------------------------------------------------
    def setup(self, options: dict[str, Any], dice: Dice) -> State:
        raise NotImplementedError

    def apply(self, state: State, seat: str, action: Any, dice: Dice) -> tuple[State, list[Event]]:
        raise NotImplementedError

    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        """What ``viewer`` (a seat, or None for spectators) may see. Default: everything."""
        return state

    def redact_event(self, event: Event, viewer: str | None) -> Event:
        return redact(event, viewer)

    def outcome(self, state: State) -> Outcome | None:
        return None

    def legal_actions(self, state: State, seat: str) -> list[dict[str, Any]]:
        """A (possibly partial) list of actions ``seat`` may take now, for clients and bots."""
        return []


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or "body"
    return f"{where}: {err['msg']}"


@dataclass
class Registry:
    systems: dict[str, RuleSystem] = field(default_factory=dict)
    _by_alias: dict[str, str] = field(default_factory=dict)

    def register(self, system: RuleSystem) -> None:
        self.systems[system.id] = system
        for alias in system.aliases:
            self._by_alias[alias] = system.id

    def get(self, name: str) -> RuleSystem | None:
        return self.systems.get(self._by_alias.get(name, name))
