"""Small Soldiers Big Battle played to the end by two browser pages, with a spectator watching.

Each action goes through the game panel (static/js/systems/small-soldiers.js): its buttons, the
highlighted spaces on the board (by mouse, or by keyboard where a flag stands on the space),
the catapult's aiming sliders. The seat that acts reads its own view in its page and picks with
the same simple player as the API tests; the page does the rest.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import CONNECTED, NewPage, create_table, drag, open_seat
from tests.conftest import Server
from tests.kit.table import new_table
from tests.systems.small_soldiers.test_api_game import choose

pytestmark = pytest.mark.browser


MAP = "skirmish"  # every game here is on the skirmish map


def basic(view: dict[str, Any], seat: str) -> dict[str, Any]:
    return choose(view, seat, "flag")


def advanced(view: dict[str, Any], seat: str) -> dict[str, Any]:
    """Advanced rules: play a card before each spin; stop after one move a turn."""
    return choose(view, seat, "one-move")


def seq_of(page: Page) -> int:
    return int(page.evaluate("window.warboard.socket ? window.warboard.socket.seq : -1"))


def server_seq(server: Server, tid: str) -> int:
    with server.client() as client:
        return int(client.get(f"/api/tables/{tid}").json()["seq"])


def settle(server: Server, tid: str, pages: list[Page], before: int | None = None) -> int:
    """Wait until the server has moved past ``before`` and every page shows its latest seq."""
    deadline = time.monotonic() + 20
    while True:
        seq = server_seq(server, tid)
        if (before is None or seq > before) and all(seq_of(p) == seq for p in pages):
            return seq
        assert time.monotonic() < deadline, f"pages stuck: server {seq}, pages {[seq_of(p) for p in pages]}"
        time.sleep(0.05)


def names(view: dict[str, Any]) -> dict[str, str]:
    out = {p["id"]: p["label"] for p in view["pieces"] if p["kind"] == "fighter"}
    for army in view["toy_store"].values():
        out.update({f["id"]: f["name"] for f in army})
    return out


def exact(text: str) -> re.Pattern[str]:
    return re.compile(f"^{re.escape(text)}$")


UNNAMED = """() => [...document.querySelectorAll('#system-panel button, #system-panel input, #system-panel select, #board .ss-dest')]
  .filter((el) => {
    const label = el.id && document.querySelector(`label[for="${el.id}"]`);
    return !((el.getAttribute('aria-label') || '').trim() || (label && label.textContent.trim())
             || (el.tagName === 'BUTTON' && el.textContent.trim()));
  }).map((el) => el.outerHTML.slice(0, 120))"""


def perform(page: Page, view: dict[str, Any], action: dict[str, Any], shots: dict[str, Path]) -> None:
    """Do ``action`` through the panel and the board, as a player would."""
    assert page.evaluate(UNNAMED) == []  # every control has an accessible name
    n = names(view)
    kind = action["kind"]
    panel = page.locator("#system-panel")
    # the step's main button may be lifted over the board: look for buttons on the whole page
    click = lambda name: page.get_by_role("button", name=exact(name)).click()  # noqa: E731
    if kind == "play_card":
        card = next(c for c in view["hand"] if c["id"] == action["card"])
        hand = page.locator("#system-panel .ss-hand li")
        expect(hand).to_have_count(len(view["hand"]))
        if "hand" not in shots:
            shots["hand"] = shot(page, "small-soldiers-hand")
        hand.nth(view["hand"].index(card)).get_by_role("button", name=exact(f"Play {card['name']}")).click()
        expect(hand).to_have_count(len(view["hand"]) - 1)
    elif kind == "deploy":
        expect(page.locator("#ss-reserve")).to_have_value(action["reserve"])
        page.select_option("#ss-reserve", action["reserve"])
        order = page.locator("#system-panel .ss-order li > span")
        first, second = order.nth(0).text_content(), order.nth(1).text_content()
        panel.get_by_role("button", name=f"Move {second} earlier").click()
        expect(order.nth(0)).to_have_text(str(second))
        panel.get_by_role("button", name=f"Move {first} earlier").click()  # and back: the default order
        expect(order.nth(0)).to_have_text(str(first))
        click("Deploy")
    elif kind == "roll_opening":
        click("Roll the opening die")
    elif kind == "spin":  # from the keyboard
        page.get_by_role("button", name="Spin the spinner").focus()
        page.keyboard.press("Enter")
    elif kind == "move":
        fid, q, r = action["fighter"], action["q"], action["r"]
        pick = panel.get_by_role("button", name=re.compile(f"^Choose {re.escape(n[fid])} to move"))
        if pick.get_attribute("aria-pressed") != "true":
            pick.click()
        dest = page.locator(f'#board .ss-dest[data-q="{q}"][data-r="{r}"]')
        expect(dest).to_have_count(1)
        expect(page.locator("#board .ss-dest")).to_have_count(len(view["legal"]["moves"][fid]))
        if "move" not in shots:
            shots["move"] = shot(page, "small-soldiers-move")
        flag_here = any(p["kind"] == "flag" and (p["q"], p["r"]) == (q, r) for p in view["pieces"])
        if flag_here:  # the flag covers the space: choose it from the keyboard
            dest.focus()
            page.keyboard.press("Enter")
        elif "dragged" not in shots:  # once: drag the fighter there (the server previews the drop)
            shots["dragged"] = Path()
            start, end = page.locator(f'#board .piece[data-id="{fid}"] .body').bounding_box(), dest.bounding_box()
            assert start and end
            drag(
                page,
                (start["x"] + start["width"] / 2, start["y"] + start["height"] / 2),
                (end["x"] + end["width"] / 2, end["y"] + end["height"] / 2),
            )
        else:
            dest.click()
    elif kind == "attack":
        if "battle" not in shots:
            shots["battle-choice"] = shot(page, "small-soldiers-battle-choice")
        click(f"{n[action['fighter']]} battles {n[action['target']]}")
        shots["battle"] = Path()
    elif kind == "recruit":
        click(f"Recruit {n[action['fighter']]}")
    elif kind == "place_card":
        click(f"Put it under {n[action['fighter']]}")
    elif kind == "recall":
        click(f"Recall {n[action['target']]}")
    elif kind == "launch":
        for slider, value in (
            ("#ss-offset", action["offset"]),
            ("#ss-angle", action["angle"]),
            ("#ss-power", action["power"]),
        ):
            expect(page.locator(slider)).to_have_value(f"{value:g}")
        # aim by keyboard: a little right, see the aim line follow, then back
        angle = page.locator("#ss-angle")
        before = page.locator("#board .ss-aim").get_attribute("data-landing")
        angle.focus()
        page.keyboard.press("ArrowRight")
        expect(page.locator("#board .ss-aim")).not_to_have_attribute("data-landing", before or "")
        # the drawn aim line lands where the server's error-free aim says
        landing = [float(v) for v in str(page.locator("#board .ss-aim").get_attribute("data-landing")).split(",")]
        army = view["turn"]["army"]
        base = page.evaluate("location.origin")
        aim = httpx.post(
            f"{base}/api/rules/small-soldiers/catapult_aim",
            json={"army": army, "map_name": MAP, "power": action["power"], "angle": 1, "offset": action["offset"]},
        ).json()
        assert abs(aim["landing"][0] - landing[0]) < 0.02 and abs(aim["landing"][1] - landing[1]) < 0.02, (aim, landing)
        page.keyboard.press("ArrowLeft")
        expect(angle).to_have_value("0")
        expect(page.locator("#board .ss-aim-line")).to_have_count(1)
        shots["aim"] = shot(page, "small-soldiers-aim")
        click("Launch the catapult")
        shots["catapult"] = Path()
        expect(page.locator("#system-panel .ss-catapult-result")).to_contain_text("Dice error")
    elif kind == "end_turn":
        panel.get_by_role("button", name=re.compile("^End the turn")).click()
    elif kind == "end_moves":
        click("Done moving")
    else:
        raise AssertionError(f"no UI step for {action}")


def shot(page: Page, name: str) -> Path:
    from tests.browser.conftest import ARTIFACTS

    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.eval_on_selector(".side", "el => el.scrollTop = 0")
    page.screenshot(path=str(path))
    return path


def play_through_ui(server: Server, new_page, options: dict[str, Any], seed: str, pick, prefix: str):  # type: ignore[no-untyped-def]
    """Two seats and a spectator; the game is played to its end through the panels."""
    table = create_table(server, "small-soldiers", name="Toy war", options=options, seed=seed)
    tid = table["id"]
    pages = {"gorgonites": new_page(1400, 900), "commandos": new_page(1400, 900)}
    open_seat(pages["gorgonites"], server.url, tid, "gorgonites", "Ann")
    open_seat(pages["commandos"], server.url, tid, "commandos", "Bob")
    eve = new_page(1000, 700)
    open_seat(eve, server.url, tid, None, "Eve")
    all_pages = [*pages.values(), eve]
    for page in pages.values():
        expect(page.locator("#system-panel")).to_be_visible()
        expect(page.locator("#system-panel .ss-status")).to_contain_text("Your turn")
    # The watcher sees the game's panel (spinner, Toy Store...) read-only: no control at all.
    expect(eve.locator("#system-panel .ss-status")).to_be_visible()
    expect(eve.locator("#system-panel").locator("button, input, select")).to_have_count(0)
    seq = settle(server, tid, all_pages)
    about = pages["gorgonites"].locator("#system-panel .ss-about")
    about.locator("summary").click()
    expect(about).to_contain_text("Warboard default")
    about.locator("summary").click()
    shots: dict[str, Path] = {}
    shots["deploy"] = shot(pages["gorgonites"], f"{prefix}-deploy")
    kinds: list[str] = []
    for _ in range(300):
        view = pages["gorgonites"].evaluate("window.warboard.view")
        if view["winner"]:
            break
        seat = view["turn"]["active"][0]
        page = pages[seat]
        own = page.evaluate("window.warboard.view")
        expect(page.locator("#system-panel .ss-status")).to_contain_text("Your turn")
        other = pages["commandos" if seat == "gorgonites" else "gorgonites"]
        if view["turn"]["phase"] not in ("deploy", "opening"):
            expect(other.locator("#system-panel .ss-status")).to_contain_text("Waiting for")
        action = pick(own, seat)
        perform(page, own, action, shots)
        try:
            seq = settle(server, tid, all_pages, seq)
        except AssertionError as exc:
            message = page.locator("#board-message").text_content()
            raise AssertionError(f"{action} by {seat} after {kinds}: {message}") from exc
        kinds.append(action["kind"])
        if len(kinds) == 12:  # a reload mid-game: the seat, the panel and the board come back
            other.reload()
            other.wait_for_selector(CONNECTED)
            settle(server, tid, all_pages)
            again = other.evaluate("window.warboard.view")
            expect(other.locator("#system-panel .ss-status")).to_be_visible()
            if again["spinner"]["last"]:
                expect(other.locator("#system-panel .ss-spinner")).to_have_attribute(
                    "data-index", str(again["spinner"]["last"]["index"])
                )
            expect(other.locator("#board .ss-space")).to_have_count(len(again["board"]["cells"]))
        after = page.evaluate("window.warboard.view")
        if action["kind"] == "spin":
            last = after["spinner"]["last"]
            for p in pages.values():
                expect(p.locator("#system-panel .ss-spinner")).to_have_attribute("data-index", str(last["index"]))
            if "spin" not in shots:
                page.wait_for_timeout(1700)  # the wheel's animation
                shots["spin"] = shot(page, f"{prefix}-spin")
        if shots.get("catapult") == Path():
            expect(page.locator("#board .ss-shot-ball")).to_have_count(1)
            expect(other.locator("#board .ss-shot-ball")).to_have_count(1)
            shots["catapult"] = shot(other, f"{prefix}-catapult")
        if shots.get("battle") == Path():
            expect(other.locator("#system-panel .ss-battle .ss-die")).to_have_count(2)
            shots["battle"] = shot(other, f"{prefix}-battle")
        if any(p["card"] for p in after["pieces"] if p["kind"] == "fighter") and "card" not in shots:
            expect(page.locator("#board .piece .badge.tone-info").first).to_be_visible()  # the card under a fighter
            shots["card"] = shot(page, f"{prefix}-card")
    else:
        raise AssertionError("no winner")

    winner = pages["gorgonites"].evaluate("window.warboard.view")["winner"]
    loser = "commandos" if winner["army"] == "gorgonites" else "gorgonites"
    expect(pages[winner["army"]].locator("#system-panel .ss-winner")).to_contain_text("You win!")
    expect(pages[loser].locator("#system-panel .ss-winner")).to_contain_text("You lose.")
    for page in all_pages:
        army = {"gorgonites": "Gorgonites", "commandos": "Commando Elite"}[winner["army"]]
        expect(page.locator("#turn")).to_contain_text(re.compile(rf"Game over: \w+ \({army}\) won"))
    expect(pages[loser].locator("#system-panel button")).to_have_count(0)
    with server.client() as client:
        summary = client.get(f"/api/tables/{tid}").json()
        assert summary["status"] == "finished" and summary["outcome"]["winners"] == [winner["army"]]
        assert client.get(f"/api/tables/{tid}/dice/proof").status_code == 200
    pages[winner["army"]].wait_for_timeout(800)  # the banner's entrance
    shot(pages[winner["army"]], f"{prefix}-winner")
    expect(eve.locator("#system-panel .ss-winner")).to_contain_text("Game over")
    expect(eve.locator("#system-panel").locator("button, input, select")).to_have_count(0)
    shot(eve, f"{prefix}-spectator")
    return winner, kinds, pages


def test_two_pages_play_a_seeded_game_to_the_end(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    winner, kinds, pages = play_through_ui(server, new_page, {"map_name": MAP}, "ui-12", basic, "small-soldiers")
    assert {"deploy", "roll_opening", "spin", "move", "attack", "place_card", "launch", "recruit", "recall"} <= set(
        kinds
    )
    assert winner["reason"] == "flag_captured"
    expect(pages[winner["army"]].locator("#log")).to_contain_text("win: captured the enemy flag")


def test_advanced_rules_hand_and_several_moves(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    _winner, kinds, pages = play_through_ui(
        server, new_page, {"map_name": MAP, "advanced": True}, "adv-20", advanced, "small-soldiers-advanced"
    )
    assert {"play_card", "end_moves", "attack", "place_card", "recall"} <= set(kinds)
    for seat, page in pages.items():
        # the own hand is listed; of the other hand only its size
        view = page.evaluate("window.warboard.view")
        expect(page.locator("#system-panel .ss-hand h3")).to_have_text(f"Your hand ({len(view['hand'])})")
        other = "commandos" if seat == "gorgonites" else "gorgonites"
        label = {"gorgonites": "Gorgonites", "commandos": "Commando Elite"}[other]
        expect(page.locator("#system-panel .ss-hand")).to_contain_text(f"({label}): {view['hand_counts'][other]}")


def test_four_players_split_command(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    """4 players, three fighters each: the deployment names the second seat's three; the turn
    indicator tells each of the four pages whether it acts."""
    with server.client() as client:
        table = new_table(
            client,
            "small-soldiers",
            name="Four",
            seed="four-1",
            options={"players": 4, "team_mode": "split", "map_name": "skirmish"},
        )
    tid = table["id"]
    seats = ["gorgonites-1", "gorgonites-2", "commandos-1", "commandos-2"]
    pages = {
        s: new_page(1400, 900) if s != "commandos-2" else new_page(390, 844, has_touch=True) for s in seats
    }  # one phone
    for seat, page in pages.items():
        open_seat(page, server.url, tid, seat, seat.title())
    seq = settle(server, tid, list(pages.values()))
    g1 = pages["gorgonites-1"]
    panel = g1.locator("#system-panel")
    expect(panel.get_by_role("group", name=re.compile("^Three fighters for"))).to_have_count(1)
    expect(panel.locator("fieldset legend")).to_contain_text("Gorgonites 2")
    # Archer, Slamfist, Punchit for the second seat instead of the last three
    for fid, on in (
        ("archer", True),
        ("slamfist", True),
        ("punchit", True),
        ("insaniac", False),
        ("ocula", False),
        ("freakenstein", False),
    ):
        box = g1.locator(f"#ss-second-{fid}")
        box.set_checked(on)
    assert g1.evaluate(UNNAMED) == []
    shot(g1, "small-soldiers-four-deploy")
    g1.get_by_role("button", name="Deploy").click()
    seq = settle(server, tid, list(pages.values()), seq)
    view = g1.evaluate("window.warboard.view")
    owners = {p["id"]: p["owner"] for p in view["pieces"] if p["kind"] == "fighter"}
    assert owners["archer"] == owners["slamfist"] == owners["punchit"] == "gorgonites-2"
    assert owners["insaniac"] == owners["ocula"] == "gorgonites-1"
    # the commandos' second seat deploys with the default three, from a phone
    phone = pages["commandos-2"]
    phone.locator("#system-panel").scroll_into_view_if_needed()
    phone.screenshot(path=str(artifacts / "small-soldiers-phone.png"))
    phone.get_by_role("button", name="Deploy").tap()
    seq = settle(server, tid, list(pages.values()), seq)
    for seat in ("gorgonites-2", "commandos-1"):
        pages[seat].get_by_role("button", name="Roll the opening die").click()
        seq = settle(server, tid, list(pages.values()), seq)
    while pages["gorgonites-1"].evaluate("window.warboard.view")["turn"]["phase"] == "opening":  # a tie: again
        for seat in ("gorgonites-2", "commandos-1"):
            pages[seat].get_by_role("button", name="Roll the opening die").click()
            seq = settle(server, tid, list(pages.values()), seq)
    view = g1.evaluate("window.warboard.view")
    active = view["turn"]["active"]
    assert len(active) == 1 and view["turn"]["phase"] == "spin"
    for seat, page in pages.items():
        status = page.locator("#system-panel .ss-status")
        expect(status).to_contain_text("Your turn" if seat in active else "Waiting for")
        expect(page.get_by_role("button", name="Spin the spinner")).to_have_count(int(seat in active))
    pages[active[0]].get_by_role("button", name="Spin the spinner").click()
    settle(server, tid, list(pages.values()), seq)
    shot(pages[active[0]], "small-soldiers-four-turn")


def test_the_replay_paints_the_special_spaces_as_the_table_does(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    """The ten start spaces (and the leaders' gold ones) in the replay have the armies' colours,
    not black: the colours were defined only inside the table page's panel."""
    table = create_table(server, "small-soldiers", name="Replayed battle")
    page = new_page(*size)
    page.goto(f"{server.url}/tables/{table['id']}/replay")
    starts = page.locator(".ss-space.sun, .ss-space.star, .ss-space.gold-sun, .ss-space.gold-star")
    expect(starts).to_have_count(10)
    fills = starts.evaluate_all("els => els.map(e => getComputedStyle(e).fill)")
    assert "rgb(0, 0, 0)" not in fills and len(set(fills)) == 2, fills
    page.screenshot(path=str(artifacts / f"small-soldiers-replay-{size[0]}.png"))
