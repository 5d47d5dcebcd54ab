"""HGB's Autopilot button pressed in Chromium: a model with the Autopilot perk is switched on
from the page (its own order, on from the next round outside the initiative phase), the log
says so, the button turns into "Switch Autopilot off", and the server's view agrees."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import NewPage, hgb_first_page, scroll_to, view_of
from tests.conftest import Server

pytestmark = pytest.mark.browser


def test_the_autopilot_button_switches_the_order_on(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    page, _, first, _ = hgb_first_page(server, new_page(*size))
    assert first == "north", "the seeded initiative goes to the north, whose Jaguar has Autopilot"
    pilot = next(
        c
        for c in view_of(page)["cards"]
        if c["seat"] == first and any(p.get("id") == "autopilot" for p in c.get("perks") or [])
    )
    # the Jaguar's Combat Group is activated from the page, then the Jaguar picked as the model
    page.locator("#system-panel select[data-key=group]").select_option(pilot["group"])
    page.get_by_role("button", name="Activate this group").and_(page.locator(".lifted")).click()
    expect(page.locator("#log")).to_contain_text("activates")
    page.locator("#system-panel select[data-key=model]").select_option(pilot["id"])
    button = page.get_by_role("button", name=re.compile(f"^Switch on Autopilot for {re.escape(pilot['label'])}"))
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
