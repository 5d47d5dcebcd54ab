"""Steps the browser tests share: make a table and open its page in a seat (or several), place
and find tokens, find a piece by its id and read the page's view, move the mouse in steps, and
the tables set up through the API (HGB at its first activation, Small Soldiers played on)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from playwright.sync_api import APIResponse, Locator, Page, Route, expect
from playwright.sync_api import Error as PlaywrightError

from tests.conftest import Server
from tests.kit.table import act, join, new_table, token_of
from tests.systems.small_soldiers.test_api_game import choose

CONNECTED = "#conn.conn-connected"
NewPage = Callable[..., Page]  # the new_page fixture: new_page(width, height, **context options)


def scroll_to(locator: Locator, tries: int = 5) -> dict[str, float]:
    """Scroll ``locator`` into view and return its box, finding it again when a view update
    re-rendered the panel between the finding and the scroll (the element detached)."""
    for attempt in range(tries):
        try:
            locator.scroll_into_view_if_needed()
            box = locator.bounding_box()
        except PlaywrightError as error:
            if "not attached" not in str(error) or attempt == tries - 1:
                raise
            continue
        if box is not None:
            return box
    raise AssertionError(f"{locator} stayed detached from the page over {tries} tries")


class LateReads:
    """A slow link for ``page``'s GETs of ``path`` (say ``/settings``): each is answered as the
    server had it when asked, but only at ``give()``; other methods pass at once."""

    def __init__(self, page: Page, path: str) -> None:
        self.page, self.path = page, path
        self.held: list[tuple[Route, APIResponse]] = []
        page.route(f"**{path}", self._hold)

    def _hold(self, route: Route) -> None:
        if route.request.method == "GET":
            self.held.append((route, route.fetch()))  # the answer as it was then
        else:
            route.continue_()

    def give(self) -> None:
        """Answer the held GETs now, and let the page read the answers."""
        assert self.held, f"the page did not ask for {self.path}"
        for route, old in self.held:
            with self.page.expect_response(lambda r: r.url.endswith(self.path) and r.request.method == "GET"):
                route.fulfill(response=old)
        self.page.wait_for_timeout(300)


def open_seat(page: Page, url: str, table_id: str, seat: str | None = None, name: str = "Ann") -> None:
    """Open the table page and take ``seat`` (or watch when seat is None)."""
    page.add_init_script(f"localStorage.setItem('warboard:name', {name!r})")
    query = f"?seat={seat}" if seat else "?watch=1"
    page.goto(f"{url}/tables/{table_id}{query}")
    page.wait_for_selector(CONNECTED)


def create_table(server: Server, system: str = "sandbox", **body: Any) -> dict[str, Any]:
    """A table created on ``server`` (``body`` as for ``new_table``: name, options, seed...);
    the create answer."""
    with server.client() as client:
        return new_table(client, system, **body)


def open_new_table(server: Server, page: Page, seat: str | None, player: str = "Ann", **body: Any) -> dict[str, Any]:
    """Create a table (``body`` as for ``new_table``: system, name, options...) and open it in
    ``page`` at ``seat`` (None: watching) as ``player``; the create answer."""
    table = create_table(server, **body)
    open_seat(page, server.url, table["id"], seat, player)
    return table


def open_seats(
    new_page: NewPage,
    url: str,
    tid: str,
    seats: Sequence[str | None],
    size: tuple[int, int] = (1280, 800),
    names: Sequence[str] = ("Ann", "Bob", "Eve"),
) -> list[Page]:
    """A new page of ``size`` for each of ``seats`` in turn (None: watching), opened at the table
    under ``names`` in the same order (``open_seat``)."""
    pages = []
    for seat, name in zip(seats, names, strict=False):
        page: Page = new_page(*size)
        open_seat(page, url, tid, seat, name)
        pages.append(page)
    return pages


def sit(page: Page, url: str, tid: str, seat: str, headers: dict[str, str]) -> None:
    """Open the table page in a seat taken through the API."""
    page.add_init_script(
        f"localStorage.setItem('warboard:table:{tid}', JSON.stringify({{token: {token_of(headers)!r}, role: 'player', seat: {seat!r}, name: {seat.title()!r}}}))"
    )
    page.goto(f"{url}/tables/{tid}")
    page.wait_for_selector(CONNECTED)


def open_at_seat(
    new_page: NewPage, size: tuple[int, int], url: str, tid: str, seat: str, headers: dict[str, str]
) -> Page:
    """A new page of ``size`` (from the ``new_page`` fixture) open at ``seat`` (``sit``)."""
    page: Page = new_page(*size)
    sit(page, url, tid, seat, headers)
    return page


def view_of(page: Page) -> dict[str, Any]:
    """The view the page draws (its game's view as the server sent it, patches applied)."""
    return page.evaluate("window.warboard.view")  # type: ignore[no-any-return]


def piece_of(page: Page, pid: str) -> Any:
    """The piece with id ``pid`` on the board."""
    return page.locator(f'.piece[data-id="{pid}"]')


def centre_of(page: Page, pid: str) -> tuple[float, float]:
    """Screen coordinates of the centre of piece ``pid``'s body."""
    box = piece_of(page, pid).locator(".body").bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def off_screen(page: Page, selector: str) -> list[str]:
    """The elements matching ``selector`` not wholly inside the window as it is (their text, label or id)."""
    return page.evaluate(  # type: ignore[no-any-return]
        """(selector) => [...document.querySelectorAll(selector)]
        .map((n) => [n.textContent.trim() || n.getAttribute("aria-label") || n.id, n.getBoundingClientRect()])
        .filter(([, r]) => r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
        .map(([t]) => t)""",
        selector,
    )


def scrolled(page: Page) -> list[str]:
    """What the page has scrolled: the window, the layout's scroller, the rail (none: nothing)."""
    return page.evaluate(  # type: ignore[no-any-return]
        """() => [["window", scrollY], ...[".table-layout", ".side"].map((s) => [s, document.querySelector(s)?.scrollTop || 0])]
        .filter(([, y]) => y > 0).map(([s]) => s)"""
    )


def concede(page: Page) -> None:
    """Concede the game from the page, confirming when asked."""
    page.get_by_role("button", name="Concede the game…").click()
    page.get_by_role("button", name="Yes, concede").click()


def place_token(page: Page, label: str) -> None:
    page.fill("#sb-label", label)
    page.get_by_role("button", name="Place token").click()
    expect(piece(page, label)).to_have_count(1)


def piece(page: Page, label: str) -> Any:
    return page.locator(".piece", has=page.locator("text.piece-label", has_text=re.compile(f"^{re.escape(label)}$")))


def piece_label(page: Page, label: str) -> str:
    return str(piece(page, label).get_attribute("aria-label"))


def centre(page: Page, label: str) -> tuple[float, float]:
    box = piece(page, label).locator(".body").bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def board_point(page: Page, x: float, y: float) -> tuple[float, float]:
    """Screen coordinates of board coordinates (inches or hex-pixel units)."""
    point = page.evaluate(
        """([x, y]) => {
        const svg = document.getElementById('board');
        const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
        return [p.x, p.y];
    }""",
        [x, y],
    )
    return float(point[0]), float(point[1])


Point = tuple[float, float]


def points_between(start: Point, end: Point, steps: int) -> list[Point]:
    """``steps`` evenly spaced points from ``start`` (not included) to ``end``."""
    return [
        (start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps)
        for i in range(1, steps + 1)
    ]


def glide(page: Page, start: Point, end: Point, steps: int, pause: int) -> None:
    """Move the mouse from ``start`` to ``end`` in ``steps`` steps, ``pause`` ms after each."""
    for point in points_between(start, end, steps):
        page.mouse.move(*point)
        page.wait_for_timeout(pause)


def press_and_glide(page: Page, start: Point, end: Point, steps: int, pause: int) -> None:
    """Press at ``start`` and glide to ``end``; the button stays down."""
    page.mouse.move(*start)
    page.mouse.down()
    glide(page, start, end, steps, pause)


def assert_ruler_shared(bob: Page, other: Page, start: Point, end: Point, said: str, shot: Path) -> None:
    """Bob, the ruler chosen, measures from ``start`` to ``end``: while he holds it, ``other`` sees
    it on their board, from Bob, saying ``said`` (a screenshot to ``shot``); then he lets go and
    it is gone from ``other``'s board (issue 25: it stayed drawn there)."""
    press_and_glide(bob, start, end, 6, 40)
    shared = other.locator(".shared-mark[data-from=Bob]")
    expect(shared).to_have_count(1)
    expect(shared.locator("text")).to_contain_text(said)
    other.screenshot(path=str(shot))
    bob.mouse.up()
    expect(shared).to_have_count(0)


def drag(page: Page, start: Point, end: Point) -> None:
    press_and_glide(page, start, end, 8, 30)
    page.wait_for_timeout(250)  # let the preview answer
    page.mouse.up()


def panel_shot(page: Page, path: Path, show: str = "") -> None:
    """A screenshot with the side column at its top, or scrolled to ``show``."""
    page.eval_on_selector(".side", "el => el.scrollTop = 0")
    if show:
        page.locator(show).first.scroll_into_view_if_needed()
    page.screenshot(path=str(path))


def unnamed_controls(page: Page, extra: str = "") -> list[str]:
    """Controls of the game panel (and any ``extra`` selector) without an accessible name."""
    selector = "#system-panel button, #system-panel input, #system-panel select, #system-panel textarea" + (
        f", {extra}" if extra else ""
    )
    return page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)].filter((n) => {
        const named = (n.getAttribute('aria-label') || '').trim() || (n.labels && [...n.labels].some((l) => l.textContent.trim()))
            || (n.tagName === 'BUTTON' && n.textContent.trim());
        return !named;
    }).map((n) => n.outerHTML.slice(0, 120))""",
        selector,
    )  # type: ignore[no-any-return]


def hgb_table(
    server: Server, name: str = "Readable", seed: str = "hgb-browser-6"
) -> tuple[str, str, dict[str, dict[str, str]]]:
    """An HGB table on the open map set up through the API: forces as listed, one model each
    deployed, the initiative winner to activate first. Its id, that seat, every seat's headers."""
    with server.client() as client:
        tid = new_table(client, "hgb", name=name, options={"map": "open"}, seed=seed)["id"]
        seats = {s: join(client, tid, s, s.title()) for s in ("north", "south")}
        for s in ("north", "south"):
            assert act(client, tid, seats[s], {"kind": "ready"}).status_code == 200
        assert (
            act(
                client, tid, seats["north"], {"kind": "deploy", "model": "n-cg1-1", "x": 20, "y": 11, "facing": 90}
            ).status_code
            == 200
        )
        assert (
            act(
                client, tid, seats["south"], {"kind": "deploy", "model": "s-cg1-1", "x": 22, "y": 38, "facing": 270}
            ).status_code
            == 200
        )
        for s in ("north", "south"):
            assert act(client, tid, seats[s], {"kind": "ready"}).status_code == 200
        first = client.get(f"/api/tables/{tid}/view", headers=seats["north"]).json()["view"]["initiative"]["winner"]
        assert act(client, tid, seats[first], {"kind": "choose_first", "seat": first}).status_code == 200
    return tid, first, seats


