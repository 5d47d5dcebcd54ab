"""Samurai Robots' free hacks and terrain choice in the page (issue 27), at 1280x720 and 390x844.

SRBR contents, p. 16: "Leaving Close Combat- Free Hacks" (its text is missing; Warboard default
``combat.free_hacks``). At a table with manual combat, p1 records Kabuto-Maru in contact with
Gamera-X, then walks away: the log says Gamera-X takes a free hack for the players to resolve,
and the rules panel shows the free hacks and the terrain choice in words.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import NewPage, open_at_seat, seat_views
from tests.conftest import Server
from tests.kit.table import act, join, new_table

pytestmark = pytest.mark.browser
OPTIONS = {"manual": {"combat": True}, "rules": {"initiative": {"method": "fixed"}}}


def test_a_free_hack_and_the_terrain_choice_read_in_words(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    with server.client() as client:
        tid = new_table(client, "srbr", name="Free hacks", seed="free-hack-1", options=OPTIONS)["id"]
        seats = {s: join(client, tid, s, s.title()) for s in ("p1", "p2")}
        page = open_at_seat(new_page, size, server.url, tid, "p1", seats["p1"])
        pieces = {p["id"]: p for p in seat_views(client, tid, seats)["p1"]["pieces"]}
        gx, gy = pieces["p2-gamera"]["x"], pieces["p2-gamera"]["y"]
        steps = [
            {"kind": "record", "mecha": "p1-kabuto", "x": gx, "y": gy + 4.5, "facing": 90},  # in contact, south of it
            {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 3},
        ]
        for raw in steps:
            r = act(client, tid, seats["p1"], raw)
            assert r.status_code == 200, r.text
        kabuto = next(p for p in seat_views(client, tid, seats)["p1"]["pieces"] if p["id"] == "p1-kabuto")
        ax, ay = kabuto["x"] + kabuto["anchor"][0], kabuto["y"] + kabuto["anchor"][1]
        r = act(client, tid, seats["p1"], {"kind": "move", "x": ax, "y": ay + 6})
        assert r.status_code == 200, r.text
    log = page.locator("#log")
    expect(log).to_contain_text(
        "Gamera-X takes a free hack at Kabuto-Maru as it leaves close combat: players resolve it (manual)"
    )
    log.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"srbr-free-hack-log-{size[0]}x{size[1]}.png"))
    rules = page.locator(".srbr-rules")
    rules.locator("summary").click()
    expect(rules).to_contain_text("Leaving close combat")
    expect(rules).to_contain_text("hills, water and forest are scenery only, with no rule effect")
    rules.get_by_text("Leaving close combat", exact=True).scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"srbr-free-hack-rules-{size[0]}x{size[1]}.png"))
