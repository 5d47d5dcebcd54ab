"""Checks the readability tests share: piece sizes, label overlaps (``assert_readable``: both), the main button in sight,
nothing of a drag left drawn, a replay in the game's own colours and words."""

from __future__ import annotations

import contextlib
import re
from typing import Any

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

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
