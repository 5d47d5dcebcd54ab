"""A name field's placeholder looked like a value already typed (issue 25: the lobby's
"Friday game"): no name field shows a made-up name in it (the example is a hint under the field),
and what placeholders remain read as hints: grey and italic (1280x720 and 390x844)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import NewPage, create_table, open_seat
from tests.conftest import Server

pytestmark = pytest.mark.browser

NAME_FIELDS = "#create-name, #create-player, #learn-player, #player-name, #sb-label, [data-key=t-label]"
PLACEHOLDERS = """(selector) => [...document.querySelectorAll(selector)].filter((n) => n.placeholder).map((n) => n.id || n.dataset.key)"""
HINT_STYLE = """(id) => getComputedStyle(document.getElementById(id), "::placeholder").fontStyle"""


def named_with_placeholders(page: Page) -> list[str]:
    return page.evaluate(PLACEHOLDERS, NAME_FIELDS)  # type: ignore[no-any-return]


def test_name_fields_hold_no_made_up_name(server: Server, new_page: NewPage, size: tuple[int, int]) -> None:
    page: Page = new_page(*size)
    page.goto(server.url + "/")
    expect(page.locator("#create-name")).to_have_count(1)
    assert named_with_placeholders(page) == []
    expect(page.locator("#create-name-help")).to_contain_text("Friday game")  # the example, as a hint
    assert page.evaluate(HINT_STYLE, "create-seed") == "italic"  # a placeholder left reads as a hint

    for system, seat in (("sandbox", "p1"), ("hgb", "north")):
        table = create_table(server, system, name="Names")
        open_seat(page, server.url, table["id"], seat, "Ann")
        expect(page.locator("#system-panel")).to_be_visible()
        expect(page.locator("#sb-label, [data-key=t-label]")).to_have_count(1)
        assert named_with_placeholders(page) == []
        page.get_by_role("button", name="Forget this seat on this browser").click()
        expect(page.locator("#player-name")).to_be_visible()
        assert named_with_placeholders(page) == []
