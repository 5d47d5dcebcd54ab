"""``warboard import`` checks its file before it writes (app/session/transfer.py), on a real
database (SQLite always, PostgreSQL when configured): a file naming another table, a seed
that does not match its commitment, or a log that does not replay to its events is refused
and writes nothing; a table exported and imported again is served exactly as before."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import Engine, func, select

from app.bots import policy
from app.core.errors import Unauthorized
from app.core.tokens import hash_token
from app.session import Actor, Session, rematch
from app.session.transfer import BadExport, check_export, import_export, parse_export
from app.storage import extras
from app.storage import repository as repo
from app.storage.models import metadata, tables, tokens
from app.transport.bus import MemoryBus
from tests.kit.session import session_fixture

pytestmark = pytest.mark.anyio

Dump = dict[str, Any]


session = session_fixture()


# --- tables to export, and what the server serves of them ------------------------------------


async def closed_sandbox(session: Session) -> tuple[str, str]:
    """A sandbox game closed by its host mid-game: seats joined, kicked, reopened and taken
    again, a spectator, moves and rolls. (table id, host token)"""
    created = await session.create_table("sandbox", "Closed early", {}, "public", None)
    tid = created["id"]
    ann = await seat(session, tid, "p1", "Ann")
    bob = await seat(session, tid, "p2", "Bob")
    await session.spectate(tid, "Sam")
    await session.apply(ann, "a1", {"kind": "add_token", "token": "t1", "x": 3.0, "y": 4.0, "label": "Hunter"})
    await session.apply(bob, "a2", {"kind": "roll", "dice": "3d6"})
    await session.apply(ann, "a3", {"kind": "move_token", "token": "t1", "x": 5.5, "y": 4.0, "facing": 90})
    moved = await session.redeem_link(tid, (await session.issue_link(ann, None))["key"])  # Ann on another device
    ann = await session.authenticate(tid, moved["token"])
    await session.apply(ann, "a3b", {"kind": "remove_token", "token": "t1"})
    host = await session.authenticate(tid, created["host_token"])
    await session.issue_link(host, "p1")  # announced in the log
    await session.host_action(host, "kick", "p2")
    await session.host_action(host, "reopen", "p2")
    cid = await seat(session, tid, "p2", "Cid")
    await session.apply(cid, "a4", {"kind": "roll", "dice": "1d20+2"})
    await session.host_action(host, "close")
    return tid, created["host_token"]


async def claimed_rematch(session: Session) -> str:
    """The rematch of a closed sandbox game: one player claimed their seat, the other's is
    still kept for them (no token yet); closed by its host."""
    tid, _ = await closed_sandbox(session)
    ann = await seat(session, tid, "p3", "Ann")
    made = await rematch.rematch(session, ann)
    claimed = await rematch.claim(session, ann)
    again = await session.authenticate(made["table"], claimed["token"])
    await session.apply(again, "r1", {"kind": "roll", "dice": "2d6"})
    await session.host_action(await session.authenticate(made["table"], made["host_token"]), "close")
    return str(made["table"])


async def bot_game(session: Session, system: str, steps: int = 20, concede: bool = False) -> str:
    """A game of ``system`` played by the bot in every seat for ``steps`` actions, then conceded
    by the first seat (finished) or closed by the host."""
    created = await session.create_table(system, "Played out", {}, "private", None)
    tid = created["id"]
    names = (await session.summary(tid))["seats"]
    seats = {s["seat"]: await seat(session, tid, s["seat"], s["seat"].title()) for s in names}
    projection = await session.projection(tid)
    for step in range(steps):
        env = await session.current(tid)
        for name, actor in seats.items():
            action = policy.choose(projection.view(env, name), projection.legal(env, name), "import", step, {})
            if action is not None:
                await session.apply(actor, f"s{step}", action)
                break
    if concede:
        await session.apply(next(iter(seats.values())), "end", {"kind": "concede"})
        assert (await session.current(tid)).status == "finished"
    else:
        await session.host_action(await session.authenticate(tid, created["host_token"]), "close")
    return tid


async def sandbox_with_takebacks(session: Session) -> str:
    """A sandbox game with takebacks asked and allowed, refused, lapsed by a move, and free;
    closed by its host."""
    created = await session.create_table("sandbox", "Slips", {}, "public", None)
    tid = created["id"]
    ann, bob = await seat(session, tid, "p1", "Ann"), await seat(session, tid, "p2", "Bob")
    await session.apply(ann, "a1", {"kind": "add_token", "token": "t1", "x": 3.0, "y": 4.0})
    await session.apply(ann, "a2", {"kind": "move_token", "token": "t1", "x": 5.0, "y": 4.0})
    await session.apply(ann, "k1", {"kind": "takeback"})
    await session.apply(bob, "k2", {"kind": "takeback.allow"})
    await session.apply(ann, "k3", {"kind": "takeback"})
    await session.apply(bob, "k4", {"kind": "takeback.refuse"})
    await session.apply(bob, "b1", {"kind": "roll", "dice": "2d6"})
    await session.apply(bob, "b2", {"kind": "add_token", "token": "t2", "x": 1.0, "y": 1.0})
    await session.apply(bob, "k5", {"kind": "takeback"})
    await session.apply(ann, "a3", {"kind": "move_token", "token": "t1", "x": 6.0, "y": 4.0})  # lapses it
    await session.writer.run(lambda conn: extras.put_settings(conn, tid, {"takeback": "free"}))
    await session.apply(ann, "k6", {"kind": "takeback"})
    tokens = (await session.current(tid)).state["tokens"]
    assert sorted(tokens) == ["t1", "t2"] and tokens["t1"]["x"] == 3.0
    await session.host_action(await session.authenticate(tid, created["host_token"]), "close")
    return tid


async def finished_srbr(session: Session) -> str:
    """A Samurai Robots game played by the bot for a while, then conceded: finished."""
    return await bot_game(session, "srbr", concede=True)


async def seat(session: Session, table_id: str, seat_id: str, name: str) -> Actor:
    return await session.authenticate(table_id, (await session.join(table_id, seat_id, name))["token"])


def export(engine: Engine, table_id: str) -> Dump:
    """What ``warboard export`` writes, read back as ``warboard import`` reads it."""
    with engine.connect() as conn:
        return json.loads(json.dumps(repo.dump_table(conn, table_id)))  # type: ignore[no-any-return]


def drop(engine: Engine, table_id: str) -> None:
    """Delete a table and everything of it (the export then stands for a table of another server)."""
    with engine.begin() as conn:
        conn.execute(tables.delete().where(tables.c.id == table_id))


def export_and_drop(engine: Engine, table_id: str) -> Dump:
    """The table's export, the table then deleted here: a table of another server."""
    dump = export(engine, table_id)
    drop(engine, table_id)
    return dump


