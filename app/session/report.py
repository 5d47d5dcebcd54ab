"""The after-game report: luck, losses and turning points of a finished table.

``game_report`` answers ``GET /api/tables/{id}/report``: only once the game has ended (or the
host closed the table), as a spectator sees it then (the spectator's copy of every event and
the spectator's final view, read by the game's ``chances`` and ``losses``). It is computed once
per table off the event loop and kept: a finished log never changes.

``build`` is pure: from the random events and the losses it sums each seat's luck over the
game, names the luckiest and unluckiest moments, and ranks the actions by how much they moved
the charts (the turning points).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol

import anyio

from app.core.errors import Conflict
from app.core.events import Event
from app.session.projection import Projection
from app.session.records import Envelope
from app.systems.luck import Losses, RandomEvent, percent, to_json

CACHE_SIZE = 256
TURNING_POINTS = 4
EVENTS_READ = 1_000_000
_cache: OrderedDict[str, dict[str, Any]] = OrderedDict()


class Source(Protocol):
    """What the report reads of a table (the ``Session``)."""

    async def summary(self, table_id: str) -> dict[str, Any]: ...
    async def current(self, table_id: str) -> Envelope: ...
    async def events_after(
        self, table_id: str, after: int, upto: int | None = None, limit: int = 1000
    ) -> list[Event]: ...
    async def projection(self, table_id: str) -> Projection: ...


def _cumulative(seats: list[str], by_seat: dict[str, list[tuple[int, float]]]) -> None:
    """Each seat's steps made running totals, from (0, 0)."""
    for s in seats:
        total, out = 0.0, [(0, 0.0)]
        for seq, v in by_seat.get(s, []):
            total += v
            out.append((seq, round(total, 4)))
        by_seat[s] = out


def _a(chance: str) -> str:
    """The article before a chance: "an 80% chance", "a 17% chance"."""
    return "an" if chance.startswith(("8", "11%", "18%")) else "a"


def _moment(e: RandomEvent, names: Mapping[str, str], lucky: bool) -> dict[str, Any]:
    """The event in words, for the seat whose piece acted: what hung on it when that went
    against the odds (a hit with less than an even chance, a miss with more; a game may say
    it in a sentence of its own), else the result against its distribution."""
    seat = e.actor or next(iter(e.seats), "")
    who = names.get(seat, seat)
    stake = e.stake
    told = stake is not None and stake.won == lucky
    if stake is not None and told and (stake.won_text if stake.won else stake.lost_text):
        chance = percent(stake.chance)
        template = str(stake.won_text if stake.won else stake.lost_text)
        text = template.format(chance=f"{_a(chance)} {chance}")
    elif stake is not None and told and (stake.chance < Fraction(1, 2)) == lucky:
        chance = percent(stake.chance)
        did = "managed" if stake.won else "failed"
        text = f"{e.what}: {who} {did} to {stake.won_words}, which had {_a(chance)} {chance} chance."
    else:
        tail = percent(e.at_least if lucky else 1 - e.at_least + e.chance)
        got = e.result or f"{e.observed} ({e.measure})"
        text = (
            f"{e.what}: {who} got {got}; a result this "
            f"{'good or better' if lucky else 'bad or worse'} had {_a(tail)} {tail} chance."
        )
    return {"seq": e.seq, "seat": seat, "text": text, "luck": float(e.luck)}


def build(
    random_events: list[RandomEvent], losses: Losses, seats: list[str], names: Mapping[str, str], table_id: str
) -> dict[str, Any]:
    """The report's figures from a game's random events and losses (pure)."""
    luck_steps: dict[str, list[tuple[int, float]]] = {s: [] for s in seats}
    totals = {s: Fraction(0) for s in seats}
    by_seq_luck: dict[int, float] = {}
    # the moments and turning points are told among the events on which something hung (a hit,
    # a battle), when the game has any: a spin's length moves the luck line but decides little
    telling = [e for e in random_events if e.counted and e.stake is not None] or [e for e in random_events if e.counted]
    for e in random_events:
        for s, sign in e.seats.items():
            if s in totals:
                totals[s] += e.luck * sign
                luck_steps[s].append((e.seq, float(e.luck * sign)))
    for e in telling:
        by_seq_luck[e.seq] = by_seq_luck.get(e.seq, 0.0) + abs(float(e.luck))
    _cumulative(seats, luck_steps)
    by_seq_loss: dict[int, float] = {}
    for item in losses.items:
        by_seq_loss[item.seq] = by_seq_loss.get(item.seq, 0.0) + item.amount + (3 if item.major else 0)
    ranked = sorted(telling, key=lambda e: (e.luck, -e.seq))
    return {
        "seats": [{"seat": s, "name": names.get(s, s)} for s in seats],
        "luck": {
            "events": [to_json(e) for e in random_events],
            "totals": {s: float(t) for s, t in totals.items()},
            "exact": {s: str(t) for s, t in totals.items()},
            "counted": {s: sum(1 for e in random_events if s in e.seats) for s in seats},
            "placed": len(random_events),
            "series": {s: [list(p) for p in pts] for s, pts in luck_steps.items()},
            "luckiest": _moment(ranked[-1], names, True) if ranked else None,
            "unluckiest": _moment(ranked[0], names, False) if ranked else None,
        },
        "losses": _tally(losses.items, seats, losses.unit, losses.major_unit),
        "score": None
        if losses.score_unit is None
        else _tally(losses.scores, seats, losses.score_unit, losses.score_major_unit),
        "turning_points": _turning_points(telling, losses, by_seq_luck, by_seq_loss, names, table_id),
    }


