"""The table as a player reads it, at a laptop's 1280x720 and a phone's 390x844, per game:
pieces at least 24 px on screen at the default zoom with 44 px touch targets, no two labels
overlapping, the current step's main button in sight without scrolling, a drag past the
move limit stopping at the limit (HGB's MP, SRBR's stick, the last space or hex Small
Soldiers and GKR may reach), nothing of the drag left drawn, and the replay
page drawing the game's own pieces and colours with the game's own log lines. (A refused
drop leaving nothing drawn: tests/browser/test_table.py and test_hgb_deployment.py.)"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.games import gkr_table, gkr_until, sandbox_table, small_soldiers_table, srbr_to_a_move, ss_play
from tests.browser.helpers import (
    NewPage,
    board_point,
    centre_of,
    hgb_first_page,
    open_at_seat,
    view_of,
)
from tests.browser.readable import (
    SIZES,
    Shots,
    assert_nothing_of_the_drag,
    assert_primary_in_view,
    assert_readable,
    assert_readable_replay,
    assert_settled_after_the_drag,
    assert_step_reads_well,
    drag_slowly,
    hex_drag_to_the_limit,
    open_replay,
    release_at_the_limit,
)
from tests.conftest import Server

pytestmark = pytest.mark.browser


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def size(request: pytest.FixtureRequest) -> tuple[int, int]:
    """A laptop's 1280x720 and 1400x900 and a phone's 390x844."""
    return request.param  # type: ignore[no-any-return]


# --- Heavy Gear Blitz! -----------------------------------------------------------------------------
HGB_COLOURS = {"north": "#0072B2", "south": "#D55E00", "peace_river": "#009E73"}


def test_hgb_reads_well_and_stops_at_the_mp_limit(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    shots = Shots(artifacts, "hgb", size)
    page, tid, first, _ = hgb_first_page(server, new_page(*size))
    assert_readable(page)
    assert_primary_in_view(page, "Activate this group")
    expect(page.locator(".board-legend")).to_be_attached()

    # a drag ten inches straight ahead: the model stops where its MP runs out
    mid = f"{first[0]}-cg1-1"
    card = next(c for c in view_of(page)["cards"] if c["id"] == mid)
    budget = card["mp_now"] - card["mp_spent"]
    start = next(p for p in view_of(page)["pieces"] if p["id"] == mid)
    ahead = 10 if first == "north" else -10
    drag_slowly(page, centre_of(page, mid), board_point(page, start["x"], start["y"] + ahead))
    release_at_the_limit(page, mid, "Stopped at the MP limit", shots)
    expect(page.locator("#log")).to_contain_text(
        re.compile(
            r"moves to \d+(\.\d)? in from the West edge, \d+(\.\d)? in from the North edge facing [^:]*°\)?: "
            r"\d(\.\d)? MP spent, 0 left"
        )
    )
    end = next(p for p in view_of(page)["pieces"] if p["id"] == mid)
    moved = abs(end["y"] - start["y"])
    assert budget - 0.15 < moved <= budget, (budget, moved)  # open ground: 1 MP an inch
    assert_nothing_of_the_drag(page)
    assert_primary_in_view(page, re.compile(r"is done$"))
    assert_readable(page)
    shots.take(page)

    replay = open_replay(new_page, server.url, tid, size)
    faction = view_of(page)["forces"][first]["faction"]
    expect(replay.locator(f'#board .piece[data-id="{mid}"] .body')).to_have_attribute("fill", HGB_COLOURS[faction])
    expect(replay.locator("#board .piece .piece-icon")).to_have_count(replay.locator("#board .piece").count())
    assert_readable_replay(
        replay,
        shots,
        r"deploys \S+ 1 at 20 in from the West edge, 11 in from the North edge facing South \(90°\)",
        r"moves to [\d.]+ in from the West edge",
        r"MP spent",
    )


# --- Small Soldiers Big Battle ---------------------------------------------------------------------
SS_COLOURS = {"gorgonites": "#7b3fa0", "commandos": "#b08a4a"}


def test_small_soldiers_read_well_and_a_move_stops_at_the_last_space(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    shots = Shots(artifacts, "small-soldiers", size)
    tid, seats = small_soldiers_table(server)
    seat = ss_play(server, tid, seats, "spin")
    page = open_at_seat(new_page, size, server.url, tid, seat, seats[seat])
    assert_step_reads_well(page, "spin", "Spin the spinner", shots)
    page.get_by_role("button", name="Spin the spinner").click()
    expect(page.locator("#system-panel")).not_to_have_attribute("data-phase", "spin")
    mover = ss_play(server, tid, seats, "moves")
    if mover != seat:
        page = open_at_seat(new_page, size, server.url, tid, mover, seats[mover])
    expect(page.locator("#system-panel")).to_have_attribute("data-phase", "move")
    view = view_of(page)
    fid = next(iter(view["legal"]["moves"]))
    piece = next(p for p in view["pieces"] if p["id"] == fid)
    expect(page.locator(f'#board .piece[data-id="{fid}"] .body')).to_have_attribute("fill", SS_COLOURS[piece["army"]])

    # a drag on past the spaces the fighter may reach stops on the last of them, and moves there
    hex_drag_to_the_limit(page, fid, view["legal"]["moves"][fid], "Stopped at the last space", shots)
    assert_settled_after_the_drag(page, shots)

    replay = open_replay(new_page, server.url, tid, size)
    expect(replay.locator(f'#board .piece[data-id="{fid}"] .body')).to_have_attribute("fill", SS_COLOURS[piece["army"]])
    expect(replay.locator("#board .ss-space").first).to_be_attached()  # the map's own spaces
    assert_readable_replay(replay, shots, r"spun a \d: move \d space", r"deployed; \S+ waits in the Toy Store")


# --- Samurai Robots Battle Royale ------------------------------------------------------------------
def test_srbr_reads_well_and_a_move_stops_at_the_stick(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    shots = Shots(artifacts, "srbr", size)
    tid, seat, seats = srbr_to_a_move(server)
    page = open_at_seat(new_page, size, server.url, tid, seat, seats[seat])
    expect(page.locator("#system-panel")).to_have_attribute("data-ask", re.compile("actions"))
    assert_readable(page)
    assert_primary_in_view(page, re.compile(r"^(Done with this part|End the reaction)$"))
    view = view_of(page)
    mid, move = view["prompt"]["mecha"], view["prompt"]["move"]
    start = next(p for p in view["pieces"] if p["id"] == mid)
    # drag twice the stick's length towards the table's centre: the measuring point stops at its end
    w, h = view["board"]["width"], view["board"]["height"]
    d = math.hypot(w / 2 - start["x"], h / 2 - start["y"]) or 1
    far = (
        start["x"] + (w / 2 - start["x"]) / d * move["length"] * 2,
        start["y"] + (h / 2 - start["y"]) / d * move["length"] * 2,
    )
    drag_slowly(page, centre_of(page, mid), board_point(page, *far))
    release_at_the_limit(page, mid, "Stopped at the", shots)
    expect(page.locator("#log")).to_contain_text(re.compile(r"moves \d+(\.\d)? cm"))
    line = page.locator("#log li", has_text=re.compile(r" moves \d")).last.text_content() or ""
    travelled = float(re.search(r"moves (\d+(?:\.\d)?) cm", line).group(1))  # type: ignore[union-attr]
    assert move["length"] - 0.5 <= travelled <= move["length"], (line, move)
    assert_settled_after_the_drag(page, shots)

    replay = open_replay(new_page, server.url, tid, size)
    expect(replay.locator("#board .piece .piece-icon")).to_have_count(replay.locator("#board .piece").count())
    expect(replay.locator("#board .srbr-anchor").first).to_be_attached()
    assert_readable_replay(replay, shots, r"activates \S+ \S+ \(Q\d\+\)", r"moves \d+(\.\d)? cm \(\w+ stick\)")


# --- GKR: Heavy Hitters with Big Little Buddy -----------------------------------------------------
def test_gkr_reads_well_and_a_move_stops_at_the_last_hex(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    shots = Shots(artifacts, "gkr", size)
    tid, seats = gkr_table(server, "Readable brawl")
    seat = gkr_until(server, tid, seats, "deploy")
    page = open_at_seat(new_page, size, server.url, tid, seat, seats[seat])
    assert_step_reads_well(page, "deploy", "End your turn", shots)
    mover = gkr_until(server, tid, seats, "movement")
    if mover != seat:
        page = open_at_seat(new_page, size, server.url, tid, mover, seats[mover])
    expect(page.locator("#system-panel")).to_have_attribute("data-phase", "movement")
    assert_primary_in_view(page, "End your movement")
    view = view_of(page)
    m = view["prompt"]["moves"][0]
    piece = next(p for p in view["pieces"] if p["id"] == m["unit"])
    # a drag on past the hexes the unit may reach stops on the last of them, and moves there
    hex_drag_to_the_limit(page, m["unit"], m["hexes"], "Stopped at the last hex", shots)
    assert_settled_after_the_drag(page, shots)

    replay = open_replay(new_page, server.url, tid, size)
    colour = view["players"][piece["owner"]]["colour"]
    expect(replay.locator(f'#board .piece[data-id="{m["unit"]}"] .body')).to_have_attribute("fill", colour)
    expect(replay.locator("#board .gkr-building").first).to_be_attached()
    assert_readable_replay(replay, shots, r"\(DiamondBack\) ended the turn", r"Movement Phase: Heavy Hitters")


# --- Sandbox ---------------------------------------------------------------------------------------
def test_sandbox_reads_well_with_its_main_button_in_sight(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    shots = Shots(artifacts, "sandbox", size)
    # a crowd of tokens an inch or two apart, with long names: labels must be placed apart or hidden
    tid, seats = sandbox_table(server)
    page = open_at_seat(new_page, size, server.url, tid, "p1", seats["p1"])
    expect(page.locator("#board .piece")).to_have_count(8)
    assert_readable(page)
    assert_primary_in_view(page, "Place token")
    shots.take(page)
    # the lifted button works where it stands: a token is placed without scrolling
    page.get_by_role("button", name="Place token").and_(page.locator(".lifted")).click()
    expect(page.locator("#board .piece")).to_have_count(9)
    assert page.evaluate("window.scrollY") == 0
    assert_readable(page)

    # the replay: the sandbox's own tokens (the generic board: it has no view part) and plain lines
    replay = open_replay(new_page, server.url, tid, size)
    expect(replay.locator("#board .piece")).to_have_count(9)
    assert_readable_replay(replay, shots, r"Ann \(p1\): added Scout walker 1|added Scout walker 1")
