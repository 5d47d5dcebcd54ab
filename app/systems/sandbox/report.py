"""The report's random events of a sandbox table (``RuleSystem.chances``): every roll of the
dice tray, measured by the sum of its faces (the modifier left out). The sandbox has no rules,
so it has no losses."""

from __future__ import annotations

from typing import Any

from app.systems import luck
from app.systems.sandbox.notation import parse_dice


def chances(events: list[dict[str, Any]], view: dict[str, Any]) -> list[luck.RandomEvent]:
    out: list[luck.RandomEvent] = []
    for e in luck.by_seq(events):
        if e["kind"] != "rolled" or not e.get("faces") or not e.get("seat"):
            continue
        count, sides, _ = parse_dice(str(e["dice"]))
        dist = luck.dice_sum(count, sides)
        if dist is None:
            continue  # too many outcomes to list (over luck.MAX_SUPPORT): left out of the luck
        out.append(
            luck.RandomEvent(
                seq=int(e["seq"]),
                seats={str(e["seat"]): 1},
                what=f"a roll of {e['dice']}",
                measure="the sum of the dice",
                observed=sum(int(f) for f in e["faces"]),
                dist=dist,
                dice=((sides, tuple(int(f) for f in e["faces"])),),
                actor=str(e["seat"]),
                result=f"{sum(int(f) for f in e['faces'])}",
                rule={"sum": True},
            )
        )
    return out