async def served(engine: Engine, table_id: str) -> dict[str, Any]:
    """What a fresh server answers about a table: its summary, its replay at every seq (the
    spectators' view and events) and its dice proof."""
    fresh = Session(engine, MemoryBus())
    projection = await fresh.projection(table_id)
    last = (await fresh.current(table_id)).seq
    replay = [projection.view(await fresh.envelope_at(table_id, seq), None) for seq in range(last + 1)]
    return {
        "summary": await fresh.summary(table_id),
        "replay": replay,
        "events": projection.events(await fresh.events_after(table_id, -1), None),
        "proof": await fresh.proof(table_id),
        "rebuilt": fresh.rebuild(table_id)[0].to_dict(),
    }


def contents(engine: Engine) -> dict[str, list[str]]:
    """Every row of every table of the database (and so their counts)."""
    with engine.connect() as conn:
        return {t.name: sorted(repr(tuple(r)) for r in conn.execute(select(t))) for t in metadata.sorted_tables}


def counts(engine: Engine) -> dict[str, int]:
    with engine.connect() as conn:
        return {t.name: conn.execute(select(func.count()).select_from(t)).scalar_one() for t in metadata.sorted_tables}


def load(engine: Engine, dump: Any) -> str:
    with engine.begin() as conn:
        return import_export(conn, dump)


def refused(engine: Engine, dump: Any) -> str:
    """Import ``dump``, expecting a refusal that writes nothing; the refusal's message (one line)."""
    before = contents(engine)
    with pytest.raises(BadExport) as caught:
        load(engine, dump)
    assert contents(engine) == before
    message = str(caught.value)
    assert message and "\n" not in message
    return message


# --- a well-formed export imports and is served exactly as before ----------------------------


