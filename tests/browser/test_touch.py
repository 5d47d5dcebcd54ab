"""Touch and wheel on the board: pinch and wheel zoom, one-finger pan, one-finger drag of a piece."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import board_point, centre, open_new_table, piece, place_token, placed_at
from tests.conftest import Server

pytestmark = pytest.mark.browser


def _touch(page: Page, kind: str, points: list[tuple[float, float]]) -> None:
    """Raw touch input through the DevTools protocol (one session per page keeps the touches)."""
    cdp = getattr(page, "_warboard_cdp", None)
    if cdp is None:
        cdp = page.context.new_cdp_session(page)
        page._warboard_cdp = cdp
    cdp.send(
        "Input.dispatchTouchEvent",
        {"type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]},
    )


def _width(page: Page) -> float:
    return float(str(page.locator("#board").get_attribute("viewBox")).split()[2])


def test_wheel_and_pinch_zoom_and_touch_pan(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    page = new_page(390, 844, has_touch=True, is_mobile=True)
    open_new_table(server, page, None, name="Touchy", options={"width": 30, "height": 30})
    page.locator("#board").scroll_into_view_if_needed()
    fitted = _width(page)

    x, y = board_point(page, 15, 15)
    page.mouse.move(x, y)
    page.mouse.wheel(0, -400)
    expect(page.locator("#board")).not_to_have_attribute("viewBox", re.compile(rf" {re.escape(str(fitted))} "))
    assert _width(page) < fitted
    page.get_by_role("button", name="Fit the board").click()
    assert abs(_width(page) - fitted) < 1e-6

    # Two fingers moving apart zoom in.
    _touch(page, "touchStart", [(x - 20, y), (x + 20, y)])
    for step in range(1, 6):
        _touch(page, "touchMove", [(x - 20 - 15 * step, y), (x + 20 + 15 * step, y)])
    _touch(page, "touchEnd", [])
    assert _width(page) < fitted * 0.6

    # One finger on the background pans.
    before = page.locator("#board").get_attribute("viewBox")
    _touch(page, "touchStart", [(x, y)])
    for step in range(1, 6):
        _touch(page, "touchMove", [(x + 10 * step, y + 5 * step)])
    _touch(page, "touchEnd", [])
    after = page.locator("#board").get_attribute("viewBox")
    assert before != after and float(str(after).split()[0]) < float(str(before).split()[0])


def test_touch_drag_moves_a_piece(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    page = new_page(390, 844, has_touch=True, is_mobile=True)
    open_new_table(server, page, "p1", name="Finger", options={"width": 24, "height": 24})
    place_token(page, "Thumb")
    page.locator("#board").scroll_into_view_if_needed()
    sx, sy = centre(page, "Thumb")
    ex, ey = board_point(page, 4, 4)
    _touch(page, "touchStart", [(sx, sy)])
    for step in range(1, 9):
        _touch(page, "touchMove", [(sx + (ex - sx) * step / 8, sy + (ey - sy) * step / 8)])
        page.wait_for_timeout(20)
    page.wait_for_timeout(200)
    _touch(page, "touchEnd", [])
    expect(piece(page, "Thumb")).to_have_attribute("aria-label", placed_at(4, 4))
