"""Checks the readability tests share: piece sizes, label overlaps (``assert_readable``: both),
the main button in sight, a drag stopped at the limit with nothing of it left drawn, a replay in
the game's own colours and words; and the slow drags and screenshots they take."""

from __future__ import annotations

import contextlib
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.helpers import Point, board_point, centre_of, points_between, press_and_glide

SIZES = [(1280, 720), (1400, 900), (390, 844)]
MIN_PIECE_PX = 24
TOUCH_PX = 44


def piece_sizes(page: Page) -> list[dict[str, Any]]:
    """Every piece's body and touch target on screen (pixels), after the board laid them out."""
    page.wait_for_timeout(150)  # the board lays pieces out on the next animation frame
    return page.evaluate("""() => [...document.querySelectorAll('#board .piece')].map((g) => {
        const b = g.querySelector('.body').getBoundingClientRect();
        const t = g.querySelector('.hit').getBoundingClientRect();
        return {id: g.dataset.id, w: b.width, h: b.height, tw: t.width, th: t.height};
    })""")  # type: ignore[no-any-return]


def assert_pieces_readable(page: Page) -> None:
    # the board lays pieces out again after the page settles (a resize, a refit): wait for it
    with contextlib.suppress(PlaywrightTimeout):  # then the assertions below say which pieces are too small
        page.wait_for_function(
            f"""() => {{ const b = [...document.querySelectorAll('#board .piece .body')].map((n) => n.getBoundingClientRect());
            return b.length > 0 && b.every((r) => Math.min(r.width, r.height) >= {MIN_PIECE_PX}); }}""",
            timeout=5_000,
        )
    sizes = piece_sizes(page)
    assert sizes, "no pieces on the board"
    small = [s for s in sizes if min(s["w"], s["h"]) < MIN_PIECE_PX]
    assert not small, f"pieces under {MIN_PIECE_PX} px: {small[:5]}"
    untouchable = [s for s in sizes if min(s["tw"], s["th"]) < TOUCH_PX - 0.5]
    assert not untouchable, f"touch targets under {TOUCH_PX} px: {untouchable[:5]}"


def label_boxes(page: Page) -> list[dict[str, Any]]:
    return page.evaluate("""() => [...document.querySelectorAll('#board .piece-label')]
        .filter((t) => t.getAttribute('display') !== 'none' && t.textContent.trim())
        .map((t) => { const r = t.getBoundingClientRect(); return {text: t.textContent, x: r.x, y: r.y, w: r.width, h: r.height}; })""")  # type: ignore[no-any-return]


def assert_labels_apart(page: Page) -> None:
    boxes = label_boxes(page)
    assert boxes, "no labels shown"
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            apart = (
                a["x"] + a["w"] <= b["x"] + 0.5
                or b["x"] + b["w"] <= a["x"] + 0.5
                or a["y"] + a["h"] <= b["y"] + 0.5
                or b["y"] + b["h"] <= a["y"] + 0.5
            )
            assert apart, f"labels overlap: {a} and {b}"


def assert_labels_clear_of_pieces(page: Page) -> None:
    """No shown label lies over the body of another piece (its own piece aside) or past the board's edge."""
    hits = page.evaluate("""() => {
        const box = (n) => n.getBoundingClientRect();
        const pieces = [...document.querySelectorAll('#board .piece')];
        const bodies = pieces.map((g) => ({id: g.dataset.id, r: box(g.querySelector('.body'))}));
        const out = [];
        for (const g of pieces) {
            const t = g.querySelector('.piece-label');
            if (!t || t.getAttribute('display') === 'none' || !t.textContent.trim()) continue;
            const l = box(t);
            for (const b of bodies) {
                if (b.id === g.dataset.id) continue;
                const apart = l.right <= b.r.left + 1 || b.r.right <= l.left + 1 || l.bottom <= b.r.top + 1 || b.r.bottom <= l.top + 1;
                if (!apart) out.push(`${t.textContent} over ${b.id}`);
            }
        }
        return out;
    }""")
    assert not hits, f"labels over other pieces: {hits[:5]}"
    board = page.locator("#board").bounding_box()
    assert board
    cut = [
        b["text"]
        for b in label_boxes(page)
        if b["x"] < board["x"] - 1
        or b["y"] < board["y"] - 1
        or b["x"] + b["w"] > board["x"] + board["width"] + 1
        or b["y"] + b["h"] > board["y"] + board["height"] + 1
    ]
    assert not cut, f"labels cut off at the board's edge: {cut}"


