"""Overlays expire when their turn or activation ends, in Chromium against a real server:
Small Soldiers' catapult shot stays through the turn after it was fired and is gone two turns
later (also when the shot arrives while the page is still loading its game panel); an HGB model's committed path is drawn for its activation and gone once it is done."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import hgb_first_page, small_soldiers_until, view_of
from tests.conftest import Server
from tests.kit.table import act, join, new_table

pytestmark = pytest.mark.browser


def test_small_soldiers_catapult_shot_is_gone_two_turns_later(fast_server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    # A server of its own: hundreds of API calls, unpaced, and a page that sees every update.
    server = fast_server
    with server.client() as client:
        for attempt in range(1, 8):
            tid = new_table(
                client, "small-soldiers", name="Old shots", options={"map_name": "skirmish"}, seed=f"shot-{attempt}"
            )["id"]
            seats = {s: join(client, tid, s, s.title()) for s in ("gorgonites", "commandos")}
            try:
                seat, view = small_soldiers_until(client, tid, seats, lambda v: bool(v["legal"].get("launch")), 300)
                break
            except AssertionError:
                continue
        else:
            raise AssertionError("no catapult card came up")
        page = new_page(1280, 720)
        # The game's code (the page's bundle, or the game panel's module where the page loads the
        # modules themselves) is held back until the shot is fired, as on a slow connection: the
        # shot is already in the table when the page mounts its panel.
        held: list[Any] = []
        code = "**/static/{dist/table-small-soldiers,js/systems/small-soldiers}.*.js"
        page.route(code, lambda route: held.append(route))
        page.goto(f"{server.url}/tables/{tid}?watch=1", wait_until="commit")  # its load waits for the code
        for _ in range(600):
            if held:
                break
            page.wait_for_timeout(50)
        assert held, "the page never asked for the game's code"
        fired = view["turn"]["round"]
        assert (
            act(client, tid, seats[seat], {"kind": "launch", "power": 8.0, "angle": 0.0, "offset": 0.0}).status_code
            == 200
        )
        page.wait_for_timeout(500)  # the update is in the table before the page has its panel
        held[0].continue_()
        page.unroute(code)
        page.wait_for_selector("#conn.conn-connected")
        expect(page.locator("#board .ss-shot")).to_have_count(1)
        page.screenshot(path=str(artifacts / "expire-small-soldiers-shot-fired.png"))
        # the other side's turn still shows it (it was fired at them) ...
        small_soldiers_until(client, tid, seats, lambda v: v["turn"]["round"] == fired + 1)
        page.wait_for_timeout(300)
        expect(page.locator("#board .ss-shot")).to_have_count(1)
        # ... and two turns later it is gone
        small_soldiers_until(client, tid, seats, lambda v: v["turn"]["round"] >= fired + 2)
        expect(page.locator("#board .ss-shot")).to_have_count(0)
        page.screenshot(path=str(artifacts / "expire-small-soldiers-shot-gone.png"))


def test_hgb_committed_path_is_gone_after_the_activation(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    page, tid, first, seats = hgb_first_page(server, new_page(1280, 720))
    mid = f"{first[0]}-cg1-1"
    start = next(p for p in view_of(page)["pieces"] if p["id"] == mid)
    ahead = 3 if first == "north" else -3
    # a planned move (as the waypoint controls send it) arrives while the page looks on
    with server.client() as client:
        moved_to = [[start["x"] + 1, start["y"] + ahead / 2], [start["x"] + 1, start["y"] + ahead]]
        response = act(client, tid, seats[first], {"kind": "move", "model": mid, "path": moved_to})
        assert response.status_code == 200, response.text
    expect(page.locator("#log")).to_contain_text(re.compile(r"moves to \d+(\.\d)? in from the West edge"))
    moved = page.locator("#board [data-shapes=hgb-moved]")
    expect(moved).to_have_count(1)
    assert moved.locator("*").count() > 0
    page.screenshot(path=str(artifacts / "expire-hgb-path-drawn.png"))
    page.get_by_role("button", name=re.compile(r"is done$")).and_(page.locator(".lifted")).click()
    expect(page.locator("#log")).to_contain_text(re.compile(r"is Used"))
    expect(page.locator("#board [data-shapes=hgb-moved]")).to_have_count(0)
    page.screenshot(path=str(artifacts / "expire-hgb-path-gone.png"))
