"""The board gets the room (issue 25): at least 55% of a 1280x720 window and 45% of a 390x844
phone for every game at a seat mid-game, the panels in the rail (a laptop) or under the board
(a phone), the current step's main button in sight; and the board's box is the same at the
first paint as once the panels are filled (no layout shift as the game's panel arrives)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.games import GAMES, at_a_seat
from tests.browser.helpers import NewPage, off_screen, scrolled, sit
from tests.conftest import Server

pytestmark = pytest.mark.browser

SHARE = {1280: 0.55, 390: 0.45}  # the least share of the window the board takes, by window width

# The board's box when the page is first laid out (before any script or message came), kept
# for the test to compare with the box once the panels are filled.
FIRST_BOX = """document.addEventListener("DOMContentLoaded", () => {
  const r = document.getElementById("board")?.getBoundingClientRect();
  window.firstBoardBox = r ? [r.width, r.height] : null;
});"""

BOARD_SHARE = """() => {
  const r = document.getElementById("board").getBoundingClientRect();
  const w = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
  const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
  return {share: (w * h) / (innerWidth * innerHeight), box: [r.width, r.height], first: window.firstBoardBox};
}"""


def board_share(page: Page) -> dict[str, object]:
    """The board's visible share of the window, its box now and at the first layout."""
    return page.evaluate(BOARD_SHARE)  # type: ignore[no-any-return]


def settled(page: Page) -> None:
    """The game's panel is filled from the welcome (and its main button lifted, if any)."""
    expect(page.locator("#system-panel")).to_be_visible()
    expect(page.locator("#log li").first).to_be_attached()
    page.wait_for_timeout(700)  # the panel's second pass (aims, odds) and the lifted buttons' frame


@pytest.mark.parametrize("game", GAMES)
def test_the_board_takes_the_room_from_the_first_paint(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int], game: str
) -> None:
    tid, seat, seats = at_a_seat(server, game)
    page: Page = new_page(*size)
    page.add_init_script(FIRST_BOX)
    sit(page, server.url, tid, seat, seats[seat])
    settled(page)
    page.screenshot(path=str(artifacts / f"room-{game}-{size[0]}x{size[1]}.png"))
    measured = board_share(page)
    print(f"board share {game} {size[0]}x{size[1]}: {measured['share']:.3f}")
    assert measured["share"] >= SHARE[size[0]], measured
    first, now = measured["first"], measured["box"]
    assert first and all(abs(a - b) <= 1 for a, b in zip(first, now, strict=True)), (first, now)  # type: ignore[call-overload]
    # every main button of the step in sight, nothing scrolled
    assert scrolled(page) == []
    assert off_screen(page, ".lifted") == []
    # every tool reads its whole label (on a phone the bar scrolls; a button never clips its word)
    clipped = page.evaluate(
        """() => [...document.querySelectorAll('.toolbar button')]
          .filter((b) => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
          .map((b) => b.textContent.trim())"""
    )
    assert clipped == [], clipped