GAMES: dict[str, Callable[[Session], Any]] = {
    "sandbox closed mid-game": lambda session: closed_sandbox(session),
    "sandbox rematch, one seat claimed": claimed_rematch,
    "srbr finished": finished_srbr,
    "sandbox with takebacks": sandbox_with_takebacks,
    "gkr closed": lambda session: bot_game(session, "gkr"),
    "small-soldiers closed": lambda session: bot_game(session, "small-soldiers"),
    "hgb closed": lambda session: bot_game(session, "hgb", steps=12),
}


@pytest.mark.parametrize("game", list(GAMES))
async def test_an_export_imports_and_is_served_exactly_as_before(session: Session, game: str) -> None:
    engine = session.engine
    made = await GAMES[game](session)
    tid = made[0] if isinstance(made, tuple) else made
    before = await served(engine, tid)
    dump = export_and_drop(engine, tid)
    others = counts(engine)
    assert load(engine, dump) == tid
    after = await served(engine, tid)
    assert after == before
    assert after["proof"]["rolls"] and after["proof"]["seed"]
    assert export(engine, tid) == dump  # the same rows, to the byte
    grown = counts(engine)
    assert {k: grown[k] - others[k] for k in grown if grown[k] != others[k]} == {
        k: len(dump[k]) for k in ("tokens", "seats", "actions", "events")
    } | {"tables": 1}


async def test_the_tables_own_tokens_work_at_that_table_only(session: Session) -> None:
    engine = session.engine
    tid, host = await closed_sandbox(session)
    other, _ = await closed_sandbox(session)
    dump = export_and_drop(engine, tid)
    mine = {**dump["tokens"][-1], "token_hash": hash_token("mine"), "role": "spectator", "seat": None, "name": "Eve"}
    dump["tokens"].append(mine)
    load(engine, dump)
    fresh = Session(engine, MemoryBus())
    assert (await fresh.authenticate(tid, "mine")).role == "spectator"
    assert (await fresh.authenticate(tid, host)).role == "host"  # the host's token comes along
    with pytest.raises(Unauthorized):
        await fresh.authenticate(other, "mine")


async def test_an_export_of_a_game_in_progress_is_refused(session: Session) -> None:
    created = await session.create_table("sandbox", "Still on", {}, "public", "known seed")
    ann = await seat(session, created["id"], "p1", "Ann")
    await session.apply(ann, "a", {"kind": "roll", "dice": "2d6"})
    dump = export_and_drop(session.engine, created["id"])
    assert "no dice seed" in refused(session.engine, dump)
    # ... and so is one whose seed was put back by hand: its dice would be known to the file's author
    dump["table"]["seed"] = "known seed"
    assert "in progress" in refused(session.engine, dump)


async def test_a_table_that_exists_here_is_refused(session: Session) -> None:
    tid, _ = await closed_sandbox(session)
    dump = export(session.engine, tid)
    message = refused(session.engine, dump)
    assert f"Table {tid!r} already exists" in message
    drop(session.engine, tid)
    load(session.engine, dump)
    assert "already exists" in refused(session.engine, dump)  # a second import of the same file


# --- rows of another table ------------------------------------------------------------------


async def victim_table(session: Session) -> dict[str, Any]:
    """A game in progress at the server: a seat, a move, a chat line, settings, a rejoin link."""
    created = await session.create_table("sandbox", "Victim", {}, "public", None)
    tid = created["id"]
    ann = await seat(session, tid, "p1", "Ann")
    await session.apply(ann, "v1", {"kind": "add_token", "token": "v", "x": 1.0, "y": 1.0})
    with session.engine.begin() as conn:
        extras.add_chat(conn, tid, "players", "p1", "Ann", "good luck")
        extras.put_settings(conn, tid, {"spectator_chat": True})
    await session.issue_link(ann, None)
    env = await session.current(tid)
    return {"id": tid, "ann": ann, "host": created["host_token"], "seq": env.seq, "n": env.n}


def _host_token_there(dump: Dump, victim: dict[str, Any]) -> None:
    dump["tokens"].append({**dump["tokens"][0], "token_hash": hash_token("stolen"), "table_id": victim["id"]})


def _token_moved_there(dump: Dump, victim: dict[str, Any]) -> None:
    dump["tokens"][-1]["table_id"] = victim["id"]


def _seat_there(dump: Dump, victim: dict[str, Any]) -> None:
    dump["seats"].append(
        {"table_id": victim["id"], "seat": "p3", "state": "taken", "name": "Mallory", "token_hash": hash_token("m")}
    )


