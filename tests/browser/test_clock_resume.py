"""Your games with clocks, and a game by post resumed days later, in Chromium at 1280x720 and
390x844: three tables where this browser holds a seat (two of them its move), each seat's time
left in words; a move played at the table, the server stopped and started again two and a half
days later (Debian's libfaketime, ``FAKETIME`` in the test's own server's environment only; the
code reads the ordinary clock), the page reloaded: the seat is where it was, the clocks show the
time left, and the deadline near brings the reminder, on the page and as a notification."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Locator, Page, expect

from app.bots import policy
from tests.browser.helpers import CONNECTED, NewPage
from tests.conftest import UNPACED, Server
from tests.kit.table import act, join, new_table, token_of

pytestmark = pytest.mark.browser
LIBFAKETIME = Path("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1")
DAYS = 3
LATER = "+61h"  # two and a half days on: 11 hours of the 3 days a move left, within the 12 h reminder


def faked(later: str) -> dict[str, str]:
    """The environment of a server whose clock reads ``later`` than the machine's."""
    return {**UNPACED, "LD_PRELOAD": str(LIBFAKETIME), "FAKETIME": later, "FAKETIME_DONT_FAKE_MONOTONIC": "1"}


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    if not LIBFAKETIME.is_file():
        pytest.skip("libfaketime is not installed (apt-get install -y faketime)")
    srv = Server(f"sqlite:///{tmp_path / 'warboard.sqlite3'}", env=faked("+0")).start()
    yield srv
    srv.stop()


def again_later(srv: Server, later: str) -> Server:
    """The same database served again at the same address, its clock ``later``."""
    srv.stop()
    again = Server(srv.database_url, env=faked(later))
    again.port, again.url, again.ws_url = srv.port, srv.url, srv.ws_url
    return again.start()


def held(tid: str, seat: str, headers: dict[str, str]) -> dict[str, Any]:
    return {
        "v": 2,
        "current": seat,
        "seats": {seat: {"token": token_of(headers), "role": "player", "seat": seat, "name": "Ann"}},
        "watch": None,
    }


def my_game(client: httpx.Client, tid: str, seat: str, headers: dict[str, str]) -> dict[str, Any]:
    body = {"seats": [{"table": tid, "seat": seat, "token": token_of(headers)}]}
    return client.post("/api/my-games", json=body).json()["games"][0]  # type: ignore[no-any-return]


def play_until_ann_moves(client: httpx.Client, tid: str, ann: dict[str, str], bob: dict[str, str]) -> None:
    """Bob plays (the computer's choice for him) until it is Ann's move."""
    for _ in range(20):
        if my_game(client, tid, "gorgonites", ann)["your_move"]:
            return
        view = client.get(f"/api/tables/{tid}/view", headers=bob).json()["view"]
        legal = client.get(f"/api/tables/{tid}/legal", headers=bob).json()["actions"]
        chosen = policy.choose(view, legal, "t", 0)
        assert chosen is not None and act(client, tid, bob, chosen).status_code == 200
    raise AssertionError("never Ann's move")


def tables(srv: Server) -> dict[str, Any]:
    """By post (small soldiers, Ann's move, the clock running), Arena night (GKR, no clock, Ann's
    move) and Live game (GKR, a live clock not started, the other seat's move)."""
    post = {"mode": "correspondence", "days": DAYS, "timeout": "computer"}
    with srv.client() as client:
        b = new_table(client, "gkr", name="Arena night", seed="rc-b")
        ours_b = join(client, b["id"], "diamondback", "Ann")
        c = new_table(client, "gkr", name="Live game", seed="rc-c", clock={"mode": "live", "timeout": "computer"})
        join(client, c["id"], "diamondback", "Zoe")
        ours_c = join(client, c["id"], "king-wolf", "Ann")
        a = new_table(
            client, "small-soldiers", name="By post", seed="rc-a", options={"map_name": "skirmish"}, clock=post
        )
        ours_a = join(client, a["id"], "gorgonites", "Ann")
        bob = join(client, a["id"], "commandos", "Bob")
        view = client.get(f"/api/tables/{a['id']}/view", headers=bob).json()["view"]
        reserve = view["legal"]["deploy"]["reserve"][-1]
        assert act(client, a["id"], bob, {"kind": "deploy", "reserve": reserve}).status_code == 200
    return {
        "a": a["id"],
        "ann": ours_a,
        "bob": bob,
        "order": [a["id"], c["id"], b["id"]],
        "storage": {
            a["id"]: held(a["id"], "gorgonites", ours_a),
            b["id"]: held(b["id"], "diamondback", ours_b),
            c["id"]: held(c["id"], "king-wolf", ours_c),
        },
    }


def covers_nothing(page: Page, reminder: Locator) -> None:
    """The reminder sits between the table page's header and its clock line, overlapping neither,
    and the board area still shows the board."""
    box, top, clocks = (
        reminder.bounding_box(),
        page.locator("header.top").bounding_box(),
        page.locator("#clocks").bounding_box(),
    )
    assert box and top and clocks
    assert top["y"] + top["height"] <= box["y"] + 0.5, (top, box)
    assert box["y"] + box["height"] <= clocks["y"] + 0.5, (box, clocks)
    board = page.locator("#board").bounding_box()
    assert board and board["height"] > 150, board


