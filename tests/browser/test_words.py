"""Human words everywhere (issue 25, point 9), HGB and the sandbox: the text scan
(tests/browser/words.py) finds no internal id, snake_case word, seat id or raw coordinate on the
table page (both seats and a spectator), the replay, the create form, the watch page and the
lobby, after real moves and a refusal, at 1280x720 and 390x844. (GKR, Small Soldiers and Samurai
Robots: tests/browser/test_words_games.py.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import NewPage, hgb_table, open_seat, sit
from tests.browser.words import assert_words, play_some, refusal, refuse_on_page
from tests.conftest import Server
from tests.kit.table import act, join, new_table

pytestmark = pytest.mark.browser


def shot(page: Page, artifacts: Path, name: str, size: tuple[int, int]) -> None:
    page.screenshot(path=str(artifacts / f"words-{name}-{size[0]}x{size[1]}.png"))


def scan_replay(new_page: NewPage, url: str, tid: str, size: tuple[int, int], **allow: object) -> Page:
    page: Page = new_page(*size)
    page.goto(f"{url}/tables/{tid}/replay")
    expect(page.locator("#log li").first).to_be_attached()
    page.wait_for_timeout(300)
    assert_words(page, "the replay", **allow)  # type: ignore[arg-type]
    return page


# --- the sandbox ------------------------------------------------------------------------------
@pytest.mark.parametrize("board", ["tabletop", "hex"])
def test_sandbox_speaks_in_words(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int], board: str
) -> None:
    options = {"board": "hex", "radius": 4} if board == "hex" else {"width": 24, "height": 24}
    where = {"q": 1, "r": -1} if board == "hex" else {"x": 5.5, "y": 7}
    with server.client() as client:
        tid = new_table(client, "sandbox", name="Words", options=options, seed="words-1")["id"]
        seats = {s: join(client, tid, s, n) for s, n in (("p1", "Ann"), ("p2", "Bob"))}
        for i, (_seat, headers) in enumerate(seats.items()):
            action = {"kind": "add_token", "token": f"tok-{i}", "label": f"Scout {i + 1}", "facing": 0, **where}
            assert act(client, tid, headers, action).status_code == 200
        moved = {"q": 0, "r": 1} if board == "hex" else {"x": 9, "y": 3.25}
        assert act(client, tid, seats["p1"], {"kind": "move_token", "token": "tok-0", **moved}).status_code == 200
        assert act(client, tid, seats["p2"], {"kind": "roll", "dice": "2d6"}).status_code == 200
        refused = refusal(
            client, tid, seats["p1"], {"kind": "move_token", "token": "tok-1", "q": 40, "r": 40, "x": 99, "y": 99}
        )

    ann: Page = new_page(*size)
    sit(ann, server.url, tid, "p1", seats["p1"])
    expect(ann.locator("#log li")).not_to_have_count(0)
    shown = refuse_on_page(ann, {"kind": "remove_token", "token": "nothing-here"})
    assert_words(ann, "Ann's table page", more=[refused, shown])
    shot(ann, artifacts, f"sandbox-{board}", size)
    eve: Page = new_page(*size)
    open_seat(eve, server.url, tid, None, "Eve")
    assert_words(eve, "a spectator's table page")
    scan_replay(new_page, server.url, tid, size)


def test_coordinates_toggle(server: Server, new_page: NewPage, size: tuple[int, int]) -> None:
    """A hex board draws its cells' names by default; the toggle hides them, and the choice is
    remembered after a reload. A tabletop board has no toggle."""
    with server.client() as client:
        hexed = new_table(client, "sandbox", name="Hexes", options={"board": "hex", "radius": 3})["id"]
        flat = new_table(client, "sandbox", name="Flat", options={"width": 24, "height": 24})["id"]
    page: Page = new_page(*size)
    open_seat(page, server.url, hexed, None, "Eve")
    toggle = page.locator("#coords-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#board .cell-name").first).to_be_visible()
    expect(page.locator("#board .cell-name", has_text="A4")).to_have_count(1)
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#board .cell-name").first).to_be_hidden()
    page.reload()
    expect(page.locator("#coords-toggle")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#board .cell-name").first).to_be_hidden()
    page.goto(f"{server.url}/tables/{flat}?watch=1")
    expect(page.locator("#board")).to_have_attribute("data-kind", "tabletop")
    expect(page.locator("#coords-toggle")).to_be_hidden()


# --- Heavy Gear Blitz! -----------------------------------------------------------------------------
HGB_ORDER = ("attack", "move", "activate_group", "return_fire", "pass", "end_group")


def hgb_pick(actions: list[dict[str, object]]) -> dict[str, object] | None:
    """The first attack, else a move, else the next group...: the log gets shots and moves."""
    return next((a for kind in HGB_ORDER for a in actions if a.get("kind") == kind), None)


def test_hgb_speaks_in_words(server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]) -> None:
    """After deployment, moves, shots and Return Fire of a seeded game, and a refusal of each seat,
    no page shows a seat id, a model or group id, a raw coordinate or a snake_case word."""
    tid, first, seats = hgb_table(server, name="Words", seed="hgb-browser-6")
    second = "south" if first == "north" else "north"
    with server.client() as client:
        assert play_some(client, tid, seats, 8, hgb_pick) >= 4
        waiting = next(
            s
            for s in seats
            if not client.get(f"/api/tables/{tid}/legal", headers=seats[s]).json()["actions"] or s == second
        )
        refused = [
            refusal(client, tid, seats[waiting], {"kind": "activate_group", "group": "cg2"}),
            refusal(client, tid, seats[first], {"kind": "deploy", "model": "n-cg2-1", "x": 1, "y": 1, "facing": 0}),
            refusal(
                client, tid, seats[first], {"kind": "set_speed", "model": "s-cg1-1", "speed": "full", "mode": "walker"}
            ),
        ]
    pages = {}
    for seat in ("north", "south"):
        page: Page = new_page(*size)
        sit(page, server.url, tid, seat, seats[seat])
        expect(page.locator("#log li")).not_to_have_count(0)
        pages[seat] = page
    shown = refuse_on_page(pages[first], {"kind": "move", "model": "n-cg1-1", "path": [[60, 60]]})
    for seat, page in pages.items():
        assert_words(page, f"{seat}'s table page", more=[*refused, shown] if seat == first else ())
        shot(page, artifacts, f"hgb-{seat}", size)
    eve: Page = new_page(*size)
    open_seat(eve, server.url, tid, None, "Eve")
    expect(eve.locator("#log li")).not_to_have_count(0)
    assert_words(eve, "a spectator's table page")
    replay = scan_replay(new_page, server.url, tid, size)
    shot(replay, artifacts, "hgb-replay", size)


# --- the lobby, its create form and the watch page --------------------------------------------------
GAMES = ("sandbox", "hgb", "gkr", "small-soldiers", "srbr")


def test_create_form_speaks_in_words(server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]) -> None:
    """Every game's options read as words: labels, choices (the value stays the id), help; the
    sandbox's radius shows only for a hex board. The lobby's list and the watch page too."""
    with server.client() as client:
        tid = new_table(client, "hgb", name="Words in the lobby", options={"map": "open"})["id"]
        join(client, tid, "north", "Ann")
    page: Page = new_page(*size)
    page.goto(server.url + "/")
    expect(page.locator(f"tr[data-table='{tid}']")).to_be_attached()
    assert_words(page, "the lobby with the sandbox's form")
    for game in GAMES[1:]:
        with page.expect_response(re.compile(rf"/lobby/options\?system={game}")):
            page.select_option("#create-system", game)
        expect(page.locator("#create-options [data-option]").first).to_be_attached()
        page.wait_for_timeout(300)  # the swap has settled
        assert_words(page, f"the create form of {game}")
        # (no screenshot here: one taken while htmx settles the swapped form trips its CSP)
    with page.expect_response(re.compile(r"/lobby/options\?system=hgb")):
        page.select_option("#create-system", "hgb")
    expect(page.locator("#opt-north-faction option[value=peace_river]")).to_have_text("Peace River")
    page.goto(server.url + "/watch")
    expect(page.locator(f"#watch-rows [data-table='{tid}'], #watch-rows tr").first).to_be_attached()
    assert_words(page, "the watch page")
    shot(page, artifacts, "watch", size)


def test_hgb_setup_speaks_in_words(server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]) -> None:
    """The terrain and forces phase (the force builder, the terrain editor) and the deployment
    phase read in words too, with a refusal of each."""
    with server.client() as client:
        tid = new_table(client, "hgb", name="Setup words", options={"map": "ridge"}, seed="words-setup")["id"]
        seats = {s: join(client, tid, s, n) for s, n in (("north", "Ann"), ("south", "Bob"))}
        early = refusal(client, tid, seats["north"], {"kind": "choose_first", "seat": "north"})
    page: Page = new_page(*size)
    sit(page, server.url, tid, "north", seats["north"])
    expect(page.locator("#system-panel")).to_have_attribute("data-phase", "terrain")
    assert_words(page, "the terrain and forces phase", more=[early])
    with server.client() as client:
        for s in ("north", "south"):
            assert act(client, tid, seats[s], {"kind": "ready"}).status_code == 200
        outside = refusal(
            client, tid, seats["north"], {"kind": "deploy", "model": "n-cg1-1", "x": 20, "y": 40, "facing": 90}
        )
    expect(page.locator("#system-panel")).to_have_attribute("data-phase", "deployment")
    assert_words(page, "the deployment phase", more=[outside])
    expect(page.locator("#turn")).to_contain_text("Setup")  # round 0 is the setup
    shot(page, artifacts, "hgb-deployment", size)
