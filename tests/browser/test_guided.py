"""Chromium: Learn to play from the lobby, for each game: a guided table against the computer,
whose hint card names what to do, the control to use and the rulebook section; the test does what
each hint says, through that control, from the first hint to the third. Then the rules panel: its
search filters the sections, a hint's "Read the rule" opens its section, and a refusal's "Why?"
opens the section its code names."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import CONNECTED, drag, sit, small_soldiers_until
from tests.conftest import Server
from tests.kit.table import join, new_table

pytestmark = pytest.mark.browser

GAMES = {
    "small-soldiers": "Small Soldiers Big Battle",
    "gkr": "GKR: Heavy Hitters with Big Little Buddy",
    "srbr": "Samurai Robots Battle Royale",
    "hgb": "Heavy Gear Blitz! (Quick Start)",
}


def learn(page: Page, server: Server, system: str, name: str = "Ann", shot: Path | None = None) -> None:
    """The lobby's Learn to play, for ``system``: the page lands at the table, seated (``shot``:
    where to save the lobby's screenshot first)."""
    page.goto(f"{server.url}/")
    expect(page.locator("#learn-form button")).to_have_count(len(GAMES))
    if shot:
        page.screenshot(path=str(shot), full_page=True)
    page.locator("#learn-player").fill(name)
    page.locator(f'#learn-form button[value="{system}"]').click()
    page.wait_for_url(re.compile(r"/tables/"))
    page.wait_for_selector(CONNECTED)


def next_hint(page: Page, after: int, seconds: float = 90.0) -> dict[str, Any]:
    """The first hint for this seat to act after seq ``after`` (waiting hints pass by, as the
    computer plays): its step, seq, text, control and rulebook citation."""
    card = page.locator("#guide")
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        seq = card.get_attribute("data-seq")
        if card.is_visible() and seq and int(seq) > after and "waiting" not in (card.get_attribute("class") or ""):
            return {
                "step": card.get_attribute("data-step"),
                "seq": int(seq),
                "text": card.locator(".guide-text").inner_text(),
                "control": card.locator(".guide-control strong").inner_text(),
                "rulebook": card.locator(".guide-rule span").inner_text(),
            }
        page.wait_for_timeout(200)
    raise AssertionError(f"no new hint after seq {after}: {card.inner_text() if card.is_visible() else 'hidden'}")


def do(page: Page, hint: dict[str, Any]) -> None:
    """Do what the hint says, with the control it names."""
    if hint["step"] == "activate":  # Samurai Robots: "Roll 1 die (or 2, or 3)": the most it may
        for n in (3, 2, 1):
            roll = page.locator(f'#system-panel [data-key="roll-{n}"], #action-dock [data-key="roll-{n}"]').first
            if roll.is_enabled():
                roll.click()
                return
    page.get_by_role("button", name=hint["control"], exact=True).first.click()


MINE = """async (after) => {
  const me = window.warboard.me;
  const table = location.pathname.split("/")[2];
  const r = await fetch(`/api/tables/${table}/events?after=${after}`, {headers: {Authorization: `Bearer ${me.token}`}});
  const mine = (await r.json()).events.filter((e) => e.seat === me.seat);
  return mine.length ? mine[mine.length - 1].seq : -1;
}"""


