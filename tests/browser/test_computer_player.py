"""Chromium: a human creates an HGB table, the host panel adds a computer opponent, and the game
proceeds to the human's next turn with the computer's actions on the board and in the log."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import CONNECTED, view_of
from tests.conftest import Server
from tests.kit.table import act, join, new_table, token_of

pytestmark = pytest.mark.browser


def _phase(view) -> str:  # type: ignore[no-untyped-def]
    return str((view.get("turn") or {}).get("phase"))


def _wait(page, test, seconds: float = 60.0):  # type: ignore[no-untyped-def]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        view = view_of(page)
        if view and test(view):
            return view
        page.wait_for_timeout(250)
    raise AssertionError(f"timed out; view phase {_phase(view_of(page))!r}")


def test_a_computer_opponent_plays_hgb_from_the_host_panel(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    with server.client() as client:
        created = new_table(client, "hgb", name="Solo", options={"map": "open"}, seed="bot-browser-1")
        tid, host = created["id"], created["host_token"]
        me = join(client, tid, "north", "Ann")
        page = new_page(1280, 800)
        page.add_init_script(
            f"localStorage.setItem('warboard:table:{tid}', JSON.stringify({{token: "
            f"{token_of(me)!r}, role: 'player', seat: 'north', name: 'Ann'}}))"
        )
        page.goto(f"{server.url}/tables/{tid}#host={host}")
        page.wait_for_selector(CONNECTED)
        page.get_by_role("button", name="Add a computer player at south").click()
        expect(page.locator(".host-seats")).to_contain_text("Southern: Computer (computer player)")
        assert act(client, tid, me, {"kind": "ready"}).status_code == 200  # terrain
        _wait(page, lambda v: _phase(v) == "deployment")  # the computer was ready too
        assert act(client, tid, me, {"kind": "ready"}).status_code == 200  # deployment
        view = _wait(page, lambda v: _phase(v) in ("initiative", "activation"))
        if _phase(view) == "initiative" and view["initiative"]["winner"] == "north":
            assert act(client, tid, me, {"kind": "choose_first", "seat": "north"}).status_code == 200
        view = _wait(page, lambda v: _phase(v) == "activation")
        if view["to_activate"] == "north":  # the human's group: activate it and end it at once
            group = next(g for g in (view.get("forces") or {}).get("north", {}).get("groups", []) or [{"id": "cg1"}])
            assert act(client, tid, me, {"kind": "activate_group", "group": group["id"]}).status_code == 200
            assert act(client, tid, me, {"kind": "end_group"}).status_code == 200
        before = {p["id"]: (p["x"], p["y"]) for p in view_of(page)["pieces"] if p["owner"] == "south"}
        _wait(
            page,
            lambda v: _phase(v) == "activation" and v.get("to_activate") == "north" and v.get("current") is None,
            seconds=90,
        )
        after = {p["id"]: (p["x"], p["y"]) for p in view_of(page)["pieces"] if p["owner"] == "south"}
        assert after != before, "the computer's group moved"
        expect(page.locator("#log")).to_contain_text("Computer (Southern)")
        page.screenshot(path=str(artifacts / "hgb-computer-opponent.png"))
