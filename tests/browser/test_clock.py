"""Clocks on the table page: both players and a spectator see every seat's time over the board,
counting down between updates; the seat on the clock is marked; low time reads "low time" in
words as well as in colour; a seat asks for a pause and the other allows it. 1280x720 and 390x844."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from app.bots import policy
from tests.browser.helpers import NewPage, create_table, open_at_seat, seat_views
from tests.conftest import Server
from tests.kit.table import act, join

pytestmark = pytest.mark.browser
SEATS = ("gorgonites", "commandos")


def test_clocks_shown_to_players_and_spectators(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    w, h = size
    clock = {"mode": "live", "initial": 40, "increment": 2, "timeout": "computer"}
    tid = create_table(server, "small-soldiers", name="Timed", seed="clock-page", clock=clock)["id"]
    with server.client() as client:
        seats = {s: join(client, tid, s, name) for s, name in zip(SEATS, ("Ann", "Bob"), strict=True)}
        views = seat_views(client, tid, seats)
        legal = {s: client.get(f"/api/tables/{tid}/legal", headers=seats[s]).json()["actions"] for s in SEATS}
        first = next(s for s in SEATS if legal[s])
        chosen = policy.choose(views[first], legal[first], "t", 0)
        assert chosen is not None and act(client, tid, seats[first], chosen).status_code == 200
    ann = open_at_seat(new_page, size, server.url, tid, SEATS[0], seats[SEATS[0]])
    bob = open_at_seat(new_page, size, server.url, tid, SEATS[1], seats[SEATS[1]])
    eve = new_page(w, h)
    eve.goto(f"{server.url}/tables/{tid}?watch=1")
    for page in (ann, bob, eve):
        bar = page.locator("#clocks")
        expect(bar).to_be_visible()
        expect(bar.locator(".clock-seat")).to_have_count(2)
        expect(bar.locator(".clock-seat.on")).to_have_count(1)
    on = eve.locator("#clocks .clock-seat.on .clock-time")
    first_text = on.inner_text()
    expect(on).not_to_have_text(first_text, timeout=3000)  # counting down between updates
    # low time: under 30 s, in words and colour
    expect(eve.locator("#clocks .clock-seat.low")).to_have_count(1, timeout=15000)
    expect(eve.locator("#clocks .clock-seat.low")).to_contain_text(re.compile("low time", re.I))
    for who, page in (("ann", ann), ("bob", bob), ("spectator", eve)):
        page.screenshot(path=str(artifacts / f"clock-{who}-{w}x{h}.png"))
    # a pause asked and allowed
    ann.locator("#clocks button", has_text="pause").click()
    expect(bob.locator("#clocks")).to_contain_text("asks for a pause")
    bob.screenshot(path=str(artifacts / f"clock-pause-asked-bob-{w}x{h}.png"))
    bob.locator("#clocks button", has_text="Allow").click()
    for page in (ann, bob, eve):
        expect(page.locator("#clocks .clock-note")).to_contain_text("Paused")
    paused = eve.locator("#clocks .clock-seat.on .clock-time").inner_text()
    eve.wait_for_timeout(1500)
    assert eve.locator("#clocks .clock-seat.on .clock-time").inner_text() == paused  # stopped
    eve.screenshot(path=str(artifacts / f"clock-paused-spectator-{w}x{h}.png"))
