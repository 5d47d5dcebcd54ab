"""The lobby in a real browser: live list, the create form, names shown as text, replay."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import (
    CONNECTED,
    board_point,
    centre,
    create_table,
    drag,
    open_new_table,
    open_seat,
    piece,
    place_token,
    placed_at,
)
from tests.conftest import Server

pytestmark = pytest.mark.browser
EVIL = "<script>window.pwned = 1</script> Night raid"


def test_lobby_lists_live_and_creates_tables(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    page = new_page()
    page.goto(server.url + "/")
    expect(page.get_by_role("heading", name="Open tables")).to_be_visible()
    expect(page.locator("img.qr")).to_have_attribute("src", "/lobby/qr.svg")

    # A table created elsewhere shows up without a reload, its name as text.
    table = create_table(server, name=EVIL)
    row = page.locator(f"tr[data-table='{table['id']}']")
    expect(row).to_be_visible(timeout=8000)
    expect(row.locator(".table-name")).to_have_text(EVIL)
    assert page.evaluate("window.pwned") is None
    page.screenshot(path=str(artifacts / "lobby.png"), full_page=True)
    phone = new_page(390, 844, is_mobile=True, has_touch=True)
    phone.goto(server.url + "/")
    expect(phone.locator(f"tr[data-table='{table['id']}']")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(artifacts / "lobby-phone.png"))

    # Create a hex sandbox through the form; the system's options come from its schema.
    page.fill("#create-name", "Form-made <b>table</b>")
    with page.expect_response(re.compile(r"/lobby/options\?system=small-soldiers")):
        page.select_option("#create-system", "small-soldiers")
    with page.expect_response(re.compile(r"/lobby/options\?system=sandbox")):
        page.select_option("#create-system", "sandbox")
    # the radius counts on a hex board only, the width and depth on a tabletop
    expect(page.locator("#opt-radius")).to_be_hidden()
    expect(page.locator("#opt-width")).to_be_visible()
    expect(page.locator("#opt-board option:checked")).to_have_text("Tabletop (inches)")
    page.select_option("#opt-board", "hex")
    expect(page.locator("#opt-width")).to_be_hidden()
    page.fill("#opt-radius", "5")
    page.fill("#create-player", "Ann")  # the creator plays the first seat under this name
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r"/tables/[^/?#]+$"))
    expect(page.locator("#table-name")).to_have_text("Form-made <b>table</b>")
    expect(page.locator("#invite-play")).to_have_value(page.url + "?join=1")
    table_id = page.url.rsplit("/", 1)[1]
    assert page.evaluate(f"localStorage.getItem('warboard:host:{table_id}')")

    # The creator lands in the first seat, not as a spectator with the seats out of sight.
    page.wait_for_selector(CONNECTED)
    expect(page.locator("#me")).to_have_text("You: Ann (Player 1)")
    expect(page.locator("#seated-text")).to_contain_text("You play Player 1 as Ann")
    assert "player=" not in page.url  # the seat's token left the address bar
    expect(page.locator("#board")).to_have_attribute("data-kind", "hex")
    page.screenshot(path=str(artifacts / "lobby-created-seated.png"))
    page.goto(server.url + "/")
    expect(page.locator("#create-player")).to_have_value("Ann")  # remembered for the next table


def test_lobby_form_reports_bad_options(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    page = new_page()
    page.goto(server.url + "/")
    page.fill("#create-name", "Too big")
    page.select_option("#opt-board", "hex")
    page.evaluate("document.getElementById('opt-radius').removeAttribute('max')")
    page.fill("#opt-radius", "99")
    page.get_by_role("button", name="Create table").click()
    expect(page.locator("#create-error [role=alert]")).to_contain_text("radius")


def test_join_and_watch_from_the_lobby(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    table = create_table(server, name="Open seats")
    page = new_page()
    page.goto(server.url + "/")
    row = page.locator(f"tr[data-table='{table['id']}']")
    row.get_by_role("link", name="Watch Open seats").click()
    page.wait_for_selector(CONNECTED)
    expect(page.locator("#me")).to_have_text("Spectator")
    other = new_page()
    other.goto(server.url + "/")
    other.locator(f"tr[data-table='{table['id']}']").get_by_role("link", name="Join Open seats").click()
    other.wait_for_selector(CONNECTED)
    expect(other.locator("#player-name")).to_be_focused()  # no name on this browser yet: asked first
    other.fill("#player-name", "Oscar")
    other.get_by_role("button", name="Sit at Player 1").click()
    expect(other.locator("#me")).to_have_text("You: Oscar (Player 1)")


def test_replay_scrubber_shows_the_earlier_position(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    page = new_page()
    table = open_new_table(server, page, "p1", name="Replayed", options={"width": 24, "height": 24})
    place_token(page, "Scout")
    before = piece(page, "Scout").get_attribute("aria-label")
    drag(page, centre(page, "Scout"), board_point(page, 3, 3))
    expect(piece(page, "Scout")).to_have_attribute("aria-label", placed_at(3, 3))

    replay = new_page()
    replay.goto(f"{server.url}/tables/{table['id']}/replay")
    expect(piece(replay, "Scout")).to_have_attribute("aria-label", placed_at(3, 3))
    scrubber = replay.locator("#scrubber")
    assert scrubber.get_attribute("max") == "3"
    scrubber.fill("2")  # after the token was placed, before it moved
    expect(replay.locator("#seq-out")).to_have_text("2 / 3")
    expect(piece(replay, "Scout")).to_have_attribute("aria-label", before or "")
    replay.get_by_role("button", name="Step back").click()
    expect(piece(replay, "Scout")).to_have_count(0)
    replay.get_by_role("button", name="Play", exact=True).click()
    expect(piece(replay, "Scout")).to_have_attribute("aria-label", placed_at(3, 3), timeout=8000)
    expect(replay.locator("#log")).to_contain_text("moved")
    expect(replay.locator("#board .controls, #system-panel")).to_have_count(0)

    # The table goes on; the replay of a live table reaches the present.
    place_token(page, "Later")
    expect(scrubber).to_have_attribute("max", "4", timeout=12000)


def test_the_host_frees_a_seat_and_closes_the_table(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    host = new_page()
    host.goto(server.url + "/")
    host.fill("#create-name", "Hosted")
    host.get_by_role("button", name="Create table").click()
    host.wait_for_url(re.compile(r"/tables/[^/?#]+$"))
    table_id = host.url.rsplit("/", 1)[1]
    expect(host.locator("#host-panel")).to_be_visible()
    host.get_by_role("button", name="Watch as a spectator").click()
    host.wait_for_selector(CONNECTED)

    guest = new_page()
    open_seat(guest, server.url, table_id, "p2", "Gil")
    host.on("dialog", lambda dialog: dialog.accept())  # removing a player asks first
    host.get_by_role("button", name="Remove the player at Player 2").click()
    expect(guest.locator("#join")).to_be_visible(timeout=10000)
    expect(guest.locator("#join-error")).to_contain_text("The host removed you from this seat")
    expect(host.get_by_role("button", name="Reopen the seat of Player 2")).to_be_visible()

    host.get_by_role("button", name="Close the table").click()
    expect(host.locator("#turn")).to_contain_text("Table closed")