def landed(page: Page, after: int, seconds: float = 20.0) -> int:
    """The seq of this seat's latest event after ``after``, once its action has landed (the
    computer's moves meanwhile may bring the same hint again at a later seq)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        seq = int(page.evaluate(MINE, after))
        if seq >= 0:
            return seq
        page.wait_for_timeout(200)
    raise AssertionError(f"the action after seq {after} never landed")


def follow_three(page: Page, artifacts: Path, system: str) -> list[dict[str, Any]]:
    hints, seq = [], -1
    for n in range(3):
        hint = next_hint(page, seq)
        assert hint["rulebook"].startswith("Rulebook: ")
        assert hint["control"], hint
        page.screenshot(path=str(artifacts / f"guided-{system}-{n + 1}-{page.viewport_size['width']}.png"))
        hints.append(hint)
        do(page, hint)
        seq = landed(page, hint["seq"]) - 1  # the next hint: at or after this seat's action
    return hints


@pytest.mark.parametrize("system", list(GAMES))
def test_learn_to_play_follows_three_hints(system: str, server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    page = new_page(1280, 720)
    learn(page, server, system, shot=artifacts / "guided-lobby-1280.png")
    expect(page.locator(".host-seats")).to_contain_text("Computer")
    hints = follow_three(page, artifacts, system)
    steps = [h["step"] for h in hints]
    if system == "small-soldiers":  # a tied opening roll is rolled again
        assert steps[:2] == ["deploy", "opening"] and steps[2] in ("spin", "opening")
    if system == "gkr":
        assert steps == ["deploy", "move_heavy", "move_support"]
    if system == "hgb":
        assert steps[:2] == ["terrain", "deployment"] and steps[2] in ("initiative", "activate_group")
    if system == "srbr":
        assert steps[0] == "activate" and set(steps) <= {"activate", "actions"}


def test_learn_to_play_on_a_phone(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    page = new_page(390, 844, is_mobile=True, has_touch=True)
    learn(page, server, "small-soldiers", shot=artifacts / "guided-lobby-390.png")
    hints = follow_three(page, artifacts, "small-soldiers")
    assert [h["step"] for h in hints][:2] == ["deploy", "opening"]
    card = page.locator("#guide")
    box = card.bounding_box()
    assert box is not None and box["width"] <= 390
    card.get_by_role("button", name="Hide hints").click()
    expect(card).to_be_hidden()
    page.get_by_role("button", name="Hint", exact=True).click()
    expect(card).to_be_visible()
    expect(page.get_by_role("button", name="Hint", exact=True)).to_be_hidden()
    card.get_by_role("button", name="Read the rule").click()
    dialog = page.locator("#handbook")
    expect(dialog.locator(".handbook-section.marked")).to_be_in_viewport()
    box = dialog.bounding_box()
    assert box is not None and box["width"] <= 390
    page.screenshot(path=str(artifacts / "guided-rules-390.png"))


def test_rules_panel_search_read_the_rule_and_why(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    page = new_page(1280, 720)
    learn(page, server, "hgb")
    hint = next_hint(page, -1)
    assert hint["step"] == "terrain"
    page.locator("#guide").get_by_role("button", name="Read the rule").click()
    dialog = page.locator("#handbook")
    expect(dialog).to_be_visible()
    expect(dialog.locator('[data-section="setup"]')).to_have_class(re.compile("marked"))
    dialog.get_by_label("Search the rules").fill("margin")
    titles = dialog.locator(".handbook-section h3")
    expect(titles).to_have_text(["Margin of Success (MoS)", "Margin of Failure (MoF)"])
    dialog.get_by_label("Search the rules").fill("rate of fire")
    expect(titles).to_have_text(["Rate of Fire (ROF)"])
    dialog.get_by_label("Search the rules").fill("zzzz")
    expect(dialog.get_by_text("No section matches.")).to_be_visible()
    page.screenshot(path=str(artifacts / "guided-rules-search-1280.png"))
    dialog.get_by_role("button", name="Close").click()
    # a refusal: an attack during the set-up is refused (wrong_phase), and its Why? opens the rule
    page.evaluate(
        """() => window.warboard.socket.ws.send(JSON.stringify(
             {type: "action", id: "why-1", action: {kind: "end_group"}}))"""
    )
    why = page.locator("#why")
    expect(why).to_be_visible()
    expect(why).to_have_text("Why? Whose move it is")
    page.screenshot(path=str(artifacts / "guided-why-1280.png"))
    why.click()
    expect(dialog.locator('[data-section="turn"]')).to_have_class(re.compile("marked"))
    page.screenshot(path=str(artifacts / "guided-rules-why-1280.png"))


def pick_game(page: Page, system: str) -> None:
    """The create form's game, its options swapped in."""
    if page.locator("#create-system").input_value() != system:
        with page.expect_response(re.compile(rf"/lobby/options\?system={re.escape(system)}")):
            page.select_option("#create-system", system)


