"""Chromium: the host picks the strong computer player, in the lobby's create form (1280x720)
and in the table's host panel (390x844); the server runs it at the strong level."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.helpers import CONNECTED
from tests.conftest import Server
from tests.kit.table import new_table

pytestmark = pytest.mark.browser


def _strong(server: Server) -> int:
    return int(httpx.get(f"{server.url}/metrics.json").json()["computers"]["strong"])


def test_the_host_picks_a_strong_computer_in_the_form_and_the_host_panel(  # type: ignore[no-untyped-def]
    server: Server, new_page, artifacts: Path
) -> None:
    before = _strong(server)
    page = new_page(1280, 720)
    page.goto(server.url + "/")
    with page.expect_response(re.compile(r"/lobby/options\?system=srbr")):
        page.select_option("#create-system", "srbr")
    page.fill("#create-name", "Against the strong one")
    page.fill("#create-computers", "1")
    page.get_by_label("Computer level").select_option("strong")
    expect(page.get_by_label("Computer level")).to_have_value("strong")
    page.get_by_label("Computer level").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "create-form-strong-computer.png"))
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r"/tables/[^/?#]+"))
    tid = page.url.split("/tables/", 1)[1].split("#", 1)[0]
    seats = {s["seat"]: s for s in httpx.get(f"{server.url}/api/tables/{tid}").json()["seats"]}
    assert seats["p2"]["name"] == "Computer"
    assert _strong(server) == before + 1

    with httpx.Client(base_url=server.url) as client:
        created = new_table(client, "small-soldiers", name="Panel", seed="strong-panel")
    phone = new_page(390, 844)
    phone.goto(f"{server.url}/tables/{created['id']}#host={created['host_token']}")
    phone.wait_for_selector(CONNECTED)
    phone.get_by_role("button", name="Add a strong computer player at Commando Elite").click()
    expect(phone.locator(".host-seats")).to_contain_text("Commando Elite: Computer (computer player, strong)")
    assert _strong(server) == before + 2
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.locator(".host-seats").scroll_into_view_if_needed()
    phone.screenshot(path=str(artifacts / "host-panel-strong-computer-phone.png"))
