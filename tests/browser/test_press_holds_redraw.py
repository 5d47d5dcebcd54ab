"""A button pressed while a view update redraws the panel still gets its click.

A game's controls are drawn again on each update that changes them (the other player's move,
the same seat's move from another device). A redraw between the press and the release used to
take the pressed button away, and the click with it. Now the redraw waits for the release
(``keepFocus`` in ``static/js/systems/panel.js``): here an HGB seat presses its Jaguar's Autopilot
button, the same seat sets the Jaguar's speed from another device meanwhile, and the release
still switches Autopilot on; the panel then shows both."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import NewPage, hgb_first_page, scroll_to, view_of
from tests.conftest import Server
from tests.kit.table import act

pytestmark = pytest.mark.browser


def test_a_press_outlasts_an_update_that_redraws_the_controls(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    page, tid, first, seats = hgb_first_page(server, new_page(*size))
    pilot = next(
        c
        for c in view_of(page)["cards"]
        if c["seat"] == first and any(p.get("id") == "autopilot" for p in c.get("perks") or [])
    )
    page.locator("#system-panel select[data-key=group]").select_option(pilot["group"])
    page.get_by_role("button", name="Activate this group").and_(page.locator(".lifted")).click()
    expect(page.locator("#log")).to_contain_text("activates")
    page.locator("#system-panel select[data-key=model]").select_option(pilot["id"])
    button = page.get_by_role("button", name=re.compile(f"^Switch on Autopilot for {re.escape(pilot['label'])}"))
    scroll_to(button)
    button.hover()  # the pointer over the button, where it takes the press (nothing over it)
    page.mouse.down()

    # the same seat, from another device: a new speed for the Jaguar, which redraws the controls
    with server.client() as client:
        legal = client.get(f"/api/tables/{tid}/legal", headers=seats[first]).json()["actions"]
        speed = next(
            a for a in legal if a["kind"] == "set_speed" and a["model"] == pilot["id"] and a["speed"] != pilot["speed"]
        )
        assert act(client, tid, seats[first], speed).status_code == 200
    page.wait_for_function(
        "([id, speed]) => window.warboard.view.cards.find((c) => c.id === id)?.speed === speed",
        arg=[pilot["id"], speed["speed"]],
    )
    # held: the pressed button is still there, and the controls still show the old speed
    expect(page.locator("#system-panel select[data-key=speed]")).to_have_value(pilot["speed"])
    page.screenshot(path=str(artifacts / f"press-held-{size[0]}.png"))
    page.mouse.up()

    expect(page.locator("#log")).to_contain_text(
        f"{pilot['label']}: Autopilot on from round 2 (one defence die, a second attack)"
    )
    off = page.get_by_role("button", name=re.compile(f"^Switch off Autopilot for {re.escape(pilot['label'])}"))
    expect(off).to_have_attribute("aria-pressed", "true")
    card = next(c for c in view_of(page)["cards"] if c["id"] == pilot["id"])
    assert card["autopilot_order"] and card["speed"] == speed["speed"]
    # the redraw held for the press was made: the controls show the new speed
    expect(page.locator("#system-panel select[data-key=speed]")).to_have_value(speed["speed"])
    expect(page.locator("#system-panel .hgb-speed")).to_contain_text(f"{speed['speed'].capitalize()} speed")
    scroll_to(off)
    page.screenshot(path=str(artifacts / f"press-released-{size[0]}.png"))