def hgb_first_page(server: Server, page: Page) -> tuple[Page, str, str, dict[str, dict[str, str]]]:
    """``hgb_table`` opened in ``page`` at the seat that activates first, in its activation phase:
    the page, the table's id, that seat and every seat's headers."""
    tid, first, seats = hgb_table(server)
    sit(page, server.url, tid, first, seats[first])
    expect(page.locator("#system-panel")).to_have_attribute("data-phase", "activation")
    return page, tid, first, seats


def seat_views(client: Any, tid: str, seats: dict[str, dict[str, str]]) -> dict[str, dict[str, Any]]:
    """Every seat's view of the table, as the API gives it to that seat (``seats``: its headers)."""
    return {s: client.get(f"/api/tables/{tid}/view", headers=h).json()["view"] for s, h in seats.items()}


def small_soldiers_until(
    client: Any,
    tid: str,
    seats: dict[str, dict[str, str]],
    done: Callable[[dict[str, Any]], bool],
    limit: int = 400,
    missing: str = "the position never came up",
) -> tuple[str, dict[str, Any]]:
    """Play Small Soldiers through the API (each seat's choice towards the flag) until ``done(view)``
    holds for the seat to act: that seat and its view. Fails with ``missing`` after ``limit`` actions."""
    for _ in range(limit):
        views = seat_views(client, tid, seats)
        seat = next(s for s in seats if views[s]["legal"])
        if done(views[seat]):
            return seat, views[seat]
        assert act(client, tid, seats[seat], choose(views[seat], seat, "flag")).status_code == 200
    raise AssertionError(missing)


