"""The table as players live in it, for every game with rules (HGB, Small Soldiers, GKR, SRBR),
at a laptop's 1280x720 and a phone's 390x844: a seat restored from its rejoin link in a fresh
browser, chat present after a reload, the ruler seen by the other player, and the spectator delay
holding back updates. (The sandbox's own run of these is tests/browser/test_table_life.py.)"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import CONNECTED, assert_ruler_shared, open_at_seat, open_seat
from tests.conftest import Server
from tests.kit.table import act, bearer, join, new_table
from tests.systems.gkr.test_game import OPTIONS as GKR_OPTIONS

pytestmark = pytest.mark.browser
SIZES = [(1280, 720), (390, 844)]
GAMES: dict[str, dict[str, Any]] = {
    "hgb": {"map": "open"},
    "small-soldiers": {"map_name": "skirmish"},
    "gkr": GKR_OPTIONS,
    "srbr": {},
}
GIVE_UP = {"concede", "forfeit", "resign", "leave"}


def some_action(client: httpx.Client, tid: str, seats: dict[str, dict[str, str]]) -> int:
    """One legal action of whichever seat has one (never a concession); its last seq."""
    for headers in seats.values():
        legal = client.get(f"/api/tables/{tid}/legal", headers=headers).json()["actions"]
        for action in legal:
            if action["kind"] in GIVE_UP:
                continue
            r = act(client, tid, headers, action)
            if r.status_code == 200:
                return int(r.json()["seq"])
    raise AssertionError("nobody has a legal action")


def seq_of(page: Page) -> int:
    return int(page.evaluate("window.warboard.socket.seq"))


@pytest.mark.parametrize("size", SIZES, ids=["laptop", "phone"])
@pytest.mark.parametrize("game", list(GAMES))
def test_rejoin_chat_ruler_and_delay(
    server: Server, new_page, artifacts: Path, game: str, size: tuple[int, int]
) -> None:  # type: ignore[no-untyped-def]
    tag = f"{game}-{size[0]}x{size[1]}"
    with server.client() as client:
        table = new_table(client, game, name="Table life", options=GAMES[game], seed=f"life-{game}")
        tid, ids = table["id"], table["seats"]
        names = ["Ann", "Bob", "Cyd", "Dee"]
        seats = {s: join(client, tid, s, names[i]) for i, s in enumerate(ids)}
        r = client.post(f"/api/tables/{tid}/settings", headers=bearer(table["host_token"]), json={"delay_actions": 2})
        assert r.status_code == 200, r.text
        first, second = ids[0], ids[1]

        # A seat restored from its rejoin link in a fresh browser (no local storage at all).
        old = open_at_seat(new_page, size, server.url, tid, first, seats[first])
        link = old.locator("#rejoin-link")
        expect(link).to_have_value(re.compile(r"#seat="))
        ann = new_page(*size)
        ann.goto(link.input_value())
        ann.wait_for_selector(CONNECTED)
        label = {s["seat"]: s["label"] for s in client.get(f"/api/tables/{tid}").json()["seats"]}[first]
        expect(ann.locator("#me")).to_have_text(f"You: Ann ({label})")
        expect(ann.locator("#seated-text")).to_contain_text(f"You play {label} as Ann")
        expect(ann.locator("#system-panel")).to_be_attached()
        expect(old.locator("#join-error")).to_contain_text("now open on another device")
        assert client.get(f"/api/tables/{tid}/legal", headers=seats[first]).status_code in (401, 403)
        stored = f"JSON.parse(localStorage.getItem('warboard:table:{tid}'))"
        token = ann.evaluate(f"(({stored}).seats[({stored}).current]).token")  # the seats kept, and the current one
        seats[first] = bearer(token)  # the seat's token now is the rejoined browser's
        ann.screenshot(path=str(artifacts / f"life-rejoined-{tag}.png"))

        bob = open_at_seat(new_page, size, server.url, tid, second, seats[second])
        eve = new_page(*size)
        open_seat(eve, server.url, tid, None, "Eve")

        # Chat present after a reload.
        ann.fill("#chat-text", f"good luck in {game}")
        ann.keyboard.press("Enter")
        expect(bob.locator("#chat")).to_contain_text(f"good luck in {game}")
        bob.reload()
        bob.wait_for_selector(CONNECTED)
        expect(bob.locator("#chat")).to_contain_text(f"good luck in {game}")

        # The ruler: Bob measures across the board; Ann sees it on hers, with his name.
        bob.get_by_role("button", name="Ruler").click()
        box = bob.locator("#board").bounding_box()
        assert box
        start = (box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.45)
        end = (box["x"] + box["width"] * 0.7, box["y"] + box["height"] * 0.55)
        assert_ruler_shared(bob, ann, start, end, "Bob", artifacts / f"life-shared-ruler-{tag}.png")

        # The spectator delay (two actions): after three actions Eve sees the first only.
        done = [some_action(client, tid, seats) for _ in range(3)]
        bob.wait_for_function(f"() => window.warboard.socket.seq >= {done[2]}")
        eve.wait_for_function(f"() => window.warboard.socket.seq >= {done[0]}")
        eve.wait_for_timeout(600)
        assert seq_of(eve) == done[0], (seq_of(eve), done)
        assert seq_of(bob) >= done[2]
        eve.screenshot(path=str(artifacts / f"life-delay-spectator-{tag}.png"))
        done.append(some_action(client, tid, seats))
        eve.wait_for_function(f"() => window.warboard.socket.seq >= {done[1]}")
        eve.wait_for_timeout(300)
        assert seq_of(eve) == done[1], (seq_of(eve), done)
