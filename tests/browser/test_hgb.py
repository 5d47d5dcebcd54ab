"""Heavy Gear Blitz! in real Chromium: two players at a seeded table on the open map.

North fields the Peace River force from the panel with options from the force builder (a
Flak Vest, two Rapid Fire Bazookas; a third is refused), south keeps the Southern one;
north deploys Warrior 1 by dragging it, south places Jäger 1 from the keyboard form; the seed
gives north the initiative; north goes first, draws Warrior 1's path by dragging it around a
bend (the remaining MP shows while dragging, the server's MP per point after), picks Jäger 1
as the target on the board (arcs, range band and cover with its reason before rolling),
rolls, and both players and a watcher see one damage box crossed on Jäger 1's unit card;
a second target behind the woods south placed shows Full cover and why; south concedes and
everyone sees the winner.
"""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import (
    board_point,
    concede,
    create_table,
    glide,
    hgb_table,
    open_seats,
    panel_shot,
    sit,
    unnamed_controls,
)
from tests.browser.helpers import centre_of as model_centre
from tests.browser.helpers import piece_of as model
from tests.browser.helpers import view_of as view
from tests.conftest import Server
from tests.kit.table import act, join, new_table

pytestmark = pytest.mark.browser

SEED = "hgb-browser-6"  # north wins the initiative; the LAC shot at Long range crosses one box
OPTIONS = {"map": "open"}


def piece_at(page: Page, mid: str) -> tuple[float, float, float]:
    p = next(p for p in view(page)["pieces"] if p["id"] == mid)
    return p["x"], p["y"], p["facing"]


def wait_phase(page: Page, phase: str) -> None:
    expect(page.locator("#system-panel")).to_have_attribute("data-phase", phase)


def crossed(page: Page, mid: str) -> Any:
    return page.locator(f'.hgb-card[data-model="{mid}"] .hgb-box.crossed')


def shot(page: Page, artifacts: Path, name: str, show: str = "") -> None:
    panel_shot(page, artifacts / f"hgb-{name}.png", show)


def fill_terrain(page: Page, kind: str, name: str, rect: tuple[str, str, str, str] | None = None) -> None:
    """Fill the terrain editor: its type and name, and the rectangle (left x, top y, width, depth)."""
    page.get_by_label("Type", exact=True).select_option(kind)
    page.get_by_label("Name", exact=True).fill(name)
    for label, value in zip(("Left x", "Top y", "Width", "Depth"), rect or (), strict=False):
        page.get_by_label(label).fill(value)


def drag_through(page: Page, points: list[tuple[float, float]], pause: int = 40) -> None:
    """Press on the first screen point, pass through the others in small steps, release."""
    page.mouse.move(*points[0])
    page.mouse.down()
    for a, b in itertools.pairwise(points):
        glide(page, a, b, max(4, int(math.dist(a, b) / 6)), pause)
    page.wait_for_timeout(400)  # let the server's preview answer


