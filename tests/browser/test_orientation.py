"""Each player's own side at the bottom: the seat whose edge is the top of the table sees the
board turned half round (texts and silhouettes upright), the other seat and spectators see it
as it is. HGB (north and south edges) and Small Soldiers (each army's flag)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import CONNECTED, centre_of, hgb_table, sit
from tests.conftest import Server
from tests.kit.table import join, new_table

pytestmark = pytest.mark.browser


def upright(page: Page) -> bool:
    """Every shown label reads upright on screen: the board's half turn is undone per text."""
    return page.evaluate("""() => [...document.querySelectorAll('#board .piece-label')].filter((t) => t.getAttribute('display') !== 'none').every((t) => {
        const turned = document.getElementById('board').classList.contains('flipped');
        const m = new DOMMatrix(getComputedStyle(t).transform === 'none' ? undefined : getComputedStyle(t).transform);
        return turned ? m.a < -0.99 : m.a > 0.99; })""")  # type: ignore[no-any-return]


def test_hgb_each_edge_at_the_bottom_of_its_own_screen(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    tid, _, seats = hgb_table(server)
    for seat, turned in (("north", True), ("south", False), (None, False)):
        page = new_page(1280, 720)
        if seat:
            sit(page, server.url, tid, seat, seats[seat])
        else:
            page.goto(f"{server.url}/tables/{tid}?watch=1")
            page.wait_for_selector(CONNECTED)
        expect(page.locator("#system-panel")).to_have_attribute("data-phase", "activation")
        if turned:
            expect(page.locator("#board")).to_have_class(re.compile(r"\bflipped\b"))
        else:
            expect(page.locator("#board")).not_to_have_class(re.compile(r"\bflipped\b"))
        north_y, south_y = centre_of(page, "n-cg1-1")[1], centre_of(page, "s-cg1-1")[1]
        own_below = north_y > south_y if seat == "north" else south_y > north_y
        assert own_below, (seat, north_y, south_y)
        assert upright(page)
        page.screenshot(path=str(artifacts / f"orientation-hgb-{seat or 'spectator'}.png"))


def test_small_soldiers_each_flag_at_the_bottom(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    with server.client() as client:
        tid = new_table(
            client, "small-soldiers", name="Upside down", options={"map_name": "skirmish"}, seed="turned-1"
        )["id"]
        seats = {s: join(client, tid, s, s.title()) for s in ("gorgonites", "commandos")}
    for seat in seats:
        page = new_page(390, 844)
        sit(page, server.url, tid, seat, seats[seat])
        expect(page.locator("#system-panel")).to_have_attribute("data-phase", re.compile(r"\w"))
        if seat == "gorgonites":
            expect(page.locator("#board")).to_have_class(re.compile(r"\bflipped\b"))
        page.wait_for_timeout(200)
        own, other = (
            centre_of(page, f"flag-{seat}")[1],
            centre_of(page, f"flag-{'commandos' if seat == 'gorgonites' else 'gorgonites'}")[1],
        )
        assert own > other, (seat, own, other)
        assert upright(page)
        page.screenshot(path=str(artifacts / f"orientation-small-soldiers-{seat}.png"))
