"""Turn alerts (issue 26): when the opponent ends their turn while this player's tab is hidden, the
page plays its turn sound, marks the tab's icon and shows a browser notification (permission
granted in the test); the other player's moves play the softer sound; the Sounds switch silences
them and is remembered. HGB, two players, 1280x720 and 390x844."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import NewPage, hgb_table, seat_views, sit
from tests.conftest import Server
from tests.kit.table import act

pytestmark = pytest.mark.browser

# What the page plays and shows, recorded: every <audio> played (by id), every notification made.
RECORD = """
window.__played = [];
const play = HTMLMediaElement.prototype.play;
HTMLMediaElement.prototype.play = function () { window.__played.push(this.id); return play.call(this).catch(() => {}); };
window.__notes = [];
if (window.Notification) {
  const Real = window.Notification;
  window.Notification = class extends Real {
    constructor(title, options) { window.__notes.push({title, body: options && options.body}); super(title, options); }
  };
}
"""
HIDE = """() => {
  Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});
  Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'hidden'});
  document.dispatchEvent(new Event('visibilitychange'));
}"""
ENDING = ("end_group", "done", "pass")
# the tab's icons, at their content-hashed addresses
ICON = re.compile(r"^/static/img/icon\.[0-9a-f]{12}\.svg$")
TURN_ICON = re.compile(r"^/static/img/turn\.[0-9a-f]{12}\.svg$")


def end_turn(server: Server, tid: str, seat: str, seats: dict[str, dict[str, str]]) -> None:
    """Play ``seat``'s activation to its end through the API: activate a group, then end it."""
    with server.client() as client:
        for _ in range(8):
            view: dict[str, Any] = seat_views(client, tid, seats)[seat]
            if seat not in view["turn"]["active"]:
                return
            legal = client.get(f"/api/tables/{tid}/legal", headers=seats[seat]).json()["actions"]
            action = next((a for k in ENDING for a in legal if a["kind"] == k), legal[0])
            assert act(client, tid, seats[seat], action).status_code == 200
    raise AssertionError(f"{seat}'s activation did not end")


def test_the_turn_comes_to_a_hidden_tab(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    tid, first, seats = hgb_table(server, "Friday game")
    second = next(s for s in seats if s != first)
    page: Page = new_page(*size)
    page.context.grant_permissions(["notifications"], origin=server.url)
    page.add_init_script(RECORD)
    sit(page, server.url, tid, second, seats[second])
    expect(page.locator("#alert-sounds")).to_be_checked()
    expect(page.locator("#alert-notify-state")).to_contain_text("notification tells you")
    expect(page.locator("#alert-notify")).to_be_hidden()  # granted: nothing to ask
    expect(page.locator("#tab-icon")).to_have_attribute("href", ICON)
    page.locator("#seat-panel").screenshot(path=str(artifacts / f"turn-alerts-seat-{size[0]}x{size[1]}.png"))

    page.evaluate(HIDE)
    end_turn(server, tid, first, seats)
    page.wait_for_function("() => window.__notes.length > 0")
    notes = page.evaluate("window.__notes")
    assert notes[0]["title"] == "Your turn at Friday game", notes
    assert notes[0]["body"], notes
    played = page.evaluate("window.__played")
    assert "sound-move" in played and played[-1] == "sound-turn", played
    expect(page.locator("#tab-icon")).to_have_attribute("href", TURN_ICON)
    expect(page).to_have_title("\u25b6 Your turn \u00b7 Friday game \u00b7 Warboard")

    # the seat's own activation over: the icon at rest; muted, the next turn plays nothing
    end_turn(server, tid, second, seats)
    expect(page.locator("#tab-icon")).to_have_attribute("href", ICON)
    page.locator("#alert-sounds").uncheck()
    assert page.evaluate("localStorage.getItem('warboard.sounds')") == "off"
    page.evaluate("window.__played = []")
    end_turn(server, tid, first, seats)
    expect(page.locator("#tab-icon")).to_have_attribute("href", TURN_ICON)
    assert page.evaluate("window.__played") == []
    page.reload()
    expect(page.locator("#alert-sounds")).not_to_be_checked()