def check_games(page: Page, made: dict[str, Any], by_post: re.Pattern[str]) -> None:
    rows = page.locator("#my-games li.my-game")
    expect(rows).to_have_count(3)
    assert [rows.nth(i).get_attribute("data-table") for i in range(3)] == made["order"]
    expect(page.locator("#my-games-summary")).to_contain_text("2 games waiting for you")
    first, second, third = (rows.nth(i) for i in range(3))
    expect(first.locator(".my-game-state")).to_have_text("Your move")
    expect(first.locator(".my-game-clock")).to_have_text(by_post)
    expect(second.locator(".my-game-state")).to_have_text("Waiting for the other players")
    expect(second.locator(".my-game-clock")).to_have_text("Your clock: 10:00 left (waiting)")
    expect(third.locator(".my-game-state")).to_have_text("Your move")
    expect(third.locator(".my-game-clock")).to_have_count(0)  # no clock at that table


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)], ids=["laptop", "phone"])
def test_your_games_with_clocks_and_a_game_by_post_resumed_days_later(
    own_server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    made = tables(own_server)
    tid = made["a"]
    tag = f"{size[0]}x{size[1]}"
    page = new_page(*size, permissions=["notifications"])
    page.add_init_script(
        """window.__notes = [];
        const Real = window.Notification;
        window.Notification = class extends Real {
          constructor(title, options) { super(title, options); window.__notes.push(title + " | " + (options?.body || "")); }
        };"""
    )
    page.goto(f"{own_server.url}/watch")
    page.evaluate(
        "(stored) => { for (const [t, v] of Object.entries(stored)) localStorage.setItem(`warboard:table:${t}`, JSON.stringify(v)); }",
        made["storage"],
    )
    page.goto(f"{own_server.url}/games")
    check_games(page, made, re.compile(r"^Your clock: 2 days 23 h left · by "))
    expect(page.locator("#clock-reminder")).to_have_count(0)  # days away: no reminder
    expect(page.locator("#remind-state")).to_contain_text("A notification reminds you")  # allowed here
    page.screenshot(path=str(artifacts / f"your-games-clocks-{tag}.png"), full_page=True)

    # Ann plays her move at the table; Bob answers; Ann is on the clock again (3 days, afresh)
    page.locator(f'#my-games li[data-table="{tid}"]').get_by_role("link", name="Play your move", exact=False).click()
    page.wait_for_selector(CONNECTED)
    assert page.evaluate("window.warboard.me.seat") == "gorgonites"
    with own_server.client() as client:
        before = my_game(client, tid, "gorgonites", made["ann"])["seq"]
        page.get_by_role("button", name="Deploy").click()
        expect(page.locator("#log")).to_contain_text("Gorgonites deployed")
        for _ in range(50):
            if my_game(client, tid, "gorgonites", made["ann"])["seq"] > before:
                break
            page.wait_for_timeout(100)
        play_until_ann_moves(client, tid, made["ann"], made["bob"])
        where = my_game(client, tid, "gorgonites", made["ann"])
    assert where["clock"]["running"] and where["clock"]["left"] > (DAYS * 24 - 1) * 3_600_000

    # days later: the server was stopped meanwhile; the page is reloaded
    srv = again_later(own_server, LATER)
    try:
        page.reload()
        page.wait_for_selector(CONNECTED)
        assert page.evaluate("window.warboard.me.seat") == "gorgonites"
        expect(page.locator("#turn")).to_contain_text("Your turn")
        with srv.client() as client:
            now = my_game(client, tid, "gorgonites", made["ann"])
        assert now["seq"] == where["seq"] and now["your_move"]  # where the seat was
        left_h = now["clock"]["left"] / 3_600_000
        assert 10.9 < left_h <= 11.0, left_h  # 72 h a move, 61 h gone
        on = page.locator("#clocks .clock-seat.on", has_text="Ann")
        expect(on.locator(".clock-time")).to_have_text(re.compile(r"^10 hours left · by "))
        reminder = page.locator("#clock-reminder")
        expect(reminder).to_contain_text(re.compile(r"Your move at By post: 10 h 5\d min left to play it"))
        assert any(n.startswith("Your move at By post | 10 h") for n in page.evaluate("window.__notes"))
        covers_nothing(page, reminder)
        page.screenshot(path=str(artifacts / f"clock-resumed-table-{tag}.png"))
        page.goto(f"{srv.url}/games")
        check_games(page, made, re.compile(r"^Your clock: 10 h 5\d min left · by .*\(low time\)$"))
        expect(page.locator("#clock-reminder")).to_have_count(0)  # once per deadline
        page.screenshot(path=str(artifacts / f"your-games-clocks-later-{tag}.png"), full_page=True)
    finally:
        srv.stop()
