"""Takebacks at a table: asked, allowed, refused, lapsed; free and off; every refusal changes
nothing; a restart (a fresh Session on the same database) rebuilds the same state."""

from __future__ import annotations

import asyncio

import pytest

from app.core.errors import Conflict, Forbidden, WarboardError
from app.session import Actor, Session
from app.session import takeback as takeback_mod
from app.social.delay import spectators_see
from app.storage import extras
from app.transport.bus import MemoryBus
from tests.kit.session import session_fixture

pytestmark = pytest.mark.anyio

session = session_fixture(snapshot_every=3)

ASK = {"kind": "takeback"}
ALLOW = {"kind": "takeback.allow"}
REFUSE = {"kind": "takeback.refuse"}


async def seated(session: Session, mode: str = "ask") -> tuple[str, Actor, Actor]:
    created = await session.create_table("sandbox", "T", {}, "public", "seed")
    table_id = created["id"]
    p1 = await session.authenticate(table_id, (await session.join(table_id, "p1", "Ann"))["token"])
    p2 = await session.authenticate(table_id, (await session.join(table_id, "p2", "Bob"))["token"])
    await session.writer.run(lambda conn: extras.put_settings(conn, table_id, {"takeback": mode}))
    return table_id, p1, p2


def add(token: str, x: float = 1.0) -> dict:
    return {"kind": "add_token", "token": token, "x": x, "y": 1.0}


def tokens(session: Session, table_id: str) -> list[str]:
    return sorted(session.cache.get(table_id).env.state["tokens"])  # type: ignore[union-attr]


async def same_after_restart(session: Session, table_id: str) -> None:
    """A fresh session on the same database rebuilds the state the live one holds."""
    live = (await session.current(table_id)).to_dict()
    fresh = Session(session.engine, MemoryBus(), snapshot_every=session.snapshot_every)
    assert (await fresh.current(table_id)).to_dict() == live
    assert fresh.rebuild(table_id)[0].to_dict() == live


async def refused_unchanged(session: Session, table_id: str, actor: Actor, raw: dict, code: str) -> None:
    before = await session.current(table_id)
    with pytest.raises(WarboardError) as err:
        await session.apply(actor, "x", raw)
    assert err.value.code == code
    assert (await session.current(table_id)).to_dict() == before.to_dict()


async def test_asked_then_allowed(session: Session) -> None:
    table_id, p1, p2 = await seated(session)
    await session.apply(p1, "a", add("t1"))
    await session.apply(p1, "b", add("t2"))
    window = await session.takeback_window(p1)
    assert window["code"] is None and window["seqs"]
    asked = await session.apply(p1, "c", ASK)
    env = await session.current(table_id)
    assert env.takeback is not None and env.takeback["waiting"] == ["p2"] and env.takeback["seqs"] == window["seqs"]
    assert asked.events[0]["kind"] == "takeback_asked"
    await refused_unchanged(session, table_id, p1, ALLOW, "no_takeback_pending")  # the asker cannot allow
    done = await session.apply(p2, "d", ALLOW)
    assert done.events[0]["kind"] == "taken_back" and done.events[0]["by"] == "p1"
    assert done.events[0]["seqs"] == window["seqs"]
    assert tokens(session, table_id) == ["t1"]
    assert (await session.current(table_id)).takeback is None
    # again: the window walks further back
    await session.apply(p1, "e", ASK)
    await session.apply(p2, "f", ALLOW)
    assert tokens(session, table_id) == []
    await refused_unchanged(session, table_id, p1, ASK, "nothing_to_take_back")
    await same_after_restart(session, table_id)


async def asked(session: Session) -> tuple[str, Actor, Actor]:
    """A table where p1 added t1 and asks to take it back."""
    table_id, p1, p2 = await seated(session)
    await session.apply(p1, "a", add("t1"))
    await session.apply(p1, "b", ASK)
    return table_id, p1, p2


async def test_refused(session: Session) -> None:
    table_id, p1, p2 = await asked(session)
    with pytest.raises(Conflict) as err:
        await session.apply(p1, "b2", ASK)
    assert err.value.code == "takeback_pending"
    result = await session.apply(p2, "c", REFUSE)
    assert result.events[0]["kind"] == "takeback_refused"
    assert tokens(session, table_id) == ["t1"] and (await session.current(table_id)).takeback is None
    await refused_unchanged(session, table_id, p2, REFUSE, "no_takeback_pending")
    await same_after_restart(session, table_id)


async def test_lapses_when_anyone_acts(session: Session) -> None:
    table_id, p1, p2 = await asked(session)
    acted = await session.apply(p2, "c", add("t2"))
    assert acted.events[-1]["kind"] == "takeback_lapsed"
    assert (await session.current(table_id)).takeback is None
    await refused_unchanged(session, table_id, p2, ALLOW, "no_takeback_pending")
    await refused_unchanged(session, table_id, p1, ASK, "another_seat_acted")
    await same_after_restart(session, table_id)


