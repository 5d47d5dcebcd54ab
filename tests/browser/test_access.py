"""Every control on the pages has an accessible name and can be reached from the keyboard."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser.helpers import create_table, open_new_table, open_seat, place_token
from tests.conftest import Server

pytestmark = pytest.mark.browser

UNNAMED = """() => [...document.querySelectorAll('button, input, select, textarea, a[href], [role=button], [tabindex]')]
  .filter((el) => el.getClientRects().length && !el.closest('[hidden]'))
  .filter((el) => {
    const name = el.getAttribute('aria-label') || (el.labels && [...el.labels].map((l) => l.textContent).join(''))
      || (el.getAttribute('aria-labelledby') && document.getElementById(el.getAttribute('aria-labelledby'))?.textContent)
      || (el.tagName === 'INPUT' && ['submit', 'button'].includes(el.type) && el.value)
      || (el.tagName === 'IMG' ? el.alt : '') || el.textContent;
    return !name || !name.trim();
  })
  .map((el) => el.outerHTML.slice(0, 120))"""


def unnamed(page: Page) -> list[str]:
    return list(page.evaluate(UNNAMED))


def test_controls_have_names(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    table = create_table(server, name="Names for all")
    page = new_page()
    page.goto(server.url + "/")
    assert unnamed(page) == []
    open_seat(page, server.url, table["id"], "p1", "Ann")
    place_token(page, "Named")
    assert unnamed(page) == []
    page.goto(f"{server.url}/tables/{table['id']}/replay")
    page.wait_for_selector(".piece")
    assert unnamed(page) == []


def test_tab_reaches_the_board_and_its_pieces(server: Server, new_page) -> None:  # type: ignore[no-untyped-def]
    page = new_page()
    open_new_table(server, page, "p1", name="Tabbing")
    place_token(page, "Reachable")
    page.locator("#zoom-fit").focus()
    seen = []
    for _ in range(6):
        page.keyboard.press("Tab")
        seen.append(page.evaluate("document.activeElement.id || document.activeElement.getAttribute('aria-label')"))
    assert "board" in seen
    assert any(s and s.startswith("Reachable") for s in seen)
