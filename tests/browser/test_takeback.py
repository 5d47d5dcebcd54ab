"""Takebacks on the table page (issue 26): Ann places two tokens and asks to take the last one
back; Bob sees the request with Allow / Refuse. Refused: the token stays; asked again and
allowed: it goes, from both boards (and the spectator's), and the logs say "Ann took back: ..." with the line struck
through; asked again and lapsed when Bob acts. Two players and a spectator, 1280x720 and 390x844."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

from tests.browser.helpers import LateReads, NewPage, create_table, open_seats, piece, place_token
from tests.conftest import Server

LAPSE = {"WARBOARD_TAKEBACK_LAPSE": "2"}  # seconds, for the test's server

pytestmark = pytest.mark.browser


def log_has(page: Page, text: str) -> None:
    expect(page.locator("#log li", has_text=text).first).to_be_attached()


def test_a_takeback_asked_refused_allowed_and_lapsed(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    w, h = size
    tid = create_table(server, name="Slips", options={"width": 24, "height": 24})["id"]
    ann, bob, eve = open_seats(new_page, server.url, tid, ["p1", "p2", None], size=size)
    button = ann.locator("#takeback")
    expect(button).to_be_visible()
    expect(button).to_be_disabled()  # nothing to take back yet
    place_token(ann, "Archer")
    place_token(ann, "Scout")
    expect(piece(bob, "Scout")).to_have_count(1)
    expect(button).to_be_enabled()
    expect(bob.locator("#takeback")).to_be_disabled()  # Bob did not act since

    # asked, then refused
    button.click()
    prompt = bob.locator("#takeback-prompt")
    expect(prompt).to_be_visible()
    expect(prompt).to_contain_text("Ann asks to take back")
    expect(ann.locator("#takeback-prompt")).to_contain_text("Waiting for Bob")
    expect(eve.locator("#takeback-prompt")).to_contain_text("Ann asks to take back")  # a spectator is told
    expect(eve.locator("#takeback-prompt button")).to_have_count(0)
    expect(eve.locator("#takeback")).to_be_hidden()
    bob.screenshot(path=str(artifacts / f"takeback-asked-bob-{w}x{h}.png"))
    ann.screenshot(path=str(artifacts / f"takeback-asked-ann-{w}x{h}.png"))
    prompt.get_by_role("button", name="Refuse").click()
    for page in (ann, bob):
        expect(page.locator("#takeback-prompt")).to_be_hidden()
        expect(piece(page, "Scout")).to_have_count(1)
        log_has(page, "Bob refused to let Ann take back")

    # asked again, allowed
    expect(button).to_be_enabled()
    button.click()
    expect(prompt).to_be_visible()
    prompt.get_by_role("button", name="Allow").click()
    for page in (ann, bob, eve):
        expect(page.locator("#takeback-prompt")).to_be_hidden()
        expect(piece(page, "Scout")).to_have_count(0)
        expect(piece(page, "Archer")).to_have_count(1)
        log_has(page, "Ann took back")
        expect(page.locator("#log li.taken-back")).to_have_count(1)
    bob.screenshot(path=str(artifacts / f"takeback-allowed-bob-{w}x{h}.png"))
    ann.screenshot(path=str(artifacts / f"takeback-allowed-ann-{w}x{h}.png"))

    # asked again, lapsed: Bob acts instead of answering
    expect(button).to_be_enabled()
    button.click()
    expect(prompt).to_be_visible()
    place_token(bob, "Wall")
    for page in (ann, bob):
        expect(page.locator("#takeback-prompt")).to_be_hidden()
        expect(piece(page, "Archer")).to_have_count(1)
        expect(piece(page, "Wall")).to_have_count(1)
        log_has(page, "takeback request lapsed")
    expect(button).to_be_disabled()  # Bob acted since
    ann.screenshot(path=str(artifacts / f"takeback-lapsed-ann-{w}x{h}.png"))


def test_the_host_sets_takebacks_free_or_off(server: Server, new_page: NewPage, artifacts: Path) -> None:
    table = create_table(server, name="Learning", options={"width": 24, "height": 24})
    tid = table["id"]
    ann: Page = new_page(1280, 720)
    ann.add_init_script("localStorage.setItem('warboard:name', 'Ann')")
    ann.goto(f"{server.url}/tables/{tid}?seat=p1#host={table['host_token']}")  # Ann hosts and plays
    (bob,) = open_seats(new_page, server.url, tid, ["p2"], size=(1280, 720), names=["Bob"])
    setting = ann.locator("#host-panel select[name=takeback]")
    expect(setting).to_have_value("ask")
    # the page saves the setting in the background: the server has it once the page's POST is answered
    with ann.expect_response(lambda r: r.url.endswith("/settings") and r.request.method == "POST"):
        setting.select_option("free")
    with server.client() as client:
        expect(ann.locator("#host-panel select[name=takeback]")).to_have_value("free")
        assert client.get(f"/api/tables/{tid}/settings").json()["takeback"] == "free"
    place_token(ann, "Archer")
    ann.locator("#takeback").click()  # free: at once, nobody asked
    for page in (ann, bob):
        expect(piece(page, "Archer")).to_have_count(0)
        log_has(page, "Ann took back")
    expect(bob.locator("#takeback-prompt")).to_be_hidden()
    setting.select_option("off")
    expect(ann.locator("#takeback")).to_be_hidden()
    ann.screenshot(path=str(artifacts / "takeback-host-off-1280x720.png"))


def test_a_late_first_answer_does_not_undo_the_hosts_change(server: Server, new_page: NewPage, artifacts: Path) -> None:
    """The host panel asks for the settings as it opens. When that answer comes after the host
    changed a setting (a slow link), it is older than the change and the select keeps the change."""
    table = create_table(server, name="Late", options={"width": 24, "height": 24})
    ann: Page = new_page(1280, 720)
    late = LateReads(ann, "/settings")
    ann.goto(f"{server.url}/tables/{table['id']}?seat=p1#host={table['host_token']}")
    setting = ann.locator("#host-panel select[name=takeback]")
    expect(setting).to_have_value("ask")
    with ann.expect_response(lambda r: r.url.endswith("/settings") and r.request.method == "POST"):
        setting.select_option("free")
    ann.wait_for_timeout(300)  # the table's own word of the change (its socket) is in too
    late.give()
    assert setting.input_value() == "free"
    ann.screenshot(path=str(artifacts / "takeback-host-late-answer-1280x720.png"))
    with server.client() as client:
        assert client.get(f"/api/tables/{table['id']}/settings").json()["takeback"] == "free"


def test_an_answer_cut_short_leaves_the_button_as_it_was(server: Server, new_page: NewPage) -> None:
    """A server stopped while sending the takeback answer (its 200 arrives, its body is cut):
    the page keeps the button as it was and raises no script error (the fixture fails on one),
    and the next whole answer sets it right."""
    tid = create_table(server, name="Cut", options={"width": 24, "height": 24})["id"]
    ann, bob = open_seats(new_page, server.url, tid, ["p1", "p2"], size=(1280, 720))
    button = ann.locator("#takeback")
    place_token(ann, "Archer")
    expect(button).to_be_enabled()
    cut: list[str] = []

    def cut_short(route: Route) -> None:
        cut.append(route.request.url)
        route.fulfill(status=200, content_type="application/json", body='{"mode": "as')

    ann.route("**/takeback", cut_short)
    with ann.expect_request(lambda r: r.url.endswith("/takeback")):
        place_token(bob, "Wall")  # Ann's page asks again with the new view, and the answer is cut
    expect(piece(ann, "Wall")).to_have_count(1)
    assert cut, "the page did not ask for the takeback window"
    expect(button).to_be_enabled()  # as it was
    ann.unroute("**/takeback")
    place_token(bob, "Gate")
    expect(button).to_be_disabled()  # a whole answer: Bob acted since


def test_an_unanswered_takeback_lapses(database_url: str, new_page: NewPage, artifacts: Path) -> None:
    srv = Server(database_url, env=LAPSE).start()
    try:
        tid = create_table(srv, name="Slow", options={"width": 24, "height": 24})["id"]
        ann, bob = open_seats(new_page, srv.url, tid, ["p1", "p2"], size=(390, 844))
        place_token(ann, "Archer")
        ann.locator("#takeback").click()
        expect(bob.locator("#takeback-prompt")).to_be_visible()
        for page in (ann, bob):  # nobody answered: the request lapses, the token stays
            expect(page.locator("#takeback-prompt")).to_be_hidden(timeout=10_000)
            expect(piece(page, "Archer")).to_have_count(1)
            log_has(page, "takeback request lapsed")
        bob.screenshot(path=str(artifacts / "takeback-lapsed-bob-390x844.png"))
    finally:
        srv.stop()


def test_at_four_seats_every_other_player_must_allow(server: Server, new_page: NewPage, artifacts: Path) -> None:
    """Four players in four browsers: Ann's request waits until Bob, Cleo and Dan have all
    allowed it (each sees who is still to answer), then the token goes from every board; one
    refusal among them ends the next request."""
    tid = create_table(server, name="Four slips", options={"width": 24, "height": 24})["id"]
    names = ("Ann", "Bob", "Cleo", "Dan")
    pages = open_seats(new_page, server.url, tid, ["p1", "p2", "p3", "p4"], size=(1280, 720), names=names)
    ann, others = pages[0], pages[1:]
    place_token(ann, "Archer")
    place_token(ann, "Scout")
    for page in others:
        expect(piece(page, "Scout")).to_have_count(1)
    ann.locator("#takeback").click()
    for page in others:
        expect(page.locator("#takeback-prompt")).to_contain_text("Ann asks to take back")
    for answered, page in enumerate(others[:-1], start=1):
        page.locator("#takeback-prompt").get_by_role("button", name="Allow").click()
        expect(page.locator("#takeback-prompt button")).to_have_count(0)  # answered: no buttons left
        for waiting in others[answered:]:
            expect(waiting.locator("#takeback-prompt").get_by_role("button", name="Allow")).to_be_visible()
        for still in pages:
            expect(piece(still, "Scout")).to_have_count(1)  # not until everyone allowed
    others[-1].screenshot(path=str(artifacts / "takeback-four-seats-last-to-answer-1280x720.png"))
    others[-1].locator("#takeback-prompt").get_by_role("button", name="Allow").click()
    for page in pages:
        expect(piece(page, "Scout")).to_have_count(0)
        expect(piece(page, "Archer")).to_have_count(1)
        log_has(page, "Ann took back")

    ann.locator("#takeback").click()
    others[1].locator("#takeback-prompt").get_by_role("button", name="Refuse").click()
    for page in pages:
        expect(page.locator("#takeback-prompt")).to_be_hidden()
        expect(piece(page, "Archer")).to_have_count(1)
        log_has(page, "Cleo refused to let Ann take back")
