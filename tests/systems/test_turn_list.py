"""The rounds and turns of a log (app/systems/turn_list.py), as plain functions on fixed logs."""

from __future__ import annotations

from collections import Counter
from typing import Any

from app.systems.turn_list import summary, turn_list

SEATS = ("north", "south")


def log(*events: tuple[str, str | None, dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"kind": kind, "seat": seat, "seq": i, **data} for i, (kind, seat, data) in enumerate(events)]


def cut(turns: list[Any]) -> list[tuple[Any, ...]]:
    return [(t["round"], t["turn"], t["seat"], t["seq_from"], t["seq_to"]) for t in turns]


def test_a_mark_naming_a_seat_starts_that_seats_turn() -> None:
    events = log(
        ("table_created", None, {}),
        ("seat_joined", None, {"seat_id": "north"}),
        ("turn_started", "north", {"round": 1, "player": "south"}),
        ("moved", "south", {}),
        ("moved", "north", {}),  # an out-of-turn reaction does not cut a named turn
        ("turn_started", "south", {"round": 1, "player": "north"}),
        ("turn_started", "north", {"round": 2, "player": "south"}),
        ("attack", "south", {}),
    )
    turns = turn_list(events, {"turn_started": ("round", "player")}, SEATS)
    assert cut(turns) == [
        (None, 1, None, 0, 1),
        (1, 1, "south", 2, 4),
        (1, 2, "north", 5, 5),
        (2, 1, "south", 6, 7),
    ]
    assert turns[1]["summary"] == "moved \u00d72, turn started"


def test_a_round_without_a_seat_is_cut_where_another_seat_acts() -> None:
    events = log(
        ("deployed", "north", {}),
        ("deployed", "south", {}),
        ("round_started", "south", {"round": 1}),
        ("moved", "north", {}),
        ("fired", "north", {}),
        ("moved", "south", {}),
        ("acted", None, {}),
        ("round_ended", "south", {"round": 1}),
        ("round_started", "south", {"round": 2}),
    )
    turns = turn_list(events, {"round_started": ("round", None)}, SEATS)
    assert cut(turns) == [
        (None, 1, "north", 0, 0),
        (None, 2, "south", 1, 1),
        (1, 1, "north", 2, 4),  # the round's mark came from the last action; its first mover owns it
        (1, 2, "south", 5, 7),
        (2, 1, None, 8, 8),  # nobody has acted in round 2 yet
    ]


def test_a_game_without_marks_goes_by_the_seat_acting() -> None:
    events = log(("table_created", None, {}), ("roll", "north", {}), ("roll", "north", {}), ("roll", "south", {}))
    assert cut(turn_list(events, {}, SEATS)) == [(None, 1, "north", 0, 2), (None, 2, "south", 3, 3)]
    assert turn_list([], {}, SEATS) == []


def test_a_mark_without_a_round_number_keeps_the_last_round() -> None:
    events = log(("round", None, {"round": 3}), ("round", None, {"round": "x"}))
    assert [t["round"] for t in turn_list(events, {"round": ("round", None)}, SEATS)] == [3, 3]


def test_a_summary_counts_the_kinds_most_frequent_first() -> None:
    assert summary(Counter()) == "no moves"
    assert summary(Counter({"spin": 1, "moved": 3})) == "moved \u00d73, spin"
    many = Counter({"a": 5, "b": 4, "c": 3, "d": 2, "e_f": 1, "g": 1})
    assert summary(many) == "a \u00d75, b \u00d74, c \u00d73, d \u00d72 and 2 more"


def test_a_mark_may_give_its_round_itself() -> None:
    events = log(("table_created", None, {}), ("moved", "north", {}), ("round", "south", {"round": 2}))
    marks: dict[str, tuple[str | int, str | None]] = {"table_created": (1, None), "round": ("round", None)}
    assert cut(turn_list(events, marks, SEATS)) == [(1, 1, "north", 0, 1), (2, 1, None, 2, 2)]
