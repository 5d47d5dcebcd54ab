"""The after-game report in the browser (1280x720 and 390x844): a Small Soldiers game played
to its end by the easy computer level; the game-over bar links to the report, the report shows
its charts (SVG with a title and a description) and the luckiest moment in words, and a turning
point leads into the replay at its seq."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import NewPage, sit
from tests.conftest import Server
from tests.kit.table import bearer
from tests.report.play import play_table

pytestmark = pytest.mark.browser


def test_report_from_the_game_over_bar_to_a_turning_point(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    with server.client() as client:
        table = play_table(client, "small-soldiers", {}, 400)
    page: Page = new_page(*size)
    sit(page, server.url, table.id, "gorgonites", bearer(table.tokens["gorgonites"]))
    link = page.locator("#end-box #report-link")
    expect(link).to_be_visible()
    link.click()
    expect(page).to_have_url(f"{server.url}/tables/{table.id}/report")
    expect(page.locator("#luck-chart-title")).to_have_text("Luck over the game, per seat")
    expect(page.locator("#luckiest")).to_contain_text("chance")
    expect(page.locator("#loss-chart")).to_be_visible()
    page.screenshot(path=str(artifacts / f"report-{size[0]}x{size[1]}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]  # nothing wider than a phone
    first = page.locator("#turning-points a").first
    href = first.get_attribute("href")
    assert href and href.startswith(f"/tables/{table.id}/replay?seq=")
    first.click()
    expect(page).to_have_url(f"{server.url}{href}")
    expect(page.locator("#report-link")).to_be_visible()  # the replay's header leads back
    seq = href.rsplit("=", 1)[1]
    expect(page.locator("#seq-out")).to_contain_text(f"{seq} /")  # opened at the turning point
    marks = page.locator(".scrubber-mark")  # the report's turning points, marked on the slider
    expect(marks.first).to_be_attached()
    assert seq in [marks.nth(i).get_attribute("data-seq") for i in range(marks.count())]
    page.screenshot(path=str(artifacts / f"report-replay-{size[0]}x{size[1]}.png"))
