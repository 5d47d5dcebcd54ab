"""An advanced-rules game (5-card hands) over websockets: every seat and a spectator connected.

Every message every client receives is kept. Afterwards each one is searched for the cards
that were hidden from that client when it was sent: the other side's hand (ids, and names
not otherwise on the table) and the deck (a card id is only ever shown once the card has been
drawn or played face up). Acks and seqs are checked as a browser would use them.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.conftest import Server
from tests.kit.table import join, new_table, spectate, token_of
from tests.kit.ws import WsClient
from tests.systems.small_soldiers.test_api_game import choose

pytestmark = pytest.mark.anyio

CARD_ID = re.compile(r'"(c\d{2})"')
REVEALING = ("card_drawn", "card_played")


def public_cards(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The cards face up in a view (plus the viewer's own hand)."""
    cards = list(view.get("discard") or []) + list(view.get("hand") or [])
    cards += [p["card"] for p in view.get("pieces", []) if p.get("card")]
    cards += [f["card"] for army in (view.get("toy_store") or {}).values() for f in army if f.get("card")]
    if (view.get("turn") or {}).get("card"):
        cards.append(view["turn"]["card"])
    return cards


def without_defaults(message: dict[str, Any]) -> str:
    """The message as text without the data files' provenance notes (they name card kinds)."""
    copy = json.loads(json.dumps(message))
    if isinstance(copy.get("view"), dict):
        copy["view"].pop("defaults", None)
    return json.dumps(copy)


async def play(server: Server, options: dict[str, Any], seed: str) -> tuple[dict[str, WsClient], list[str]]:
    client = server.client()
    table = new_table(client, "small-soldiers", name="Hidden hands", options=options, seed=seed)
    tid = table["id"]
    seats = [s["seat"] for s in client.get(f"/api/tables/{tid}").json()["seats"]]
    tokens = {s: token_of(join(client, tid, s, s)) for s in seats}
    tokens["spectator"] = spectate(client, tid)
    clients = {who: await WsClient.open(server.ws_url, tid, t) for who, t in tokens.items()}
    views: dict[str, dict[str, Any]] = {}
    for who, c in clients.items():
        welcome = await c.recv_type("welcome")
        assert welcome["role"] == ("spectator" if who == "spectator" else "player")
        views[who] = welcome["view"]
    n = 0
    while not views["spectator"]["winner"]:
        n += 1
        assert n < 2000, "no winner"
        seat = views["spectator"]["turn"]["active"][0]
        view = views[seat]
        legal = dict(view["legal"])
        if legal.get("play_card") and view["turn"]["round"] % 3:
            legal.pop("play_card")  # keep the hands hidden for longer: play a card every third turn
        action = choose({**view, "legal": legal}, seat)
        ref = f"ws-{n}"
        await clients[seat].send({"type": "action", "id": ref, "action": action})
        while True:
            message = await clients[seat].recv()
            if message["type"] == "error":
                raise AssertionError((action, message))
            if message["type"] == "ack":
                assert message["ref"] == ref
                break
        target = message["seq"]
        for who, c in clients.items():
            await c.until_seq(target)
            views[who] = next(m["view"] for m in reversed(c.messages) if "view" in m)
    # Every client saw every seq once and in order, and the same public game.
    first = clients["spectator"].seqs
    for c in clients.values():
        assert c.seqs == first == list(range(first[0], first[0] + len(first)))
    for c in clients.values():
        await c.close()
    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["status"] == "finished" and summary["outcome"]["winners"] == views["spectator"]["winner"]["seats"]
    return clients, seats


def hands_by_seq(c: WsClient) -> dict[int, list[dict[str, Any]]]:
    return {m["seq"]: m["view"]["hand"] for m in c.messages if "view" in m and "seq" in m}


def hand_at(hands: dict[int, list[dict[str, Any]]], seq: int) -> list[dict[str, Any]]:
    """The seat's hand at ``seq`` (hands only shrink, so the last known one before is a superset)."""
    return hands[max(s for s in hands if s <= seq)]


@pytest.mark.parametrize(
    "options, seed",
    [
        ({"advanced": True}, "warboard-ws-1"),
        ({"advanced": True, "players": 4, "team_mode": "split"}, "warboard-ws-4"),
    ],
)
async def test_no_hidden_card_reaches_another_seat_or_a_spectator(
    server: Server, options: dict[str, Any], seed: str
) -> None:
    clients, seats = await play(server, options, seed)
    hands = {s: hands_by_seq(clients[s]) for s in seats}
    start_hands = {s: hands[s][min(hands[s])] for s in seats}
    assert all(len(h) == 5 for h in start_hands.values())
    played = 0
    for who, c in clients.items():
        revealed: set[str] = set()
        own_seen = False
        for message in c.messages:
            if message["type"] not in ("welcome", "update"):
                continue
            text = json.dumps(message)
            view = message["view"]
            seq = message["seq"]
            assert set(view["deck"]) == {"count", "make_up"}  # the make-up by name and count, never the order
            assert (view["hand"] is None) == (who == "spectator")
            for e in message.get("events", []):
                if e["kind"] in REVEALING:
                    revealed.add(e["card"]["id"])
                played += e["kind"] == "card_played" and who == "spectator"
                if e["kind"] == "deck_reshuffled":
                    assert set(e) <= {"kind", "cards", "seq", "seat"}
            own = view["hand"] or []
            visible = public_cards(view) + own
            # a card id shows only once face up (drawn or played), or in the own hand
            allowed = revealed | {card["id"] for card in visible}
            for cid in CARD_ID.findall(text):
                assert cid in allowed, (who, seq, cid, "a card id from the deck or a hand")
            # the other seats' hands at this seq: neither their ids nor (unless face up) their names
            names_on_table = {card["name"] for card in visible}
            body = without_defaults(message)
            for other in seats:
                if other.split("-")[0] == who.split("-")[0]:
                    continue  # one hand per side: a teammate's hand is the own hand
                for card in hand_at(hands[other], seq):
                    assert f'"{card["id"]}"' not in text, (who, seq, other, card)
                    if card["name"] not in names_on_table:
                        assert card["name"] not in body, (who, seq, other, card)
            if who != "spectator" and any(f'"{card["id"]}"' in text for card in own):
                own_seen = True
        assert own_seen or who == "spectator"  # the search finds a hand where it belongs
    assert played >= 2  # hands were played during the game, so they changed under the search
