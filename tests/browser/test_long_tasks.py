"""Fast pages (issue 25): no long blocking work while a table page loads. A table page of every
game, at a seat mid-game, opened on a phone (390x844) and a laptop (1280x720) with the CPU four
times slower (Chromium's ``Emulation.setCPUThrottlingRate``, as Lighthouse's mobile preset):

- no task lays the page out more than six times (Chromium's trace). The few parts that measure
  once a frame (the board's labels, the dock's main buttons, the focus on the main action) and
  the frame's own layouts fit (with one bundle per page, the first draw may share its task with
  a frame's); a loop that reads a size after each change (a label measured per
  piece, a log line per event, a button per button) forced 20 to 40 layouts in one task;
- the long tasks of its load (``PerformanceObserver('longtask')``, until the board, the panel and
  the log are drawn): none over 600 ms in the best of three loads. Other work on a shared
  machine only ever adds time; on the project's 2-core machine, shared, the longest tasks of a
  load are 200-500 ms at 4x (before: up to 900-1500 ms).

A check of the structure with a bound generous for a busy CI machine, not a timing benchmark:
the timings are ``bench/lighthouse.py``'s."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.games import GAMES, at_a_seat
from tests.browser.helpers import NewPage, sit
from tests.conftest import Server

pytestmark = pytest.mark.browser

BOUND_MS = 600
SLOWER = 4
LOADS = 3
LAYOUTS_PER_TASK = 6
LONG_TASKS = """window.longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.longTasks.push(Math.round(e.duration));
}).observe({ type: "longtask", buffered: true });"""
TASKS = ("RunTask", "ThreadControllerImpl::RunTask")
TRACE = "toplevel,devtools.timeline,disabled-by-default-devtools.timeline.stack"


def _load(page: Page, url: str, tid: str, seat: str, headers: dict[str, str]) -> None:
    sit(page, url, tid, seat, headers)
    expect(page.locator("body.loading")).to_have_count(0)
    expect(page.locator("#log li").first).to_be_attached()
    page.wait_for_timeout(2500)  # the log's history, the panel's second pass, the lifted buttons


def _layouts_per_task(events: list[dict[str, Any]]) -> dict[int, list[str]]:
    """The layouts of the page's main thread per top-level task (by the task's start): where
    each was forced from (the script's function and line), or "frame" for the frame's own."""
    layouts = [e for e in events if e.get("name") == "Layout" and e.get("ph") == "X"]
    threads = {(e["pid"], e["tid"]) for e in layouts}
    tasks = sorted(
        (e for e in events if e.get("name") in TASKS and e.get("ph") == "X" and (e["pid"], e["tid"]) in threads),
        key=lambda t: t["ts"],
    )
    per: dict[int, list[str]] = {}
    for e in layouts:
        task = next((t for t in tasks if t["tid"] == e["tid"] and t["ts"] <= e["ts"] < t["ts"] + t["dur"]), None)
        if task is not None:
            stack = (e.get("args", {}).get("beginData") or {}).get("stackTrace") or []
            where = ", ".join(
                f"{f.get('functionName')} {f.get('url', '').rsplit('/', 1)[-1]}:{f.get('lineNumber')}"
                for f in stack[:2]
            )
            per.setdefault(task["ts"], []).append(where or "frame")
    return per


@pytest.mark.parametrize("game", GAMES)
def test_a_table_page_loads_without_long_tasks(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int], game: str
) -> None:
    tid, seat, seats = at_a_seat(server, game)
    loads: list[list[int]] = []
    layouts: dict[int, list[str]] = {}
    for n in range(LOADS):
        page: Page = new_page(*size)
        page.add_init_script(LONG_TASKS)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWER})
        events: list[dict[str, Any]] = []
        if n == 0:
            cdp.on("Tracing.dataCollected", lambda d, events=events: events.extend(d["value"]))
            cdp.send("Tracing.start", {"categories": TRACE, "transferMode": "ReportEvents"})
        _load(page, server.url, tid, seat, seats[seat])
        loads.append(page.evaluate("window.longTasks"))
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        if n == 0:
            done: list[bool] = []
            cdp.on("Tracing.tracingComplete", lambda _, done=done: done.append(True))
            cdp.send("Tracing.end")
            while not done:
                page.wait_for_timeout(100)
            layouts = _layouts_per_task(events)
            page.screenshot(path=str(artifacts / f"long-tasks-{game}-{size[0]}x{size[1]}.png"))
        page.context.close()
    print(
        f"{game} {size[0]}x{size[1]}, {SLOWER}x slower: long tasks {loads}, most layouts in a task {max(map(len, layouts.values()), default=0)}"
    )
    worst = max(layouts.values(), key=len, default=[])
    assert len(worst) <= LAYOUTS_PER_TASK, worst
    assert min(max(tasks, default=0) for tasks in loads) <= BOUND_MS, loads
