"""GKR records in real Chromium: a player records energy in its turn, another seat disputes it
from the panel, and the host (a watching page that holds the host token) rules from the panel.
The host's Uphold/Overturn buttons are shared with Samurai Robots (static/js/systems/ruling.js)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import open_seat
from tests.browser.test_gkr import (
    DB,
    KW,
    TH,
    first_round_actions,
    open_with_token,
    shot,
    unnamed_controls,
    view,
    wait_phase,
)
from tests.conftest import Server
from tests.kit.table import act, join, new_table
from tests.systems.gkr.test_game import OPTIONS, SEED

pytestmark = pytest.mark.browser


def assert_ruling_buttons_apart(page) -> None:  # type: ignore[no-untyped-def]
    """Uphold and Overturn (ruling.js): 44 px targets, at least 24 px of space between them."""
    uphold, overturn = (
        page.get_by_role("button", name="Uphold record 1"),
        page.get_by_role("button", name="Overturn record 1"),
    )
    # brought up from below (on a phone the board stays on top of the sheets scrolling under it)
    page.locator(".ruling").evaluate("el => el.scrollIntoView({block: 'end'})")
    page.wait_for_timeout(200)
    on_top = page.evaluate("""() => [...document.querySelectorAll('.ruling button')].map((b) => {
        const r = b.getBoundingClientRect(); return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === b; })""")
    assert on_top == [True, True], "the ruling buttons are covered"
    a, b = uphold.bounding_box(), overturn.bounding_box()
    assert a and b
    for box in (a, b):
        assert box["height"] >= 44 and box["width"] >= 44, box
    gap_x = max(b["x"] - (a["x"] + a["width"]), a["x"] - (b["x"] + b["width"]))
    gap_y = max(b["y"] - (a["y"] + a["height"]), a["y"] - (b["y"] + b["height"]))
    assert max(gap_x, gap_y) >= 24, (a, b)


def test_gkr_dispute_and_the_hosts_ruling_from_the_page(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    options = {**OPTIONS, "manual": {"energy": True}}
    opening = first_round_actions()
    combat = next(i for i, (_, a) in enumerate(opening) if a["kind"] == "choose_weapons")
    with server.client() as client:
        table = new_table(client, "gkr", name="Ruling", options=options, seed=SEED)
        tid = table["id"]
        seats = {s: join(client, tid, s, s.title()) for s in (DB, KW, TH)}
        for i, (seat, action) in enumerate(opening[:combat]):  # DiamondBack chooses its weapons next
            assert act(client, tid, seats[seat], action, f"m-{i}").status_code == 200, action
    db, th = (
        open_with_token(new_page, server, tid, DB, seats[DB]),
        open_with_token(new_page, server, tid, TH, seats[TH]),
    )
    hal = new_page(1400, 900)
    hal.add_init_script(
        f"localStorage.setItem({json.dumps(f'warboard:host:{tid}')}, {json.dumps(table['host_token'])})"
    )
    open_seat(hal, server.url, tid, None, "Hal")
    wait_phase(db, "combat")
    energy = view(db)["players"][DB]["energy"]
    db.select_option("#gkr-rec-area", "energy")
    db.get_by_label("Energy spent").fill("2")
    db.get_by_label("Note").fill("movement of the Combat Unit")
    db.get_by_role("button", name="Record the result").click()
    expect(th.locator(".gkr-records")).to_contain_text(
        "DiamondBack · Energy: 2 energy, movement of the Combat Unit · open"
    )
    expect(th.locator('.gkr-counts tr[data-seat="diamondback"] td').first).to_have_text(str(energy - 2))
    expect(db.get_by_role("button", name="Dispute")).to_have_count(0)  # not one's own record
    expect(hal.get_by_role("button", name="Overturn record 1")).to_have_count(0)  # nothing disputed yet
    th.get_by_label("Reason to dispute record 1").fill("it did not move")
    th.get_by_role("button", name="Dispute").click()
    expect(hal.locator(".gkr-records")).to_contain_text(
        "On hold: ThunderHappy disputes record 1 by DiamondBack (it did not move)"
    )
    expect(db.get_by_role("button", name="Overturn record 1")).to_have_count(0)  # players never rule
    expect(hal.get_by_role("button", name="Uphold record 1")).to_be_visible()
    assert unnamed_controls(hal) == []
    assert_ruling_buttons_apart(hal)
    phone = new_page(390, 844)  # the host on a phone: the same spacing
    phone.add_init_script(
        f"localStorage.setItem({json.dumps(f'warboard:host:{tid}')}, {json.dumps(table['host_token'])})"
    )
    open_seat(phone, server.url, tid, None, "Hal")
    expect(phone.get_by_role("button", name="Uphold record 1")).to_be_attached()
    assert_ruling_buttons_apart(phone)
    phone.screenshot(path=str(artifacts / "gkr-ruling-buttons-phone.png"))
    shot(hal, artifacts, "12-host-ruling", ".gkr-records")
    hal.get_by_role("button", name="Overturn record 1").click()
    for page in (db, th, hal):
        expect(page.locator("#log")).to_contain_text("The host overturned record 1 by Diamondback (DiamondBack)")
        expect(page.locator(".gkr-records")).to_contain_text("· overturned")
        expect(page.locator('.gkr-counts tr[data-seat="diamondback"] td').first).to_have_text(str(energy))
    expect(hal.get_by_role("button", name="Overturn record 1")).to_have_count(0)