def _action_there(dump: Dump, victim: dict[str, Any]) -> None:
    last = dump["actions"][-1]
    dump["actions"].append({**last, "table_id": victim["id"], "action_id": "evil", "n": victim["n"] + 1})


def _event_there(dump: Dump, victim: dict[str, Any]) -> None:
    last = dump["events"][-1]
    dump["events"].append({**last, "table_id": victim["id"], "seq": victim["seq"] + 1, "action_id": "evil"})


def _chat_there(dump: Dump, victim: dict[str, Any]) -> None:
    dump["chat"] = [
        {"table_id": victim["id"], "seq": 0, "channel": "players", "seat": None, "name": "host", "text": "x"}
    ]


def _settings_there(dump: Dump, victim: dict[str, Any]) -> None:
    dump["table_settings"] = [{"table_id": victim["id"], "spectator_chat": False, "delay_actions": 99}]


def _seat_link_there(dump: Dump, victim: dict[str, Any]) -> None:
    dump["seat_links"] = [{"key_hash": hash_token("k"), "table_id": victim["id"], "seat": "p1", "revoked": False}]


def _snapshot_there(dump: Dump, victim: dict[str, Any]) -> None:
    dump["snapshots"] = [{"table_id": victim["id"], "seq": victim["seq"] + 1, "n": victim["n"] + 1, "envelope": {}}]


HOSTILE: dict[str, Callable[[Dump, dict[str, Any]], None]] = {
    "a host token of another table": _host_token_there,
    "a token moved to another table": _token_moved_there,
    "a seat of another table": _seat_there,
    "an action of another table at its next n": _action_there,
    "an event of another table at its next seq": _event_there,
    "a chat line of another table": _chat_there,
    "settings of another table": _settings_there,
    "a rejoin link of another table": _seat_link_there,
    "a snapshot of another table": _snapshot_there,
}


@pytest.mark.parametrize("hostile", list(HOSTILE))
async def test_a_file_with_rows_of_another_table_is_refused(session: Session, hostile: str) -> None:
    engine = session.engine
    tid, _ = await closed_sandbox(session)
    dump = export_and_drop(engine, tid)
    victim = await victim_table(session)
    HOSTILE[hostile](dump, victim)
    with pytest.raises(BadExport):
        check_export(dump)  # refused before the database is asked anything
    message = refused(engine, dump)
    assert victim["id"] in message or "unknown key" in message, message
    # the victim plays on at its next seq, and the stolen token is nobody's
    fresh = Session(engine, MemoryBus())
    with pytest.raises(Unauthorized):
        await fresh.authenticate(victim["id"], "stolen")
    moved = await fresh.apply(victim["ann"], "after", {"kind": "move_token", "token": "v", "x": 2.0, "y": 2.0})
    assert moved.seq == victim["seq"] + 1


async def test_a_token_hash_of_another_table_is_refused(session: Session) -> None:
    """A copy of another table's token row under this table's id: the same secret, refused."""
    engine = session.engine
    tid, _ = await closed_sandbox(session)
    dump = export_and_drop(engine, tid)
    victim = await victim_table(session)
    spectator = {**dump["tokens"][-1], "role": "spectator", "seat": None, "token_hash": hash_token(victim["host"])}
    dump["tokens"].append(spectator)
    check_export(dump)  # the file alone cannot tell
    assert "token" in refused(engine, dump)
    with engine.connect() as conn:
        row = conn.execute(select(tokens.c.table_id).where(tokens.c.token_hash == hash_token(victim["host"]))).one()
    assert row.table_id == victim["id"]


# --- the seed and the log -------------------------------------------------------------------


def _first(rows: list[dict[str, Any]], **match: Any) -> dict[str, Any]:
    return next(r for r in rows if all(r.get(k) == v or r.get("data", {}).get(k) == v for k, v in match.items()))


def _seed_changed(dump: Dump) -> None:
    dump["table"]["seed"] = "another seed"


def _seed_and_commitment_changed(dump: Dump) -> None:
    dump["table"]["seed"] = "another seed"
    dump["table"]["commitment"] = hash_token("another seed")  # SHA-256, as the commitment


def _face_edited(dump: Dump) -> None:
    rolled = _first(dump["events"], kind="rolled")
    rolled["data"]["faces"][0] = rolled["data"]["faces"][0] % 6 + 1


def _total_edited(dump: Dump) -> None:
    _first(dump["events"], kind="rolled")["data"]["total"] += 1