# --- where a piece stands, as its name (aria-label) says it and as the view has it -----------------
def _num(v: float) -> str:
    return f"{round(v, 1):g}"


def placed_at(x: float, y: float) -> re.Pattern[str]:
    """A tabletop piece's name says its place in inches from the left and top edges."""
    return re.compile(rf"at {re.escape(_num(x))} in from the left, {re.escape(_num(y))} in from the top")


def xy_of(label: str) -> tuple[float, float]:
    """The place a tabletop piece's name (aria-label) says."""
    m = re.search(r"at ([-\d.]+) in from the left, ([-\d.]+) in from the top", label)
    assert m, label
    return float(m.group(1)), float(m.group(2))


def hex_of(page: Page, label: str) -> tuple[int, int]:
    """The hex (q, r) of the piece labelled ``label`` in the page's view."""
    p = next(p for p in view_of(page)["pieces"] if p.get("label") == label)
    return int(p["q"]), int(p["r"])


def wait_at_hex(page: Page, label: str, q: int, r: int) -> None:
    """Wait until the page's view has the piece labelled ``label`` on hex (q, r)."""
    page.wait_for_function(
        """([label, q, r]) => (window.warboard?.view?.pieces || []).some(
            (p) => p.label === label && p.q === q && p.r === r)""",
        arg=[label, q, r],
    )
