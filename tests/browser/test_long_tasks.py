"""Fast pages (issue 25): no long blocking work while a table page loads. A table page of every
game, at a seat mid-game, opened on a phone (390x844) and a laptop (1280x720) with the CPU four
times slower (Chromium's ``Emulation.setCPUThrottlingRate``, as Lighthouse's mobile preset), records
the long tasks of its load (``PerformanceObserver('longtask')``) until the board, the panel and
the log are drawn. None may last over 200 ms. A check of the structure (no forced layout per
piece or log line, no layout of the whole page twice in one task), with a bound generous for a
busy CI machine, not a timing benchmark: the timings are ``bench/lighthouse.py``'s."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.games import GAMES, at_a_seat
from tests.browser.helpers import NewPage, sit
from tests.conftest import Server

pytestmark = pytest.mark.browser

BOUND_MS = 200
SLOWER = 4
LONG_TASKS = """window.longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.longTasks.push(Math.round(e.duration));
}).observe({ type: "longtask", buffered: true });"""


@pytest.mark.parametrize("game", GAMES)
def test_a_table_page_loads_without_long_tasks(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int], game: str
) -> None:
    tid, seat, seats = at_a_seat(server, game)
    page: Page = new_page(*size)
    page.add_init_script(LONG_TASKS)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWER})
    sit(page, server.url, tid, seat, seats[seat])
    expect(page.locator("body.loading")).to_have_count(0)
    expect(page.locator("#log li").first).to_be_attached()
    expect(page.locator("#board .piece").first).to_be_attached()
    page.wait_for_timeout(2500)  # the log's history, the panel's second pass, the lifted buttons
    tasks: list[int] = page.evaluate("window.longTasks")
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    page.screenshot(path=str(artifacts / f"long-tasks-{game}-{size[0]}x{size[1]}.png"))
    print(f"long tasks {game} {size[0]}x{size[1]} at {SLOWER}x slower: {tasks}")
    assert [t for t in tasks if t > BOUND_MS] == [], tasks
