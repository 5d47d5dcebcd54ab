"""The create form's clock (docs/clock.md): none, a live clock (minutes a seat plus seconds a
turn) or a limit by post (days a move), and what a seat out of time gets, offered only as the
server offers it for the game (``clock_log.rules_offered`` for the game's default seats; a game
with no turn order, the sandbox, offers no clock). ``parse_clock`` reads the posted fields under
the JSON API's own model (``ClockSettings``), so a bad value is the form's error, never a 500.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import ValidationError

from app import systems
from app.core.clock import DEFAULTS
from app.core.dice import Dice
from app.session.clock_log import rules_offered
from app.web.schemas import ClockSettings

#: the words of each time-out rule in the form
RULE_LABELS = {
    "computer": "The computer plays their turn",
    "skip": "Their turn is ended",
    "lose": "They lose the game",
}
MODES = ("none", "live", "correspondence")
FIELD_LABELS = {"initial": "Minutes a seat", "increment": "Seconds added a turn", "days": "Days a move"}
#: what each field takes, in the form's units (the model counts a live clock's seconds)
RANGES = {
    "initial": "between 1 and 360 minutes",
    "increment": "between 0 and 600 seconds",
    "days": "between 1 and 30 days",
    "timeout": "one of the rules this game offers",
}


@cache
def clock_form(system_id: str) -> dict[str, Any]:
    """What the form offers for ``system_id``'s clock (its default options: the seats the table
    starts with): ``offered`` (False: no turn order, so no clock), the ``rules`` offered in
    order and their words, and the Warboard defaults. Sets a game up once (run it off the event
    loop; cached per game)."""
    system = systems.get(system_id)
    if system is None:
        return {"offered": False, "rules": [], "labels": RULE_LABELS, "defaults": DEFAULTS}
    options = system.validate_options({})
    state = system.setup(options, Dice("clock-form", 0))
    offered = system.active_seats(state) is not None
    return {
        "offered": offered,
        "rules": rules_offered(system, options) if offered else [],
        "labels": RULE_LABELS,
        "defaults": {**DEFAULTS, "minutes": DEFAULTS["initial"] // 60},
        "two_seats": len(system.seats(options)) == 2,
    }


def parse_clock(form: Any) -> dict[str, Any] | None:
    """The posted clock as ``POST /api/tables`` takes it (None: no clock). Raises ValueError
    with the field's name in words for a value out of range or not a whole number."""
    mode = str(form.get("clock_mode") or "none")
    if mode not in MODES:
        raise ValueError(f"Clock: {mode[:20]!r} is not none, live or by post")
    if mode == "none":
        return None
    fields: dict[str, Any] = {"mode": mode, "timeout": str(form.get("clock_timeout") or DEFAULTS["timeout"])}
    wanted = {"live": ("initial", "increment"), "correspondence": ("days",)}[mode]
    for key in wanted:
        text = str(form.get(f"clock_{key}") or "").strip()
        if not text:
            continue  # the Warboard default
        try:
            number = int(text)
        except ValueError:
            raise ValueError(f"Clock, {FIELD_LABELS[key].lower()}: {text[:20]!r} is not a whole number") from None
        fields[key] = number * 60 if key == "initial" else number
    try:
        return ClockSettings.model_validate(fields).model_dump()
    except ValidationError as exc:
        err = exc.errors()[0]
        key = str(err["loc"][0]) if err["loc"] else "clock"
        label = FIELD_LABELS.get(key, "time-out rule" if key == "timeout" else key)
        message = RANGES.get(key, str(err["msg"]))
        raise ValueError(f"Clock, {label.lower()}: {message}") from None
