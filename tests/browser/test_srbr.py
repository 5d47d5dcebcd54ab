"""Samurai Robots Battle Royale in real Chromium: two players and a spectator at a seeded table.

The table's host made the mechas worn (Warboard default health track overridden to yellow, red:
every part starts on three yellow dice; damage changes their colour, never their number) and
fixed the initiative, so the seed below gives, in order: p1 activates Kabuto-Maru's Legs with two
dice (two successes, no 1), moves once by a drag and once by picking a point; then Raijin's Legs
with three dice roll 2, 1, 6: one success, two failures, and a 1 on a yellow die, so p2 is
offered a reaction, reacts with Gamera-X's Legs
and moves; p1 spends the last action from the keyboard form and the turn passes to p2.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import (
    NewPage,
    board_point,
    concede,
    create_table,
    drag,
    open_seat,
    open_seats,
    panel_shot,
    unnamed_controls,
)
from tests.browser.helpers import centre_of as mecha_centre
from tests.browser.helpers import piece_of as mecha
from tests.browser.helpers import view_of as view
from tests.conftest import Server
from tests.kit.table import act, new_table

pytestmark = pytest.mark.browser

SEED = "srbr-browser-8"
OPTIONS = {"rules": {"health": {"track": ["yellow", "red"]}, "initiative": {"method": "fixed"}}}


def piece_at(page: Page, mid: str) -> tuple[float, float]:
    p = next(p for p in view(page)["pieces"] if p["id"] == mid)
    return p["x"], p["y"]


def anchor_at(page: Page, mid: str) -> tuple[float, float]:
    """Where the mecha's measuring point is (the centre plus the view's anchor offset)."""
    p = next(p for p in view(page)["pieces"] if p["id"] == mid)
    return p["x"] + p["anchor"][0], p["y"] + p["anchor"][1]


def wait_ask(page: Page, ask: str) -> None:
    expect(page.locator("#system-panel")).to_have_attribute("data-ask", ask)


def shot(page: Page, artifacts: Path, name: str, show: str = "") -> None:
    panel_shot(page, artifacts / f"srbr-{name}.png", show)


def roll_kabuto_legs(p1: Page) -> None:
    """p1 activates Kabuto-Maru's Legs with two dice (the seed gives two successes)."""
    p1.get_by_label("Mecha", exact=True).select_option("p1-kabuto")
    p1.locator(".srbr-parts").get_by_label(re.compile(r"^Legs")).check()
    p1.get_by_role("button", name=re.compile(r"^Roll 2 dice for Kabuto-Maru Legs \(yellow, yellow\)")).click()
    wait_ask(p1, "actions")