def _roll_edited(dump: Dump) -> None:
    rolls = next(a for a in dump["actions"] if a["rolls"])["rolls"]
    rolls[0]["value"] = rolls[0]["value"] % rolls[0]["sides"] + 1


def _dice_position_edited(dump: Dump) -> None:
    next(a for a in dump["actions"] if a["rolls"])["dice_from"] += 1


def _actions_reordered(dump: Dump) -> None:
    acts = dump["actions"]
    i = next(i for i, a in enumerate(acts) if a["action"]["kind"] == "add_token")
    acts[i], acts[i + 1] = acts[i + 1], acts[i]


def _payloads_swapped(dump: Dump) -> None:
    acts = dump["actions"]
    add = _first(acts, action_id="a1")
    move = _first(acts, action_id="a3")
    add["action"], move["action"] = move["action"], add["action"]


def _action_edited(dump: Dump) -> None:
    _first(dump["actions"], action_id="a1")["action"]["x"] = 7.0  # the event still says 3.0


def _action_appended(dump: Dump) -> None:
    """A roll after the table was closed, with its event: the rules refuse it."""
    last = dump["actions"][-1]
    roll = copy.deepcopy(_first(dump["actions"], action_id="a2"))
    seq = last["last_seq"] + 1
    dice = last["dice_from"] + len(last["rolls"])
    roll.update(action_id="late", n=last["n"] + 1, first_seq=seq, last_seq=seq, dice_from=dice)
    event = copy.deepcopy(_first(dump["events"], action_id="a2"))
    event.update(seq=seq, action_id="late")
    dump["actions"].append(roll)
    dump["events"].append(event)
    dump["table"]["seq"] = seq


def _event_appended(dump: Dump) -> None:
    extra = copy.deepcopy(dump["events"][-1])
    extra["seq"] += 1
    dump["events"].append(extra)


def _event_dropped(dump: Dump) -> None:
    del dump["events"][3]


def _seq_gap(dump: Dump) -> None:
    for event in dump["events"][3:]:
        event["seq"] += 1
    for act in dump["actions"]:
        if act["first_seq"] >= 3:
            act["first_seq"] += 1
            act["last_seq"] += 1
    dump["table"]["seq"] += 1


def _event_inserted(dump: Dump) -> None:
    """An extra event inside an action's run, every seq after it moved on to make room."""
    _seq_gap(dump)
    event = copy.deepcopy(dump["events"][2])
    event["seq"] = 3
    dump["events"].insert(3, event)
    next(a for a in dump["actions"] if a["last_seq"] == 2)["last_seq"] = 3


def _table_seq_edited(dump: Dump) -> None:
    dump["table"]["seq"] += 1


def _status_edited(dump: Dump) -> None:
    dump["table"]["status"] = "finished"


def _outcome_edited(dump: Dump) -> None:
    dump["table"]["outcome"] = {"winners": ["p1"], "reason": "p2 conceded"}


def _seat_never_held(dump: Dump) -> None:
    """A roll by a seat nobody took (the sandbox lets any seat roll; the table did not)."""
    roll = _first(dump["actions"], action_id="a2")
    roll["actor"] = "p5"
    for event in dump["events"]:
        if event["action_id"] == "a2":
            event["seat"] = "p5"


def _seat_row_edited(dump: Dump) -> None:
    _first(dump["seats"], seat="p2")["name"] = "Mallory"


def _second_live_token(dump: Dump) -> None:
    """Another live player token for a taken seat (the server revokes a seat's token when it
    issues the next one)."""
    token = _first(dump["tokens"], role="player", revoked=True)
    token["revoked"] = False


def _join_name_edited(dump: Dump) -> None:
    _first(dump["events"], kind="seat_joined")["data"]["name"] = "Mallory"


def _system_changed(dump: Dump) -> None:
    dump["table"]["system"] = "gkr"


def _options_changed(dump: Dump) -> None:
    dump["table"]["options"] = {**dump["table"]["options"], "board": "hex"}


def _unknown_column(dump: Dump) -> None:
    dump["tokens"][0]["admin"] = True


def _missing_column(dump: Dump) -> None:
    del dump["events"][0]["kind"]


def _wrong_type(dump: Dump) -> None:
    dump["actions"][1]["n"] = "1"


def _control_character(dump: Dump) -> None:
    dump["seats"][0]["name"] = "Ann\x00"


