"""What every load generator here reports the same way: percentiles and the latency of each
action from its send to the last client of its table that received it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol


class Measured(Protocol):
    """A table as the load generators track it."""

    clients: int  # connections that must receive each update
    sent: Mapping[str, float]  # action id -> send time (perf_counter seconds)
    acked: Mapping[str, int]  # action id -> its seq
    arrivals: Mapping[int, list[float]]  # seq -> [clients that received it, the last arrival time]


def percentile(values: list[float], p: float) -> float:
    """The nearest-rank ``p`` percentile (nan for no values)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def record_arrival(arrivals: dict[int, list[float]], update: dict[str, Any], now: float) -> None:
    """One client received ``update`` at ``now``: count it against each of its events' seqs
    (``arrivals``: seq -> [clients that received it, the last arrival time])."""
    for event in update["events"]:
        slot = arrivals.setdefault(event["seq"], [0, 0.0])
        slot[0] += 1
        slot[1] = now


def latencies_of(tables: Iterable[Measured]) -> tuple[list[float], int]:
    """Milliseconds from each action's send until every client of its table had its update, and
    how many actions did not reach every client (or were never acknowledged)."""
    latencies, lost = [], 0
    for table in tables:
        for action_id, sent_at in table.sent.items():
            seq = table.acked.get(action_id)
            slot = table.arrivals.get(seq) if seq is not None else None
            if slot is None or slot[0] < table.clients:
                lost += 1
                continue
            latencies.append((slot[1] - sent_at) * 1000)
    return latencies, lost


def summary(latencies: list[float], points: Iterable[int] = (50, 95, 99)) -> dict[str, float]:
    """``{"p50": ..., "p95": ..., "p99": ..., "max": ...}`` in ms, rounded to 0.01."""
    out = {f"p{p}": round(percentile(latencies, p), 2) for p in points}
    out["max"] = round(max(latencies), 2) if latencies else float("nan")
    return out
