"""GKR on a phone (390x844): each piece shrinks to fit its hex, so no body spills into the
neighbouring hexes, while staying at least 24 px on screen; labels stay apart."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import open_at_seat
from tests.browser.readable import MIN_PIECE_PX, assert_labels_apart, assert_pieces_readable
from tests.browser.test_readable import gkr_table, gkr_until
from tests.conftest import Server

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=["phone", "laptop"])
def test_gkr_pieces_stay_inside_their_hexes(server: Server, new_page, artifacts: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    tid, seats = gkr_table(server, "Crowded hexes")
    seat = gkr_until(server, tid, seats, "movement")
    page = open_at_seat(new_page, size, server.url, tid, seat, seats[seat])
    expect(page.locator("#system-panel")).to_have_attribute("data-phase", "movement")
    page.wait_for_timeout(300)
    # screen pixels per board unit (a hex has size 1: its flat-to-flat width is sqrt(3))
    scale = page.evaluate("""() => { const m = document.getElementById('board').getScreenCTM();
        return Math.hypot(m.a, m.b); }""")
    cell = math.sqrt(3) * scale
    bodies = page.evaluate("""() => [...document.querySelectorAll('#board .piece')].map((g) => {
        const b = g.querySelector('.body').getBoundingClientRect();
        return {id: g.dataset.id, x: b.x, y: b.y, w: b.width, h: b.height};
    })""")
    assert len(bodies) >= 6
    inner = cell / 2  # the hex's inscribed circle
    for b in bodies:
        assert min(b["w"], b["h"]) >= MIN_PIECE_PX - 0.5, b
        if inner >= MIN_PIECE_PX / 2:  # a hex big enough to hold a 24 px body: the body stays inside it
            assert max(b["w"], b["h"]) / 2 <= inner + 0.5, (b, inner)
    # neighbours (one hex apart) never cover each other: their bodies' circles stay apart
    for i, a in enumerate(bodies):
        for b in bodies[i + 1 :]:
            gap = math.dist((a["x"] + a["w"] / 2, a["y"] + a["h"] / 2), (b["x"] + b["w"] / 2, b["y"] + b["h"] / 2))
            assert gap + 0.5 >= (max(a["w"], a["h"]) + max(b["w"], b["h"])) / 2, f"pieces overlap: {a} and {b}"
    assert_pieces_readable(page)
    assert_labels_apart(page)
    page.locator("#board").screenshot(path=str(artifacts / f"gkr-pieces-in-hexes-{size[0]}x{size[1]}.png"))