def _long_name(dump: Dump) -> None:
    dump["table"]["name"] = "x" * 121


def _bad_table_id(dump: Dump) -> None:
    old = dump["table"]["id"]
    for rows in (dump["tokens"], dump["seats"], dump["actions"], dump["events"]):
        for row in rows:
            row["table_id"] = "../" + old
    dump["table"]["id"] = "../" + old


def _action_id_reused(dump: Dump) -> None:
    _first(dump["actions"], action_id="a3")["action_id"] = "a1"
    for event in dump["events"]:
        if event["action_id"] == "a3":
            event["action_id"] = "a1"


def _date_to_come(dump: Dump) -> None:
    dump["table"]["updated_at"] = "2999-01-01T00:00:00+00:00"  # first in the lobby for ever


def _format_changed(dump: Dump) -> None:
    dump["format"] = "warboard-table/2"


TAMPERED: dict[str, tuple[Callable[[Dump], None], str]] = {
    "a seed that does not match its commitment": (_seed_changed, "commitment"),
    "another seed with its own commitment": (_seed_and_commitment_changed, "action"),
    "an edited die face": (_face_edited, "event"),
    "an edited total": (_total_edited, "event"),
    "an edited roll": (_roll_edited, "rolls"),
    "an edited dice position": (_dice_position_edited, "dice"),
    "two actions reordered": (_actions_reordered, "action"),
    "two actions' payloads swapped": (_payloads_swapped, "action"),
    "an edited action": (_action_edited, "event"),
    "an action after the end": (_action_appended, "closed"),
    "an extra event": (_event_appended, "event"),
    "a dropped event": (_event_dropped, "event"),
    "a gap in seq": (_seq_gap, "seq"),
    "an extra event inside a run": (_event_inserted, "event"),
    "a table seq beyond its log": (_table_seq_edited, "seq"),
    "a status the log does not reach": (_status_edited, "status"),
    "an outcome the log does not reach": (_outcome_edited, "outcome"),
    "an action by a seat nobody held": (_seat_never_held, "p5"),
    "a seat row the log does not give": (_seat_row_edited, "p2"),
    "a second live token for a seat": (_second_live_token, "token"),
    "an edited name in a join": (_join_name_edited, "data differ"),  # the move of that seat names her otherwise
    "another system": (_system_changed, "gkr"),
    "other options": (_options_changed, "event"),
    "an unknown column": (_unknown_column, "admin"),
    "a missing column": (_missing_column, "kind"),
    "a number as text": (_wrong_type, "n"),
    "a control character": (_control_character, "control"),
    "a name too long": (_long_name, "name"),
    "an id that is not one": (_bad_table_id, "id"),
    "an action id used twice": (_action_id_reused, "id"),
    "a date still to come": (_date_to_come, "updated_at"),
    "another format": (_format_changed, "format"),
}


@pytest.mark.parametrize("tampered", list(TAMPERED))
async def test_a_file_whose_log_does_not_hold_together_is_refused(session: Session, tampered: str) -> None:
    engine = session.engine
    tid, _ = await closed_sandbox(session)
    dump = export_and_drop(engine, tid)
    check_export(copy.deepcopy(dump))  # the file as exported passes
    edit, said = TAMPERED[tampered]
    edit(dump)
    with pytest.raises(BadExport):
        check_export(copy.deepcopy(dump))
    message = refused(engine, dump)
    assert said in message, message


async def test_a_finished_game_with_an_edited_roll_is_refused(session: Session) -> None:
    engine = session.engine
    tid = await finished_srbr(session)
    dump = export_and_drop(engine, tid)
    check_export(copy.deepcopy(dump))
    _roll_edited(dump)
    refused(engine, dump)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (b"not json", "JSON"),
        (b"[" * 100_000 + b"]" * 100_000, "JSON"),
        (b'{"format": "warboard-table/1", "n": NaN}', "NaN"),
        (b'{"format": "warboard-table/1", "n": ' + b"9" * 5000 + b"}", "JSON"),
        (b"\xff\xfe", "UTF-8"),
        (b"[]", "object"),
    ],
)
def test_what_is_not_an_export_is_refused_as_it_is_read(text: bytes, said: str) -> None:
    with pytest.raises(BadExport) as caught:
        check_export(parse_export(text))
    assert said in str(caught.value) and "\n" not in str(caught.value)
