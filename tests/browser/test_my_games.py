"""Your games: the tables where this browser holds a seat, over three tables (two of them at
your move), the lobby's count of games waiting, and a correspondence game resumed after the
server restarted (the days between are not faked: Warboard has no clock of its own yet; what
must survive them is this browser's local storage and the server's database, and both do)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import CONNECTED, NewPage
from tests.conftest import UNPACED, Server
from tests.kit.table import act, join, new_table, token_of

pytestmark = pytest.mark.browser


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path / 'warboard.sqlite3'}", env=UNPACED).start()
    yield srv
    srv.stop()


def restart(srv: Server) -> Server:
    """The same database served again at the same address (local storage is kept per origin)."""
    srv.stop()
    again = Server(srv.database_url, env=UNPACED)
    again.port, again.url, again.ws_url = srv.port, srv.url, srv.ws_url
    return again.start()


def tables(srv: Server) -> dict[str, Any]:
    """Three tables where "this browser" holds one seat each; at two of them it is its move."""
    with srv.client() as client:
        a = new_table(client, "small-soldiers", name="Sunday skirmish", seed="mine-a", options={"map_name": "skirmish"})
        ours_a = join(client, a["id"], "gorgonites", "Ann")
        b = new_table(client, "gkr", name="Arena night", seed="mine-b")
        ours_b = join(client, b["id"], "diamondback", "Ann")
        c = new_table(client, "gkr", name="Long game", seed="mine-c")
        join(client, c["id"], "diamondback", "Zoe")
        ours_c = join(client, c["id"], "king-wolf", "Ann")
        # the other player at the first table deploys: that table is the newest, and still Ann's move
        theirs = join(client, a["id"], "commandos", "Bob")
        view = client.get(f"/api/tables/{a['id']}/view", headers=theirs).json()["view"]
        reserve = view["legal"]["deploy"]["reserve"][-1]
        assert act(client, a["id"], theirs, {"kind": "deploy", "reserve": reserve}).status_code == 200
    return {
        "order": [a["id"], c["id"], b["id"]],  # newest activity first
        "mine": {a["id"]: True, b["id"]: True, c["id"]: False},
        # A as the one-seat value kept before pass and play (read in the new shape), B and C as today's
        "storage": {
            a["id"]: {"token": token_of(ours_a), "role": "player", "seat": "gorgonites", "name": "Ann"},
            b["id"]: {
                "v": 2,
                "current": "diamondback",
                "seats": {
                    "diamondback": {"token": token_of(ours_b), "role": "player", "seat": "diamondback", "name": "Ann"}
                },
                "watch": None,
            },
            c["id"]: {
                "v": 2,
                "current": "king-wolf",
                "seats": {
                    "king-wolf": {"token": token_of(ours_c), "role": "player", "seat": "king-wolf", "name": "Ann"}
                },
                "watch": None,
            },
        },
        "seats": {a["id"]: "gorgonites", b["id"]: "diamondback", c["id"]: "king-wolf"},
    }


def check_list(page: Page, made: dict[str, Any]) -> None:
    rows = page.locator("#my-games li.my-game")
    expect(rows).to_have_count(3)
    assert [rows.nth(i).get_attribute("data-table") for i in range(3)] == made["order"]
    for i, tid in enumerate(made["order"]):
        state = rows.nth(i).locator(".my-game-state")
        if made["mine"][tid]:
            expect(state).to_have_text("Your move")  # in words, not colour alone
            expect(rows.nth(i).get_by_role("link", name="Play your move", exact=False)).to_be_visible()
        else:
            expect(state).to_have_text("Waiting for the other players")
    expect(page.locator("#my-games-summary")).to_contain_text("2 games waiting for you")


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)], ids=["laptop", "phone"])
def test_your_games_over_three_tables_then_resumed_after_a_restart(
    own_server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    made = tables(own_server)
    page = new_page(*size)
    page.goto(f"{own_server.url}/watch")
    page.evaluate(
        "(stored) => { for (const [t, v] of Object.entries(stored)) localStorage.setItem(`warboard:table:${t}`, JSON.stringify(v)); }",
        made["storage"],
    )
    page.goto(own_server.url)
    waiting = page.locator("#games-waiting a")
    expect(waiting).to_have_text("2 games waiting for you")
    tag = "laptop" if size[0] > 600 else "phone"
    page.screenshot(path=str(artifacts / f"your-games-lobby-{tag}.png"))
    waiting.click()
    page.wait_for_url("**/games")
    check_list(page, made)
    page.screenshot(path=str(artifacts / f"your-games-{tag}.png"), full_page=True)

    # each row opens the table at this browser's seat
    waiting_row = page.locator(f'#my-games li[data-table="{made["order"][1]}"]')
    waiting_row.get_by_role("link", name="Open at your seat", exact=False).click()
    page.wait_for_selector(CONNECTED)
    assert page.evaluate("window.warboard.me.seat") == "king-wolf"

    # days later: the server was restarted meanwhile, this browser kept its storage
    srv = restart(own_server)
    try:
        page.goto(f"{srv.url}/games")
        check_list(page, made)
        first = made["order"][0]
        page.locator(f'#my-games li[data-table="{first}"]').get_by_role(
            "link", name="Play your move", exact=False
        ).click()
        page.wait_for_selector(CONNECTED)
        assert page.evaluate("window.warboard.me.seat") == made["seats"][first]
        expect(page.locator("#system-panel")).to_contain_text("Deploy")
        page.reload()  # and once more: the page opens at the same seat
        page.wait_for_selector(CONNECTED)
        assert page.evaluate("window.warboard.me.seat") == made["seats"][first]
        stored = json.loads(page.evaluate(f"localStorage.getItem('warboard:table:{first}')"))
        assert stored["v"] == 2 and stored["current"] == "gorgonites"  # the old value, migrated on read
        page.screenshot(path=str(artifacts / f"your-games-resumed-{tag}.png"))
    finally:
        srv.stop()
