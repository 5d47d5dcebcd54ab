"""HGB's deployment on a laptop (1280x720) and a phone (390x844), seen from each seat: every
model of both forces waits in its staging row, so the board is at its most crowded; no two
labels overlap, every piece keeps its minimum size, and a refusal message never covers a piece."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import NewPage, board_point, centre_of, drag, open_at_seat
from tests.browser.readable import assert_readable
from tests.conftest import Server
from tests.kit.table import act, join, new_table

pytestmark = pytest.mark.browser
SIZES = [(1280, 720), (390, 844)]


def deployment_page(server: Server, new_page: NewPage, size: tuple[int, int], seat: str, seed: str) -> Page:
    """An HGB table on the open map past its terrain step (both sides ready), opened at ``seat``
    in its deployment phase."""
    with server.client() as client:
        tid = new_table(client, "hgb", name="Deployment", options={"map": "open"}, seed=seed)["id"]
        seats = {s: join(client, tid, s, s.title()) for s in ("north", "south")}
        for s in ("north", "south"):
            assert act(client, tid, seats[s], {"kind": "ready"}).status_code == 200
    page = open_at_seat(new_page, size, server.url, tid, seat, seats[seat])
    expect(page.locator("#system-panel")).to_have_attribute("data-phase", "deployment")
    return page


@pytest.mark.parametrize("seat", ["north", "south"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_hgb_staging_rows_read_apart(
    server: Server, new_page, artifacts: Path, size: tuple[int, int], seat: str
) -> None:  # type: ignore[no-untyped-def]
    page = deployment_page(server, new_page, size, seat, "hgb-deploy-labels")
    page.screenshot(path=str(artifacts / f"hgb-deployment-{seat}-{size[0]}x{size[1]}.png"))
    assert_readable(page)


def covered_pieces(page) -> list[str]:  # type: ignore[no-untyped-def]
    """Pieces (bodies or labels) the board message lies over."""
    return page.evaluate("""() => {
        const m = document.getElementById('board-message').getBoundingClientRect();
        return [...document.querySelectorAll('#board .piece')].filter((g) => [g.querySelector('.body'), g.querySelector('.piece-label')]
            .filter((n) => n && n.getAttribute('display') !== 'none').some((n) => {
                const r = n.getBoundingClientRect();
                return r.width > 0 && Math.min(m.right, r.right) - Math.max(m.left, r.left) > 0 && Math.min(m.bottom, r.bottom) - Math.max(m.top, r.top) > 0;
            })).map((g) => g.dataset.id);
    }""")  # type: ignore[no-any-return]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_refusal_message_leaves_the_pieces_in_sight(
    server: Server, new_page, artifacts: Path, size: tuple[int, int]
) -> None:  # type: ignore[no-untyped-def]
    page = deployment_page(server, new_page, size, "north", "hgb-deploy-toast")
    # a model dragged far out of its deployment zone: the message says no, over no piece
    drag(page, centre_of(page, "n-cg1-1"), board_point(page, 24, 30))
    message = page.locator("#board-message")
    expect(message).to_contain_text("refused")
    expect(page.locator('#board .piece[data-id="n-cg1-1"]')).not_to_have_class("dragging")
    page.screenshot(path=str(artifacts / f"hgb-deployment-refused-{size[0]}x{size[1]}.png"))
    assert covered_pieces(page) == []
    box, board = message.bounding_box(), page.locator("#board").bounding_box()
    assert box and board and board["y"] <= box["y"] and box["y"] + box["height"] <= board["y"] + board["height"]
