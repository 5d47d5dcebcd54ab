"""Samurai Robots offered "Roll 3 dice" when nothing was left to activate (issue 25): once every
part of the seat's mechas has been activated this turn, the panel says so, offers no dice and
makes ending the turn its main action (1280x720 and 390x844)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import NewPage, open_at_seat, seat_views
from tests.conftest import Server
from tests.kit.table import act, join, new_table

pytestmark = pytest.mark.browser

PASSING = ("done", "pass", "ready", "end_reaction", "no_reaction")


def step(v: dict[str, Any]) -> dict[str, Any]:
    """The next action of a seat playing fast: activate the first part it may (one die), then
    finish the part's actions or pass; anything else the first legal action."""
    legal = v["legal"]
    act_ = next((a for a in legal if a["kind"] == "activate" and a["dice"] == 1), None)
    if v["prompt"]["ask"] == "activate" and act_:
        return act_
    return next((a for a in legal if a["kind"] in PASSING), legal[0])


def nothing_left(server: Server) -> tuple[str, str, dict[str, dict[str, str]]]:
    """Through the API: a seat asked to activate with every part spent (no activate legal)."""
    with server.client() as client:
        tid = new_table(client, "srbr", name="Spent robots", seed="srbr-spent-1")["id"]
        seats = {s: join(client, tid, s, s.title()) for s in ("p1", "p2")}
        for _ in range(300):
            views = seat_views(client, tid, seats)
            seat = next(
                s for s in seats if views[s].get("prompt") and views[s]["prompt"].get("ask") not in (None, "wait")
            )
            v = views[seat]
            if v["prompt"]["ask"] == "activate" and not any(a["kind"] == "activate" for a in v["legal"]):
                return tid, seat, seats
            r = act(client, tid, seats[seat], step(v))
            assert r.status_code == 200, r.text
    raise AssertionError("every part was never spent")


def test_no_dice_offered_when_nothing_is_left(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    tid, seat, seats = nothing_left(server)
    page = open_at_seat(new_page, size, server.url, tid, seat, seats[seat])
    expect(page.locator("#system-panel")).to_have_attribute("data-ask", "activate")
    expect(page.locator("#system-panel")).to_contain_text("Nothing is left to activate this turn.")
    expect(page.get_by_role("button", name="Roll 3 dice")).to_have_count(0)
    expect(page.locator("#system-panel .srbr-roll-button")).to_have_count(0)
    end = page.get_by_role("button", name="End turn").and_(page.locator(".lifted"))
    expect(end).to_be_visible()
    page.screenshot(path=str(artifacts / f"srbr-nothing-left-{size[0]}x{size[1]}.png"))
    end.click()
    expect(page.locator("#log")).to_contain_text("ended the turn")
