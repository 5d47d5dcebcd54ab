"""A game after its end, to move through and to share (app/session/sharing.py), on a real
database: the share data of each game holds the spectator's view after every action (its
patches rebuild exactly the views the replay serves), the spectator's events, the rounds and
turns and the dice proof, and its log is the export ``warboard import`` takes; a game in
progress has none."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from app.core import patches
from app.core.errors import Conflict
from app.session import Session, sharing
from app.session.transfer import check_export
from tests.kit.session import session_fixture
from tests.session.test_transfer import bot_game, finished_srbr, seat

pytestmark = pytest.mark.anyio

session = session_fixture()


def views_of(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each step's whole view: the patches applied in order, as the shared file's page does."""
    out: list[dict[str, Any]] = []
    for step in steps:
        out.append(step["view"] if "view" in step else patches.apply(out[-1], step["patch"]))
    return out


GAMES = {
    "srbr finished": finished_srbr,
    "gkr closed": lambda session: bot_game(session, "gkr", steps=40),
    "small-soldiers closed": lambda session: bot_game(session, "small-soldiers", steps=40),
    "hgb closed": lambda session: bot_game(session, "hgb", steps=12),
}


@pytest.mark.parametrize("game", list(GAMES))
async def test_the_share_data_is_the_spectators_game_step_by_step(session: Session, game: str) -> None:
    tid = await GAMES[game](session)
    data = await sharing.share_data(session, tid)
    projection = await session.projection(tid)
    table = data["table"]
    assert data["format"] == "warboard-share/1" and table["status"] in ("finished", "closed")
    steps, views = data["steps"], views_of(data["steps"])
    assert [s["seq"] for s in steps] == sorted({s["seq"] for s in steps}) and steps[-1]["seq"] == table["seq"]
    for step, view in [*list(zip(steps, views, strict=True))[:: max(1, len(steps) // 12)], (steps[-1], views[-1])]:
        # what the replay shows at that seq, exactly
        assert view == sharing.as_json(projection.view(await session.envelope_at(tid, step["seq"]), None))
    everything = await session.events_after(tid, -1, None, 100_000)
    assert data["events"] == sharing.as_json(projection.events(everything, None))
    assert data["proof"] == await session.proof(tid)
    assert check_export(data["log"]).table_id == tid  # warboard import takes the log as it is
    assert data["turns"] and data["turns"][0]["seq_from"] == 0 and data["turns"][-1]["seq_to"] == table["seq"]


async def test_each_game_says_where_its_rounds_and_turns_start(session: Session) -> None:
    tid = await finished_srbr(session)
    turns = await sharing.turns(session, tid, (await session.current(tid)).seq)
    played = [t for t in turns if t["round"] is not None]
    assert played, turns
    assert {t["seat"] for t in played} <= {"p1", "p2"} and all(t["seat"] for t in played)
    assert all(a["seq_to"] + 1 == b["seq_from"] for a, b in itertools.pairwise(turns))
    assert [t["round"] for t in played] == sorted(t["round"] for t in played)
    partway = await sharing.turns(session, tid, played[0]["seq_from"])
    assert partway[-1]["seq_from"] == partway[-1]["seq_to"] == played[0]["seq_from"]


async def test_a_game_in_progress_has_no_share_data_and_no_log(session: Session) -> None:
    created = await session.create_table("srbr", "Still on", {}, "public", None)
    await seat(session, created["id"], "p1", "Ann")
    with pytest.raises(Conflict) as caught:
        await sharing.share_data(session, created["id"])
    assert caught.value.code == "game_in_progress"
    with pytest.raises(Conflict) as caught:
        await sharing.log_text(session, created["id"])
    assert caught.value.code == "game_in_progress"
