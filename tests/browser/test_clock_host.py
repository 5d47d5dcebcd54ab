"""The clock chosen in the create form and at the table by its host, in Chromium at 1280x720 and
390x844: the form offers none, live and by post with labelled defaults and only the time-out
rules the game offers; a bad value is the form's error; the host panel changes the clock before
the game, hides it once a game action is made (``_table.started``), and pauses and resumes it while it runs."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect

from app.bots import policy
from tests.browser.helpers import CONNECTED, LateReads, NewPage, create_table
from tests.conftest import Server
from tests.kit.table import act, join

pytestmark = pytest.mark.browser
SEATS = ("gorgonites", "commandos")


def first_move(server: Server, tid: str, seats: dict[str, dict[str, str]]) -> None:
    """The game's first action (the clock starts with it), by whichever seat may act."""
    with server.client() as client:
        for headers in seats.values():
            legal = client.get(f"/api/tables/{tid}/legal", headers=headers).json()["actions"]
            view = client.get(f"/api/tables/{tid}/view", headers=headers).json()["view"]
            chosen = policy.choose(view, legal, "t", 0)
            if chosen is not None:
                assert act(client, tid, headers, chosen).status_code == 200
                return
    raise AssertionError("nobody may act")


def pick_game(page: Page, system: str) -> None:
    if page.locator("#create-system").input_value() != system:
        with page.expect_response(re.compile(rf"/lobby/options\?system={system}")):
            page.select_option("#create-system", system)


def test_the_clock_from_the_create_form_to_the_host_panel(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    w, h = size
    tag = f"{w}x{h}"
    page = new_page(w, h)
    page.goto(server.url + "/")
    pick_game(page, "sandbox")
    expect(page.locator("#create-clock")).to_contain_text("no turn order, so it has no clock")
    pick_game(page, "small-soldiers")
    clock = page.locator("#create-clock")
    expect(clock.get_by_label("None")).to_be_checked()
    expect(clock.locator(".badge-default").first).to_have_text("Warboard default")
    expect(page.locator("#create-clock-minutes")).to_be_hidden()
    clock.get_by_label("Live (a clock per seat)").check()
    expect(page.locator("#create-clock-minutes")).to_have_value("10")
    expect(page.locator("#create-clock-increment")).to_have_value("5")
    expect(page.locator("#create-clock-days")).to_be_hidden()
    rules = page.locator("#create-clock-timeout option")
    assert rules.all_inner_texts() == [
        "They lose the game",
        "The computer plays their turn (Warboard default)",
        "Their turn is ended",
    ]
    expect(page.locator("#create-clock-timeout")).to_have_value("computer")
    page.fill("#create-name", "Clocked")
    page.fill("#create-player", "Ann")
    page.evaluate("document.getElementById('create-clock-minutes').removeAttribute('min')")  # past the browser's check
    page.fill("#create-clock-minutes", "0")
    page.get_by_role("button", name="Create table").click()
    expect(page.locator("#create-error .error")).to_have_text("Clock, minutes a seat: between 1 and 360 minutes")
    page.locator("#create-error").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"clock-form-error-{tag}.png"))
    clock.get_by_label("By post (days a move)").check()
    expect(page.locator("#create-clock-minutes")).to_be_hidden()
    page.fill("#create-clock-days", "2")
    page.select_option("#create-clock-timeout", "skip")
    clock.screenshot(path=str(artifacts / f"clock-form-{tag}.png"))
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r"/tables/[^/?#]+$"))
    page.wait_for_selector(CONNECTED)
    tid = page.url.rsplit("/", 1)[1]
    got = httpx.get(f"{server.url}/api/tables/{tid}/clock").json()["clock"]
    assert (got["mode"], got["days"], got["timeout"]) == ("correspondence", 2, "skip")

    # the host panel: the clock in words; changed before the game
    panel = page.locator("#host-panel .host-clock")
    expect(panel.locator(".host-clock-now")).to_have_text(
        "By post, 2 days a move. A seat out of time has its turn ended."
    )
    panel.get_by_label("Clock").select_option("live")
    panel.get_by_label("Minutes a seat").fill("5")
    panel.get_by_label("Out of time").select_option("lose")
    panel.get_by_role("button", name="Set the clock").click()
    expect(panel.locator(".host-clock-why")).to_have_text("Clock set: live, 5 min a seat + 5 s a turn.")
    expect(panel.locator(".host-clock-now")).to_contain_text(
        "Live, 5 min a seat + 5 s a turn. A seat out of time loses."
    )
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"clock-host-before-{tag}.png"))

    # the game starts: no more settings; Pause and Resume
    with server.client() as client:
        bob = join(client, tid, SEATS[1], "Bob")
    ann = {"Authorization": "Bearer " + page.evaluate("window.warboard.me.token")}
    first_move(server, tid, {SEATS[0]: ann, SEATS[1]: bob})
    expect(panel.locator("form")).to_be_hidden()
    panel.get_by_role("button", name="Pause the clocks").click()
    expect(page.locator("#clocks .clock-note")).to_have_text("Paused by the host")
    expect(panel.locator(".host-clock-buttons")).to_contain_text("Paused by you")
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"clock-host-paused-{tag}.png"))
    panel.get_by_role("button", name="Resume the clocks").click()
    expect(page.locator("#clocks .clock-note")).to_have_count(0)
    expect(panel.get_by_role("button", name="Pause the clocks")).to_be_visible()
    expect(page.locator("#log")).to_contain_text("The host paused the clocks")
    expect(page.locator("#log")).to_contain_text("The host resumed the clocks")
    expect(page.locator("#log")).to_contain_text("The host set the clock: live, 5 min a seat + 5 s a turn")


