"""Two players and a spectator at a sandbox table, in real Chromium against a real server."""

from __future__ import annotations

import math
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
    hex_of,
    open_new_table,
    open_seat,
    open_seats,
    piece,
    piece_label,
    place_token,
    placed_at,
    wait_at_hex,
    xy_of,
)
from tests.conftest import Server
from tests.kit.table import new_table
from tests.server.test_cli import warboard
from tests.server.test_upkeep import age

pytestmark = pytest.mark.browser


def test_two_players_and_a_spectator(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    table = create_table(server, name="Ridge fight", options={"width": 36, "height": 24})
    tid = table["id"]
    ann, bob, eve = open_seats(new_page, server.url, tid, ("p1", "p2", None))

    place_token(ann, "Hunter")
    for page in (bob, eve):
        expect(piece(page, "Hunter")).to_have_count(1)
    before = piece_label(eve, "Hunter")
    start = board_point(ann, *xy_of(before))

    # A drag in one page appears in the other two.
    drag(ann, centre(ann, "Hunter"), board_point(ann, 6, 5))
    for page in (ann, bob, eve):
        expect(piece(page, "Hunter")).to_have_attribute("aria-label", placed_at(6, 5))
    expect(ann.locator("#log")).to_contain_text("moved")
    assert start is not None

    # Everyone sees who is here; the spectator count is shown.
    expect(bob.locator("#presence")).to_contain_text("Player 1: Ann")
    expect(bob.locator("#spectators")).to_contain_text("1 watching")

    # The spectator has no controls and cannot drag.
    expect(eve.locator("#system-panel")).to_be_hidden()
    expect(eve.locator(".piece.movable")).to_have_count(0)
    expect(eve.get_by_role("button", name="Place token")).to_have_count(0)
    drag(eve, centre(eve, "Hunter"), board_point(eve, 20, 20))
    expect(piece(ann, "Hunter")).to_have_attribute("aria-label", placed_at(6, 5))
    # ... and the server refuses a spectator's action anyway.
    refused = eve.evaluate("""window.warboard.socket.act('sneaky', {kind: 'remove_token', token: 'x'})
        .then(() => 'applied', (err) => err.code)""")
    assert refused == "not_a_player"

    # Dice: a roll shows in every tray with who rolled it and its faces.
    bob.fill("#sb-dice", "3d6")
    bob.get_by_role("button", name="Roll").click()
    for page in (ann, bob, eve):
        expect(page.locator("#dice li").first).to_contain_text("Bob (Player 2)")
        expect(page.locator("#dice li .die")).to_have_count(3)
    expect(eve.locator("#dice-proof")).to_have_attribute("href", f"/api/tables/{tid}/dice/proof")

    # Chat is text, side by side with the log.
    ann.fill("#chat-text", "<b>hello</b>")
    ann.get_by_role("button", name="Send").click()
    expect(eve.locator("#chat")).to_contain_text("<b>hello</b>")
    assert eve.locator("#chat b").count() == 0

    # Selecting shows the details.
    piece(bob, "Hunter").click()
    expect(bob.locator("#details")).to_contain_text("Hunter")
    expect(bob.locator("#details")).to_contain_text("p1")
    place_token(bob, "Jager")
    place_token(bob, "Grizzly")
    piece(ann, "Hunter").click()
    ann.get_by_role("button", name="Ruler").click()
    drag(ann, board_point(ann, 6, 5), centre(ann, "Jager"))
    ann.eval_on_selector(".side", "el => el.scrollTop = 0")
    ann.screenshot(path=str(artifacts / "table-tabletop.png"))
    ann.get_by_role("button", name="Select", exact=True).click()

    # A reload keeps the seat.
    ann.reload()
    ann.wait_for_selector(CONNECTED)
    expect(ann.locator("#me")).to_have_text("You: Ann (Player 1)")
    expect(ann.locator("#join")).to_be_hidden()
    expect(ann.locator("#system-panel")).to_be_visible()
    expect(ann.locator("#log")).to_contain_text("rolled 3d6")


def test_illegal_drop_snaps_back_with_the_reason(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    table = create_table(server, name="Hex skirmish", options={"board": "hex", "radius": 4})
    tid = table["id"]
    ann, bob = open_seats(new_page, server.url, tid, ("p1", "p2"))
    place_token(ann, "Slamfist")
    place_token(bob, "Gorgon")
    q, r = hex_of(ann, "Slamfist")

    # A legal drag to a hex two steps east.
    drag(ann, centre(ann, "Slamfist"), board_point(ann, *_hex(q + 2, r)))
    wait_at_hex(bob, "Slamfist", q + 2, r)
    named = piece_label(bob, "Slamfist")  # the piece is named by its hex's name ("C3")
    assert re.search(r"at [A-Z]+\d+", named), named

    # Off the board: the preview says no, the drop snaps back and says why.
    drag(ann, centre(ann, "Slamfist"), board_point(ann, *_hex(9, 0)))
    expect(ann.locator("#board-message")).to_contain_text("off the board")
    wait_at_hex(ann, "Slamfist", q + 2, r)
    expect(piece(ann, "Slamfist")).to_have_attribute("aria-label", named)
    ann.eval_on_selector(".side", "el => el.scrollTop = 0")
    ann.screenshot(path=str(artifacts / "table-hex.png"))


def test_measuring_tools(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    with server.client() as client:
        flat = new_table(client, name="Measure flat", options={"width": 24, "height": 24})
        hexes = new_table(client, name="Measure hex", options={"board": "hex", "radius": 5})
    page = new_page()
    open_seat(page, server.url, flat["id"], None)
    page.get_by_role("button", name="Ruler").click()
    expect(page.get_by_role("button", name="Ruler")).to_have_attribute("aria-pressed", "true")
    drag(page, board_point(page, 2, 2), board_point(page, 5, 6))
    expect(page.locator("#measure-readout")).to_have_text(re.compile(r"^5\.0 in$"))

    open_seat(page, server.url, hexes["id"], None)
    page.keyboard.press("m")
    drag(page, board_point(page, *_hex(0, 0)), board_point(page, *_hex(3, -1)))
    expect(page.locator("#measure-readout")).to_have_text("3 hexes")


def test_keyboard_pan_zoom_and_move(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    page = new_page()
    open_new_table(server, page, "p3", "Kim", name="Keys", options={"width": 24, "height": 24})
    place_token(page, "Keyed")
    board = page.locator("#board")
    fitted = board.get_attribute("viewBox")
    board.focus()
    page.keyboard.press("+")
    zoomed = board.get_attribute("viewBox")
    assert _width(zoomed) < _width(fitted)
    page.keyboard.press("ArrowRight")
    assert board.get_attribute("viewBox") != zoomed
    page.keyboard.press("0")
    assert board.get_attribute("viewBox") == fitted

    x, y = xy_of(piece_label(page, "Keyed"))
    piece(page, "Keyed").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    expect(piece(page, "Keyed")).to_have_attribute("aria-label", placed_at(x + 1, y))


def test_reconnect_resyncs_without_reload(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    table = create_table(server, name="Flaky wifi")
    ann, bob = open_seats(new_page, server.url, table["id"], ("p1", "p2"))
    bob.evaluate("window.warboard.socket.drop()")
    expect(bob.locator("#conn")).not_to_have_class(re.compile("conn-connected"))
    place_token(ann, "Latecomer")
    bob.wait_for_selector(CONNECTED)
    expect(piece(bob, "Latecomer")).to_have_count(1)
    expect(bob.locator("#log")).to_contain_text("added Latecomer")


def test_phone_sized_screen(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    page = new_page(390, 844, has_touch=True, is_mobile=True)
    open_new_table(server, page, "p4", "Pat", name="Phone", options={"board": "hex", "radius": 6})
    place_token(page, "Tiny")
    expect(page.locator("#board")).to_be_visible()
    box = page.locator("#board").bounding_box()
    assert box is not None and box["width"] <= 390
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(artifacts / "table-phone.png"))


def _hex(q: int, r: int) -> tuple[float, float]:
    return math.sqrt(3) * (q + r / 2), 1.5 * r


def _width(view_box: str | None) -> float:
    assert view_box
    return float(view_box.split()[2])


def test_a_gap_in_seq_is_filled_by_resync(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    table = create_table(server, name="Gappy")
    ann, bob = open_seats(new_page, server.url, table["id"], ("p1", "p2"))
    place_token(ann, "First")
    expect(piece(bob, "First")).to_have_count(1)
    # Bob's page forgets the last two events, as if updates had been lost on the way.
    bob.evaluate("window.warboard.socket.seq -= 2")
    bob.evaluate(
        "document.querySelectorAll('#log li').forEach((li) => { if (li.dataset.order >= window.warboard.socket.seq + 1) li.remove(); })"
    )
    place_token(ann, "Second")
    expect(piece(bob, "Second")).to_have_count(1)
    expect(bob.locator("#log")).to_contain_text("added First")
    seqs = [int(x) for x in bob.eval_on_selector_all("#log li", "els => els.map(e => e.dataset.order)")]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))


def test_keyboard_measuring_between_pieces(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    page = new_page()
    open_new_table(server, page, "p1", name="Tape", options={"board": "hex", "radius": 4})
    place_token(page, "One")
    place_token(page, "Two")
    page.get_by_role("button", name="Ruler").click()
    piece(page, "One").focus()
    page.keyboard.press("Enter")
    piece(page, "Two").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#measure-readout")).to_have_text(re.compile(r"^[1-9]\d* hex(es)?$"))


def test_player_names_are_text(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    evil = '<img src=x onerror="window.pwned=1">Mallory'
    table = create_table(server, name="Names")
    mal, ann = new_page(), new_page()
    open_seat(mal, server.url, table["id"], "p1", evil)
    open_seat(ann, server.url, table["id"], "p2", "Ann")
    mal.fill("#sb-dice", "1d6")
    mal.get_by_role("button", name="Roll").click()
    mal.fill("#chat-text", evil)
    mal.get_by_role("button", name="Send").click()
    expect(ann.locator("#presence")).to_contain_text(evil)
    expect(ann.locator("#dice")).to_contain_text(evil)
    expect(ann.locator("#log")).to_contain_text(f"{evil} sat down as Player 1")
    expect(ann.locator("#chat")).to_contain_text(f"{evil} (Player 1): {evil}")
    assert ann.locator("img:not(.qr)").count() == 0 and ann.locator("img[src='x']").count() == 0
    assert ann.evaluate("window.pwned") is None and mal.evaluate("window.pwned") is None


def test_the_page_survives_a_server_restart(database_url: str, new_page) -> None:  # type: ignore[no-untyped-def]
    first = Server(database_url).start()
    try:
        with first.client() as client:
            table = new_table(client, name="Restart")
        page = new_page()
        open_seat(page, first.url, table["id"], "p1", "Ann")
        place_token(page, "Survivor")
    finally:
        first.kill()
    expect(page.locator("#conn")).to_contain_text("Offline")
    second = Server(database_url)
    second.port, second.url, second.ws_url = first.port, first.url, first.ws_url
    second.start()
    try:
        page.wait_for_selector(CONNECTED, timeout=30_000)
        expect(piece(page, "Survivor")).to_have_count(1)
        place_token(page, "After")  # the same seat token works on the new process
        expect(page.locator("#log")).to_contain_text("added After")
        assert page.evaluate("performance.getEntriesByType('navigation').length") == 1  # no reload
    finally:
        second.stop()


def test_a_table_removed_under_a_running_server_says_so_at_the_next_move(
    tmp_path: Path, new_page, artifacts: Path
) -> None:  # type: ignore[no-untyped-def]
    """The operator prunes an abandoned table while its player's page is open and connected: the
    player's next move is refused with ``unknown_table`` and the page says there is no such table."""
    url = f"sqlite:///{tmp_path / 'warboard.sqlite3'}"
    with Server(url).start() as server:
        with server.client() as client:
            table = new_table(client, name="Abandoned")
        page = new_page(1280, 720)
        open_seat(page, server.url, table["id"], "p1", "Ann")
        place_token(page, "Left")
        age(url, table["id"], 10)
        pruned = warboard("prune", "--older-than", "5", "--archive", str(tmp_path / "archive"), "--database-url", url)
        assert f"pruned {table['id']}" in pruned.stdout, pruned.stdout + pruned.stderr
        page.fill("#sb-label", "Late")
        page.get_by_role("button", name="Place token").click()
        expect(page.get_by_role("heading", name="No such table")).to_be_visible()
        expect(page.get_by_role("link", name="Back to the lobby")).to_be_visible()
        page.screenshot(path=str(artifacts / "table-removed-1280x720.png"))


def test_a_table_removed_while_the_server_was_down_says_so(tmp_path: Path, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    """The operator prunes an abandoned table while its player's page is open (here with the
    server stopped, so the page reconnects to find it gone): the page says there is no such table,
    with the way back to the lobby, not that the seat was lost nor a join form."""
    url = f"sqlite:///{tmp_path / 'warboard.sqlite3'}"
    first = Server(url).start()
    try:
        with first.client() as client:
            table = new_table(client, name="Abandoned")
        page = new_page(390, 844)
        open_seat(page, first.url, table["id"], "p1", "Ann")
        place_token(page, "Left")
    finally:
        first.kill()
    expect(page.locator("#conn")).to_contain_text("Offline")
    age(url, table["id"], 10)
    pruned = warboard("prune", "--older-than", "5", "--archive", str(tmp_path / "archive"), "--database-url", url)
    assert f"pruned {table['id']}" in pruned.stdout, pruned.stdout + pruned.stderr
    second = Server(url)
    second.port, second.url, second.ws_url = first.port, first.url, first.ws_url
    second.start()
    try:
        expect(page.get_by_role("heading", name="No such table")).to_be_visible(timeout=30_000)
        expect(page.locator("main")).to_contain_text("removed by the server's operator")
        expect(page.get_by_role("link", name="Back to the lobby")).to_be_visible()
        page.screenshot(path=str(artifacts / "table-removed-390x844.png"))
    finally:
        second.stop()


def test_mouse_drag_on_the_background_pans(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    page = new_page()
    open_new_table(server, page, None, name="Pan", options={"width": 24, "height": 24})
    board = page.locator("#board")
    board.focus()
    page.keyboard.press("+")
    before = [float(v) for v in str(board.get_attribute("viewBox")).split()]
    drag(page, board_point(page, 12, 12), board_point(page, 14, 13))
    after = [float(v) for v in str(board.get_attribute("viewBox")).split()]
    assert after[0] == pytest.approx(before[0] - 2, abs=0.2) and after[1] == pytest.approx(before[1] - 1, abs=0.2)


def test_a_preview_with_a_path_draws_the_route(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    page = new_page()
    open_new_table(server, page, "p1", name="Routes", options={"board": "hex", "radius": 4})
    place_token(page, "Runner")
    q, r = hex_of(page, "Runner")
    body = {
        "legal": True,
        "error": None,
        "events": [{"kind": "moved", "path": [[q, r], [q + 1, r], [q + 2, r]], "cost": 2}],
    }
    page.route("**/preview", lambda route: route.fulfill(json=body))
    page.mouse.move(*centre(page, "Runner"))
    page.mouse.down()
    end = board_point(page, *_hex(q + 2, r))
    page.mouse.move(end[0] - 10, end[1], steps=6)
    page.mouse.move(*end, steps=2)
    expect(page.locator(".drag-route")).to_have_count(1)
    assert len(str(page.locator(".drag-route").get_attribute("points")).split()) == 3
    expect(page.locator("#board-message")).to_contain_text("Moved")  # an event's words, never its fields
    expect(page.locator("#board-message")).not_to_contain_text("cost=")
    page.mouse.up()
    expect(page.locator(".drag-route")).to_have_count(0)
    wait_at_hex(page, "Runner", q + 2, r)


def test_the_board_fits_on_resize_until_zoomed(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    page = new_page()
    open_new_table(server, page, None, name="Resize", options={"width": 24, "height": 24})
    board = page.locator("#board")
    page.set_viewport_size({"width": 1000, "height": 700})
    # Fitted: the whole table (24 x 24 plus a margin) is in view after the resize.
    expect(board).to_have_attribute("viewBox", re.compile(r"^\S+ -1 \S+ 26$"))
    board.focus()
    page.keyboard.press("+")
    zoomed = [float(v) for v in str(board.get_attribute("viewBox")).split()]
    assert zoomed[3] == pytest.approx(26 / 1.25)
    page.set_viewport_size({"width": 1200, "height": 700})
    page.wait_for_timeout(300)
    # Zoomed in: the scale and centre stay, only the visible width grows.
    after = [float(v) for v in str(board.get_attribute("viewBox")).split()]
    assert after[3] == pytest.approx(zoomed[3]) and after[2] > zoomed[2]
    assert after[0] + after[2] / 2 == pytest.approx(zoomed[0] + zoomed[2] / 2)