def test_an_hgb_game_in_the_browser(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    table = create_table(server, "hgb", name="Badlands skirmish", options=OPTIONS, seed=SEED)
    tid = table["id"]
    north, south, eve = open_seats(new_page, server.url, tid, ("north", "south", None), (1400, 950))

    # --- forces: the three starting forces with their TV; north fields Peace River ----------------
    wait_phase(north, "terrain")
    forces = north.locator(".hgb-factions")
    expect(forces).to_contain_text("Northern Starting Forces · 610 TV")
    expect(forces).to_contain_text("Southern Starting Forces · 610 TV")
    expect(forces).to_contain_text(re.compile(r"Peace River Starting Forces · 580 TV \(listed 610\)"))
    assert unnamed_controls(north) == []
    north.get_by_label(re.compile(r"^Peace River Starting Forces")).check()
    # the force builder: a Flak Vest (+10), then three Rapid Fire Bazookas break the limit of two
    builder = north.locator(".hgb-builder")
    expect(builder.locator("summary")).to_have_text("Options (force builder): 580 TV")
    builder.locator("summary").click()
    north.get_by_role("group", name="Warrior 1 options").get_by_label(re.compile(r"Flak Vest")).check()
    expect(builder.locator("summary")).to_have_text("Options (force builder): 590 TV")
    for w in ("Warrior 2", "Warrior 3", "Warrior 4"):
        north.get_by_role("group", name=f"{w} options").get_by_label(re.compile(r"LAC -> RFB")).check()
    expect(builder.locator(".error")).to_be_visible()
    expect(north.get_by_role("button", name="Field this force (options not valid)")).to_be_disabled()
    shot(north, artifacts, "1b-builder", ".hgb-builder")
    north.get_by_role("group", name="Warrior 4 options").get_by_label(re.compile(r"LAC -> RFB")).uncheck()
    expect(builder.locator("summary")).to_have_text("Options (force builder): 600 TV")
    north.get_by_role("button", name="Field this force (600 TV)").click()
    expect(north.locator(".hgb-force")).to_contain_text("Fielded now: Peace River Starting Forces, 600 TV")
    expect(south.locator(".hgb-force")).to_contain_text("The other side fields Peace River Starting Forces (600 TV)")
    # the line names the side as it was; it reads as the faction its force fields from now on
    expect(north.locator("#log")).to_contain_text("Ann (Northern): fields the Peace River Starting Forces (600 TV)")
    expect(north.locator(".hgb-card[data-model='n-cg1-1'] .hgb-box")).to_have_count(6)  # the vest's extra Sturdy box
    shot(north, artifacts, "1-forces")

    # --- terrain: south places a rubble field from the editor (away from the line of fire) -------
    fill_terrain(south, "rough", "Rubble", ("2", "20", "6", "6"))
    south.get_by_role("button", name="Place terrain").click()
    expect(north.locator(".terrain-label", has_text="Rubble")).to_have_count(1)
    expect(north.locator(".hgb-terrain-list")).to_contain_text("Rubble (rough)")
    expect(north.get_by_role("button", name="Remove Rubble")).to_be_visible()
    fill_terrain(south, "forest", "Dry woods", ("6", "36", "4.5", "4.5"))
    south.get_by_role("button", name="Place terrain").press("Enter")
    expect(north.locator(".hgb-terrain-list")).to_contain_text("Dry woods (forest)")
    fill_terrain(south, "sandy", "Dunes")
    south.get_by_role("button", name="Draw a shape on the board").click()
    for x, y in ((40, 20), (46, 21), (43, 26)):
        south.mouse.click(*board_point(south, x, y))
    expect(south.locator(".hgb-shape-corner")).to_have_count(3)
    south.get_by_role("button", name="Place the drawn shape (3 corners)").click()
    expect(north.locator(".hgb-terrain-list")).to_contain_text("Dunes (sandy)")
    dunes = next(t for t in view(north)["board"]["terrain"] if t["label"] == "Dunes")
    assert dunes["polygon"] == [[40, 20], [46, 21], [43, 26]]
    expect(south.locator(".hgb-shape-corner")).to_have_count(0)
    assert unnamed_controls(south) == []
    north.get_by_role("button", name="Ready: forces and terrain are set").click()
    south.get_by_role("button", name="Ready: forces and terrain are set").press("Enter")

    # --- deployment: north drags Warrior 1, south types Jäger 1's place and facing ----------------
    wait_phase(north, "deployment")
    wait_phase(south, "deployment")
    expect(north.locator(".hgb-zone.mine")).to_have_count(1)
    expect(north.locator(".hgb-card[data-model='n-cg1-1']")).to_contain_text("Warrior 1")
    drag_through(north, [model_centre(north, "n-cg1-1"), board_point(north, 20, 11)])
    north.mouse.up()
    expect(north.locator("#log")).to_contain_text(
        re.compile(
            r"deploys Warrior 1 at (19\.9|20(\.\d)?) in from the West edge, (10\.9|11(\.\d)?) in from the North edge "
            r"facing South \(90°\)"
        )
    )
    x, y, _ = piece_at(north, "n-cg1-1")
    assert math.hypot(x - 20, y - 11) < 0.25
    south.get_by_label("Model", exact=True).select_option("s-cg1-1")
    south.get_by_label("x (inches)").fill("22")
    south.get_by_label("y (inches)").fill("38")
    south.get_by_label("Facing", exact=True).select_option("270")
    south.get_by_role("button", name="Deploy here").press("Enter")
    expect(south.locator("#log")).to_contain_text(
        "deploys Jäger 1 at 22 in from the West edge, 38 in from the North edge facing North (270°)"
    )
    shot(south, artifacts, "2-deployment")
    north.get_by_role("button", name="Ready: deployment done").click()
    south.get_by_role("button", name="Ready: deployment done").click()

    # --- initiative: north won (seeded) and goes first ------------------------------------------
    wait_phase(north, "initiative")
    expect(north.locator(".hgb-initiative")).to_contain_text("Ann (Peace River) wins")
    expect(south.locator(".hgb-first")).to_contain_text("Ann (Peace River) won the initiative")
    north.get_by_role("button", name="We activate first").click()
    wait_phase(north, "activation")
    expect(north.locator(".hgb-status")).to_contain_text("Round 1")
    expect(north.locator(".hgb-status")).to_contain_text("Your turn")
    expect(south.locator(".hgb-status")).to_contain_text("Waiting for Peace River")

    # --- north moves Warrior 1 along a drawn path around a bend ----------------------------------
    north.get_by_label("Model", exact=True).select_option("n-cg1-1")
    expect(north.locator(".hgb-mp")).to_contain_text("MP: 0 spent of 4, 4 left")
    drag_through(north, [model_centre(north, "n-cg1-1"), board_point(north, 21, 12.5), board_point(north, 21, 14.5)])
    expect(north.locator(".shapes-hgb-drag .hgb-mp-left")).to_contain_text(re.compile(r"0\.[0-9]+ MP left"))
    waypoints = north.locator(".shapes-hgb-drag .hgb-waypoint").count()
    assert waypoints >= 2, "the bend is kept in the drawn path"
    shot(north, artifacts, "3-dragging")
    north.mouse.up()
    expect(north.locator("#log")).to_contain_text(
        re.compile(
            r"Warrior 1 moves to (20\.9|21(\.\d)?) in from the West edge, 14\.\d in from the North edge "
            r"facing [^:]*\d+°\): 3\.\d+ MP spent"
        )
    )
    x, y, facing = piece_at(north, "n-cg1-1")
    assert math.hypot(x - 21, y - 14.5) < 0.25 and abs(facing - 90) < 5
    expect(north.locator(".hgb-mp")).to_contain_text(re.compile(r"MP: 3\.\d+ spent of 4"))
    expect(north.locator(".shapes-hgb-drag")).to_have_count(0)  # nothing of the drag stays drawn
    expect(north.locator(".shapes-hgb-moved .hgb-mp-label").first).to_be_attached()  # the server's MP per point

    # --- the attack: target picked on the board; arcs, band and cover before rolling ---------------
    model(north, "s-cg1-1").click()
    expect(north.get_by_label("Target", exact=True)).to_have_value("s-cg1-1")
    aim = north.locator(".hgb-aim")
    expect(aim).to_contain_text(re.compile(r"2[23]\.\d in, Long \(-2\)"))
    expect(aim).to_contain_text("Open (+1)")
    expect(aim).to_contain_text("The whole model and its base are in sight")
    expect(aim).to_contain_text("Legal: roll when ready.")
    expect(aim.locator(".hgb-odds")).to_have_text(
        re.compile(
            r"^Odds: hit \d+(\.\d)?%; 1 box \d+(\.\d)?%, 2 boxes \d+(\.\d)?%, Overkill \d+(\.\d)?%, destroyed \d+(\.\d)?%$"
        )
    )
    expect(north.locator(".hgb-arc")).to_have_count(1)
    expect(north.locator(".hgb-ring")).to_have_count(5)
    expect(north.locator(".hgb-aim-line")).to_have_count(1)
    assert unnamed_controls(north) == []
    expect(crossed(north, "s-cg1-1")).to_have_count(0)
    shot(north, artifacts, "4-aim", ".hgb-aim")
    north.get_by_role("button", name="Roll the attack on Jäger 1").click()
    expect(crossed(north, "s-cg1-1")).to_have_count(1)
    expect(crossed(south, "s-cg1-1")).to_have_count(1)
    expect(north.locator(".hgb-last")).to_contain_text(re.compile(r"Jäger 1: attack -?\d+ vs defence .*1 box"))
    expect(south.locator("#log")).to_contain_text(re.compile(r"Warrior 1 fires LAC at Jäger 1"))
    # the defender (and the watcher) see the shot on the board: its line of fire and its result
    fire = south.locator(".hgb-fire[data-attacker='n-cg1-1'][data-target='s-cg1-1']")
    expect(fire.locator(".hgb-fire-line")).to_have_count(1)
    expect(south.locator(".hgb-fire-label")).to_have_text("Warrior 1 fired at Jäger 1: 1 box")
    expect(eve.locator(".hgb-fire-line")).to_have_count(1)
    shot(south, artifacts, "5-defender-sees-the-shot")
    expect(south.locator(".hgb-card[data-model='s-cg1-1'] .hgb-boxes")).to_have_attribute(
        "aria-label", re.compile(r"Sturdy crossed, .*1 of \d+ crossed")
    )
    expect(crossed(eve, "s-cg1-1")).to_have_count(1)  # the watcher's read-only panel
    expect(eve.locator(".hgb-last")).to_contain_text("Last attack: Warrior 1 → Jäger 1 (LAC)")
    expect(eve.locator("#system-panel button:not(.link), #system-panel select, #system-panel input")).to_have_count(0)
    shot(north, artifacts, "5-hit", ".hgb-last")

    # --- another target behind the woods: Full cover and its reason; the Action is spent ----------
    north.get_by_label("Target", exact=True).select_option("s-cg1-2")
    expect(aim).to_contain_text(re.compile(r"Extreme \(-3\)"))
    expect(aim).to_contain_text("Full cover (-2)")
    expect(aim).to_contain_text("35 of 35 sight points hidden by Dry woods; main body hidden")
    expect(aim).to_contain_text("In reach, but Warrior 1 has no Action left.")
    expect(north.locator(".hgb-aim-line.cover-full")).to_have_count(1)
    expect(north.get_by_role("button", name="Roll the attack on Jäger 2")).to_be_disabled()
    shot(north, artifacts, "5b-cover", ".hgb-aim")
    south.get_by_role("button", name="Show Jäger 1 on the board").focus()
    south.locator(".hgb-card[data-model='s-cg1-1'] summary").click()
    more = south.locator(".hgb-card[data-model='s-cg1-1'] .hgb-card-more")
    expect(more.locator("table")).to_have_count(2)
    expect(more).to_contain_text("2/8/16/24/36")  # the LAC's five range bands
    shot(south, artifacts, "6-target-card", ".hgb-card[data-model='s-cg1-1']")

    # --- the end: north proposes an agreed end, south sees it, then concedes; the winner shown ---
    north.locator(".hgb-more summary").click()
    north.get_by_role("button", name="Propose: we win").click()
    expect(north.locator(".hgb-more")).to_contain_text("You proposed: Ann (Peace River) wins.")
    expect(south.locator(".hgb-more")).to_contain_text("Ann (Peace River) proposes to end: Ann (Peace River) wins.")
    concede(south)
    expect(north.locator(".hgb-winner")).to_contain_text("You win! Ann (Peace River) won: Southern conceded.")
    expect(south.locator(".hgb-winner")).to_contain_text("Game over. Ann (Peace River) won")
    expect(eve.locator(".hgb-winner")).to_contain_text("Game over. Ann (Peace River) won: Southern conceded.")
    shot(north, artifacts, "7-winner")


def test_return_fire_from_the_browser(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    """Set up through the API: the initiative winner's model keeps its Action; the other side
    switches its model to Ground mode and drags it forward in reach; the winner answers with
    Return Fire from the page at the first inch point of the move."""
    tid, first, seats = hgb_table(server, name="Return Fire", seed="hgb-browser-rf-1")
    mover = "south" if first == "north" else "north"
    keeper, moving = f"{first[0]}-cg1-1", f"{mover[0]}-cg1-1"
    with server.client() as client:
        for a in ({"kind": "done", "model": keeper, "keep_action": True}, {"kind": "end_group"}):
            r = act(client, tid, seats[first], a)
            assert r.status_code == 200, r.text
    pages = {"north": new_page(1400, 950), "south": new_page(1400, 950)}
    for s, page in pages.items():
        sit(page, server.url, tid, s, seats[s])
    wait_phase(pages[mover], "activation")
    expect(pages[mover].locator(".hgb-status")).to_contain_text("Your turn")
    pages[mover].get_by_label("Model", exact=True).select_option(moving)
    panel = pages[mover].locator("#system-panel")
    panel.get_by_label("Speed", exact=True).select_option("combat")
    panel.get_by_label("Mode", exact=True).select_option("ground")
    panel.get_by_role("button", name="Set speed and mode").click()
    expect(pages[mover].locator(f".hgb-card[data-model='{moving}']")).to_contain_text("Combat ground")
    expect(pages[mover].locator(".hgb-mp")).to_contain_text("MP: 0 spent of 6, 6 left")
    expect(pages[mover].locator("#log")).to_contain_text("1: combat speed, ground mode")
    x, y, _ = piece_at(pages[mover], moving)
    step = 3 if mover == "north" else -3
    drag_through(pages[mover], [model_centre(pages[mover], moving), board_point(pages[mover], x, y + step)])
    pages[mover].mouse.up()
    page = pages[first]
    wait_phase(page, "reaction")
    rf = page.locator(".hgb-reaction")
    expect(rf).to_contain_text("moved or acted in reach of models that kept their Action")
    expect(page.get_by_label("Firing model")).to_have_value(keeper)
    expect(page.get_by_label("Fire at the mover at")).to_contain_text("(end)")
    expect(pages[mover].locator(".hgb-reaction")).to_contain_text("may Return Fire")
    assert unnamed_controls(page) == []
    shot(page, artifacts, "8-return-fire", ".hgb-reaction")
    expect(page.locator(".hgb-rf-point")).to_have_count(len(view(page)["pending"]["points"]))
    page.get_by_label("Fire at the mover at").select_option("0")
    expect(page.locator(".hgb-rf-point.chosen")).to_have_count(1)
    page.get_by_role("button", name="Return Fire").click()
    expect(pages[mover].locator("#log")).to_contain_text(
        re.compile(rf"{first.title()} \({ {'north': 'Northern', 'south': 'Southern'}[first] }\) may Return Fire at")
    )
    expect(page.locator("#log")).to_contain_text(re.compile(r"(Hunter|Jäger) 1 returns fire at"))
    expect(pages[mover].locator("#log")).to_contain_text(re.compile(r"defends .* against"))
    wait_phase(pages[mover], "activation")
    expect(pages[mover].locator(".hgb-last")).to_contain_text("Last attack")
    expect(pages[mover].locator("#measure-readout")).to_have_text("")

    # --- the mover goes on from the keyboard: a typed waypoint, its MP from the server, Enter ----
    mp = pages[mover]
    assert any(c["id"] == moving and c["status"] == "active" for c in view(mp)["cards"])  # seeded: it survived
    x, y, _ = piece_at(mp, moving)
    mp.get_by_label("Waypoint x (inches)").fill(f"{x:g}")
    mp.get_by_label("Waypoint y (inches)").fill(f"{y + step / 3:g}")
    mp.get_by_role("button", name="Add waypoint").press("Enter")
    expect(mp.locator(".hgb-waypoints")).to_contain_text(
        re.compile(r"Path: 1: [\d.]+ in from the West edge, [\d.]+ in from the North edge, 4 MP")
    )
    mp.get_by_role("button", name="Move along the path").press("Enter")
    expect(mp.locator(".hgb-mp")).to_contain_text("MP: 4 spent of 6, 2 left")
    shot(mp, artifacts, "9-waypoints")


def test_designation_and_indirect_fire(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    """Hunter 2 designates Jäger 1 from the page; Hunter 1 fires its Light Rocket Pack indirectly
    (cover judged from the observer); the landing point is drawn."""
    with server.client() as client:
        table = new_table(client, "hgb", name="Indirect", options=OPTIONS, seed="hgb-browser-if-1")
        tid = table["id"]
        seats = {s: join(client, tid, s, s.title()) for s in ("north", "south")}
        setup = [
            ("north", {"kind": "ready"}),
            ("south", {"kind": "ready"}),
            ("north", {"kind": "deploy", "model": "n-cg1-1", "x": 20, "y": 11, "facing": 90}),
            ("north", {"kind": "deploy", "model": "n-cg1-2", "x": 24, "y": 11, "facing": 90}),
            ("south", {"kind": "deploy", "model": "s-cg1-1", "x": 22, "y": 36.5, "facing": 270}),
            ("north", {"kind": "ready"}),
            ("south", {"kind": "ready"}),
        ]
        for s, a in setup:
            r = act(client, tid, seats[s], a)
            assert r.status_code == 200, r.text
        winner = client.get(f"/api/tables/{tid}/view", headers=seats["north"]).json()["view"]["initiative"]["winner"]
        assert act(client, tid, seats[winner], {"kind": "choose_first", "seat": "north"}).status_code == 200
    page = new_page(1400, 950)
    sit(page, server.url, tid, "north", seats["north"])
    wait_phase(page, "activation")
    page.get_by_label("Model", exact=True).select_option("n-cg1-2")
    page.get_by_label("Target", exact=True).select_option("s-cg1-1")
    page.get_by_role("button", name="Designate this target (Forward Observer)").click()
    expect(page.locator(".hgb-designations")).to_have_text("Designated: Jäger 1 by Hunter 2")
    expect(page.locator(".hgb-designated")).to_have_count(1)
    expect(page.locator("#log")).to_contain_text("Hunter 2 designates Jäger 1 (Open)")
    page.get_by_label("Model", exact=True).select_option("n-cg1-1")
    page.get_by_label("Target", exact=True).select_option("s-cg1-1")
    page.get_by_label("Weapon", exact=True).select_option("LRP")
    page.get_by_label("Indirect Fire (the target is designated)").check()
    aim = page.locator(".hgb-aim")
    expect(aim).to_contain_text("(seen from Hunter 2)")
    expect(aim.locator(".hgb-odds")).to_contain_text(re.compile(r"lands on target \d+(\.\d)?%"))
    expect(aim).to_contain_text("accuracy -1")
    expect(aim).to_contain_text("Legal: roll when ready.")
    assert unnamed_controls(page) == []
    page.get_by_role("button", name="Roll the attack on Jäger 1").click()
    expect(page.locator("#log")).to_contain_text(
        re.compile(r"Hunter 1 fires LRP at Jäger 1 indirectly \(observer Hunter 2\): -?\d+ vs 4")
    )
    expect(page.locator(".hgb-landing")).to_have_count(1)
    expect(page.locator(".hgb-last")).to_contain_text("against Threshold 4")
    shot(page, artifacts, "10-indirect", ".hgb-last")

    # --- Hunter 1 still moves after shooting: one inch with the arrow keys on the board ----------
    model(page, "n-cg1-1").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#board")).to_have_class(re.compile(r"\bflipped\b"))  # the north edge at the bottom
    page.keyboard.press("ArrowUp")  # up on the north's turned board: towards the south edge (+y)
    expect(page.locator("#log")).to_contain_text(
        "Hunter 1 moves to 20 in from the West edge, 12 in from the North edge facing South (90°): 1 MP spent, 3 left"
    )

    # --- the group ends from the keyboard; south's turn; a phone-sized window still works ----------
    page.get_by_role("button", name="End this Combat Group").press("Enter")
    expect(page.locator(".hgb-status")).to_contain_text("To activate a Combat Group: South (Southern)")
    expect(page.locator("#log")).to_contain_text("North (Northern): General Purpose Squad is done")
    expect(page.locator(".hgb-arc")).to_have_count(0)  # arcs and aim only while it is this player's turn
    expect(page.locator(".hgb-aim-line")).to_have_count(0)
    page.set_viewport_size({"width": 412, "height": 900})
    expect(page.locator(".hgb-card[data-model='s-cg1-1']")).to_be_attached()
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / "hgb-11-phone.png"))


def test_a_target_whose_base_a_low_wall_hides_reads_as_light_cover(  # type: ignore[no-untyped-def]
    server: Server, new_page, artifacts: Path, size: tuple[int, int]
) -> None:
    """Rulebook, Target Cover: "If the target is not covered at all by terrain or other models, so
    that even its base is fully visible, it counts as an Open Target." A wall too low to hide more
    than the target's base: the attack panel says Light Cover and why."""
    wall = {"id": "w", "type": "wall", "label": "Low wall", "polygon": [[20, 36.2], [28, 36.2], [28, 36.4], [20, 36.4]]}
    options = {"map": "open", "terrain": [wall], "data": {"rules": {"terrain_heights": {"wall": 0.1}}}}
    with server.client() as client:
        tid = new_table(client, "hgb", name="Low wall", options=options, seed="hgb-browser-low-wall")["id"]
        seats = {s: join(client, tid, s, s.title()) for s in ("north", "south")}
        for s in ("north", "south"):
            assert act(client, tid, seats[s], {"kind": "ready"}).status_code == 200
        for s, mid, y, facing in (("north", "n-cg1-1", 10, 90), ("south", "s-cg1-1", 37, 270)):
            deployed = act(client, tid, seats[s], {"kind": "deploy", "model": mid, "x": 24, "y": y, "facing": facing})
            assert deployed.status_code == 200, deployed.text
        for s in ("north", "south"):
            assert act(client, tid, seats[s], {"kind": "ready"}).status_code == 200
        first = client.get(f"/api/tables/{tid}/view", headers=seats["north"]).json()["view"]["initiative"]["winner"]
        assert act(client, tid, seats[first], {"kind": "choose_first", "seat": "north"}).status_code == 200
    page = new_page(*size)
    sit(page, server.url, tid, "north", seats["north"])
    wait_phase(page, "activation")
    page.get_by_label("Model", exact=True).select_option("n-cg1-1")
    model(page, "s-cg1-1").click()
    aim = page.locator(".hgb-aim")
    expect(aim).to_contain_text("Light cover (0)")
    expect(aim).to_contain_text("The whole model is in sight but its base is hidden by Low wall")
    shot(page, artifacts, f"low-wall-{size[0]}x{size[1]}", ".hgb-aim")
