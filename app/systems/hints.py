"""Guided games: a hint for the seat at every step, and each game's rules panel.

A hint is plain data the table shows beside the action controls: a short sentence in Warboard's
words, the control to use, and the rulebook section the step follows. Each game has a pure
``hint(view, legal, seat)`` (``app/systems/<game>/hints.py``) from what that seat sees (its own
view, which carries the phase under ``turn``) and its legal actions; it never reads the state, so
a hint can tell nothing the seat's view does not. The rules panel (``handbook``) is each game's
``data/handbook.json``: sections in our words, each naming its rulebook section and the refusal
codes it explains.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypedDict


class Hint(TypedDict):
    #: the step, stable while it lasts ("spin", "activate", "wait")
    step: str
    #: what to do, in Warboard's words
    text: str
    #: the control that does it, as the table labels it ("" when there is none: a wait)
    control: str
    #: the rulebook section the step follows, as players read it ("Rulebook: Setup")
    rulebook: str
    #: the id of the rules panel's section that explains it
    section: str
    #: whether the seat is to act (False: it waits for another seat)
    yours: bool


class Section(TypedDict):
    id: str
    title: str
    rulebook: str
    text: str
    codes: list[str]


def hint(step: str, text: str, control: str, rulebook: str, section: str, *, yours: bool = True) -> Hint:
    """A hint; ``rulebook`` is the section's name, read as "Rulebook: <name>"."""
    return {
        "step": step,
        "text": text,
        "control": control,
        "rulebook": f"Rulebook: {rulebook}",
        "section": section,
        "yours": yours,
    }


def kinds(legal: Iterable[Mapping[str, Any]]) -> set[str]:
    """The action kinds among ``legal`` (the seat's legal actions)."""
    return {str(a.get("kind")) for a in legal}


def phase_of(view: Mapping[str, Any]) -> str:
    """The phase a view shows (every game's view has ``turn.phase``)."""
    return str((view.get("turn") or {}).get("phase") or "")


def is_active(view: Mapping[str, Any], seat: str) -> bool:
    """Whether the view shows ``seat`` among the seats to act now (``turn.active``)."""
    return seat in ((view.get("turn") or {}).get("active") or [])


def waiting(others: str, what: str, rulebook: str, section: str) -> Hint:
    """The hint while another seat acts: who it waits for and what happens meanwhile."""
    return hint("wait", f"Waiting for {others}: {what}", "", rulebook, section, yours=False)
