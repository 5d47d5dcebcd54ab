"""Events and how they are redacted per viewer.

An event is a JSON-able dict with a ``kind``. A rule system marks an event that holds hidden
information with ``"only": [seats]``: those seats see it whole; everyone else (other seats and
spectators) sees ``event["public"]`` (a dict that must itself hold no secret) or, without one,
just ``{"kind": ..., "hidden": true}``. The session adds ``seq`` and ``seat`` to every event.
"""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]
#: The largest seq a client may name (a query's ``after``, ``upto``, ``seq``; a resync's
#: ``since``): well within the database's 64-bit integers, and past any table's life.
MAX_SEQ = 2**62


def private(kind: str, seats: list[str], public: dict[str, Any] | None = None, **data: Any) -> Event:
    """An event only ``seats`` may read whole; ``public`` is what the others see."""
    event: Event = {"kind": kind, "only": list(seats), **data}
    if public is not None:
        event["public"] = {"kind": kind, **public}
    return event


def redact(event: Event, viewer: str | None) -> Event:
    """What ``viewer`` (a seat, or None for a spectator) may see of ``event``."""
    only = event.get("only")
    if only is None:
        return event
    stamp: dict[str, Any] = {k: event[k] for k in ("seq", "seat") if k in event}
    if viewer is not None and viewer in only:
        return {k: v for k, v in event.items() if k not in ("only", "public")}
    public = event.get("public")
    if public is not None:
        return {**public, **stamp}
    return {"kind": event["kind"], "hidden": True, **stamp}
