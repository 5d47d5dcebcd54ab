"""A property of takebacks: a game with random takebacks replays, after a restart (a fresh
Session on the same database), to the same state as the same game played without the
taken-back actions. The sandbox with random moves and rolls, and Small Soldiers played by the
bot; takebacks are free at these tables, and a refused one changes nothing."""

from __future__ import annotations

import asyncio
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.bots import policy
from app.core.errors import WarboardError
from app.session import Actor, Session
from app.storage import extras
from app.storage.db import make_engine
from app.transport.bus import MemoryBus

SANDBOX_STEP = st.tuples(st.sampled_from(["p1", "p2"]), st.sampled_from(["add", "move", "remove", "roll", "takeback"]))


async def table(session: Session, system: str, free: bool) -> tuple[str, dict[str, Actor]]:
    created = await session.create_table(system, "T", {}, "public", "same-seed")
    tid = created["id"]
    seats = [s["seat"] for s in (await session.summary(tid))["seats"]]
    actors = {s: await session.authenticate(tid, (await session.join(tid, s, s.upper()))["token"]) for s in seats}
    if free:
        await session.writer.run(lambda conn: extras.put_settings(conn, tid, {"takeback": "free"}))
    return tid, actors


def sandbox_action(step: tuple[str, str], i: int, tokens: list[str]) -> dict[str, Any]:
    _, what = step
    if what == "add" or (what in ("move", "remove") and not tokens):
        return {"kind": "add_token", "token": f"t{i}", "x": float(i % 20), "y": 1.0}
    if what == "move":
        return {"kind": "move_token", "token": tokens[i % len(tokens)], "x": float(i % 17), "y": 2.0}
    if what == "remove":
        return {"kind": "remove_token", "token": tokens[i % len(tokens)]}
    return {"kind": "roll", "dice": "1d6"}


async def played_both_ways(session: Session, system: str, choose: Any, steps: int) -> None:
    """Play with takebacks (kept: the actions left standing, in order), then the kept ones
    alone at a second table with the same seed; a restart of the first gives the second's state."""
    tid, actors = await table(session, system, free=True)
    kept: list[tuple[str, dict[str, Any]]] = []
    for i in range(steps):
        env = await session.current(tid)
        seat, action = await choose(session, tid, env, i)
        if action is None:
            break
        if action["kind"] == "takeback":
            try:
                await session.apply(actors[seat], f"a{i}", action)
            except WarboardError:
                assert (await session.current(tid)).to_dict() == env.to_dict()
                continue
            # the seat's latest standing action goes
            last = max(j for j, (s, _) in enumerate(kept) if s == seat)
            del kept[last]
            continue
        try:
            await session.apply(actors[seat], f"a{i}", action)
        except WarboardError:
            continue
        kept.append((seat, action))
    other, others = await table(session, system, free=False)
    for i, (seat, action) in enumerate(kept):
        await session.apply(others[seat], f"b{i}", action)
    fresh = Session(session.engine, MemoryBus(), snapshot_every=session.snapshot_every)
    assert (await fresh.current(tid)).state == (await session.current(other)).state
    assert fresh.rebuild(tid)[0].state == (await session.current(other)).state


def run(database_url: str, work: Any) -> None:
    engine = make_engine(database_url)
    try:
        asyncio.run(work(Session(engine, MemoryBus(), snapshot_every=4)))
    finally:
        engine.dispose()


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(steps=st.lists(SANDBOX_STEP, min_size=1, max_size=25))
def test_sandbox_with_random_takebacks(database_url: str, steps: list[tuple[str, str]]) -> None:
    async def choose(session: Session, tid: str, env: Any, i: int) -> tuple[str, dict[str, Any] | None]:
        if i >= len(steps):
            return "p1", None
        seat, what = steps[i]
        if what == "takeback":
            return seat, {"kind": "takeback"}
        return seat, sandbox_action(steps[i], i, sorted(env.state["tokens"]))

    run(database_url, lambda session: played_both_ways(session, "sandbox", choose, len(steps)))


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(takebacks=st.lists(st.booleans(), min_size=30, max_size=30))
def test_small_soldiers_with_random_takebacks(database_url: str, takebacks: list[bool]) -> None:
    async def choose(session: Session, tid: str, env: Any, i: int) -> tuple[str, dict[str, Any] | None]:
        projection = await session.projection(tid)
        for seat in ("gorgonites", "commandos"):
            legal = projection.legal(env, seat)
            if not legal:
                continue
            if takebacks[i]:
                return seat, {"kind": "takeback"}
            return seat, policy.choose(projection.view(env, seat), legal, "prop", i, {})
        return "", None

    run(database_url, lambda session: played_both_ways(session, "small-soldiers", choose, len(takebacks)))
