"""HGB's Autopilot button pressed in Chromium: a model with the Autopilot perk is switched on
from the page (its own order, on from the next round outside the initiative phase), the log
says so, the button turns into "Switch Autopilot off", and the server's view agrees.

And the same button pressed while a view update redraws the panel still gets its click. A
game's controls are drawn again on each update that changes them (the other player's move, the
same seat's move from another device); a redraw between the press and the release used to take
the pressed button away, and the click with it. Now the redraw waits for the release
(``keepFocus`` in ``static/js/systems/panel.js``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.helpers import NewPage, hgb_first_page, scroll_to, view_of
from tests.conftest import Server
from tests.kit.table import act

pytestmark = pytest.mark.browser


def autopilot_button(page: Page, first: str) -> tuple[dict[str, Any], Locator]:
    """The seat's Jaguar (the model with Autopilot) picked in its activated Combat Group, from
    the page: its card, and its "Switch on Autopilot" button."""
    assert first == "north", "the seeded initiative goes to the north, whose Jaguar has Autopilot"
    pilot = next(
        c
        for c in view_of(page)["cards"]
        if c["seat"] == first and any(p.get("id") == "autopilot" for p in c.get("perks") or [])
    )
    page.locator("#system-panel select[data-key=group]").select_option(pilot["group"])
    page.get_by_role("button", name="Activate this group").and_(page.locator(".lifted")).click()
    expect(page.locator("#log")).to_contain_text("activates")
    page.locator("#system-panel select[data-key=model]").select_option(pilot["id"])
    name = re.compile(f"^Switch on Autopilot for {re.escape(pilot['label'])}")
    return pilot, page.get_by_role("button", name=name)


def test_the_autopilot_button_switches_the_order_on(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    page, _, first, _ = hgb_first_page(server, new_page(*size))
    pilot, button = autopilot_button(page, first)
    expect(button).to_have_attribute("aria-pressed", "false")
    assert scroll_to(button)["height"] >= 24
    page.screenshot(path=str(artifacts / f"hgb-autopilot-before-{size[0]}.png"))
    button.click()
    expect(page.locator("#log")).to_contain_text(
        f"{pilot['label']}: Autopilot on from round 2 (one defence die, a second attack)"
    )
    off = page.get_by_role("button", name=re.compile(f"^Switch off Autopilot for {re.escape(pilot['label'])}"))
    expect(off).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#system-panel .hgb-autopilot")).to_contain_text("on from the next round")
    card = next(c for c in view_of(page)["cards"] if c["id"] == pilot["id"])
    assert card["autopilot_order"] and not card["autopilot"]
    scroll_to(off)
    page.screenshot(path=str(artifacts / f"hgb-autopilot-after-{size[0]}.png"))


def test_a_press_outlasts_an_update_that_redraws_the_controls(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    page, tid, first, seats = hgb_first_page(server, new_page(*size))
    pilot, button = autopilot_button(page, first)
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
