"""The session on a real database: SQLite always, PostgreSQL when configured."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select

from app.core.errors import Conflict, Forbidden, GameOver, IllegalAction, Unauthorized, UnknownAction
from app.session import Actor, Session
from app.storage.db import make_engine
from app.storage.models import events, tokens
from app.systems import registry
from app.systems.sandbox.system import Sandbox
from app.transport.bus import MemoryBus
from tests.kit.refused import refused
from tests.kit.session import session_fixture

pytestmark = pytest.mark.anyio


session = session_fixture(snapshot_every=5)


async def seated(session: Session, seed: str | None = "s") -> tuple[str, Actor, Actor, str]:
    created = await session.create_table("sandbox", "T", {}, "public", seed)
    table_id = created["id"]
    p1 = await session.authenticate(table_id, (await session.join(table_id, "p1", "Ann"))["token"])
    p2 = await session.authenticate(table_id, (await session.join(table_id, "p2", "Bob"))["token"])
    return table_id, p1, p2, created["host_token"]


def add(token: str, x: float = 1.0) -> dict:
    return {"kind": "add_token", "token": token, "x": x, "y": 1.0}


async def test_seq_is_gapless_and_starts_at_zero(session: Session) -> None:
    table_id, p1, _, _ = await seated(session)
    await session.apply(p1, "a", add("t1"))
    await session.apply(p1, "b", {"kind": "roll", "dice": "2d6"})
    with session.engine.connect() as conn:
        seqs = [
            r[0] for r in conn.execute(select(events.c.seq).where(events.c.table_id == table_id).order_by(events.c.seq))
        ]
    assert seqs == list(range(len(seqs))) and seqs[0] == 0


async def test_tokens_are_stored_only_as_hashes(session: Session) -> None:
    created = await session.create_table("sandbox", "T", {}, "public", None)
    issued = await session.join(created["id"], "p1", "Ann")
    with session.engine.connect() as conn:
        stored = [r[0] for r in conn.execute(select(tokens.c.token_hash))]
    assert issued["token"] not in stored and created["host_token"] not in stored
    assert all(len(h) == 64 for h in stored)


async def test_seat_taken(session: Session) -> None:
    table_id, *_ = await seated(session)
    with pytest.raises(Conflict) as err:
        await session.join(table_id, "p1", "Eve")
    assert err.value.code == "seat_taken"


async def test_same_action_id_applies_once(session: Session) -> None:
    table_id, p1, _, _ = await seated(session)
    first = await session.apply(p1, "same", {"kind": "roll", "dice": "1d20"})
    again = await session.apply(p1, "same", {"kind": "roll", "dice": "1d20"})
    assert again.duplicate and again.seq == first.seq
    assert again.events[0]["faces"] == first.events[0]["faces"]
    assert (await session.current(table_id)).seq == first.seq
    with pytest.raises(Conflict):
        await session.apply(p1, "same", {"kind": "roll", "dice": "2d20"})


async def test_rejected_actions_change_nothing(session: Session) -> None:
    table_id, p1, _, _ = await seated(session)
    before = await session.current(table_id)
    with pytest.raises(IllegalAction):
        await session.apply(p1, "x", {"kind": "move_token", "token": "ghost", "x": 1, "y": 1})
    with pytest.raises(UnknownAction):
        await session.apply(p1, "y", {"kind": "fly"})
    after = await session.current(table_id)
    assert after.seq == before.seq and after.dice_index == before.dice_index


async def test_spectators_and_hosts_cannot_act(session: Session) -> None:
    table_id, _, _, host = await seated(session)
    spectator = await session.authenticate(table_id, (await session.spectate(table_id, "Sam"))["token"])
    with pytest.raises(Forbidden):
        await session.apply(spectator, "x", add("t"))
    with pytest.raises(Forbidden):
        await session.apply(await session.authenticate(table_id, host), "y", add("t"))
    with pytest.raises(Unauthorized):
        await session.authenticate(table_id, "not-a-token")


async def test_state_rebuilt_from_the_log_equals_the_live_state(session: Session, database_url: str) -> None:
    table_id, p1, p2, _ = await seated(session)
    for i in range(12):  # crosses two snapshots (every 5 actions)
        await session.apply(p1 if i % 2 else p2, f"a{i}", add(f"t{i}", float(i)))
        await session.apply(p1, f"r{i}", {"kind": "roll", "dice": "2d6"})
    live = await session.current(table_id)
    folded, _ = session.rebuild(table_id)
    assert folded.to_dict() == live.to_dict()
    # A new process: empty cache, snapshot plus the actions after it.
    engine = make_engine(database_url)
    fresh = Session(engine, MemoryBus())
    assert (await fresh.current(table_id)).to_dict() == live.to_dict()
    engine.dispose()


async def test_replay_yields_the_logged_events(session: Session) -> None:
    table_id, p1, _, _ = await seated(session)
    await session.apply(p1, "a", add("t1"))
    await session.apply(p1, "b", {"kind": "roll", "dice": "4d6"})
    logged = await session.events_after(table_id, -1)
    _, replayed = session.rebuild(table_id)
    game = [e for e in logged if e["kind"] in ("token_added", "rolled")]
    assert [{k: v for k, v in e.items() if k != "seat"} for e in game] == [
        e for e in replayed if e["kind"] in ("token_added", "rolled")
    ]


async def test_concurrent_actions_get_distinct_seqs(session: Session) -> None:
    _table_id, p1, p2, _ = await seated(session)
    results = await asyncio.gather(*(session.apply(p1 if i % 2 else p2, f"c{i}", add(f"t{i}")) for i in range(20)))
    assert sorted(r.seq for r in results) == list(range(3, 23))


async def test_dice_proof_only_after_the_end(session: Session) -> None:
    created = await session.create_table("sandbox", "T", {}, "public", None)
    table_id = created["id"]
    p1 = await session.authenticate(table_id, (await session.join(table_id, "p1", "Ann"))["token"])
    await session.apply(p1, "r", {"kind": "roll", "dice": "3d6"})
    with pytest.raises(Conflict) as err:
        await session.proof(table_id)
    assert err.value.code == "game_in_progress"
    host = await session.authenticate(table_id, created["host_token"])
    await session.host_action(host, "close")
    proof = await session.proof(table_id)
    assert proof["commitment"] == created["dice_commitment"] and len(proof["rolls"]) == 3
    with refused("table_closed"):
        await session.apply(p1, "late", add("t"))


async def test_seeded_table_proof_waits_for_the_end(session: Session) -> None:
    table_id, _, _, host_token = await seated(session, seed="reproducible")
    with pytest.raises(Conflict) as err:
        await session.proof(table_id)
    assert err.value.code == "game_in_progress" and "reproducible" not in err.value.message
    await session.host_action(await session.authenticate(table_id, host_token), "close")
    assert (await session.proof(table_id))["seed"] == "reproducible"


async def test_host_kicks_and_reopens_a_seat(session: Session) -> None:
    table_id, p1, _, host_token = await seated(session)
    host = await session.authenticate(table_id, host_token)
    with pytest.raises(Forbidden):
        await session.host_action(p1, "kick", "p2")
    await session.host_action(host, "kick", "p1")
    session.tokens.clear()
    with pytest.raises(Unauthorized):
        await session.authenticate(table_id, "x")
    with pytest.raises(Conflict) as err:
        await session.join(table_id, "p1", "Eve")
    assert err.value.code == "seat_closed"
    await session.host_action(host, "reopen", "p1")
    await session.join(table_id, "p1", "Eve")


async def test_game_over_is_final() -> None:
    assert GameOver("x").code == "game_over"


class _Quiet(Sandbox):
    """A system whose 'roll' changes state but reports no event (a rule-system slip)."""

    id = "quiet-test"
    aliases = ()

    def apply(self, state, seat, action, dice):  # type: ignore[no-untyped-def]
        new, events = super().apply(state, seat, action, dice)
        return ({**new, "count": new.get("count", 0) + 1}, []) if action.kind == "roll" else (new, events)


async def test_an_action_without_events_still_gets_one(session: Session) -> None:
    registry.register(_Quiet())
    try:
        created = await session.create_table("quiet-test", "Q", {}, "public", "q")
        table_id = created["id"]
        p1 = await session.authenticate(table_id, (await session.join(table_id, "p1", "Ann"))["token"])
        first = await session.apply(p1, "r1", {"kind": "roll", "dice": "1d6"})
        assert [e["kind"] for e in first.events] == ["acted"]
        second = await session.apply(p1, "r2", {"kind": "roll", "dice": "1d6"})
        assert second.seq == first.seq + 1
        live = await session.current(table_id)
        assert live.state["count"] == 2
        assert session.rebuild(table_id)[0].to_dict() == live.to_dict()
    finally:
        registry.systems.pop("quiet-test", None)


async def test_replay_checkpoints_give_the_same_state_at_every_seq(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A replay starts from the nearest checkpoint; the state it gives at each seq is the one a
    replay of the whole log gives (asked out of order, so later checkpoints exist first)."""
    monkeypatch.setattr("app.session.history.CHECKPOINT_EVERY", 3)
    table_id, p1, p2, _ = await seated(session)
    for i in range(12):
        await session.apply(
            p1 if i % 2 else p2, f"a{i}", add(f"t{i}", float(i)) if i % 3 else {"kind": "roll", "dice": "2d6"}
        )
    last = (await session.current(table_id)).seq
    fresh = Session(session.engine, MemoryBus())
    for seq in [last, 0, *reversed(range(last))]:
        got = await session.envelope_at(table_id, seq)
        want = await fresh.envelope_at(table_id, seq)
        fresh.history.checkpoints.clear()
        assert got.to_dict() == want.to_dict(), seq
    assert len(session.history.checkpoints[table_id]) >= 4
