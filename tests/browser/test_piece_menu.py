"""The acting model's menu by the board (issue 25, item 4): HGB's attack controls were 944 px
down a side column that shows 379 px at 1280x720. A shot (pick a target, a weapon, roll) now
needs no scrolling on a laptop or a phone: every control of it is inside the window as the page
opens, stays there as the aim is measured, and the roll lands in the log."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import NewPage, hgb_first_page, off_screen, scrolled
from tests.conftest import Server

pytestmark = pytest.mark.browser

SHOT = ".hgb-menu select, .hgb-menu button"  # the target, the weapon and the roll


def test_a_shot_needs_no_scrolling(server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]) -> None:
    page, _, first, _ = hgb_first_page(server, new_page(*size))
    foe = ("s" if first == "north" else "n") + "-cg1-1"
    menu = page.get_by_role("region", name="Hunter 1: shoot")
    expect(menu).to_be_visible()
    expect(page.locator(SHOT)).to_have_count(3)
    assert off_screen(page, SHOT) == []

    menu.get_by_label("Target", exact=True).select_option(foe)
    menu.get_by_label("Weapon", exact=True).select_option("MAC")
    roll = menu.get_by_role("button", name="Roll the attack on Jäger 1")
    expect(roll).to_be_enabled()  # the aim measured: in reach, in arc
    expect(menu).to_contain_text("in arc")
    expect(menu).to_contain_text("hit ")
    assert off_screen(page, SHOT) == []
    page.screenshot(path=str(artifacts / f"piece-menu-{size[0]}x{size[1]}.png"))
    roll.click()
    expect(page.locator("#log")).to_contain_text("Hunter 1 fires MAC at Jäger 1")
    assert scrolled(page) == []
