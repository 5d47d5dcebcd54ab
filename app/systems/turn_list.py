"""A game's log as a list of rounds and turns, for the replay's list beside the board (pure).

``turn_list(events, marks, seats)`` walks the spectator's copy of a table's events (each with
its ``seq`` and the acting ``seat``) and cuts it where a round or a turn starts:

* an event whose kind is in the game's ``turn_marks`` (``RuleSystem.turn_marks``) starts a new
  round (its number read from the event, or given: GKR's first round starts with the table) and, when the mark names a seat, that seat's turn;
* inside a round whose mark names no seat (HGB's activations, GKR's phases), and before the
  first mark (setting up, the sandbox's whole game), a new turn starts whenever another seat
  of the game acts.

Each entry is ``{"round", "turn", "seat", "seq_from", "seq_to", "summary"}``: ``round`` is None
before the first round, ``turn`` counts from 1 within its round, ``seat`` is the seat whose turn
it is (None when no seat acted), ``summary`` names what the turn's events were, counted, most
frequent first ("moved ×3, attack resolved, spin").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, TypedDict

from app.core.events import Event
from app.systems.words import plain_words

#: event kinds a summary passes over: the session's own bookkeeping, not a move of the game
QUIET = frozenset({"acted", "table_created"})
SUMMARY_KINDS = 4  # kinds named in a summary, the rest counted as "and N more"


class Turn(TypedDict):
    round: int | None
    turn: int
    seat: str | None
    seq_from: int
    seq_to: int
    summary: str


def turn_list(
    events: Iterable[Event], marks: Mapping[str, tuple[str | int, str | None]], seats: Iterable[str]
) -> list[Turn]:
    """The rounds and turns of ``events`` (oldest first), as the module says."""
    seated = frozenset(seats)
    turns: list[Turn] = []
    kinds: list[Counter[str]] = []
    fixed = False  # the current turn's seat was named by its mark: acting seats do not cut it
    for event in events:
        seq, kind, actor = int(event["seq"]), str(event.get("kind", "")), event.get("seat")
        mark = marks.get(kind)
        if mark is not None:
            rnd, seat = _marked(event, mark, turns)
            number = turns[-1]["turn"] + 1 if turns and turns[-1]["round"] == rnd else 1
            _start(turns, kinds, rnd, number, seat, seq)
            fixed = seat is not None
        elif not turns:
            _start(turns, kinds, None, 1, actor if actor in seated else None, seq)
        elif not fixed and actor in seated and actor != turns[-1]["seat"]:
            current = turns[-1]
            if current["seat"] is None:
                current["seat"] = actor
            else:
                _start(turns, kinds, current["round"], current["turn"] + 1, actor, seq)
        turns[-1]["seq_to"] = seq
        if kind not in QUIET:
            kinds[-1][kind] += 1
    for turn, counted in zip(turns, kinds, strict=True):
        turn["summary"] = summary(counted)
    return turns


def summary(kinds: Counter[str]) -> str:
    """``{"moved": 3, "spin": 1}`` -> ``"moved ×3, spin"``; nothing -> ``"no moves"``."""
    if not kinds:
        return "no moves"
    ranked = sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))
    words = [plain_words(k) + (f" \u00d7{n}" if n > 1 else "") for k, n in ranked[:SUMMARY_KINDS]]
    rest = len(ranked) - SUMMARY_KINDS
    return ", ".join(words) + (f" and {rest} more" if rest > 0 else "")


def _marked(event: Event, mark: tuple[str | int, str | None], turns: list[Turn]) -> tuple[int | None, str | None]:
    """The round and seat a mark names (a number for a round: that round; a round the event
    does not give is the last one's)."""
    round_field, seat_field = mark
    rnd = round_field if isinstance(round_field, int) else event.get(round_field)
    if not isinstance(rnd, int) or isinstance(rnd, bool):
        rnd = turns[-1]["round"] if turns else None
    seat = event.get(seat_field) if seat_field else None
    return rnd, seat if isinstance(seat, str) else None


def _start(turns: list[Turn], kinds: list[Counter[str]], rnd: int | None, number: int, seat: Any, seq: int) -> None:
    turns.append({"round": rnd, "turn": number, "seat": seat, "seq_from": seq, "seq_to": seq, "summary": ""})
    kinds.append(Counter())