def test_the_host_turns_hints_on(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    """Any table of a game with a guide: the host panel's Hints switch (the table's `guided`
    setting) shows the seated host the hint card, and takes it away again."""
    page = new_page(1280, 720)
    page.goto(f"{server.url}/")
    page.fill("#create-name", "Kitchen table")
    pick_game(page, "small-soldiers")
    page.fill("#create-player", "Ann")
    page.fill("#create-computers", "1")
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r"/tables/[^/?#]+$"))
    page.wait_for_selector(CONNECTED)
    tid = page.url.rsplit("/", 1)[1]
    hints = page.locator("#host-panel").get_by_label("Hints: each player sees what to do at every step")
    expect(hints).not_to_be_checked()
    expect(page.locator("#guide")).to_be_hidden()
    hints.check()
    card = page.locator("#guide")
    expect(card).to_be_visible()
    expect(card.locator("h2")).to_have_text(re.compile("What to do now|Meanwhile"))
    expect(card.locator(".guide-rule span")).to_contain_text("Rulebook: ")
    settings = page.evaluate(f"fetch('/api/tables/{tid}/settings').then((r) => r.json())")
    assert settings["guided"] is True
    page.locator("#host-panel").screenshot(path=str(artifacts / "guided-host-switch-panel.png"))
    card.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "guided-host-switch-1280.png"))
    page.reload()  # the switch and the card, as the table keeps them
    page.wait_for_selector(CONNECTED)
    expect(hints).to_be_checked()
    expect(card).to_be_visible()
    hints.uncheck()
    expect(card).to_be_hidden()
    # a game without a guide (the sandbox) has no such switch
    other = new_page(1280, 720)
    other.goto(f"{server.url}/")
    other.fill("#create-name", "Free board")
    pick_game(other, "sandbox")
    other.get_by_role("button", name="Create table").click()
    other.wait_for_url(re.compile(r"/tables/[^/?#]+$"))
    expect(other.locator("#host-panel .host-settings")).to_be_visible()
    expect(other.locator('#host-panel input[name="guided"]')).to_have_count(0)


def hex_neighbours(q: int, r: int) -> list[tuple[int, int]]:
    return [(q + dq, r + dr) for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))]


def test_a_refused_drag_asks_why(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    """Small Soldiers: a fighter dragged onto a space another fighter holds snaps back with the
    reason, and the Why? under it opens the rules panel at Moving (no raw action sent: the board's
    own drag, previewed and refused by the server)."""
    with server.client() as client:
        tid = new_table(client, "small-soldiers", name="Why table", seed="why-drag-1")["id"]
        seats = {s: join(client, tid, s, n) for s, n in (("gorgonites", "Ann"), ("commandos", "Bob"))}

        def crowded(view: dict[str, Any]) -> bool:  # a fighter that may move beside one that stands
            return bool(blocked_move(view))

        seat, view = small_soldiers_until(client, tid, seats, crowded, missing="no fighter to move beside another")
    fighter, (q, r) = blocked_move(view)
    page = new_page(1280, 720)
    sit(page, server.url, tid, seat, seats[seat])
    expect(page.locator("#system-panel")).to_have_attribute("data-phase", re.compile("."))
    start = page.locator(f'#board .piece[data-id="{fighter}"] .body').bounding_box()
    target = next(p["id"] for p in view["pieces"] if p["kind"] == "fighter" and (p["q"], p["r"]) == (q, r))
    end = page.locator(f'#board .piece[data-id="{target}"] .body').bounding_box()
    assert start and end
    drag(
        page,
        (start["x"] + start["width"] / 2, start["y"] + start["height"] / 2),
        (end["x"] + end["width"] / 2, end["y"] + end["height"] / 2),
    )
    expect(page.locator("#board-message")).to_contain_text("Move refused: ")
    why = page.locator("#why")
    expect(why).to_have_text("Why? Moving")
    page.screenshot(path=str(artifacts / "guided-why-drag-1280.png"))
    why.click()
    dialog = page.locator("#handbook")
    expect(dialog.locator('[data-section="moving"]')).to_have_class(re.compile("marked"))
    expect(dialog.locator('[data-section="moving"]')).to_be_in_viewport()
    page.screenshot(path=str(artifacts / "guided-why-drag-rules-1280.png"))
    # nothing moved: the fighter is where it was
    after = page.evaluate("window.warboard.view.pieces")
    mine = next(p for p in after if p["id"] == fighter)
    was = next(p for p in view["pieces"] if p["id"] == fighter)
    assert (mine["q"], mine["r"]) == (was["q"], was["r"])


def blocked_move(view: dict[str, Any]) -> tuple[str, tuple[int, int]] | None:
    """A fighter the seat may move now and a space beside it that another fighter holds."""
    moves = (view.get("legal") or {}).get("moves") or {}
    held = {(p["q"], p["r"]) for p in view["pieces"] if p["kind"] == "fighter"}
    for fighter in moves:
        piece = next((p for p in view["pieces"] if p["id"] == fighter), None)
        if piece is None:
            continue
        for spot in hex_neighbours(piece["q"], piece["r"]):
            if spot in held:
                return fighter, spot
    return None
