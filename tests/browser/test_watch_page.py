"""The Watch page showed a live game's name and seats but no turn, round or time (issue 25):
each row now says the round, who is to act and how long ago the last move was made (1280x720
and 390x844), and the API's watch list carries the last action's time."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import NewPage, hgb_table
from tests.conftest import Server

pytestmark = pytest.mark.browser


def test_the_watch_list_says_the_turn_and_the_last_move(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    tid, first, _ = hgb_table(server, "Watched skirmish")
    with server.client() as client:
        entry = next(g for g in client.get("/api/watch").json() if g["id"] == tid)
    assert re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", entry["last_action"]), entry
    page: Page = new_page(*size)
    page.goto(f"{server.url}/watch")
    row = page.locator(f'#watch-rows tr[data-table="{tid}"]')
    expect(row.locator(".watch-turn")).to_have_text(
        f"Round 1 · {first.title()} ({first.title()}ern) to act"
    )  # "North (Northern)"
    expect(row.locator(".watch-last")).to_have_text("last move just now")
    # the list holds every open table (many, on a server the whole suite shares): the row
    # scrolls into sight, and its turn column is not cut off at either size
    row.scroll_into_view_if_needed()
    expect(row.locator(".watch-turn")).to_be_in_viewport(ratio=1)
    page.screenshot(path=str(artifacts / f"watch-page-{size[0]}x{size[1]}.png"))
    page.wait_for_timeout(5500)  # the rows refresh themselves: still said
    expect(row.locator(".watch-turn")).to_have_text(re.compile(r"^Round 1 · "))
