"""Pings (issue 26): Alt+click, the G key or a long press on the board drops a ping that the other
player and the spectator see (a ripple in the pinger's colour with their name, and its sound),
and the pinger sees it too. 1280x720 with a mouse and the keyboard, 390x844 with a finger."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import CONNECTED, board_point, create_table, open_seat
from tests.conftest import Server

pytestmark = pytest.mark.browser

RECORD = """
window.__played = [];
const play = HTMLMediaElement.prototype.play;
HTMLMediaElement.prototype.play = function () { window.__played.push(this.id); return play.call(this).catch(() => {}); };
"""


def ping_at(page: Page, who: str) -> tuple[float, float]:
    """Where ``who``'s ping is drawn on ``page``'s board (board units)."""
    ping = page.locator(f'#board .ping[data-who="{who}"]')
    expect(ping).to_have_count(1)
    x, y = str(ping.get_attribute("transform")).removeprefix("translate(").removesuffix(")").split()
    return float(x), float(y)


def open_three(new_page, server: Server, width: int, height: int, **kwargs: object) -> tuple[Page, Page, Page]:  # type: ignore[no-untyped-def]
    tid = create_table(server, name="Pings", options={"width": 24, "height": 24})["id"]
    pages = []
    for seat, name in (("p1", "Ann"), ("p2", "Bob"), (None, "Eve")):
        page: Page = new_page(width, height, **kwargs)
        page.add_init_script(RECORD)
        open_seat(page, server.url, tid, seat, name)
        page.wait_for_selector(CONNECTED)
        pages.append(page)
    return pages[0], pages[1], pages[2]


def test_alt_click_and_the_g_key_ping_the_table(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    ann, bob, eve = open_three(new_page, server, 1280, 720)
    x, y = board_point(ann, 6, 9)
    ann.keyboard.down("Alt")
    ann.mouse.click(x, y)
    ann.keyboard.up("Alt")
    for page in (ann, bob, eve):
        px, py = ping_at(page, "Ann")
        assert abs(px - 6) < 0.2 and abs(py - 9) < 0.2, (px, py)
    bob.screenshot(path=str(artifacts / "ping-seen-by-bob-1280x720.png"))
    assert "sound-ping" in bob.evaluate("window.__played")
    assert "sound-ping" in eve.evaluate("window.__played")
    expect(bob.locator("#board .ping")).to_have_count(0, timeout=5_000)  # a ping fades

    ann.wait_for_timeout(1_100)  # one a second
    ann.mouse.move(*board_point(ann, 18, 4))
    ann.locator("#board").focus()
    ann.keyboard.press("g")
    px, py = ping_at(bob, "Ann")
    assert abs(px - 18) < 0.2 and abs(py - 4) < 0.2, (px, py)


def test_a_long_press_pings_on_a_phone(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    ann, bob, eve = open_three(new_page, server, 390, 844, has_touch=True, is_mobile=True)
    x, y = board_point(ann, 12, 12)
    cdp = ann.context.new_cdp_session(ann)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y, "id": 0}]})
    ann.wait_for_timeout(800)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    for page in (bob, eve):
        px, py = ping_at(page, "Ann")
        assert abs(px - 12) < 0.3 and abs(py - 12) < 0.3, (px, py)
    eve.screenshot(path=str(artifacts / "ping-seen-by-a-spectator-390x844.png"))
    # a short tap is no ping
    bob.wait_for_timeout(2_700)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y, "id": 0}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    bob.wait_for_timeout(900)
    expect(bob.locator("#board .ping")).to_have_count(0)
