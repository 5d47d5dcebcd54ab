"""Fast pages (issue 25): a table page of every game, at a seat mid-game and as a visitor, at
1280x720 and 390x844, shifts less than 0.1 as its panels fill (Chromium's layout-shift entries,
as Lighthouse counts them: none after an input); it loads every static file under its hashed
name, kept a year (``immutable``), compressed; and it loads one script, its bundle with the
game's module (or, without current bundles, every module it loads was preloaded: no request
waterfall). Lighthouse's own scores: ``bench/lighthouse.py``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, Response, expect

from tests.browser.games import GAMES, at_a_seat
from tests.browser.helpers import CONNECTED, NewPage, sit
from tests.conftest import Server

pytestmark = pytest.mark.browser

SHIFTS = """window.layoutShift = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.layoutShift += e.value;
}).observe({ type: "layout-shift", buffered: true });"""
HASHED = re.compile(r"/static/.+\.[0-9a-f]{12}\.\w+$")


def _record(page: Page) -> list[Response]:
    seen: list[Response] = []
    page.on("response", lambda r: seen.append(r))
    return seen


def _settle(page: Page) -> None:
    expect(page.locator("body.loading")).to_have_count(0)
    expect(page.locator("#log li").first).to_be_attached()
    page.wait_for_timeout(1500)  # the log's history, the panel's second pass, the lifted buttons


def _check_loads(page: Page, responses: list[Response]) -> None:
    document = next(r for r in responses if r.request.resource_type == "document")
    assert document.headers.get("content-encoding") == "gzip"
    assert document.headers.get("cache-control") == "no-cache"
    statics = [r for r in responses if "/static/" in r.url]
    assert statics
    for r in statics:
        assert HASHED.search(r.url), r.url  # never a plain name: it would be fetched again
        assert r.status == 200, r.url
        assert r.headers.get("cache-control") == "public, max-age=31536000, immutable", r.url
        if r.url.endswith((".js", ".css")) and int(r.headers.get("content-length") or 0) > 600:
            assert r.headers.get("content-encoding") == "gzip", r.url
    preloaded = set(page.eval_on_selector_all('link[rel="modulepreload"]', "ls => ls.map((l) => l.href)"))
    classic = re.compile(r"/static/(vendor/htmx|js/poll)[.-]")  # deferred scripts, not modules
    modules = {r.url for r in statics if r.request.resource_type == "script" and not classic.search(r.url)}
    if any("/static/dist/" in m for m in modules):  # the page's bundle, the game's module in it
        assert len(modules) == 1, sorted(modules)
    else:  # the source modules (no current bundle): each preloaded, no request waterfall
        assert modules and modules <= preloaded, sorted(modules - preloaded)


@pytest.mark.parametrize("game", GAMES)
def test_a_table_page_does_not_shift_and_loads_hashed_compressed_files(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int], game: str
) -> None:
    tid, seat, seats = at_a_seat(server, game)
    page: Page = new_page(*size)
    page.add_init_script(SHIFTS)
    responses = _record(page)
    sit(page, server.url, tid, seat, seats[seat])
    _settle(page)
    seated = page.evaluate("window.layoutShift")
    page.screenshot(path=str(artifacts / f"fast-{game}-{size[0]}x{size[1]}.png"))
    _check_loads(page, responses)

    visitor: Page = new_page(*size)
    visitor.add_init_script(SHIFTS)
    visitor.goto(f"{server.url}/tables/{tid}")
    visitor.wait_for_selector(CONNECTED)
    _settle(visitor)
    watching = visitor.evaluate("window.layoutShift")
    print(f"layout shift {game} {size[0]}x{size[1]}: seated {seated:.4f}, visitor {watching:.4f}")
    assert seated < 0.1 and watching < 0.1, (seated, watching)