def _tally(items: Sequence[Any], seats: list[str], unit: Any, major_unit: Any) -> dict[str, Any]:
    """Losses (or a game's score besides them, GKR's tags and buildings): each item, and per seat
    the running total of the amounts and of the major items, from (0, 0)."""
    steps: dict[str, list[tuple[int, float]]] = {s: [] for s in seats}
    major: dict[str, list[tuple[int, float]]] = {s: [] for s in seats}
    for item in items:
        if item.seat in steps:
            steps[item.seat].append((item.seq, float(item.amount)))
            if item.major:
                major[item.seat].append((item.seq, 1.0))
    _cumulative(seats, steps)
    _cumulative(seats, major)
    return {
        "unit": unit,
        "major_unit": major_unit,
        "items": [
            {"seq": i.seq, "seat": i.seat, "amount": i.amount, "words": i.words, "major": i.major} for i in items
        ],
        "series": {s: [list(p) for p in pts] for s, pts in steps.items()},
        "major": {s: [list(p) for p in pts] for s, pts in major.items()},
    }


def _turning_points(
    telling: list[RandomEvent],
    losses: Losses,
    luck_at: dict[int, float],
    loss_at: dict[int, float],
    names: Mapping[str, str],
    table_id: str,
) -> list[dict[str, Any]]:
    """The actions that moved the charts most: each seq's share of the largest luck swing plus
    its share of the largest loss (a whole piece lost counts 3 more), the top few in game order."""
    top_luck, top_loss = max(luck_at.values(), default=0.0) or 1.0, max(loss_at.values(), default=0.0) or 1.0
    score = {q: luck_at.get(q, 0.0) / top_luck + loss_at.get(q, 0.0) / top_loss for q in {*luck_at, *loss_at}}
    moved = [q for q in score if score[q] > 0]
    chosen = sorted(sorted(moved, key=lambda q: (-score[q], q))[:TURNING_POINTS])
    out = []
    for q in chosen:
        words = [_moment(e, names, e.luck >= 0)["text"] for e in telling if e.seq == q][:2]
        words += [f"{i.words}: a loss for {names.get(i.seat, i.seat)}." for i in losses.items if i.seq == q][:3]
        out.append({"seq": q, "text": " ".join(words), "score": round(score[q], 4), "replay": replay_link(table_id, q)})
    return out


def replay_link(table_id: str, seq: int) -> str:
    return f"/tables/{table_id}/replay?seq={seq}"


def names_of(summary: dict[str, Any]) -> dict[str, str]:
    """Each seat as the report names it: "Alice (North)", or the seat's label when nobody sat."""
    out = {}
    for s in summary["seats"]:
        out[s["seat"]] = f"{s['name']} ({s['label']})" if s.get("name") else str(s["label"])
    return out


async def game_report(session: Source, table_id: str) -> dict[str, Any]:
    """The report of a finished table. Raises NotFound (``unknown_table``) and Conflict
    (``game_in_progress``) while the game is open."""
    cached = _cache.get(table_id)
    if cached is not None:
        _cache.move_to_end(table_id)
        return cached
    summary = await session.summary(table_id)
    if summary["status"] == "open":
        raise Conflict("The report is made when the game ends", code="game_in_progress")
    env = await session.current(table_id)
    events = await session.events_after(table_id, -1, env.seq, EVENTS_READ)
    projection = await session.projection(table_id)
    system = projection.system

    def compute() -> dict[str, Any]:
        public = projection.events(events, None)
        view = projection.view(env, None)
        seats = [s["seat"] for s in summary["seats"]]
        names = names_of(summary)
        report = build(system.chances(public, view), system.losses(public, view), seats, names, table_id)
        return {
            "table": table_id,
            "name": summary["name"],
            "system": summary["system"],
            "status": summary["status"],
            "outcome": summary["outcome"],
            "last_seq": env.seq,
            **report,
        }

    report = await anyio.to_thread.run_sync(compute)
    _cache[table_id] = report
    while len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return report
