"""The clock as the log keeps it: the table's own actions that set, pause, resume and time out
its clock, and how each changes the table's ``Envelope`` at its commit time (the same step live,
in a replay and in an import's check; the arithmetic is ``app.core.clock``).

* ``table.clock_set`` ``{settings, seats}``: the host chose the clock before the game (``clock_set``)
* ``table.clock_ask`` ``{seat, name, waiting}``: a seat asks for a pause (``clock_pause_asked``)
* ``table.clock_allow`` ``{seat}``: one of several players allowed it (``clock_pause_allowed``)
* ``table.clock_refuse`` ``{seat}``: refused (``clock_pause_refused``)
* ``table.clock_pause`` ``{by, seat}``: paused by the host, or by the last to allow (``clock_paused``)
* ``table.clock_resume`` ``{by}``: running again (``clock_resumed``)
* ``table.clock_timeout`` ``{seats, rule, seat?, action?}``: the seats ran out; the rule acts
  (``clock_timeout``): ``lose`` ends the game for the other seat, ``computer`` and ``skip`` play
  ``action`` for ``seat`` (the computer's choice, or the game's turn end), its events following
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from app.core import clock
from app.core.dice import Dice
from app.core.errors import IllegalAction
from app.core.events import Event
from app.session.game import active_seats, play
from app.session.records import Envelope
from app.systems.base import RuleSystem

KINDS = frozenset(
    {
        "table.clock_set",
        "table.clock_ask",
        "table.clock_allow",
        "table.clock_refuse",
        "table.clock_pause",
        "table.clock_resume",
        "table.clock_timeout",
    }
)


def at_ms(created_at: datetime | str) -> int:
    """An action's commit time (its ``created_at``; an export's ISO text) in epoch ms. A stored
    time without a zone is UTC (SQLite keeps none)."""
    when = datetime.fromisoformat(created_at) if isinstance(created_at, str) else created_at
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return round(when.timestamp() * 1000)


def table_step(
    system: RuleSystem, env: Envelope, action: dict[str, Any], dice: Dice, at: int
) -> tuple[Envelope, list[Event]]:
    """The table at ``env`` after one of the clock actions ``KINDS``, committed at ``at``."""
    kind = action["kind"]
    if kind == "table.clock_set":
        made = clock.configure(action["settings"], list(action["seats"]))
        shown = {k: v for k, v in action["settings"].items()}
        return replace(env, clock=made), [{"kind": "clock_set", **shown}]
    ticking = env.clock
    assert ticking is not None, f"{kind} at a table without a clock"
    if kind == "table.clock_timeout":
        return _time_out(system, env, action, dice, at)
    if kind == "table.clock_ask":
        ask = {"seat": action["seat"], "name": action["name"], "waiting": action["waiting"]}
        event = {
            "kind": "clock_pause_asked",
            "by": action["seat"],
            "name": action["name"],
            "waiting": action["waiting"],
        }
        return replace(env, clock={**ticking, "ask": ask}), [event]
    if kind == "table.clock_allow":
        ask = ticking["ask"] or {}
        waiting = [s for s in ask.get("waiting", []) if s != action["seat"]]
        event = {"kind": "clock_pause_allowed", "seat_id": action["seat"], "by": ask.get("seat")}
        return replace(env, clock={**ticking, "ask": {**ask, "waiting": waiting}}), [event]
    if kind == "table.clock_refuse":
        by = (ticking["ask"] or {}).get("seat")
        return replace(env, clock={**ticking, "ask": None}), [
            {"kind": "clock_pause_refused", "seat_id": action["seat"], "by": by}
        ]
    if kind == "table.clock_pause":
        event = {"kind": "clock_paused", "by": action["by"], "seat_id": action.get("seat")}
        return replace(env, clock=clock.pause(ticking, at, action["by"])), [event]
    assert kind == "table.clock_resume", kind
    return replace(env, clock=clock.resume(ticking, at)), [{"kind": "clock_resumed", "by": action["by"]}]


def after_takeback(system: RuleSystem, env: Envelope, at: int) -> Envelope:
    """The clock after a takeback at ``at``: the seats the game without the action says are to
    act are on the clock from then (the time since the last action kept counts as spent)."""
    if env.clock is None or env.status != "open":
        return env
    return replace(env, clock=clock.follow(env.clock, active_seats(system, env.state), at))


def _time_out(
    system: RuleSystem, env: Envelope, action: dict[str, Any], dice: Dice, at: int
) -> tuple[Envelope, list[Event]]:
    assert env.clock is not None
    seats, rule = list(action["seats"]), action["rule"]
    out = replace(env, clock=clock.time_out(env.clock, seats, at))
    events: list[Event] = [{"kind": "clock_timeout", "seats": seats, "rule": rule}]
    if rule == "lose":
        winners = sorted(s for s in env.clock["left"] if s not in seats)
        state = system.won_on_time(out.state, winners)
        result = system.outcome(state)
        assert out.clock is not None and result is not None
        outcome = result.to_dict()
        done = replace(out, state=state, status="finished", outcome=outcome, clock=clock.stop(out.clock, at))
        return done, [*events, {"kind": "game_over", **outcome}]
    if action.get("action") is None:
        return out, events
    seat = action["seat"]
    played, made = play(system, out, seat, system.parse_action(action["action"]), dice, at, timed_out=True)
    return played, [*events, *made]


def rules_offered(system: RuleSystem, options: dict[str, Any]) -> list[str]:
    """The time-out rules a table of ``system`` offers: ``lose`` for two seats, ``computer``
    always, ``skip`` where the game has a turn end (``skip_kinds``)."""
    offered = ["computer"]
    if len(system.seats(options)) == 2:
        offered.insert(0, "lose")
    if system.skip_kinds:
        offered.append("skip")
    return offered


def check_settings(
    system: RuleSystem, options: dict[str, Any], state: dict[str, Any], settings: dict[str, Any]
) -> None:
    """Raises IllegalAction when the table cannot have this clock (``clock_unsupported``: a game
    with no turn order; ``clock_rule_unavailable``: a time-out rule this game does not offer)."""
    if settings["mode"] == "none":
        return
    if system.active_seats(state) is None:
        raise IllegalAction(f"{system.name} has no turn order, so it has no clock", code="clock_unsupported")
    if settings["timeout"] not in rules_offered(system, options):
        words = {"lose": "losing on time needs two seats", "skip": "this game has no turn to skip"}
        raise IllegalAction(
            f"That time-out rule is not offered here: {words.get(settings['timeout'], '')}",
            code="clock_rule_unavailable",
        )
