"""HGB's smaller defects of issue 25, at 1280x720 and 390x844: a terrain's name ran into the
labels of the models waiting in their deployment rows (the ridge map's Dunes on a phone); a selected model's weapon arc
covered most of the table before any target was aimed at; the facing choices said "South
(down)" for what is up on the north's turned board."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import NewPage, hgb_first_page
from tests.browser.test_hgb_deployment import deployment_page
from tests.conftest import Server

pytestmark = pytest.mark.browser

ZONE_LABEL_HITS = """() => {
  const box = (n) => n.getBoundingClientRect();
  const hit = (a, b) => Math.min(a.right, b.right) > Math.max(a.left, b.left) && Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top);
  const marks = [...document.querySelectorAll('#board .piece .body, #board .piece-label')]
    .filter((n) => n.getAttribute('display') !== 'none').map((n) => [n.closest('.piece').dataset.id, box(n)]);
  return [...document.querySelectorAll('#board .hgb-zone-label, #board .terrain-label, #board .hgb-level-label')]
    .flatMap((z) => marks.filter(([, r]) => hit(box(z), r)).map(([id]) => `${z.textContent} over ${id}`));
}"""

# the share of the table the arc covers (its box, cut to the table's)
ARC_SHARE = """() => {
  const t = document.querySelector('#board .table-surface').getBoundingClientRect();
  const a = document.querySelector('#board .hgb-arc').getBoundingClientRect();
  const w = Math.max(0, Math.min(a.right, t.right) - Math.max(a.left, t.left));
  const h = Math.max(0, Math.min(a.bottom, t.bottom) - Math.max(a.top, t.top));
  return (w * h) / (t.width * t.height);
}"""


@pytest.mark.parametrize("seat", ["north", "south"])
@pytest.mark.parametrize("map_name", ["open", "ridge"])
def test_names_on_the_table_clear_of_the_waiting_models(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int], seat: str, map_name: str
) -> None:
    page = deployment_page(server, new_page, size, seat, "hgb-zone-labels", map_name)
    expect(page.locator("#board .hgb-zone-label")).to_have_count(2)
    page.screenshot(path=str(artifacts / f"hgb-zones-{map_name}-{seat}-{size[0]}x{size[1]}.png"))
    assert page.evaluate(ZONE_LABEL_HITS) == []


def facing_names(page: Page) -> dict[str, str]:
    return dict(page.get_by_label("Facing", exact=True).evaluate("(s) => [...s.options].map((o) => [o.value, o.text])"))


def test_facings_named_as_the_screen_shows_them(server: Server, new_page: NewPage, size: tuple[int, int]) -> None:
    north = deployment_page(server, new_page, size, "north", "hgb-facings")
    expect(north.locator("#board")).to_have_class("flipped")  # the north edge at the bottom
    names = facing_names(north)
    assert names["90"].startswith("Up (South)"), names
    assert names["270"].startswith("Down (North)"), names
    assert names["0"].startswith("Left (East)"), names
    south = deployment_page(server, new_page, size, "south", "hgb-facings")
    names = facing_names(south)
    assert names["270"].startswith("Up (North)") and names["90"].startswith("Down (South)"), names


def test_the_arc_stays_short_until_a_target_is_aimed_at(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    page, _, first, _ = hgb_first_page(server, new_page(*size))
    expect(page.locator("#board .hgb-arc")).to_have_count(1)  # the acting model's, selected
    page.screenshot(path=str(artifacts / f"hgb-arc-{size[0]}x{size[1]}.png"))
    share = page.evaluate(ARC_SHARE)
    assert share <= 0.2, share
    foe = ("s" if first == "north" else "n") + "-cg1-1"
    page.get_by_label("Target", exact=True).select_option(foe)  # aiming: the whole reach, every band
    expect(page.locator("#board .hgb-ring")).to_have_count(5)
    assert page.evaluate(ARC_SHARE) > share
