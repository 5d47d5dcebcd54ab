"""What every game's view is made of: the types of ``RuleSystem.view`` and ``render``.

``view(state, viewer)`` is the base's for every game: the game's ``render`` (a ``Scene``: the
board, the pieces, the turn, and the keys of its own that it declares in a subclass in its
``view.py``) followed by the outcome (``OUTCOME_KEY``), a ``BoardView``. Clients read these
keys; a test holds every game's views to them (``tests/systems/test_conformance.py``).
"""

from __future__ import annotations

from typing import Any, TypedDict


class OutcomeView(TypedDict):
    """The result of a game as every client reads it: the winning seats (none: a draw) and why."""

    winners: list[str]
    reason: str


class _Turns(TypedDict, total=False):
    # (optional keys live in a total=False base: with postponed annotations, Python 3.11 counts
    # a NotRequired[...] key as required at run time)
    phase: str
    round: int


class TurnView(_Turns):
    """Whose turn it is in a view: the seats that may act now (none: nobody, or no turn order),
    and in a game with turns the phase and the round. A game adds its own keys in a subclass."""

    active: list[str]


class Scene(TypedDict):
    """What a game draws for one viewer (``RuleSystem.render``): the board, the pieces on it and
    the turn. Each game adds its own keys in a subclass (its ``view.py``)."""

    board: dict[str, Any]
    pieces: list[dict[str, Any]]
    turn: TurnView


class BoardView(Scene):
    """What ``RuleSystem.view`` returns, for every game: its scene and, last, the outcome."""

    outcome: OutcomeView | None
