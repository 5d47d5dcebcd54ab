"""The clock's arithmetic, pure: time charged per seat from commit times, increments, a fresh
limit per move by post, pauses, time-outs, and a restart in the middle of a running clock (the
clock rebuilt from the same commit times gives the same deadline)."""

from __future__ import annotations

import json

from app.core import clock

LIVE = {"mode": "live", "initial": 60, "increment": 5, "timeout": "lose"}
POST = {"mode": "correspondence", "days": 2, "timeout": "computer"}
T0 = 1_800_000_000_000  # epoch ms of the game's first action


def started(settings: dict[str, object] = LIVE, first: str = "a") -> clock.Clock:
    made = clock.configure(settings, ["a", "b"])
    assert made is not None
    return clock.follow(made, [first], T0)  # the first action: not timed, "a" on the clock from T0


def test_none_is_no_clock() -> None:
    assert clock.configure({"mode": "none"}, ["a", "b"]) is None
    assert clock.deadline(None) is None and clock.due(None, T0) == [] and clock.public(None) is None


def test_nothing_runs_before_the_first_action() -> None:
    made = clock.configure(LIVE, ["a", "b"])
    assert made is not None and made["since"] is None
    assert clock.deadline(made) is None
    assert clock.left_at(made, T0 + 10_000_000) == {"a": 60_000, "b": 60_000}


def test_time_is_charged_to_the_seat_on_the_clock_from_commit_times() -> None:
    c = started()
    assert clock.left_at(c, T0 + 12_000) == {"a": 48_000, "b": 60_000}
    c = clock.follow(c, ["b"], T0 + 12_000)  # a's turn ends after 12 s: +5 s
    assert c["left"] == {"a": 53_000, "b": 60_000} and c["running"] == ["b"]
    assert clock.left_at(c, T0 + 20_000) == {"a": 53_000, "b": 52_000}
    assert clock.deadline(c) == T0 + 12_000 + 60_000


def test_several_actions_in_one_turn_add_no_increment() -> None:
    c = started()
    c = clock.follow(c, ["a"], T0 + 3_000)
    c = clock.follow(c, ["a"], T0 + 7_000)
    assert c["left"]["a"] == 53_000  # 7 s spent, no increment: the turn goes on


def test_simultaneous_seats_are_both_charged() -> None:
    c = started()
    c = clock.follow(c, ["a", "b"], T0 + 1_000)
    assert clock.left_at(c, T0 + 11_000) == {"a": 49_000, "b": 50_000}  # a stays on: no increment


def test_correspondence_gives_a_fresh_limit_each_move() -> None:
    c = started(POST)
    assert clock.deadline(c) == T0 + 2 * clock.DAY_MS
    c = clock.follow(c, ["b"], T0 + clock.DAY_MS)  # a moved after a day
    assert clock.deadline(c) == T0 + clock.DAY_MS + 2 * clock.DAY_MS
    c = clock.follow(c, ["a"], T0 + clock.DAY_MS + 5_000)
    assert c["left"]["a"] == 2 * clock.DAY_MS  # a fresh limit for a's next move


def test_pause_stops_the_clock_and_resume_restarts_it() -> None:
    c = started()
    c = clock.pause(c, T0 + 10_000, "host")
    assert not clock.is_running(c) and clock.deadline(c) is None
    assert clock.left_at(c, T0 + 500_000) == {"a": 50_000, "b": 60_000}
    assert clock.may_act(c, "a", T0 + 20_000) == "clock_paused"
    c = clock.resume(c, T0 + 600_000)
    assert clock.deadline(c) == T0 + 600_000 + 50_000
    assert clock.left_at(c, T0 + 610_000)["a"] == 40_000


def test_a_seat_runs_out_at_its_deadline() -> None:
    c = started()
    deadline = clock.deadline(c)
    assert deadline == T0 + 60_000
    assert clock.due(c, deadline - 1) == [] and clock.may_act(c, "a", deadline - 1) is None
    assert clock.due(c, deadline) == ["a"] and clock.may_act(c, "a", deadline) == "out_of_time"
    assert clock.may_act(c, "b", deadline) is None  # not on the clock


def test_time_out_marks_the_seat_out_for_good_live() -> None:
    c = clock.time_out(started({**LIVE, "timeout": "computer"}), ["a"], T0 + 61_000)
    assert c["left"]["a"] == 0 and c["out"] == ["a"]
    c = clock.follow(c, ["b"], T0 + 61_000)  # the computer played a's turn: no increment
    assert c["left"]["a"] == 0
    c = clock.follow(c, ["a"], T0 + 70_000)  # a's next turn: out at once, the computer plays again
    assert clock.due(c, T0 + 70_000) == ["a"] and clock.deadline(c) == T0 + 70_000


def test_time_out_by_post_lasts_one_move() -> None:
    c = clock.time_out(started(POST), ["a"], T0 + 2 * clock.DAY_MS)
    c = clock.follow(c, ["b"], T0 + 2 * clock.DAY_MS)
    c = clock.follow(c, ["a"], T0 + 3 * clock.DAY_MS)
    assert c["out"] == [] and c["left"]["a"] == 2 * clock.DAY_MS


def test_stop_ends_the_clock() -> None:
    c = clock.stop(started(), T0 + 9_000)
    assert c["running"] == [] and c["left"]["a"] == 51_000 and clock.deadline(c) is None


def test_a_pause_asked_lapses_with_the_next_action() -> None:
    c = {**started(), "ask": {"seat": "a", "name": "Ann", "waiting": ["b"]}}
    assert clock.follow(c, ["b"], T0 + 1_000)["ask"] is None


def test_a_restart_mid_clock_recomputes_the_same_deadline() -> None:
    """The clock after a restart is rebuilt from the log: the same commit times give the same
    figures, and the JSON the snapshots keep gives the same deadline."""
    times = [T0 + 4_000, T0 + 9_500, T0 + 30_250]
    actives = [["b"], ["a"], ["b"]]

    def replayed() -> clock.Clock:
        c = started()
        for at, active in zip(times, actives, strict=True):
            c = clock.follow(c, active, at)
        return c

    live, again = replayed(), replayed()
    assert live == again
    stored = json.loads(json.dumps(live))  # what a snapshot holds
    assert clock.deadline(stored) == clock.deadline(live) == T0 + 30_250 + live["left"]["b"]
    assert clock.due(stored, T0 + 30_250 + live["left"]["b"]) == ["b"]
