"""Replaying an exported log (app/session/audit.py) reaches the state the session's own rebuild
reaches, and the seats as the table has them."""

from __future__ import annotations

import pytest

from app.session import Session
from app.session.audit import BadExport, replay_log
from app.session.game import system_of
from tests.kit.session import session_fixture
from tests.session.test_transfer import closed_sandbox, export, finished_srbr

pytestmark = pytest.mark.anyio


session = session_fixture()


async def test_the_replay_reaches_the_sessions_own_state_and_seats(session: Session) -> None:
    for tid in ((await closed_sandbox(session))[0], await finished_srbr(session)):
        dump = export(session.engine, tid)
        table = dump["table"]
        replayed = replay_log(system_of(table["system"]), table, dump["actions"], dump["events"])
        assert replayed.env.to_dict() == session.rebuild(tid)[0].to_dict()
        assert replayed.seats == {s["seat"]: (s["state"], s["name"]) for s in dump["seats"]}


async def test_a_log_that_does_not_start_with_the_tables_creation_is_refused(session: Session) -> None:
    tid, _ = await closed_sandbox(session)
    dump = export(session.engine, tid)
    table = dump["table"]
    closing = [{**dump["actions"][0], "action": {"kind": "table.close", "seat": None}}, *dump["actions"][1:]]
    with pytest.raises(BadExport, match="creation"):
        replay_log(system_of(table["system"]), table, closing, dump["events"])
    with pytest.raises(BadExport, match="no actions"):
        replay_log(system_of(table["system"]), table, [], [])
