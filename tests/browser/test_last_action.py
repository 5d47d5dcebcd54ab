"""See what just happened (issue 26): the other player's move is marked on the board as a trail
from where the piece stood until the next action, the piece glides there, dice rolled just now
tumble in the tray, and a player who looked away gets a "While you were away" list of what the
other did meanwhile. Sandbox, two players, 1280x720 and 390x844."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import NewPage, sit
from tests.conftest import Server
from tests.kit.table import act, join, new_table

pytestmark = pytest.mark.browser

# every animation the page starts, by the animated piece's id
GLIDES = """
window.__glides = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  if (this.classList && this.classList.contains('piece')) window.__glides.push(this.dataset.id);
  return animate.apply(this, args);
};
"""
HIDE = """(hidden) => {
  Object.defineProperty(document, 'hidden', {configurable: true, get: () => hidden});
  Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => hidden ? 'hidden' : 'visible'});
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def test_the_last_move_is_marked_and_the_absent_are_told(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    with server.client() as client:
        tid = new_table(client, name="Last move", options={"width": 24, "height": 24})["id"]
        ann, bob = join(client, tid, "p1", "Ann"), join(client, tid, "p2", "Bob")
        for token, x in (("scout", 4), ("tank", 12)):
            add = {"kind": "add_token", "token": token, "x": x, "y": 4, "facing": 0, "label": token.title()}
            assert act(client, tid, ann, add).status_code == 200
    page: Page = new_page(*size)
    page.add_init_script(GLIDES)
    sit(page, server.url, tid, "p2", bob)
    expect(page.locator("#board .piece")).to_have_count(2)

    with server.client() as client:
        assert act(client, tid, ann, {"kind": "move_token", "token": "scout", "x": 10, "y": 16}).status_code == 200
    trail = page.locator('#board .last-trail[data-piece="scout"]')
    expect(trail).to_have_count(1)
    expect(trail.locator("title")).to_have_text("Scout moved from here")
    line = trail.locator("line")
    assert [float(str(line.get_attribute(k))) for k in ("x1", "y1", "x2", "y2")] == [4, 4, 10, 16]
    expect(page.locator('#board .last-trail[data-piece="tank"]')).to_have_count(0)
    assert page.evaluate("window.__glides") == ["scout"]  # the moved piece glides there, the other stays
    page.locator("#board").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"last-move-trail-{size[0]}x{size[1]}.png"))

    # the next action replaces the mark: a roll marks no move, and its dice tumble in the tray
    with server.client() as client:
        assert act(client, tid, ann, {"kind": "roll", "dice": "2d6"}).status_code == 200
    expect(page.locator("#board .last-trail")).to_have_count(0)
    expect(page.locator("#dice li.rolling")).to_have_count(1)

    # Bob looks away; Ann moves twice; Bob comes back to a list of her moves
    page.evaluate(HIDE, True)
    with server.client() as client:
        for x in (6, 8):
            assert act(client, tid, ann, {"kind": "move_token", "token": "tank", "x": x, "y": 9}).status_code == 200
    expect(page.locator('#board .last-trail[data-piece="tank"] line')).to_have_attribute("x2", "8")
    page.evaluate(HIDE, False)
    away = page.locator("#away")
    expect(away).to_be_visible()
    expect(away.locator("li")).to_have_count(2)
    expect(away.locator("li").first).to_contain_text("Tank")
    expect(away).to_be_in_viewport()
    page.screenshot(path=str(artifacts / f"while-you-were-away-{size[0]}x{size[1]}.png"))
    away.get_by_role("button", name="Close").click()
    expect(away).to_be_hidden()


def test_no_glide_with_reduced_motion(server: Server, new_page: NewPage) -> None:
    """prefers-reduced-motion: the piece jumps to its place (the trail still says where it was)."""
    with server.client() as client:
        tid = new_table(client, name="Still", options={"width": 24, "height": 24})["id"]
        ann, bob = join(client, tid, "p1", "Ann"), join(client, tid, "p2", "Bob")
        add = {"kind": "add_token", "token": "scout", "x": 4, "y": 4, "facing": 0, "label": "Scout"}
        assert act(client, tid, ann, add).status_code == 200
    page: Page = new_page(1280, 720, reduced_motion="reduce")
    page.add_init_script(GLIDES)
    sit(page, server.url, tid, "p2", bob)
    expect(page.locator("#board .piece")).to_have_count(1)
    with server.client() as client:
        assert act(client, tid, ann, {"kind": "move_token", "token": "scout", "x": 10, "y": 16}).status_code == 200
    expect(page.locator('#board .last-trail[data-piece="scout"]')).to_have_count(1)
    assert page.evaluate("window.__glides") == []