def test_a_point_picked_past_the_stick_stops_at_its_end(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    """Picking a point (a tap on a phone) beyond the stick moves to the stick's end, as a drag
    does, and says why; so do the keyboard's arrow targets."""
    table = create_table(server, "srbr", name="Too far", options=OPTIONS, seed=SEED)
    tid = table["id"]
    p1 = new_page(*size)
    open_seat(p1, server.url, tid, "p1", "Ann")
    with server.client() as client:
        client.post(f"/api/tables/{tid}/join", json={"seat": "p2", "name": "Bob"})
    wait_ask(p1, "activate")
    roll_kabuto_legs(p1)
    fx, fy = anchor_at(p1, "p1-kabuto")
    p1.get_by_role("button", name="Pick a point on the board to move to").click()
    far = (fx + 3, fy - 30)  # 30 cm away; the Medium stick is 8 cm
    p1.mouse.move(*board_point(p1, *far))
    line = p1.locator(".srbr-pick-line")
    expect(line).to_have_count(1)
    end = (float(line.get_attribute("x2") or 0), float(line.get_attribute("y2") or 0))
    assert math.hypot(end[0] - fx, end[1] - fy) <= 8.0  # the line stops at the stick's end
    p1.mouse.click(*board_point(p1, *far))
    expect(p1.locator("#board-message")).to_contain_text("Stopped at the Medium stick's end (8 cm)")
    expect(p1.locator("#log")).to_contain_text(re.compile(r"Kabuto-Maru moves 7\.\d+ cm \(Medium stick\)"))
    expect(p1.locator(".srbr-actions")).to_contain_text("1 action left")
    x, y = anchor_at(p1, "p1-kabuto")
    assert 7.8 <= math.hypot(x - fx, y - fy) <= 8.0, (x, y)
    expect(p1.locator("#board-message")).to_contain_text("Stopped at the Medium stick's end (8 cm)")
    shot(p1, artifacts, f"pick-past-the-stick-{size[0]}")


def test_an_srbr_activation_and_reaction_in_the_browser(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    table = create_table(server, "srbr", name="Neo-Tokyo brawl", options=OPTIONS, seed=SEED)
    tid = table["id"]
    p1, p2, eve = open_seats(new_page, server.url, tid, ("p1", "p2", None), (1400, 950))

    # --- the board: centimetres, bases at their size, sticks from the selected model -------------
    wait_ask(p1, "activate")
    wait_ask(p2, "wait")
    expect(p1.locator("#measure-readout")).to_have_text("")
    assert view(p1)["board"]["units"] == "cm"
    assert re.search(
        r"at 30 cm from the left, 83 cm from the top", str(mecha(p1, "p1-kabuto").get_attribute("aria-label"))
    )
    body = mecha(p1, "p1-kabuto").locator(".body")
    assert float(body.get_attribute("r") or 0) == pytest.approx(2.0)  # 4 cm base
    expect(p1.locator(".srbr-status")).to_contain_text("Your turn")
    expect(p2.locator(".srbr-status")).to_contain_text(re.compile(r"Waiting for .*Player 1"))
    # the rules panel: every value the table plays with, labelled (the host's health track too)
    rules = eve.locator(".srbr-rules")
    rules.locator("summary").click()
    expect(rules).to_contain_text("Damage changes a part's dice: yellow → red")
    expect(rules).to_contain_text("Warboard default, not from the rulebook")
    expect(rules).to_contain_text("(Rulebook (Measuring Sticks))")
    assert unnamed_controls(p1) == []
    assert unnamed_controls(p2) == []
    mecha(p1, "p1-kabuto").focus()
    p1.keyboard.press("Enter")  # select it from the keyboard: S/M/L circles from its measuring point
    circles = p1.locator(".srbr-stick")
    expect(circles).to_have_count(3)
    assert sorted(float(c.get_attribute("r") or 0) for c in circles.all()) == [5.0, 8.0, 12.0]
    assert {(c.get_attribute("cx"), c.get_attribute("cy")) for c in circles.all()} == {("31", "83")}  # right foot
    expect(p1.locator(".srbr-sticks-for")).to_contain_text("Kabuto-Maru")
    shot(p1, artifacts, "1-activate")

    # --- p1: choose Kabuto-Maru's Legs and two dice --------------------------------------------
    roll_kabuto_legs(p1)
    roll = p1.locator(".srbr-roll")
    expect(roll).to_contain_text("Kabuto-Maru Legs (Q3+)")
    expect(roll.locator(".srbr-successes")).to_have_text("2 successes")
    expect(roll.locator(".srbr-die")).to_have_count(2)
    expect(roll.locator(".srbr-die.die-yellow")).to_have_count(2)  # a part's dice share one colour
    expect(p1.locator(".srbr-actions")).to_contain_text("2 actions left of 2 successes")
    expect(p2.locator(".srbr-roll .srbr-successes")).to_have_text("2 successes")  # the opponent sees the dice too
    expect(p1.locator(".srbr-reach")).to_have_count(1)
    assert float(p1.locator(".srbr-reach").get_attribute("r") or 0) == 8.0  # Medium stick
    assert unnamed_controls(p1) == []
    shot(p1, artifacts, "2-rolled")

    # --- spend the actions: a drag, then a point picked on the board ---------------------------
    drag(p1, mecha_centre(p1, "p1-kabuto"), board_point(p1, 31, 76))
    expect(p1.locator("#log")).to_contain_text(re.compile(r"Kabuto-Maru moves 7\.\d+ cm \(Medium stick\)"))
    expect(p1.locator(".srbr-actions")).to_contain_text("1 action left")
    x, y = piece_at(p1, "p1-kabuto")
    assert math.hypot(x - 31, y - 76) < 0.2
    p1.get_by_role("button", name="Pick a point on the board to move to").click()
    p1.mouse.click(*board_point(p1, 33, 70))  # the measuring point (right foot) goes there
    wait_ask(p1, "activate")
    x, y = piece_at(p1, "p1-kabuto")
    assert math.hypot(x + 1 - 33, y - 70) < 0.2, (x, y)
    expect(mecha(eve, "p1-kabuto")).to_have_attribute(
        "aria-label", re.compile(r"at (31\.9|32|32\.1) cm from the left, (69\.9|70|70\.1) cm from the top")
    )

    # --- Raijin's Legs, three dice: a 1 on yellow, the opponent may react ----------------------
    p1.get_by_label("Mecha", exact=True).select_option("p1-raijin")
    expect(p1.locator(".srbr-parts")).to_contain_text("Lightning rifle")
    p1.locator(".srbr-parts").get_by_label(re.compile(r"^Legs")).check()
    p1.get_by_role("button", name=re.compile(r"^Roll 3 dice for Raijin Legs \(yellow, yellow, yellow\)")).click()
    roll = p1.locator(".srbr-roll")
    expect(roll.locator(".srbr-successes")).to_have_text("1 success")
    expect(roll.locator(".srbr-die.trigger")).to_have_count(1)
    expect(roll.locator(".srbr-die.trigger")).to_have_attribute(
        "aria-label", "yellow die rolled 1, failure, the opponent may react"
    )
    expect(roll.locator(".srbr-die").nth(2)).to_have_attribute("aria-label", "yellow die rolled 6, success")
    expect(roll).to_contain_text("the opponent may react")
    expect(roll).to_contain_text("the turn ends after these actions")
    wait_ask(p1, "wait")
    expect(p1.locator(".srbr-status")).to_contain_text(re.compile(r"Waiting for .*Player 2"))

    # --- p2: the reaction prompt; react with Gamera-X's Legs and move ---------------------------
    wait_ask(p2, "reaction")
    prompt = p2.locator(".srbr-reaction")
    expect(prompt).to_contain_text("You may react!")
    expect(prompt).to_contain_text("rolled a 1 on a yellow or red activation die")
    expect(p2.get_by_role("button", name="Pass: do not react")).to_be_visible()
    assert unnamed_controls(p2) == []
    expect(p2.locator("#log")).to_contain_text("Bob (Player 2) may react (1 chance)")
    shot(p2, artifacts, "3-reaction-prompt")
    p2.get_by_label("Reacting mecha").select_option("p2-gamera")
    p2.get_by_label("Body part").select_option("legs")
    p2.get_by_role("button", name="React with Gamera-X Legs").click()
    wait_ask(p2, "reaction_actions")
    expect(p2.locator(".srbr-roll")).to_contain_text("Reaction: Gamera-X Legs")
    expect(p2.locator(".srbr-actions")).to_contain_text("1 action left")
    drag(p2, mecha_centre(p2, "p2-gamera"), board_point(p2, 30, 11.5))
    expect(p2.locator("#log")).to_contain_text(re.compile(r"Gamera-X moves 4(\.0)? cm \(Short stick\)"))

    # --- p1 spends the last action from the keyboard; two failures end the turn -----------------
    wait_ask(p1, "actions")
    expect(p1.locator(".srbr-actions")).to_contain_text("Raijin Legs")
    p1.locator(".srbr-more summary").click()
    p1.get_by_label("x (cm)").fill("61")
    p1.get_by_label("y (cm)").fill("75")
    p1.get_by_label("Facing after the move").select_option("315")
    p1.get_by_role("button", name="Move the measuring point here").press("Enter")
    wait_ask(p1, "wait")
    wait_ask(p2, "activate")
    expect(mecha(p1, "p1-raijin")).to_have_attribute("aria-label", re.compile(r"facing 315 degrees"))
    expect(p2.locator(".srbr-status")).to_contain_text("Your turn")
    expect(p1.locator("#log")).to_contain_text("Round 1: Bob (Player 2)'s turn")
    expect(p2.locator(".srbr-mecha[data-mecha='p1-raijin']")).to_contain_text("Raijin")
    shot(p2, artifacts, "4-p2-turn")

    # --- the spectator: the same board, no controls ---------------------------------------------
    expect(mecha(eve, "p2-gamera")).to_have_attribute(
        "aria-label", re.compile(r"at 30 cm from the left, 11\.5 cm from the top")
    )
    expect(eve.locator("#log")).to_contain_text("reacts with")  # the panel describes srbr events for watchers too
    expect(eve.locator("#turn")).to_contain_text("Bob (Player 2) to act")
    shot(eve, artifacts, "5-spectator")
    watch = eve.locator("#system-panel")  # the panel read-only: status, dice, roster, sticks
    expect(watch.locator(".srbr-mecha")).to_have_count(4)
    expect(watch.locator(".srbr-status")).to_contain_text("Round 1")
    expect(watch.locator(".srbr-controls button, .srbr-concede button, .srbr-builder")).to_have_count(0)

    # --- the mecha builder: a sample, a cost from the rules helper ------------------------------
    p1.locator(".srbr-builder summary").click()
    p1.get_by_label("Sample").select_option("raijin")
    expect(p1.locator(".srbr-cost")).to_have_text("Cost: 74 points")
    p1.get_by_role("button", name="Add a part").click()
    expect(p1.locator(".srbr-builder-part")).to_have_count(5)
    expect(p1.locator(".srbr-cost")).to_have_text("Cost: 84 points")
    assert unnamed_controls(p1) == []
    shot(p1, artifacts, "6-builder", ".srbr-builder")

    # --- p2 concedes: the winner banner ----------------------------------------------------------
    concede(p2)
    expect(p1.locator(".srbr-winner")).to_contain_text("You win!")
    expect(p2.locator(".srbr-winner")).to_contain_text("Game over.")
    expect(eve.locator("#turn")).to_contain_text("Game over")
    shot(p1, artifacts, "7-winner")


ATTACK_SEED = "srbr-attack-1"


def bot_opening(seed: str) -> list[tuple[str, dict[str, Any]]]:
    """The seeded bot game's actions up to the first activation that is followed by an attack."""
    from app.core.dice import Dice
    from app.systems.srbr import SamuraiRobots
    from tests.systems.srbr import bot

    system = SamuraiRobots()
    dice = Dice(seed)
    state = system.setup(system.validate_options({}), dice)
    actions: list[tuple[str, dict[str, Any]]] = []
    for _ in range(200):
        seat = system.view(state, None)["turn"]["active"][0]
        raw = bot.choose({**system.view(state, seat), "_state": state, "_seat": seat}, seat)
        if raw["kind"] == "attack" and actions and actions[-1][1]["kind"] == "activate":
            return actions[:-1]
        state, _ = system.apply(state, seat, system.parse_action(raw), dice)
        actions.append((seat, raw))
    raise AssertionError("no attack in the opening")


def test_an_srbr_attack_and_its_damage_in_the_browser(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    """The seeded bot game brings Tetsu Tank in range of Raijin through the API; in the page p2
    activates the turret with two dice, shoots Raijin, and both pages see the damage (a white die
    turns yellow) and Raijin knocked down."""
    opening = bot_opening(ATTACK_SEED)
    with server.client() as client:
        table = new_table(client, "srbr", name="Shoot-out", seed=ATTACK_SEED)
        tid = table["id"]
        p1, p2 = open_seats(new_page, server.url, tid, ("p1", "p2"), (1400, 950))
        headers = {
            seat: {"Authorization": f"Bearer {page.evaluate('window.warboard.me.token')}"}
            for seat, page in (("p1", p1), ("p2", p2))
        }
        for i, (seat, raw) in enumerate(opening):
            response = act(client, tid, headers[seat], raw, f"open{i}")
            assert response.status_code == 200, (raw, response.text)

    wait_ask(p2, "activate")
    p2.get_by_label("Mecha", exact=True).select_option("p2-tetsu")
    p2.locator(".srbr-parts").get_by_label(re.compile(r"^Turret")).check()
    p2.get_by_role("button", name=re.compile(r"^Roll 2 dice for Tetsu Tank Turret")).click()
    wait_ask(p2, "actions")
    expect(p2.locator(".srbr-roll .srbr-successes")).to_have_text("2 successes")
    shoot = p2.get_by_role("button", name="Shoot Raijin")
    expect(shoot).to_be_visible()
    assert unnamed_controls(p2) == []
    shot(p2, artifacts, "8-attack")
    shoot.click()
    for page in (p1, p2):
        expect(page.locator("#log")).to_contain_text(
            re.compile(r"Tetsu Tank shoots Raijin: \d.*against \d.*: knocked down|Tetsu Tank shoots Raijin: .*damage")
        )
        expect(page.locator("#log")).to_contain_text(re.compile(r"Raijin \S+ takes 1 damage: dice now yellow, yellow"))
        expect(page.locator("#log")).to_contain_text("Raijin is knocked down")
        expect(mecha(page, "p1-raijin")).to_have_attribute("aria-label", re.compile(r"status fallen"))
        expect(page.locator(".srbr-mecha[data-mecha='p1-raijin'] .srbr-chip.die-yellow")).to_have_count(
            3
        )  # a damaged part keeps three dice, darker
    expect(p2.locator(".srbr-actions")).to_contain_text("1 action left")
    shot(p1, artifacts, "9-damaged", ".srbr-mecha[data-mecha='p1-raijin']")
    p2.get_by_role("button", name="End turn").click()
    wait_ask(p1, "activate")
    expect(p1.locator(".srbr-parts")).to_be_visible()


def record_kabuto_arms(box: Any, damage: str, note: str, jam: bool = False) -> None:
    """p1's record form, from the keyboard: Kabuto-Maru's Arms, a damage total, fallen."""
    box.get_by_label("Mecha").select_option("p1-kabuto")
    box.get_by_label("Body part").select_option("arms")
    box.get_by_label("Damage taken by the part (total)").fill(damage)
    box.get_by_label("Status").select_option("fallen")
    if jam:
        box.get_by_label("Jam of the part").select_option("1")
    box.get_by_label("Note").fill(note)
    box.get_by_label("Note").press("Enter")


def arms_chips(page: Page, colour: str) -> Any:
    row = page.locator(".srbr-mecha[data-mecha='p1-kabuto'] tbody tr", has=page.get_by_role("rowheader", name="Arms"))
    return row.locator(f".srbr-chip.die-{colour}")


def test_srbr_manual_records_disputes_rulings_and_declared_winner(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    """Health, combat and victory switched to manual. In its own turn p1 records damage and a
    fall with the panel's form, from the keyboard; p2 disputes the open record and the game waits;
    the host (a watching page holding the host token) overturns it from the panel, and the table
    is back as before. p1 records again, p2 disputes, the host upholds. Both declare the winner."""
    options = {
        "manual": {"health": True, "combat": True, "malfunction": True, "victory": True},
        "rules": {"initiative": {"method": "fixed"}},
    }
    table = create_table(server, "srbr", name="Gentlemen's duel", options=options, seed="srbr-manual")
    tid = table["id"]
    p1, p2 = open_seats(new_page, server.url, tid, ("p1", "p2"), (1400, 950))
    hal = new_page(1400, 950)
    hal.add_init_script(f"localStorage.setItem('warboard:host:{tid}', {table['host_token']!r})")
    open_seat(hal, server.url, tid, None, "Hal")
    wait_ask(p1, "activate")
    box = p1.locator(".srbr-manual")
    expect(box).to_contain_text("Players decide: Damage (dice colours), Malfunctions, Combat, Victory")
    expect(box.get_by_label("Jam of the part")).to_be_visible()
    assert unnamed_controls(p1) == []
    expect(p1.locator(".srbr-records")).to_be_hidden()  # no record yet

    # p1 records in its own turn (between activations); the record is open and p2 may dispute it
    record_kabuto_arms(box, "2", "<b>slam</b> into the tower", jam=True)
    for page in (p1, p2, hal):
        expect(page.locator("#log")).to_contain_text(
            "Ann (Player 1): records Kabuto-Maru Arms: damage 2, jammed, fallen (<b>slam</b> into the tower)"
        )
        expect(arms_chips(page, "red")).to_have_count(3)  # damage 2 on white, yellow, red: three red dice
        expect(mecha(page, "p1-kabuto")).to_have_attribute("aria-label", re.compile("status fallen"))
        expect(page.locator(".srbr-rec[data-record='0']")).to_contain_text(
            "#1 Ann (Player 1): records Kabuto-Maru Arms"
        )
        expect(page.locator(".srbr-rec[data-record='0']")).to_contain_text("open: may be disputed")
    assert p1.locator("#log b").count() == 0  # a note is text, never markup
    expect(p1.get_by_role("button", name="Dispute record 1")).to_have_count(0)  # not one's own record
    expect(hal.get_by_role("button", name="Dispute record 1")).to_have_count(0)  # nor a watcher's
    expect(hal.get_by_role("button", name="Uphold record 1")).to_have_count(0)  # nothing to rule on yet
    p2.get_by_label("Reason to dispute record 1").fill("the slam missed")
    p2.get_by_role("button", name="Dispute record 1").click()
    for page in (p1, p2, hal):
        expect(page.locator(".srbr-hold")).to_contain_text(
            "On hold: Bob (Player 2) disputes record 1 (the slam missed)"
        )
        expect(page.locator("#log")).to_contain_text(
            "Bob (Player 2): disputes record 1 by Ann (Player 1) (the slam missed)"
        )
        expect(page.locator(".srbr-rec[data-record='0']")).to_contain_text("disputed: waiting for the host")
    expect(p1.get_by_role("button", name="Uphold record 1")).to_have_count(0)  # players never rule
    expect(p2.get_by_role("button", name="Overturn record 1")).to_have_count(0)
    expect(hal.get_by_role("button", name="Uphold record 1")).to_be_visible()
    assert unnamed_controls(hal) == []
    assert unnamed_controls(p2) == []
    shot(hal, artifacts, "10-host-ruling", ".srbr-records")
    shot(p2, artifacts, "10b-disputed", ".srbr-records")

    # the host overturns: Kabuto-Maru's arms are as before the record
    hal.get_by_label("Note for the ruling on record 1").fill("it missed")
    hal.get_by_role("button", name="Overturn record 1").click()
    for page in (p1, p2, hal):
        expect(page.locator("#log")).to_contain_text(
            "The host overturns record 1 by Ann (Player 1): the table is back as it was before it (it missed)"
        )
        expect(page.locator(".srbr-hold")).to_have_count(0)
        expect(arms_chips(page, "white")).to_have_count(3)
        expect(mecha(page, "p1-kabuto")).not_to_have_attribute("aria-label", re.compile("status fallen"))
        expect(page.locator(".srbr-rec[data-record='0']")).to_contain_text("overturned by the host")
    expect(hal.get_by_role("button", name="Overturn record 1")).to_have_count(0)

    # p1 records again; p2 disputes; the host upholds
    record_kabuto_arms(box, "1", "a glancing blow")
    expect(p2.locator(".srbr-rec[data-record='1']")).to_contain_text(
        "#2 Ann (Player 1): records Kabuto-Maru Arms: damage 1, fallen (a glancing blow)"
    )
    p2.get_by_label("Reason to dispute record 2").fill("no fall")
    p2.get_by_label("Reason to dispute record 2").press("Enter")
    expect(hal.locator(".srbr-hold")).to_contain_text("disputes record 2 (no fall)")
    hal.get_by_role("button", name="Uphold record 2").click()
    for page in (p1, p2, hal):
        expect(page.locator("#log")).to_contain_text("The host upholds record 2 by Ann (Player 1)")
        expect(page.locator(".srbr-rec[data-record='1']")).to_contain_text("upheld by the host")
        expect(arms_chips(page, "yellow")).to_have_count(3)
        expect(mecha(page, "p1-kabuto")).to_have_attribute("aria-label", re.compile("status fallen"))
    shot(p1, artifacts, "10c-upheld", ".srbr-records")

    # both declare p2 the winner
    for page in (p1, p2):
        vote = page.locator(".srbr-vote")
        vote.get_by_label("Bob (Player 2)").check()
        vote.get_by_role("button", name="Declare").click()
        expect(page.locator("#log")).to_contain_text("declares Bob (Player 2) the winner")
    expect(p2.locator(".srbr-winner")).to_contain_text("You win! Bob (Player 2) wins: declared by the players")
    expect(p1.locator(".srbr-winner")).to_contain_text("Game over.")
    expect(p1.locator(".srbr-manual form")).to_have_count(0)


def test_srbr_deployment_by_drag_keyboard_activation_and_a_passed_reaction(
    server: Server, new_page, artifacts: Path
) -> None:  # type: ignore[no-untyped-def]
    """Deployment by the players: a drag in the zone, Ready; Raijin's Legs from the keyboard (a
    part's radio, a roll button, a move target with the arrows); then a 1 on Kabuto-Maru's yellow
    die and p2 passes the reaction."""
    options = {"deployment": "players", "rules": {**OPTIONS["rules"]}}
    table = create_table(server, "srbr", name="Deploy", options=options, seed="srbr-deploy-8")
    tid = table["id"]
    p1, p2 = open_seats(new_page, server.url, tid, ("p1", "p2"), (1400, 950))
    wait_ask(p1, "deploy")
    expect(p1.locator(".srbr-zone")).to_have_count(1)
    drag(p1, mecha_centre(p1, "p1-kabuto"), board_point(p1, 45, 82))
    expect(p1.locator("#log")).to_contain_text("Ann (Player 1): deploys Kabuto-Maru at ")
    x, y = piece_at(p1, "p1-kabuto")
    assert math.hypot(x - 45, y - 82) < 0.3
    shot(p1, artifacts, "11-deploy")
    p1.get_by_role("button", name="Ready").click()
    p2.get_by_role("button", name="Ready").click()
    wait_ask(p1, "activate")
    # from the keyboard: a part's radio with Space, a roll button with Enter
    p1.get_by_label("Mecha", exact=True).select_option("p1-raijin")
    legs = p1.locator(".srbr-parts").get_by_label(re.compile(r"^Legs"))
    legs.focus()
    p1.keyboard.press("Space")
    expect(legs).to_be_checked()
    roll = p1.get_by_role("button", name=re.compile(r"^Roll 1 die for Raijin Legs"))
    roll.focus()
    p1.keyboard.press("Enter")
    expect(p1.locator(".srbr-roll h3")).to_contain_text("Raijin Legs (Q3+)")
    expect(p1.locator(".srbr-roll .srbr-die")).to_have_count(1)
    expect(p2.locator(".srbr-roll .srbr-die")).to_have_count(1)
    wait_ask(p1, "actions")  # the seeded die is a success
    # the move from the keyboard: arrows place a target for the measuring point, ] turns, Enter moves
    raijin = mecha(p1, "p1-raijin")
    raijin.focus()
    before = anchor_at(p1, "p1-raijin")
    p1.keyboard.press("Shift+ArrowUp")
    p1.keyboard.press("Shift+ArrowUp")
    p1.keyboard.press("]")
    p1.keyboard.press("]")
    expect(p1.locator("#board-message")).to_contain_text("10 cm of 12 cm, north-east. Enter moves")
    expect(p1.locator(".srbr-pick-dot")).to_have_count(1)
    p1.keyboard.press("Enter")
    expect(p1.locator("#log")).to_contain_text("Raijin moves 10 cm (Long stick)")
    expect(raijin).to_have_attribute("aria-label", re.compile(r"facing 315 degrees"))
    after = anchor_at(p1, "p1-raijin")  # the measuring point moved 10 cm north; the turn pivots on it
    assert after[0] == pytest.approx(before[0], abs=0.01) and after[1] == pytest.approx(before[1] - 10, abs=0.01), (
        before,
        after,
    )
    # Kabuto-Maru's Arms, three yellow dice: 4, 1, 4; p2 passes and p1 keeps two actions
    wait_ask(p1, "activate")
    p1.get_by_label("Mecha", exact=True).select_option("p1-kabuto")
    p1.locator(".srbr-parts").get_by_label(re.compile(r"^Arms")).check()
    p1.get_by_role("button", name=re.compile(r"^Roll 3 dice for Kabuto-Maru Arms")).click()
    wait_ask(p2, "reaction")
    p2.get_by_role("button", name="Pass: do not react").click()
    expect(p1.locator("#log")).to_contain_text("Bob (Player 2): passes (no reaction)")
    wait_ask(p1, "actions")
    expect(p1.locator(".srbr-actions")).to_contain_text("2 actions left of 2 successes")
    expect(p1.locator(".srbr-attacks")).to_contain_text("No target in reach for punch, slash, grapple.")
    p1.get_by_role("button", name="Done with this part").click()
    wait_ask(p1, "activate")
