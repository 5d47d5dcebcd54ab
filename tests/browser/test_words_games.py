"""Human words everywhere (issue 25, point 9), GKR, Small Soldiers and Samurai Robots: after a
seeded game's real moves and a refusal, the text scan (tests/browser/words.py) finds no internal
id, snake_case word, seat id or raw coordinate on the table page (both seats and a spectator),
the replay and the watch page, at 1280x720 and 390x844."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import NewPage, open_seat, sit
from tests.browser.words import assert_words, play_some, refusal
from tests.conftest import Server
from tests.kit.table import join, new_table

pytestmark = pytest.mark.browser

#: system -> (options, seats, moves to play, an action the rules refuse, its code)
GAMES: dict[str, tuple[dict[str, Any], tuple[str, str], int, dict[str, Any]]] = {
    "gkr": (
        {"players": 2},
        ("diamondback", "king-wolf"),
        6,
        {"kind": "tag", "unit": "king-wolf:combat", "building": "b3"},
    ),
    "small-soldiers": ({}, ("gorgonites", "commandos"), 4, {"kind": "recall", "target": "chip-hazard"}),
    "srbr": ({}, ("p1", "p2"), 6, {"kind": "deploy", "mecha": "p2-nothing", "x": 1, "y": 1}),
}


@pytest.mark.parametrize("system", list(GAMES))
def test_a_game_speaks_in_words(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int], system: str
) -> None:
    options, seat_ids, moves, illegal = GAMES[system]
    with server.client() as client:
        tid = new_table(client, system, name="Words", options=options, seed=f"words-{system}")["id"]
        seats = {s: join(client, tid, s, n) for s, n in zip(seat_ids, ("Ann", "Bob"), strict=True)}
        assert play_some(client, tid, seats, moves) > 0
        refused = [refusal(client, tid, headers, illegal) for headers in seats.values()]

    for seat, headers in seats.items():
        page: Page = new_page(*size)
        sit(page, server.url, tid, seat, headers)
        expect(page.locator("#log li")).not_to_have_count(0)
        assert_words(page, f"{seat}'s table page", more=refused)
        page.screenshot(path=str(artifacts / f"words-{system}-{seat}-{size[0]}x{size[1]}.png"))
    eve: Page = new_page(*size)
    open_seat(eve, server.url, tid, None, "Eve")
    expect(eve.locator("#log li")).not_to_have_count(0)
    assert_words(eve, "a spectator's table page")

    replay: Page = new_page(*size)
    replay.goto(f"{server.url}/tables/{tid}/replay")
    expect(replay.locator("#log li").first).to_be_attached()
    replay.wait_for_timeout(300)
    assert_words(replay, "the replay")

    watch: Page = new_page(*size)
    watch.goto(f"{server.url}/watch")
    watch.wait_for_load_state("networkidle")
    assert_words(watch, "the watch page")