def assert_readable(page: Page) -> None:
    """Pieces big enough to read and to touch, their labels apart and clear of other pieces."""
    assert_pieces_readable(page)
    assert_labels_apart(page)
    assert_labels_clear_of_pieces(page)


def assert_primary_in_view(page: Page, name: str | re.Pattern[str]) -> None:
    """The current step's main button is on screen without scrolling."""
    button = page.get_by_role("button", name=name).and_(page.locator(".lifted"))
    expect(button).to_be_visible()
    assert page.evaluate("window.scrollY") == 0
    box = button.bounding_box()
    size = page.viewport_size
    assert box and size
    assert (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"]
        and box["y"] + box["height"] <= size["height"]
    ), box


def assert_nothing_of_the_drag(page: Page) -> None:
    expect(
        page.locator("#board .drag-path, #board .drag-route, #board .drag-origin, #board [data-shapes$='-drag']")
    ).to_have_count(0)


def assert_human_log(page: Page, *phrases: str) -> None:
    log = page.locator("#log li")
    expect(log.first).to_be_visible()
    lines = log.all_text_contents()
    raw = [line for line in lines if re.search(r"\w=|[{}\[\]]|\d\.\d{3,}", line)]
    assert not raw, f"raw event dumps in the log: {raw[:3]}"
    text = "\n".join(lines)
    for phrase in phrases:
        assert re.search(phrase, text), f"{phrase!r} not in the log:\n{text[-800:]}"


def slow_steps(start: Point, end: Point) -> int:
    return max(8, int(math.dist(start, end) / 5))


def drag_slowly(page: Page, start: Point, end: Point) -> None:
    """Press at ``start`` and glide slowly to ``end``; the button stays down."""
    press_and_glide(page, start, end, slow_steps(start, end), 15)
    page.wait_for_timeout(400)


def hex_drag_past_the_limit(page: Page, pid: str, dests: list[dict[str, Any]]) -> tuple[int, int]:
    """Drag a piece slowly through a space it may reach and on beyond the last one; the button
    stays down. Returns the space the drag must stop on: the last legal one the pointer crossed."""
    legal = {(d["q"], d["r"]) for d in dests}
    start = centre_of(page, pid)
    box = page.locator("#board").bounding_box()
    assert box

    def inside(p: tuple[float, float]) -> bool:
        return (
            box["x"] + 12 < p[0] < box["x"] + box["width"] - 12 and box["y"] + 12 < p[1] < box["y"] + box["height"] - 12
        )

    for d in sorted(dests, key=lambda d: -math.dist(start, hex_screen(page, d["q"], d["r"]))):
        through = hex_screen(page, d["q"], d["r"])
        v = (through[0] - start[0], through[1] - start[1])
        k = 1.5
        while k > 0.4 and not inside((through[0] + v[0] * k, through[1] + v[1] * k)):
            k -= 0.1
        end = (through[0] + v[0] * k, through[1] + v[1] * k)
        if k <= 0.4 or math.dist(through, end) < 20:
            continue
        points = points_between(start, end, slow_steps(start, end))  # the points drag_slowly goes through
        crossed = [tuple(h) for h in page.evaluate(HEXES_AT, points)]
        if crossed[-1] in legal:
            continue
        stop = next(h for h in reversed(crossed) if h in legal)
        drag_slowly(page, start, end)
        return stop  # type: ignore[return-value]
    raise AssertionError("no way past the limit inside the board")


