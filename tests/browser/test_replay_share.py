"""The replay you can move through and the game you can share (issue 31), in Chromium against a
real server, at 1280x720 and 390x844: jump to a round from the list of rounds and turns, click a
turn, step and jump with the keys, open at ?seq=N with the address following the scrubber, save a
picture of the board; then the shared HTML file opened from disk with every request that is not
the file itself aborted, stepped to the end, its dice proof verified in the page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from tests.browser.helpers import NewPage
from tests.conftest import Server
from tests.kit.played import gkr_rounds

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def ended(server: Server) -> dict[str, Any]:
    """A GKR game of two rounds and more, closed by its host: the table, its turns and proof."""
    with server.client() as client:
        table = gkr_rounds(client, rounds=2, name="Shared in the browser")
        tid = table["id"]
        turns = client.get(f"/api/tables/{tid}/turns").json()["turns"]
        proof = client.get(f"/api/tables/{tid}/dice/proof").json()
        html = client.get(f"/api/tables/{tid}/share.html").text
        last = client.get(f"/api/tables/{tid}").json()["seq"]
    return {"id": tid, "turns": turns, "proof": proof, "html": html, "last": last}


def at_seq(page: Page, seq: int) -> None:
    expect(page.locator("body")).to_have_attribute("data-seq", str(seq))


def open_turns(page: Page) -> None:
    """The list of rounds and turns, unfolded (folded at first on a phone)."""
    card = page.locator("#turns-card")
    if card.get_attribute("open") is None:
        card.locator("summary").click()
    expect(page.locator("#turns .turn-entry").first).to_be_visible()


def test_jump_to_a_round_and_a_turn_and_move_with_the_keys(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int], ended: dict[str, Any]
) -> None:
    w, h = size
    turns, last = ended["turns"], ended["last"]
    round2 = next(t for t in turns if t["round"] == 2)
    page = new_page(w, h)
    page.goto(f"{server.url}/tables/{ended['id']}/replay")
    at_seq(page, last)
    open_turns(page)
    expect(page.locator("#turns .turn-entry")).to_have_count(len(turns))
    page.locator("#round-jump").select_option(label="Round 2")
    at_seq(page, round2["seq_from"])
    assert f"seq={round2['seq_from']}" in page.url  # the address follows the scrubber
    current = page.locator("#turns .turn-entry[aria-current=step]")
    expect(current).to_have_count(1)
    expect(current).to_contain_text("Round 2")
    expect(page.locator("#turn-now")).to_contain_text("Round 2")
    page.screenshot(path=str(artifacts / f"replay-round-{w}x{h}.png"))
    # a click on a turn in the list
    third = turns[2]
    page.locator("#turns .turn-entry[data-index='2']").click()
    at_seq(page, third["seq_from"])
    # keys: step, jump by turn, by round, to either end
    page.locator("#scrubber").focus()
    page.keyboard.press("ArrowRight")
    at_seq(page, third["seq_from"] + 1)
    page.keyboard.press("PageDown")
    at_seq(page, turns[3]["seq_from"])
    page.keyboard.press("[")
    at_seq(page, turns[2]["seq_from"])
    page.keyboard.press("]")
    at_seq(page, turns[3]["seq_from"])
    page.keyboard.press("Shift+PageDown")
    at_seq(page, next(t for t in turns if t["seq_from"] > turns[3]["seq_from"] and t["turn"] == 1)["seq_from"])
    page.keyboard.press("Home")
    at_seq(page, 0)
    page.keyboard.press("End")
    at_seq(page, last)
    # a picture of the board at this step
    with page.expect_download() as download:
        page.locator("#save-picture").click()
    picture = Path(download.value.path()).read_text()
    assert download.value.suggested_filename.endswith(".svg")
    assert picture.startswith("<svg") and "<script" not in picture and "class=" not in picture
    (artifacts / f"replay-picture-{w}x{h}.svg").write_text(picture)


def test_the_replay_opens_at_the_seq_in_its_address(server: Server, new_page: NewPage, ended: dict[str, Any]) -> None:
    seq = ended["turns"][3]["seq_from"] + 1
    page = new_page(1280, 720)
    page.goto(f"{server.url}/tables/{ended['id']}/replay?seq={seq}")
    at_seq(page, seq)
    expect(page.locator("#scrubber")).to_have_value(str(seq))
    expect(page.locator("#download-share")).to_have_attribute("href", f"/api/tables/{ended['id']}/share.html")


def test_the_shared_file_opens_from_disk_with_no_network(
    new_page: NewPage, artifacts: Path, size: tuple[int, int], ended: dict[str, Any], tmp_path: Path
) -> None:
    w, h = size
    path = tmp_path / f"warboard-{ended['id']}.html"
    path.write_text(ended["html"])
    url = path.as_uri()
    page = new_page(w, h)
    asked: list[str] = []

    def only_the_file(route: Route) -> None:
        asked.append(route.request.url)
        if route.request.url.split("#")[0] == url:
            route.continue_()
        else:
            route.abort()

    page.context.route("**/*", only_the_file)
    page.goto(url)
    rolls = len(ended["proof"]["rolls"])
    assert rolls > 0
    expect(page.locator("#proof-status")).to_have_text(f"Dice proof verified: {rolls} rolls", timeout=30_000)
    at_seq(page, ended["last"])
    page.keyboard.press("Home")
    at_seq(page, 0)
    open_turns(page)
    page.locator("#round-jump").select_option(label="Round 2")
    round2 = next(t for t in ended["turns"] if t["round"] == 2)
    at_seq(page, round2["seq_from"])
    page.locator("#board").click(position={"x": 5, "y": 5})  # the board focused: keys still step the replay
    page.keyboard.press("End")
    at_seq(page, ended["last"])
    expect(page.locator("#log li").last).to_be_visible()
    assert page.locator("#board .piece, #board [data-piece]").count() > 0 or page.locator("#board *").count() > 10
    page.screenshot(path=str(artifacts / f"share-file-{w}x{h}.png"))
    assert [u for u in asked if u.split("#")[0] != url] == [], asked  # nothing left the page
    with page.expect_download() as download:
        page.locator("#save-log").click()
    assert '"format": "warboard-table/1"' in Path(download.value.path()).read_text().replace('":"', '": "')
