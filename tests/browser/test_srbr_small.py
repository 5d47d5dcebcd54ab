"""Samurai Robots offered "Roll 3 dice" when nothing was left to activate (issue 25): once every
part of the seat's mechas has been activated this turn, the panel says so, offers no dice and
makes ending the turn its main action (1280x720 and 390x844)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.games import srbr_passing, srbr_until
from tests.browser.helpers import NewPage, open_at_seat
from tests.conftest import Server

pytestmark = pytest.mark.browser


def step(v: dict[str, Any]) -> dict[str, Any]:
    """Play fast: activate the first part it may with one die, then finish or pass."""
    first = next((a for a in v["legal"] if a["kind"] == "activate" and a["dice"] == 1), None)
    return first if v["prompt"]["ask"] == "activate" and first else srbr_passing(v["legal"])


def spent(v: dict[str, Any]) -> bool:
    """Asked to activate with every part spent: no activate legal."""
    return v["prompt"]["ask"] == "activate" and not any(a["kind"] == "activate" for a in v["legal"])


def test_no_dice_offered_when_nothing_is_left(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    tid, seat, seats = srbr_until(server, "srbr-spent-1", spent, step, 300, "Spent robots")
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