def hex_screen(page: Page, q: int, r: int) -> tuple[float, float]:
    return board_point(page, math.sqrt(3) * (q + r / 2), 1.5 * r)


HEXES_AT = """async (points) => {
    const hex = await import('/static/js/board/hex.js');
    const m = document.getElementById('board').getScreenCTM().inverse();
    return points.map(([x, y]) => { const p = new DOMPoint(x, y).matrixTransform(m); const h = hex.fromPixel(p.x, p.y); return [h.q, h.r]; });
}"""


def wait_at(page: Page, pid: str, where: tuple[int, int]) -> None:
    page.wait_for_function(
        "([pid, q, r]) => (window.warboard.view?.pieces || []).some((p) => p.id === pid && p.q === q && p.r === r)",
        arg=[pid, *where],
    )


def open_replay(new_page, url: str, tid: str, size: tuple[int, int]) -> Page:  # type: ignore[no-untyped-def]
    page = new_page(*size)
    page.goto(f"{url}/tables/{tid}/replay")
    expect(page.locator("#board .piece").first).to_be_attached()
    # every control of the replay bar whole on screen (a phone too)
    cut = page.evaluate("""() => [...document.querySelectorAll('.replay-bar button, .replay-bar input, .board-legend summary')]
        .map((n) => [n.textContent.trim() || n.id, n.getBoundingClientRect()])
        .filter(([, r]) => r.left < 0 || r.right > window.innerWidth + 0.5 || r.top < 0 || r.bottom > window.innerHeight)
        .map(([t]) => t)""")
    assert not cut, f"replay controls cut off: {cut}"
    return page


@dataclass(frozen=True)
class Shots:
    """Screenshots of one game's readability test at one size: readable-<game>[-<what>]-<w>x<h>.png."""

    artifacts: Path
    game: str
    size: tuple[int, int]

    def take(self, page: Page, what: str = "") -> None:
        name = f"{self.game}-{what}" if what else self.game
        page.screenshot(path=str(self.artifacts / f"readable-{name}-{self.size[0]}x{self.size[1]}.png"))


def assert_step_reads_well(page: Page, phase: str, button: str, shots: Shots) -> None:
    """The page is at ``phase`` and reads well with its main button ``button`` in sight (a
    screenshot named after the phase)."""
    expect(page.locator("#system-panel")).to_have_attribute("data-phase", phase)
    assert_readable(page)
    assert_primary_in_view(page, button)
    shots.take(page, phase)


def release_at_the_limit(page: Page, pid: str, said: str, shots: Shots) -> None:
    """The drag under way stopped at the limit: piece ``pid`` is marked and the board says
    ``said``; then the button is released."""
    expect(page.locator(f'#board .piece[data-id="{pid}"]')).to_have_class(re.compile("at-limit"))
    expect(page.locator("#board-message")).to_contain_text(said)
    shots.take(page, "drag")
    page.mouse.up()


def hex_drag_to_the_limit(page: Page, pid: str, dests: list[dict[str, Any]], said: str, shots: Shots) -> None:
    """Drag piece ``pid`` on past the last space of ``dests`` it may reach: the drag stops at the
    limit, saying ``said``, and the piece moves to the last legal space the pointer crossed."""
    stop = hex_drag_past_the_limit(page, pid, dests)
    release_at_the_limit(page, pid, said, shots)
    wait_at(page, pid, stop)


def assert_settled_after_the_drag(page: Page, shots: Shots) -> None:
    """Nothing of the drag is left drawn and the board still reads well."""
    assert_nothing_of_the_drag(page)
    assert_readable(page)
    shots.take(page)


def assert_readable_replay(replay: Page, shots: Shots, *phrases: str) -> None:
    """The replay reads well and its log says ``phrases`` in the game's own words."""
    assert_readable(replay)
    assert_human_log(replay, *phrases)
    shots.take(replay, "replay")
