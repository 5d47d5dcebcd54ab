"""The lobby's create form in Chromium, for every game: ordinary options as widgets with their
defaults (no raw JSON outside the Advanced disclosure), the spectator delay set on creation,
and the lobby's link to the Watch page."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect

from app import systems
from tests.conftest import Server

pytestmark = pytest.mark.browser
SYSTEMS = sorted(systems.registry.systems)


def test_every_game_is_created_from_its_form_without_raw_json(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    for system_id in SYSTEMS:
        page = new_page(1280, 900)
        page.goto(server.url + "/")
        current = page.locator("#create-system").input_value()
        if current != system_id:
            with page.expect_response(re.compile(rf"/lobby/options\?system={re.escape(system_id)}")):
                page.select_option("#create-system", system_id)
        options = page.locator("#create-options")
        # No raw JSON box among the ordinary options: every textarea sits in the closed disclosure.
        expect(options.locator("textarea:not(.advanced-options textarea)")).to_have_count(0)
        expect(options.locator("textarea:visible")).to_have_count(0)
        assert options.locator("select, input").count() + options.locator(".advanced-options").count() > 0
        page.locator("#create-form").screenshot(path=str(artifacts / f"create-form-{system_id}.png"))
        advanced = options.locator(".advanced-options")
        if advanced.count():
            advanced.locator("summary").click()
            expect(advanced.locator("fieldset").first).to_be_visible()
            page.locator("#create-form").screenshot(path=str(artifacts / f"create-form-{system_id}-advanced.png"))
        page.fill("#create-name", f"Form {system_id}")
        page.fill("#create-delay-actions", "2")
        page.get_by_role("button", name="Create table").click()
        page.wait_for_url(re.compile(r"/tables/[^/?#]+$"))
        tid = page.url.rsplit("/", 1)[1]
        summary = httpx.get(f"{server.url}/api/tables/{tid}").json()
        assert summary["system"] == system_id
        assert httpx.get(f"{server.url}/api/tables/{tid}/settings").json()["delay_actions"] == 2


def test_widgets_defaults_and_warboard_default_labels(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    page = new_page(1280, 900)
    page.goto(server.url + "/")
    with page.expect_response(re.compile(r"/lobby/options\?system=gkr")):
        page.select_option("#create-system", "gkr")
    expect(page.locator("#opt-map")).to_have_value("downtown")  # a choice, its default selected
    energy = page.locator("#opt-energy_per_round")
    expect(energy).to_have_attribute("type", "number")
    expect(energy).to_have_value("5")
    expect(energy).to_have_attribute("min", "1")
    expect(page.locator("label[for=opt-energy_per_round] .badge-default")).to_have_text("Warboard default")
    expect(page.locator("#opt-factions input[type=checkbox]")).to_have_count(4)
    page.locator(".advanced-options summary").click()
    expect(page.locator("#opt-manual-energy")).to_have_attribute("type", "checkbox")
    expect(page.locator("#opt-deck-primary")).to_have_value("5")
    page.locator("#create-form").screenshot(path=str(artifacts / "create-form-gkr-widgets.png"))
    phone = new_page(390, 844)
    phone.goto(server.url + "/")
    with phone.expect_response(re.compile(r"/lobby/options\?system=hgb")):
        phone.select_option("#create-system", "hgb")
    expect(phone.locator("#opt-north-faction")).to_have_value("north")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(artifacts / "create-form-hgb-phone.png"), full_page=True)


def test_the_lobby_links_to_watch(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    page = new_page(390, 844)
    page.goto(server.url + "/")
    link = page.locator("#watch-link")
    expect(link).to_be_visible()
    box = link.bounding_box()
    assert box and box["height"] >= 44
    link.click()
    page.wait_for_url(re.compile(r"/watch$"))
    expect(page.locator("#watch-rows")).to_be_attached()
