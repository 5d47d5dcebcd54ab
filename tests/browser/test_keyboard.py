"""The keyboard reaches the main action at once (issue 25, item 10): it took 25+ Tabs and no key
did it. From the page's load the main action is focused (the seat's turn), or two presses away
(Tab to "Skip to the main action", Enter); the A key does it, shown on its button; the focus
goes to the main action when the turn comes, but not out of a field being typed in; the log's
live region says the opponent's actions, not this seat's own echo."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import NewPage, hgb_table, sit
from tests.conftest import Server

pytestmark = pytest.mark.browser

FIRST_STOP = """() => [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')]
  .find((n) => n.tabIndex >= 0 && !n.disabled)?.textContent.trim()"""


def test_the_main_action_is_a_key_away(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    tid, first, seats = hgb_table(server, "Keyboard")
    other = "south" if first == "north" else "north"
    them: Page = new_page(*size)
    sit(them, server.url, tid, other, seats[other])
    page: Page = new_page(*size)
    sit(page, server.url, tid, first, seats[first])
    main = page.get_by_role("button", name="Activate this group")
    expect(main).to_have_attribute("aria-keyshortcuts", "A")
    expect(page.locator("#main-key")).to_be_visible()  # the key shown over the button's corner
    page.screenshot(path=str(artifacts / f"keyboard-{size[0]}x{size[1]}.png"))
    # the seat's turn: the focus starts at the main action (no key pressed); from the page's top
    # it is two presses away: the first Tab stop is the skip link, Enter on it focuses the action
    expect(main).to_be_focused()
    assert page.evaluate(FIRST_STOP) == "Skip to the main action (A)"
    page.get_by_role("link", name="Skip to the main action (A)").focus()
    page.keyboard.press("Enter")
    expect(main).to_be_focused()

    # the opponent types in the chat while the turn comes: the focus stays there
    them.get_by_label("Message").fill("hello")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("a")  # the main action by its key
    expect(page.locator("#log")).to_contain_text("activates its General Purpose Squad")
    live = them.locator(".log-card [aria-live=polite]#log-live")
    expect(live).to_contain_text("activates its General Purpose Squad")  # the opponent's action, said
    expect(page.locator("#log-live")).not_to_contain_text("activates its General Purpose Squad")  # not its own echo
    page.get_by_role("button", name="End this Combat Group").click()
    expect(them.locator("#system-panel")).to_contain_text("Your turn")
    expect(them.get_by_label("Message")).to_be_focused()
    expect(them.get_by_label("Message")).to_have_value("hello")