def test_the_clock_form_goes_when_the_game_starts(server: Server, new_page: NewPage, artifacts: Path) -> None:
    """A table without a clock: the host panel offers the clock form until the first game action,
    then hides it from the view alone (``_table.started``, what ``clock_locked`` checks), no
    refusal needed, and says the game started without one."""
    table = create_table(server, "small-soldiers", name="No clock yet", seed="locked")
    tid = table["id"]
    with server.client() as client:
        seats = {s: join(client, tid, s, n) for s, n in zip(SEATS, ("Ann", "Bob"), strict=True)}
    page = new_page(1280, 720)
    page.goto(f"{server.url}/tables/{tid}?watch=1#host={table['host_token']}")
    panel = page.locator("#host-panel .host-clock")
    expect(panel.locator(".host-clock-now")).to_have_text("No clock.")
    expect(panel.locator("form")).to_be_visible()
    first_move(server, tid, seats)
    expect(panel.locator("form")).to_be_hidden()
    expect(panel.locator(".host-clock-now")).to_have_text("No clock: the game started without one.")
    page.reload()  # a host who comes later: no form either
    expect(panel.locator(".host-clock-now")).to_have_text("No clock: the game started without one.")
    expect(panel.locator("form")).to_be_hidden()
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "clock-host-locked-1280x720.png"))
    assert httpx.get(f"{server.url}/api/tables/{tid}/clock").json()["clock"] is None


def test_a_late_clock_answer_does_not_undo_the_hosts_edit(server: Server, new_page: NewPage, artifacts: Path) -> None:
    """The host panel asks for the table's clock as it opens. When that answer comes after the host
    began changing the form (a slow link), the host's choices stay; the time-out rules it brings
    fill their list, at the table's rule."""
    clock = {"mode": "correspondence", "days": 2, "timeout": "skip"}
    table = create_table(server, "small-soldiers", name="Slow link", clock=clock)
    page = new_page(1280, 720)
    late = LateReads(page, "/clock")
    page.goto(f"{server.url}/tables/{table['id']}?watch=1#host={table['host_token']}")
    panel = page.locator("#host-panel .host-clock")
    expect(panel.locator("form")).to_be_visible()
    panel.get_by_label("Clock").select_option("live")
    panel.get_by_label("Minutes a seat").fill("7")
    panel.get_by_label("Minutes a seat").dispatch_event("change")
    late.give()
    assert panel.get_by_label("Clock").input_value() == "live"
    assert panel.get_by_label("Minutes a seat").input_value() == "7"
    assert panel.get_by_label("Out of time").input_value() == "skip"
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "clock-host-late-answer-1280x720.png"))
    panel.get_by_role("button", name="Set the clock").click()
    expect(panel.locator(".host-clock-why")).to_have_text("Clock set: live, 7 min a seat + 5 s a turn.")
