"""GKR in real Chromium: three seats play a seeded round through the page, a spectator watches.

The round is the opening of the seeded games (tests/systems/gkr/test_game.py): DiamondBack
activates Big Little Buddy in the Deploy Phase, the Heavy Hitters move (a drag, a click on a
lit hex), DiamondBack moves Big Little Buddy from the keyboard, then chooses the Mine Mate
face down at a building's hex; King Wolf sees only a face-down card until ThunderHappy has
chosen too, then everything is revealed and resolved (the Mine Mate hits King Wolf behind the
building, ThunderHappy destroys Big Little Buddy and takes a sponsor card); King Wolf tags a
building; at the end of the Reset Phase DiamondBack displaces its Combat Unit from the centre.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from app.geometry.hex import Hex, cell_names, spiral
from tests.browser.helpers import board_point, create_table, drag, open_seat, panel_shot, sit
from tests.browser.helpers import centre_of as unit_centre
from tests.browser.helpers import piece_of as unit
from tests.browser.helpers import unnamed_controls as panel_unnamed
from tests.browser.helpers import view_of as view
from tests.conftest import Server
from tests.kit.table import act, join, new_table
from tests.systems.gkr.test_game import OPTIONS, SEED, play_buildings_game

#: the board's coordinates on the radius-6 map ("G7" is the centre)
CELLS = cell_names(spiral(Hex(0, 0), 6))
pytestmark = pytest.mark.browser

SQRT3 = 3**0.5
DB, KW, TH = "diamondback", "king-wolf", "thunderhappy"


def hex_xy(q: int, r: int) -> tuple[float, float]:
    return SQRT3 * (q + r / 2), 1.5 * r


def wait_phase(page: Page, phase: str, step: str = "") -> None:
    expect(page.locator("#system-panel")).to_have_attribute("data-phase", phase)
    expect(page.locator("#system-panel")).to_have_attribute("data-step", step)


def end_turn(page: Page) -> None:
    page.locator('#system-panel button[data-key="end-turn"]').click()


def lit_hex(page: Page, q: int, r: int) -> Any:
    return page.locator(f'.gkr-dest[data-q="{q}"][data-r="{r}"]')


def shot(page: Page, artifacts: Path, name: str, show: str = "") -> None:
    panel_shot(page, artifacts / f"gkr-{name}.png", show)


def unnamed_controls(page: Page) -> list[str]:
    return panel_unnamed(page, ".gkr-dest")


def test_a_round_of_gkr_in_the_browser(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    table = create_table(server, "gkr", name="Downtown brawl", options=OPTIONS, seed=SEED)
    tid = table["id"]
    pages = {seat: new_page(1400, 900) for seat in (DB, KW, TH)}
    for seat, page in pages.items():
        open_seat(page, server.url, tid, seat, seat.title())
    eve = new_page(1400, 900)
    open_seat(eve, server.url, tid, None, "Eve")
    db, kw, th = pages[DB], pages[KW], pages[TH]

    # --- Deploy: DiamondBack activates Big Little Buddy ---------------------------------------
    wait_phase(db, "deploy")
    expect(db.locator(".gkr-hand")).to_contain_text("Your sponsor cards (2)")
    assert unnamed_controls(db) == []
    expect(db.locator(".gkr-status")).to_contain_text("Your energy 9 · tags 20 · 25 cards left")
    db.get_by_text("Table rules", exact=True).click()
    expect(db.locator(".gkr-rules")).to_contain_text("Energy per round9 (host option)")
    expect(db.locator(".gkr-rules")).to_contain_text("Buildings to win4 (fixed: known rule")
    expect(db.locator(".gkr-rules")).to_contain_text("Warboard default, not from the rulebook")
    db.get_by_text("Table rules", exact=True).click()
    shot(db, artifacts, "1-deploy")
    db.get_by_role("button", name=re.compile(r"^Play Activate BLB: take Big Little Buddy")).click()
    for page in (db, kw, th):
        expect(page.locator(".gkr-blb .gkr-control")).to_contain_text(
            re.compile(r"Controlled by Diamondback \(DiamondBack\)")
        )
        expect(page.locator(".gkr-blb-mark.controlled")).to_have_count(1)
    expect(db.locator(".gkr-hand")).to_contain_text("Your sponsor cards (1)")
    expect(kw.locator('.gkr-counts tr[data-seat="diamondback"] td').nth(1)).to_have_text("19")  # tags: one on him
    for page in (db, kw, th):
        end_turn(page)

    # --- Movement: Heavy Hitters (a drag, a click on a lit hex), then Big Little Buddy ---------
    wait_phase(db, "movement", "heavy")
    end_turn(db)
    wait_phase(kw, "movement", "heavy")
    expect(kw.locator(".gkr-dest")).not_to_have_count(0)
    shot(kw, artifacts, "2-movement")
    kw.select_option("#gkr-facing", "120")
    drag(kw, unit_centre(kw, "king-wolf:heavy"), board_point(kw, *hex_xy(0, 3)))
    for page in (db, kw, th, eve):
        expect(unit(page, "king-wolf:heavy")).to_have_attribute("aria-label", re.compile(r"at H10, facing 120"))
    end_turn(kw)
    expect(th.locator(".gkr-dest")).not_to_have_count(0)
    near = th.locator(".gkr-dest").count()
    th.get_by_label(re.compile(r"^Play Thrusters with this move")).check()  # a movement card: more lit hexes
    expect(th.locator(".gkr-dest")).not_to_have_count(near)
    assert th.locator(".gkr-dest").count() > near
    th.select_option("#gkr-facing", "180")
    lit_hex(th, 3, 1).click()
    expect(th.locator("#log")).to_contain_text(
        "ThunderHappy Heavy Hitter moved 2 hexes to hex J8, facing west with a movement card"
    )
    expect(unit(db, "thunderhappy:heavy")).to_have_attribute("aria-label", re.compile(r"at J8, facing 180"))
    end_turn(th)

    wait_phase(db, "movement", "blb")
    expect(kw.locator("#system-panel .gkr-status")).to_contain_text("Big Little Buddy")
    db.select_option("#gkr-facing", "60")
    lit_hex(db, 0, 1).focus()  # from the keyboard: Tab reaches the lit hexes, Enter moves there
    db.keyboard.press("Enter")
    expect(unit(kw, "blb")).to_have_attribute("aria-label", re.compile(r"at G8, facing 60"))
    end_turn(db)

    wait_phase(db, "movement", "support")
    db.get_by_role("button", name=re.compile(r"^Choose DiamondBack Combat Unit to move")).click()
    expect(db.locator("#gkr-facing")).to_have_value("keep")
    lit_hex(db, 0, 0).click()
    expect(unit(th, "diamondback:combat")).to_have_attribute("aria-label", re.compile(r"at G7,"))
    for page in (db, kw, th):
        end_turn(page)

    # --- Combat: the Mine Mate face down at building b6's hex, King Wolf sees a face-down card --
    wait_phase(db, "combat")
    db.check("#gkr-w-blb-mine-mate")
    lit_hex(db, 0, 2).click()  # aim at the building's hex on the board
    expect(db.locator("#gkr-w-blb-mine-mate-t")).to_have_value("0,2")
    expect(db.locator(".gkr-aim")).to_have_count(1)
    assert unnamed_controls(db) == []
    shot(db, artifacts, "3-combat-choice")
    db.get_by_role("button", name="Put 1 weapon face down").click()
    expect(db.locator(".gkr-firing")).to_contain_text("Mine Mate")
    expect(db.locator(".gkr-blb .gkr-wcard.chosen")).to_contain_text("Mine Mate")
    for page in (kw, th):
        expect(page.locator(".gkr-firing .face-down")).to_have_count(1)
        expect(page.locator(".gkr-firing")).to_contain_text("DiamondBack: face down")
        expect(page.locator(".gkr-blb .gkr-wcard.face-down")).to_have_count(3)
        assert "Mine Mate" not in page.locator("body").inner_text()
    # the spectator: counts only, no card of any hand, no face-down choice
    secrets = set()
    for page in (db, kw, th):
        v = view(page)
        secrets |= {c["id"] for c in v["hand"] + v["sponsor_hand"]} | {c["name"] for c in v["hand"]}
    text = eve.locator("body").inner_text()
    assert not [s for s in secrets if s in text]
    assert "Mine Mate" not in text
    expect(unit(eve, "king-wolf:heavy")).to_have_attribute("aria-label", re.compile(r"status 25 cards"))
    # The spectator's page shows the panel read-only (watch): counts and face-down cards only.
    panel = eve.locator("#system-panel")
    expect(panel.locator(".gkr-firing")).to_contain_text("DiamondBack: face down")
    expect(panel.locator(".gkr-blb .gkr-wcard.face-down")).to_have_count(3)
    expect(panel.locator('.gkr-counts tr[data-seat="king-wolf"] td').nth(2)).to_have_text("6")  # hand count
    expect(panel.locator(".gkr-hand")).to_be_hidden()
    expect(panel.locator(".gkr-controls button")).to_have_count(0)
    expect(panel.locator("button, input, select")).to_have_count(0)
    text = eve.locator("body").inner_text()
    assert not [s for s in secrets if s in text] and "Mine Mate" not in text
    unit(kw, "king-wolf:heavy").focus()  # selected: its front arc is shaded on the board
    kw.keyboard.press("Enter")
    expect(kw.locator(".gkr-arc .gkr-arc-hex")).not_to_have_count(0)
    shot(kw, artifacts, "4-face-down", ".gkr-blb")
    shot(eve, artifacts, "5-spectator")

    kw.get_by_role("button", name="Pass: fire nothing").click()
    gun = next(w for w in view(th)["prompt"]["weapons"] if w["source"] == "card" and "blb" in w["targets"])
    th.check(f"#gkr-w-card-{gun['card']}")
    th.select_option(f"#gkr-w-card-{gun['card']}-t", "blb")
    expect(th.locator(".gkr-cost")).to_contain_text(f"Energy: {gun['energy']} of your")
    th.get_by_role("button", name="Put 1 weapon face down").click()
    # "they may steal a random Sponsor Card": ThunderHappy decides once he has fallen
    th.get_by_role("button", name="Steal a random sponsor card").click()

    # --- revealed, sorted by speed and resolved ---------------------------------------------------
    for page in (db, kw, th):
        expect(page.locator(".gkr-firing .revealed")).to_have_count(2)
        expect(page.locator(".gkr-firing")).to_contain_text("Mine Mate")
    expect(kw.locator("#log")).to_contain_text("Big Little Buddy fired Mine Mate at King Wolf Heavy Hitter")
    expect(kw.locator(".gkr-attacks .gkr-rolls li")).to_have_count(2)  # the dice of both attacks
    expect(kw.locator(".gkr-attacks")).to_contain_text(
        "Mine Mate Big Little Buddy → King Wolf Heavy Hitter (flank shot)"
    )
    expect(kw.locator("#log")).to_contain_text("Big Little Buddy was destroyed by Thunderhappy (ThunderHappy)")
    expect(kw.locator("#log")).to_contain_text(
        "Thunderhappy (ThunderHappy) took a random sponsor card from Diamondback (DiamondBack)"
    )
    expect(unit(eve, "king-wolf:heavy")).not_to_have_attribute("aria-label", re.compile(r"status 25 cards"))
    expect(unit(eve, "blb")).to_have_count(0)

    # --- Tagging: King Wolf tags building b6 from the board ------------------------------------
    wait_phase(kw, "tagging")
    end_turn(db)
    expect(lit_hex(kw, 0, 2)).to_have_count(1)
    shot(kw, artifacts, "6-tagging")
    lit_hex(kw, 0, 2).click()
    for page in (db, kw, th):
        expect(page.locator(".gkr-blist")).to_contain_text("Building 6 1/4 tags: King Wolf 1")
    kw.locator('#system-panel button[data-key="end-turn"]').focus()  # the keyboard works for buttons too
    kw.keyboard.press("Enter")
    expect(th.locator("#log")).to_contain_text("(King Wolf) ended the turn")  # then it is ThunderHappy's
    end_turn(th)

    # --- Reset: Big Little Buddy back in the centre, DiamondBack displaces its Combat Unit -------
    wait_phase(db, "reset")
    spots = view(db)["prompt"]["hexes"]
    expect(db.locator(".gkr-dest")).to_have_count(len(spots))
    shot(db, artifacts, "7-displace")
    spot = spots[0]
    lit_hex(db, spot["q"], spot["r"]).click()
    for page in (db, kw, th):
        wait_phase(page, "deploy")
        expect(page.locator(".gkr-status")).to_contain_text("Round 2")
        expect(unit(page, "blb")).to_have_attribute("aria-label", re.compile(r"at G7,"))
    expect(unit(eve, "diamondback:combat")).to_have_attribute(
        "aria-label", re.compile(rf"at {CELLS[Hex(spot['q'], spot['r'])]},")
    )
    expect(kw.locator(".gkr-blb .gkr-control")).to_contain_text("Uncontrolled")
    shot(th, artifacts, "8-round-2")


def test_the_winner_banner_and_demolished_buildings(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    """The seeded buildings game replayed over HTTP up to King Wolf's last tag, which is made
    from the keyboard in the page: the fourth building falls and King Wolf wins."""
    script = play_buildings_game()
    with server.client() as client:
        table = new_table(client, "gkr", name="Demolition", options=OPTIONS, seed=SEED)
        tid = table["id"]
        seats = {s: join(client, tid, s, s.title()) for s in script.state["seats"]}
        *before, (last_seat, last) = script.actions
        for i, (seat, action) in enumerate(before):
            assert act(client, tid, seats[seat], action, f"w-{i}").status_code == 200
    assert last_seat == KW and last["kind"] == "tag"
    pages = {}
    for seat in (KW, DB):
        pages[seat] = open_with_token(new_page, server, tid, seat, seats[seat])
    kw, db = pages[KW], pages[DB]
    wait_phase(kw, "tagging")
    expect(kw.locator(".gkr-blist li.rubble")).to_have_count(3)
    tag = kw.locator(f'#system-panel button[data-key="tag-{last["unit"]}-{last["building"]}"]')
    tag.focus()
    kw.keyboard.press("Enter")
    expect(kw.locator(".gkr-winner")).to_contain_text("You win!")
    expect(kw.locator(".gkr-winner")).to_contain_text("King Wolf wins: demolished 4 buildings")
    expect(db.locator(".gkr-winner")).to_contain_text("Game over.")
    expect(db.locator(".gkr-building.rubble")).to_have_count(4)
    expect(db.locator(".gkr-blist li.rubble")).to_have_count(4)
    expect(db.locator("#system-panel .gkr-controls button")).to_have_count(0)
    shot(db, artifacts, "9-winner")


def open_with_token(new_page, server: Server, tid: str, seat: str, headers: dict[str, str]) -> Page:  # type: ignore[no-untyped-def]
    page = new_page(1400, 900)
    sit(page, server.url, tid, seat, headers)
    return page  # type: ignore[no-any-return]


def test_manual_resolution_controls(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    """Dice, energy and tagging resolved by the players: stated results and records."""
    options = {**OPTIONS, "manual": {"dice": True, "energy": True, "tagging": True, "weapons": True, "flank": True}}
    opening = [a for a in first_round_actions()]
    combat = next(i for i, (_, a) in enumerate(opening) if a["kind"] == "choose_weapons")
    with server.client() as client:
        table = new_table(client, "gkr", name="Table rules", options=options, seed=SEED)
        tid = table["id"]
        seats = {s: join(client, tid, s, s.title()) for s in (DB, KW, TH)}
        for i, (seat, action) in enumerate(opening[:combat]):
            assert act(client, tid, seats[seat], action, f"m-{i}").status_code == 200
        db, th = (
            open_with_token(new_page, server, tid, DB, seats[DB]),
            open_with_token(new_page, server, tid, TH, seats[TH]),
        )
        wait_phase(db, "combat")
        expect(db.locator(".gkr-records")).to_contain_text(
            "Resolved by the players: Energy, Weapon values, Dice, Flank shots, Tagging"
        )
        db.check("#gkr-w-blb-mine-mate")
        db.select_option("#gkr-w-blb-mine-mate-t", "0,2")
        # manual weapons and flank shots: the player states the values and the flank
        stated = db.get_by_role("group", name="Stated values of Mine Mate")
        expect(stated.get_by_label("damage")).to_have_value("1")
        stated.get_by_label("damage").fill("2")
        stated.get_by_label("damage").dispatch_event("change")
        db.locator("#gkr-w-blb-mine-mate-flank").check()
        db.get_by_role("button", name="Put 1 weapon face down").click()
        expect(db.locator(".gkr-firing")).to_contain_text("Mine Mate")
        mine = view(db)["firing_line"][0]
        assert mine["weapon"]["damage"] == 2 and mine["flank"] is True
        for seat, action in opening[combat + 1 : combat + 3]:
            assert act(client, tid, seats[seat], action).status_code == 200
    # the Mine Mate resolves first (speed 2): DiamondBack states what it did to King Wolf
    expect(db.get_by_role("group", name="State the result of your attack")).to_be_visible()
    # energy is recorded by the player, in the Combat Phase while it is their turn to act
    energy = view(db)["players"][DB]["energy"]
    db.select_option("#gkr-rec-area", "energy")
    db.get_by_label("Energy spent").fill("2")
    db.get_by_label("Note").fill("movement of the Combat Unit")
    db.get_by_role("button", name="Record the result").click()
    expect(db.locator(".gkr-records")).to_contain_text("DiamondBack · Energy: 2 energy, movement of the Combat Unit")
    expect(db.locator('.gkr-counts tr[data-seat="diamondback"] td').first).to_have_text(str(energy - 2))
    db.get_by_label("Damage to King Wolf Heavy Hitter").fill("3")
    assert unnamed_controls(db) == []
    shot(db, artifacts, "10-manual-dice")
    db.get_by_role("button", name="State the result").click()
    expect(th.get_by_label("Damage to Big Little Buddy")).to_be_visible()
    th.get_by_label("Damage to Big Little Buddy").fill("4")
    th.get_by_role("button", name="State the result").click()
    th.get_by_role("button", name="Do not steal").click()
    expect(db.locator("#log")).to_contain_text("Big Little Buddy was destroyed by Thunderhappy (ThunderHappy)")
    expect(db.locator(".gkr-records")).to_contain_text("King Wolf Heavy Hitter 3 damage")
    # Tagging, manual: the tag count is stated
    wait_phase(db, "tagging")
    expect(db.locator("#gkr-tag-count")).to_be_visible()
    shot(db, artifacts, "11-manual-records", ".gkr-records")


def first_round_actions() -> list[tuple[str, dict[str, Any]]]:
    from tests.systems.gkr.test_game import first_round

    return first_round().actions


def test_call_in_support_brings_a_destroyed_unit_back(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    """ThunderHappy destroys King Wolf's Combat Unit in the opening round; in the next Deploy
    Phase King Wolf plays Call In Support from the page to put it next to its Heavy Hitter."""
    from tests.systems.gkr.game import Table

    opening = first_round_actions()
    last = max(i for i, (_, a) in enumerate(opening) if a["kind"] == "choose_weapons")
    t = Table(OPTIONS, SEED)
    for seat, action in opening[:last]:
        t.do(seat, action)
    gun = opening[last][1]["weapons"][0]
    t.do(TH, {"kind": "choose_weapons", "weapons": [{**gun, "target_unit": "king-wolf:combat"}]})
    assert not t.unit("king-wolf:combat")["on_board"]
    t.pass_phase("tagging")
    t.do(DB, {"kind": "displace", "to": t.view(DB)["prompt"]["hexes"][0]})
    assert t.state["phase"] == "deploy" and t.view(None)["turn"]["active"] == [KW]
    with server.client() as client:
        table = new_table(client, "gkr", name="Reinforcements", options=OPTIONS, seed=SEED)
        tid = table["id"]
        seats = {s: join(client, tid, s, s.title()) for s in (DB, KW, TH)}
        for i, (seat, action) in enumerate(t.actions):
            assert act(client, tid, seats[seat], action, f"c-{i}").status_code == 200
    kw = open_with_token(new_page, server, tid, KW, seats[KW])
    wait_phase(kw, "deploy")
    expect(unit(kw, "king-wolf:combat")).to_have_count(0)
    expect(kw.locator("#gkr-deploy-unit")).to_have_value("king-wolf:combat")
    assert unnamed_controls(kw) == []
    spot = kw.locator('#system-panel button[data-key^="deploy-"]').first
    where = re.fullmatch(r"[A-Z]\d+", spot.inner_text().strip())  # the hex as the board's coordinates read
    assert where is not None
    spot.click()
    expect(unit(kw, "king-wolf:combat")).to_have_attribute("aria-label", re.compile(rf"at {where[0]},"))
    expect(kw.locator("#log")).to_contain_text(f"King Wolf Combat Unit was called in at hex {where[0]}")
    shot(kw, artifacts, "12-call-in-support")
    # a phone: one column, the board first, the game panel right under it
    kw.set_viewport_size({"width": 390, "height": 844})
    expect(kw.locator("#system-panel")).to_be_visible()
    board, panel = kw.locator("#board").bounding_box(), kw.locator("#system-panel").bounding_box()
    assert board and panel and panel["y"] >= board["y"] + board["height"] - 1 and panel["width"] <= 390
    kw.screenshot(path=str(artifacts / "gkr-13-phone.png"), full_page=True)