async def test_lapses_after_a_while(session: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(takeback_mod, "LAPSE_SECONDS", 0.2)
    table_id, _, p2 = await asked(session)
    for _ in range(50):
        await asyncio.sleep(0.05)
        if (await session.current(table_id)).takeback is None:
            break
    env = await session.current(table_id)
    assert env.takeback is None
    lapsed = await session.events_after(table_id, env.seq - 1)
    assert lapsed[-1]["kind"] == "takeback_lapsed"
    await refused_unchanged(session, table_id, p2, ALLOW, "no_takeback_pending")
    assert tokens(session, table_id) == ["t1"]
    await same_after_restart(session, table_id)


async def test_free_takes_back_at_once(session: Session) -> None:
    table_id, p1, _ = await seated(session, "free")
    await session.apply(p1, "a", add("t1"))
    await session.apply(p1, "b", add("t2"))
    done = await session.apply(p1, "c", ASK)
    assert done.events[0]["kind"] == "taken_back"
    assert tokens(session, table_id) == ["t1"]
    await session.apply(p1, "d", add("t3"))
    assert tokens(session, table_id) == ["t1", "t3"]
    await same_after_restart(session, table_id)


async def test_refusals_change_nothing(session: Session) -> None:
    table_id, p1, p2 = await seated(session)
    await refused_unchanged(session, table_id, p1, ASK, "nothing_to_take_back")
    await session.apply(p1, "a", add("t1"))
    await session.apply(p1, "b", {"kind": "roll", "dice": "1d6"})
    await refused_unchanged(session, table_id, p1, ASK, "dice_rolled_since")
    await session.apply(p1, "c", add("t2"))
    await refused_unchanged(session, table_id, p2, ASK, "another_seat_acted")
    await refused_unchanged(session, table_id, p2, REFUSE, "no_takeback_pending")
    await refused_unchanged(session, table_id, p1, {"kind": "takeback", "seqs": [1]}, "malformed")
    await session.writer.run(lambda conn: extras.put_settings(conn, table_id, {"takeback": "off"}))
    await refused_unchanged(session, table_id, p1, ASK, "takeback_off")
    assert (await session.takeback_window(p1))["code"] == "takeback_off"


async def test_spectators_and_hosts_cannot_ask(session: Session) -> None:
    created = await session.create_table("sandbox", "T", {}, "public", "seed")
    host = await session.authenticate(created["id"], created["host_token"])
    with pytest.raises(Forbidden):
        await session.apply(host, "a", ASK)


async def test_snapshots_after_the_taken_back_action_are_not_used(session: Session) -> None:
    table_id, p1, p2 = await seated(session, "free")
    for i in range(7):  # snapshots every 3 actions fall among these
        await session.apply(p2 if i == 0 else p1, f"a{i}", add(f"t{i}"))
    for i in range(4):
        await session.apply(p1, f"b{i}", ASK)
    assert tokens(session, table_id) == ["t0", "t1", "t2"]
    await same_after_restart(session, table_id)
    # a replay at each seq, as a fresh process makes it, agrees with the live one
    fresh = Session(session.engine, MemoryBus(), snapshot_every=3)
    env = await session.current(table_id)
    at_end = await fresh.envelope_at(table_id, env.seq)
    assert at_end.state == env.state


async def test_the_spectator_delay_holds_a_takeback_like_any_action(session: Session) -> None:
    table_id, p1, p2 = await seated(session, "free")
    await session.writer.run(lambda conn: extras.put_settings(conn, table_id, {"delay_actions": 1}))
    for name in ("t1", "t2", "t3"):
        await session.apply(p1, name, add(name))
    await session.apply(p1, "tb", ASK)
    assert tokens(session, table_id) == ["t1", "t2"]
    held = await spectators_see(session, table_id, await session.current(table_id))
    assert sorted(held.state["tokens"]) == ["t1", "t2", "t3"]  # one action behind: before the takeback
    await session.apply(p2, "u", add("u1"))
    held = await spectators_see(session, table_id, await session.current(table_id))
    assert sorted(held.state["tokens"]) == ["t1", "t2"]  # the takeback reached them


async def test_the_game_stays_started_when_its_every_action_is_taken_back(session: Session) -> None:
    """``_table.started`` says what the clock's ``clock_locked`` checks: a game action was made,
    taken back or not; a restart (from snapshots or the log alone) rebuilds it."""
    table_id, p1, p2 = await seated(session)
    assert (await session.view(p1))[1]["_table"]["started"] is False
    await session.apply(p1, "a", add("t1"))
    assert (await session.view(p2))[1]["_table"]["started"] is True
    await session.apply(p1, "b", ASK)
    await session.apply(p2, "c", ALLOW)
    assert tokens(session, table_id) == []
    env = await session.current(table_id)
    assert env.started and (await session.view(p1))[1]["_table"]["started"] is True
    await same_after_restart(session, table_id)
