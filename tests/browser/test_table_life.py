"""The table as players live in it, in real Chromium against a real server: a seat restored
from its rejoin link in a fresh browser, the live seat list and one-click seating, chat kept
across a reload with the spectators' channel apart, the ruler seen by the other player, the
spectator delay, and the end-of-game box with its next steps. At 1280x720 and 390x844."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import (
    CONNECTED,
    NewPage,
    assert_ruler_shared,
    board_point,
    create_table,
    open_seat,
    open_seats,
)
from tests.conftest import Server
from tests.kit.table import act, bearer, join, new_table, token_of

pytestmark = pytest.mark.browser


def test_rejoin_link_restores_the_seat_in_a_fresh_browser(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    table = create_table(server, name="Seats that survive")
    tid = table["id"]
    ann = new_page(*size)
    sockets: list[str] = []
    ann.on("websocket", lambda ws: sockets.append(ws.url))
    open_seat(ann, server.url, tid, "p1", "Ann")
    assert sockets and all(url.endswith(f"/ws/tables/{tid}") for url in sockets)  # the token is in no URL
    link = ann.locator("#rejoin-link")
    expect(link).to_have_value(re.compile(r"#seat="))
    expect(ann.locator("#rejoin-card img.qr")).to_be_visible()
    ann.locator("#rejoin-card").scroll_into_view_if_needed()
    ann.screenshot(path=str(artifacts / f"table-life-rejoin-card-{size[0]}.png"))
    url = link.input_value()

    phone = new_page(*size)  # a fresh context: no local storage at all
    phone.goto(url)
    phone.wait_for_selector(CONNECTED)
    expect(phone.locator("#me")).to_have_text("You: Ann (Player 1)")
    expect(phone.locator("#seated-text")).to_contain_text("You play Player 1 as Ann")
    assert "seat=" not in phone.url  # the key does not stay in the address bar
    # a link works once: the new device shows a link of its own
    expect(phone.locator("#rejoin-link")).to_have_value(re.compile(r"#seat="))
    assert phone.locator("#rejoin-link").input_value() != url
    phone.screenshot(path=str(artifacts / f"table-life-rejoined-{size[0]}.png"))
    # The seat moved: the first browser says so at once, watches instead (no "Your turn", no
    # buttons that would answer "Not connected"), and says how to take the seat back here.
    expect(ann.locator("#join-error")).to_contain_text("now open on another device", timeout=5000)
    expect(ann.locator("#join-error")).to_contain_text("rejoin link that device shows")
    expect(ann.locator("#me")).to_have_text("Spectator")
    ann.wait_for_selector(CONNECTED)
    expect(ann.locator("#board-message")).to_contain_text("now open on another device")  # in sight on a phone
    ann.screenshot(path=str(artifacts / f"table-life-seat-moved-away-{size[0]}.png"))


def test_live_seats_chat_channels_and_shared_ruler(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    with server.client() as client:
        table = new_table(client, name="Table talk", options={"width": 24, "height": 24})
        tid = table["id"]
        eve = new_page(*size)
        eve.add_init_script("localStorage.setItem('warboard:name', 'Eve')")
        eve.goto(f"{server.url}/tables/{tid}")  # no parameters: watching at once, board live
        eve.wait_for_selector(CONNECTED)
        expect(eve.locator("#me")).to_have_text("Spectator")
        expect(eve.get_by_role("button", name="Sit at Player 1")).to_be_enabled()

        # Someone sits at p1 elsewhere: the spectator's seat list follows live.
        join(client, tid, "p1", "Ann")
        expect(eve.get_by_role("button", name="Player 1, taken")).to_be_disabled()
        expect(eve.locator("#seat-buttons")).to_contain_text("Ann")

        # A lost race: the seat went a moment ago; a clear message and a fresh list.
        join(client, tid, "p2", "Zed")
        eve.evaluate("document.querySelector('[data-seat=p2]').disabled = false")
        eve.locator("[data-seat=p2]").click()
        expect(eve.locator("#join-error")).to_contain_text("was just taken")
        expect(eve.get_by_role("button", name="Player 2, taken")).to_be_disabled()

        ann, bob = open_seats(new_page, server.url, tid, ("p3", "p4"), size)
        # One click from watching to playing.
        eve.get_by_role("button", name="Sit at Player 5").click()
        eve.wait_for_selector(CONNECTED)
        expect(eve.locator("#me")).to_have_text("You: Eve (Player 5)")
        # and back to a spectator for the chat checks: the seat forgotten from a page of the same
        # site that runs no script (a live table page may write its seat back while it closes)
        eve.goto(f"{server.url}/healthz")
        eve.evaluate(f"localStorage.removeItem('warboard:table:{tid}')")
        eve.goto(f"{server.url}/tables/{tid}")
        eve.wait_for_selector(CONNECTED)
        expect(eve.locator("#me")).to_have_text("Spectator")

        # Chat: kept across a reload; the spectators' channel apart from the players.
        bob.fill("#chat-text", "good luck")
        bob.keyboard.press("Enter")
        eve.fill("#chat-text", "Bob will lose")
        eve.keyboard.press("Enter")
        expect(eve.locator("#chat")).to_contain_text("Bob will lose")
        expect(eve.locator("#chat")).to_contain_text("good luck")
        expect(bob.locator("#chat")).to_contain_text("good luck")
        bob.reload()
        bob.wait_for_selector(CONNECTED)
        expect(bob.locator("#chat")).to_contain_text("good luck")
        expect(bob.locator("#chat")).not_to_contain_text("Bob will lose")
        bob.locator("#chat").evaluate("el => el.scrollIntoView({block: 'end'})")
        bob.screenshot(path=str(artifacts / f"table-life-chat-player-{size[0]}.png"))
        # The host lets the players read the spectators.
        client.post(f"/api/tables/{tid}/settings", headers=bearer(table["host_token"]), json={"spectator_chat": True})
        expect(bob.locator("#chat")).to_contain_text("Bob will lose")

        # The ruler: Bob measures; the other player sees it on their board, with his name.
        bob.get_by_role("button", name="Ruler").click()
        start, end = board_point(bob, 3, 3), board_point(bob, 9, 11)
        shot = artifacts / f"table-life-shared-ruler-{size[0]}.png"
        assert_ruler_shared(bob, ann, start, end, "Bob (Player 4): 10", shot)


def test_spectator_delay_holds_back_updates(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    with server.client() as client:
        table = new_table(client, name="Hidden moves")
        tid = table["id"]
        ann = token_of(join(client, tid, "p1", "Ann"))
        client.post(f"/api/tables/{tid}/settings", headers=bearer(table["host_token"]), json={"delay_actions": 2})
        player, eve = new_page(*size), new_page(*size)
        open_seat(eve, server.url, tid, None, "Eve")
        player.add_init_script("localStorage.setItem('warboard:name', 'Bob')")
        open_seat(player, server.url, tid, "p2", "Bob")
        for i in range(3):
            assert (
                act(
                    client,
                    tid,
                    bearer(ann),
                    {"kind": "add_token", "token": f"t{i}", "x": 2 + 3 * i, "y": 4, "label": f"T{i}"},
                ).status_code
                == 200
            )
        expect(player.locator(".piece")).to_have_count(3)
        expect(eve.locator(".piece")).to_have_count(1)  # two actions behind
        eve.wait_for_timeout(500)
        expect(eve.locator(".piece")).to_have_count(1)
        eve.screenshot(path=str(artifacts / f"table-life-delay-spectator-{size[0]}.png"))
        assert act(client, tid, bearer(ann), {"kind": "roll", "dice": "1d6"}).status_code == 200
        expect(eve.locator(".piece")).to_have_count(2)


def test_end_of_game_box_with_next_steps(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    with server.client() as client:
        table = new_table(client, system="srbr", name="Last stand")
        tid = table["id"]
        seats = table["seats"]
        first = token_of(join(client, tid, seats[0], "Ann"))
        page: Page = new_page(*size)
        open_seat(page, server.url, tid, seats[1], "Bob")
        assert act(client, tid, bearer(first), {"kind": "concede"}).status_code == 200
    box = page.locator("#end-box")
    expect(box).to_contain_text("Game over")
    expect(box).to_contain_text("Bob")
    expect(box.get_by_role("link", name="Watch the replay")).to_have_attribute("href", f"/tables/{tid}/replay")
    expect(box.get_by_role("link", name="Verify the dice")).to_have_attribute("href", f"/api/tables/{tid}/dice/proof")
    expect(box.get_by_role("link", name="New table")).to_have_attribute("href", "/")
    # The box does not cover the board: they do not overlap.
    b, s = box.bounding_box(), page.locator("#board").bounding_box()
    assert b and s and (b["y"] + b["height"] <= s["y"] + 1 or s["y"] + s["height"] <= b["y"] + 1), (b, s)
    page.screenshot(path=str(artifacts / f"table-life-end-{size[0]}.png"))
    box.get_by_role("button", name="Rematch").click()
    page.wait_for_url(re.compile(r"/tables/(?!" + tid + ")"))
    page.wait_for_selector(CONNECTED)
    expect(page.locator("#me")).to_have_text("You: Bob (Player 2)")


def test_replay_shows_chat_at_its_time_and_host_asks_before_removing(
    server: Server,
    new_page,  # type: ignore[no-untyped-def]
    artifacts: Path,
) -> None:
    with server.client() as client:
        table = new_table(client, name="Talk in replay")
        tid = table["id"]
        host_page = new_page(1280, 720)
        host_page.goto(f"{server.url}/tables/{tid}?seat=p1#host={table['host_token']}")
        host_page.wait_for_selector(CONNECTED)
        bob = token_of(join(client, tid, "p2", "Bob"))
        host_page.fill("#chat-text", "before the roll")
        host_page.keyboard.press("Enter")
        expect(host_page.locator("#chat")).to_contain_text("before the roll")
        assert act(client, tid, bearer(bob), {"kind": "roll", "dice": "1d6"}).status_code == 200
        seq_after_roll = client.get(f"/api/tables/{tid}").json()["seq"]
        host_page.fill("#chat-text", "after the roll")
        host_page.keyboard.press("Enter")
        expect(host_page.locator("#chat")).to_contain_text("after the roll")

        # The host's own seat has no "Remove player"; removing another player asks first.
        panel = host_page.locator("#host-panel")
        expect(panel.get_by_role("button", name="Remove the player at Player 1")).to_have_count(0)
        asked: list[str] = []
        host_page.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
        panel.get_by_role("button", name="Remove the player at Player 2").click()
        host_page.wait_for_timeout(300)
        assert asked and "Bob" in asked[0]
        assert client.get(f"/api/tables/{tid}").json()["seats"][1]["name"] == "Bob"  # dismissed: still seated

    replay = new_page(1280, 720)
    replay.goto(f"{server.url}/tables/{tid}/replay")
    expect(replay.locator("#chat")).to_contain_text("after the roll")
    replay.evaluate(
        f"() => {{ const s = document.getElementById('scrubber'); s.value = '{seq_after_roll - 1}'; s.dispatchEvent(new Event('input')); }}"
    )
    expect(replay.locator("#chat")).to_contain_text("before the roll")
    expect(replay.locator("#chat")).not_to_contain_text("after the roll")
    replay.screenshot(path=str(artifacts / "table-life-replay-chat.png"))


def test_a_removed_player_is_told_and_watches(server: Server, new_page, artifacts: Path) -> None:  # type: ignore[no-untyped-def]
    """The host removes Ann: her page says so at once and watches, with no stale "Your turn"."""
    with server.client() as client:
        table = new_table(client, name="Removed")
        tid = table["id"]
        ann = new_page(390, 844)
        open_seat(ann, server.url, tid, "p1", "Ann")
        kicked = client.post(f"/api/tables/{tid}/kick", headers=bearer(table["host_token"]), json={"seat": "p1"})
        assert kicked.status_code == 200
    expect(ann.locator("#board-message")).to_contain_text("The host removed you from this seat", timeout=5000)
    expect(ann.locator("#me")).to_have_text("Spectator")
    ann.screenshot(path=str(artifacts / "table-life-removed-390.png"))


def test_the_link_to_play_asks_the_friend_for_a_name(
    server: Server, new_page: NewPage, artifacts: Path, size: tuple[int, int]
) -> None:
    """A friend opening "Link to play" with no name here is asked for one (and may just watch),
    never seated as "Player"."""
    with server.client() as client:
        table = new_table(client, name="Come and play")
        tid = table["id"]
        friend = new_page(*size)
        friend.goto(f"{server.url}/tables/{tid}?join=1")
        friend.wait_for_selector(CONNECTED)
        expect(friend.locator("#me")).to_have_text("Spectator")
        expect(friend.locator("#join-error")).to_contain_text("You are invited to play: type your name")
        expect(friend.locator("#player-name")).to_be_focused()
        friend.screenshot(path=str(artifacts / f"table-life-invited-{size[0]}.png"))
        assert all(s["state"] == "open" for s in client.get(f"/api/tables/{tid}").json()["seats"])
        friend.get_by_role("button", name="Sit at Player 1").click()  # no name yet: asked again
        expect(friend.locator("#join-error")).to_contain_text("Type your name first")
        friend.fill("#player-name", "Dana")
        friend.get_by_role("button", name="Sit at Player 1").click()
        expect(friend.locator("#me")).to_have_text("You: Dana (Player 1)")
        seats = client.get(f"/api/tables/{tid}").json()["seats"]
        assert seats[0]["name"] == "Dana"
