"""``POST /api/my-games`` and ``seat_not_held`` against a real server: each held seat answered
with its own token, a code per entry for an unknown table or a token that does not hold the
seat (never a 500, never another seat's answer), bad bodies refused whole."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.conftest import Server
from tests.kit.table import act, join, new_table, spectate, token_of


@pytest.fixture
def client(server: Server) -> httpx.Client:
    return server.client()


def ask(client: httpx.Client, seats: list[dict[str, str]]) -> list[dict[str, Any]]:
    response = client.post("/api/my-games", json={"seats": seats})
    assert response.status_code == 200, response.text
    return response.json()["games"]  # type: ignore[no-any-return]


def test_each_seat_answered_with_its_move_and_result(client: httpx.Client) -> None:
    table = new_table(client, "gkr", name="Arena night", seed="mg-1")
    tid = table["id"]
    ann = join(client, tid, "diamondback", "Ann")
    bob = join(client, tid, "king-wolf", "Bob")
    games = ask(
        client,
        [
            {"table": tid, "seat": "diamondback", "token": token_of(ann)},
            {"table": tid, "seat": "king-wolf", "token": token_of(bob)},
        ],
    )
    assert [g["seat"] for g in games] == ["diamondback", "king-wolf"]  # in the order asked
    first, second = games
    assert first["your_move"] is True and second["your_move"] is False
    assert first["name"] == "Arena night" and first["system"] == "gkr" and first["seat_label"] == "DiamondBack"
    assert first["player"] == "Ann" and first["status"] == "open" and first["error"] is None
    view = client.get(f"/api/tables/{tid}/view", headers=ann).json()
    assert first["seq"] == view["seq"] and view["view"]["turn"]["active"] == ["diamondback"]
    assert first["last_activity"].endswith("+00:00")
    # the host closes the table: a result, nobody's move
    assert (
        client.post(f"/api/tables/{tid}/close", headers={"Authorization": f"Bearer {table['host_token']}"}).status_code
        == 200
    )
    closed = ask(client, [{"table": tid, "seat": "diamondback", "token": token_of(ann)}])[0]
    assert closed["status"] == "closed" and closed["your_move"] is False


def test_no_turn_order_is_never_your_move(client: httpx.Client) -> None:
    tid = new_table(client, "sandbox")["id"]
    ann = join(client, tid, "p1", "Ann")
    (game,) = ask(client, [{"table": tid, "seat": "p1", "token": token_of(ann)}])
    assert game["your_move"] is False and game["turn_order"] is False


def test_bad_entries_get_a_code_each_and_nothing_else(client: httpx.Client) -> None:
    tid = new_table(client, "small-soldiers", seed="mg-2")["id"]
    ann = join(client, tid, "gorgonites", "Ann")
    watcher = spectate(client, tid)
    other = new_table(client, "sandbox")["id"]
    games = ask(
        client,
        [
            {"table": "no-such-table", "seat": "gorgonites", "token": token_of(ann)},
            {"table": tid, "seat": "gorgonites", "token": "not-a-token"},
            {"table": other, "seat": "gorgonites", "token": token_of(ann)},  # another table's token
            {"table": tid, "seat": "commandos", "token": token_of(ann)},  # a seat the token does not hold
            {"table": tid, "seat": "commandos", "token": watcher},  # a spectator's token
            {"table": tid, "seat": "gorgonites", "token": token_of(ann)},
        ],
    )
    codes = [g["error"]["code"] if g["error"] else None for g in games]
    assert codes == ["unknown_table", "unauthorized", "unauthorized", "seat_not_held", "seat_not_held", None]
    for g in games[:5]:  # nothing but the code: no table name, no seat's state
        assert g["name"] is None and g["your_move"] is False and g["seq"] is None and g["player"] is None


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({}, "malformed"),
        ({"seats": "all"}, "malformed"),
        ({"seats": [{"table": "t", "seat": "s"}]}, "malformed"),
        ({"seats": [{"table": "t", "seat": "s", "token": "x", "extra": 1}]}, "malformed"),
        ({"seats": [{"table": "t", "seat": "s", "token": 7}]}, "malformed"),
        ({"seats": [{"table": "t", "seat": "s", "token": "x\u0000"}]}, "malformed"),
        ({"seats": [{"table": "t", "seat": "s", "token": "x"}] * 51}, "malformed"),
    ],
)
def test_bad_bodies_are_refused_whole(client: httpx.Client, body: dict[str, Any], code: str) -> None:
    response = client.post("/api/my-games", json=body)
    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"] == code


def test_an_action_for_a_seat_the_token_does_not_hold_is_refused(client: httpx.Client) -> None:
    tid = new_table(client, "sandbox")["id"]
    ann = join(client, tid, "p1", "Ann")
    join(client, tid, "p2", "Bob")
    seq = client.get(f"/api/tables/{tid}").json()["seq"]
    body = {"id": "x1", "seat": "p2", "action": {"kind": "roll", "dice": "1d6"}}
    response = client.post(f"/api/tables/{tid}/actions", json=body, headers=ann)
    assert response.status_code == 403 and response.json()["error"]["code"] == "seat_not_held"
    assert client.get(f"/api/tables/{tid}").json()["seq"] == seq  # nothing applied
    assert client.post(f"/api/tables/{tid}/preview", json=body, headers=ann).json()["error"]["code"] == "seat_not_held"
    ok = client.post(f"/api/tables/{tid}/actions", json={**body, "seat": "p1"}, headers=ann)
    assert ok.status_code == 200
    assert act(client, tid, ann, {"kind": "roll", "dice": "1d6"}).status_code == 200  # naming the seat stays optional


def test_each_seat_carries_its_clock(client: httpx.Client) -> None:
    """By post: the seat to act has its days left, running, with its deadline; the other waits
    with a full limit and no deadline. No clock: null."""
    clock = {"mode": "correspondence", "days": 2, "timeout": "computer"}
    tid = new_table(client, "gkr", name="By post", seed="mg-clock", clock=clock)["id"]
    ann = join(client, tid, "diamondback", "Ann")
    bob = join(client, tid, "king-wolf", "Bob")
    seats = [
        {"table": tid, "seat": "diamondback", "token": token_of(ann)},
        {"table": tid, "seat": "king-wolf", "token": token_of(bob)},
    ]
    before = ask(client, seats)
    assert before[0]["clock"]["running"] is False and before[0]["clock"]["deadline"] is None  # not started
    legal = client.get(f"/api/tables/{tid}/legal", headers=ann).json()["actions"]
    assert act(client, tid, ann, legal[0]).status_code == 200  # the first action starts the clock
    games = ask(client, seats)
    on = next(g for g in games if g["your_move"])
    off = next(g for g in games if not g["your_move"])
    day = 86_400_000
    assert on["clock"]["mode"] == "correspondence" and on["clock"]["running"] is True
    assert 2 * day - 60_000 < on["clock"]["left"] <= 2 * day and on["clock"]["limit"] == 2 * day
    assert on["clock"]["deadline"] == on["clock"]["now"] + on["clock"]["left"]
    assert off["clock"]["running"] is False and off["clock"]["deadline"] is None
    plain = new_table(client, "gkr", seed="mg-noclock")["id"]
    cid = join(client, plain, "diamondback", "Ann")
    (none,) = ask(client, [{"table": plain, "seat": "diamondback", "token": token_of(cid)}])
    assert none["clock"] is None
