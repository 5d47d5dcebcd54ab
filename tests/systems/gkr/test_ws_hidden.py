"""A seeded 3-player GKR game over websockets: three seats and a spectator connected.

The games are the seeded games of test_game.py: both open with Big Little Buddy activated by
DiamondBack, who chooses the Mine Mate face down, and a sponsor card stolen; then ThunderHappy
fires face-down weapon cards every round, or King Wolf tags buildings and draws sponsor cards. The same actions are replayed in
process beside the server, so for every acknowledged action we know what each seat held and
what lay face down. Every message every client receives is kept, then searched for what was
hidden from that client when it was sent:

- card ids of another seat's hand, sponsor hand and deck (the ids name the card's kind);
- face-down firing-line entries of another seat (anything but ``{"owner", "hidden"}``) and the
  names of their chosen weapons, Big Little Buddy's choice included, before the reveal;
- the names of another faction's weapon cards outside what is public (revealed firing-line
  entries, attacks, the data files' defaults, Big Little Buddy's face-up weapon cards);
- for the spectator, the names of any sponsor card outside the cards played face up.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest

from tests.conftest import Server
from tests.kit.table import join, new_table, spectate, token_of
from tests.kit.ws import WsClient
from tests.systems.gkr.game import Table
from tests.systems.gkr.test_game import OPTIONS, SEED, play_buildings_game, play_destruction_game

pytestmark = pytest.mark.anyio

CARD_ID = re.compile(r'"((?:diamondback|king-wolf|thunderhappy|hammerstrike)-\d{2}|s\d{2})"')
SPONSOR_NAMES = ("Activate BLB", "Energy Boost", "Repair Kit")
PUBLIC_EVENTS = ("attack", "attack_void", "firing_line_revealed")  # after the reveal
PLAYED_FACE_UP = ("sponsor_played", "blb_activated")


class Snapshot:
    """What each seat holds and what lies face down in one state of the game."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.state = copy.deepcopy(state)
        self.cards = state["cards"]
        self.held = {s: set(p["hand"] + p["sponsor"] + p["deck"]) for s, p in state["players"].items()}
        self.face_down = {
            s: [e for e in state["firing_line"] if e["owner"] == s and not e["revealed"]] for s in state["players"]
        }
        self.revealed = any(e["revealed"] for e in state["firing_line"])
        self.controller = state["blb"]["controller"]
        self.blb_weapon = state["blb"]["weapon"]

    def hidden_ids(self, viewer: str | None) -> set[str]:
        out: set[str] = set()
        for seat, cards in self.held.items():
            if seat != viewer:
                out |= cards
        return out


def public_text(message: dict[str, Any]) -> str:
    """The message without the parts that are public by the rules: the data files' defaults,
    Big Little Buddy's three face-up weapon cards, revealed firing-line entries and attacks."""
    m = copy.deepcopy(message)
    m.pop("patch", None)  # an update's patch: every value in it is part of the view it makes, checked here
    view = m.get("view")
    if isinstance(view, dict):
        view.pop("defaults", None)
        (view.get("blb") or {}).pop("weapons", None)
        view["firing_line"] = [e for e in view.get("firing_line", []) if not e.get("revealed")]
    if "events" in m:
        m["events"] = [e for e in m["events"] if e.get("kind") not in PUBLIC_EVENTS]
    return json.dumps(m)


def faction_weapon_names(table: Table, seat: str) -> set[str]:
    weapons = table.state["data"]["weapons"]
    return {w["name"] for key, w in weapons.items() if key.startswith(f"{seat}/")}


async def play(server: Server, game: Any, winner: str) -> tuple[dict[str, WsClient], list[Snapshot], list[int], Table]:
    script = game()
    client = server.client()
    created = new_table(client, "gkr", name="Hidden cards", options=OPTIONS, seed=SEED)
    tid = created["id"]
    seats = script.state["seats"]
    tokens = {s: token_of(join(client, tid, s, s)) for s in seats}
    tokens["spectator"] = spectate(client, tid)
    clients = {who: await WsClient.open(server.ws_url, tid, t) for who, t in tokens.items()}
    for who, c in clients.items():
        welcome = await c.recv_type("welcome")
        assert welcome["role"] == ("spectator" if who == "spectator" else "player")
    shadow = Table(OPTIONS, SEED)  # the same game in process, step by step
    snapshots = [Snapshot(shadow.state)]
    acked: list[int] = []
    for n, (seat, action) in enumerate(script.actions):
        ref = f"gkr-ws-{n}"
        await clients[seat].send({"type": "action", "id": ref, "action": action})
        while True:
            message = await clients[seat].recv()
            assert message["type"] != "error", (n, seat, action, message)
            if message["type"] == "ack" and message["ref"] == ref:
                break
        shadow.do(seat, action)
        snapshots.append(Snapshot(shadow.state))
        acked.append(message["seq"])
        for c in clients.values():
            await c.until_seq(message["seq"])
    for c in clients.values():  # the game_over table event follows the last action
        try:
            while True:
                await c.recv(timeout=1)
        except TimeoutError:
            pass
        await c.close()
    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["status"] == "finished" and summary["outcome"]["winners"] == [winner]
    return clients, snapshots, acked, script


def snapshot_at(snapshots: list[Snapshot], acked: list[int], seq: int) -> tuple[Snapshot, Snapshot]:
    """(the state before, the state after) the last action acknowledged at or before ``seq``."""
    done = sum(1 for s in acked if s <= seq)
    return snapshots[max(0, done - 1)], snapshots[done]


@pytest.mark.parametrize(
    "game, winner, story",
    [
        (play_destruction_game, "thunderhappy", ("damaged",)),
        (play_buildings_game, "king-wolf", ("tagged", "sponsor_drawn", "demolished")),
    ],
)
async def test_no_hidden_card_or_choice_reaches_another_seat_or_a_spectator(
    fast_server: Server, game: Any, winner: str, story: tuple[str, ...]
) -> None:
    clients, snapshots, acked, script = await play(fast_server, game, winner)
    seats = script.state["seats"]
    kinds = {e["kind"] for e in script.log}
    for needed in (
        "blb_activated",
        "weapons_chosen",
        "firing_line_revealed",
        "sponsor_stolen",
        "cards_drawn",
        "displaced",
        "victory",
        *story,
    ):
        assert needed in kinds, needed
    checked = {"face_down_seen_hidden": 0, "blb_choice_hidden": 0, "own_cards_seen": 0, "own_names_seen": 0}
    for who, c in clients.items():
        viewer = None if who == "spectator" else who
        seq = -1
        for message in c.messages:
            seq = message.get("seq", seq)
            before, after = snapshot_at(snapshots, acked, seq)
            text = json.dumps(message)
            # 1. card ids: none of another seat's hand, sponsor hand or deck (the victim of a
            #    theft saw the stolen card in its own hand just before)
            hidden = after.hidden_ids(viewer) - before.held.get(viewer, set()) - after.held.get(viewer, set())
            for cid in CARD_ID.findall(text):
                assert cid not in hidden, (who, seq, cid, message.get("type"))
            if viewer and any(f'"{cid}"' in text for cid in after.held[viewer]):
                checked["own_cards_seen"] += 1
            view = message.get("view")
            body = public_text(message)
            if viewer and any(name in body for name in faction_weapon_names(script, viewer)):
                checked["own_names_seen"] += 1  # the name search finds a hand where it belongs
            # 2. face-down entries of the others: owner and "hidden" only, and no weapon name
            for other in seats:
                if other == viewer:
                    continue
                for entry in after.face_down[other]:
                    assert entry["weapon"]["name"] not in body, (who, seq, other, entry["weapon"]["name"])
                if view is not None:
                    theirs = [e for e in view["firing_line"] if e["owner"] == other]
                    if after.face_down[other]:
                        assert theirs == [{"owner": other, "hidden": True}] * len(after.face_down[other])
                        checked["face_down_seen_hidden"] += 1
                # 3. another faction's weapon names only where they are public
                for name in faction_weapon_names(script, other):
                    assert name not in body, (who, seq, other, name)
            # 4. Big Little Buddy's choice: only its controller sees it before the reveal
            if view is not None and after.blb_weapon and not after.revealed and viewer != after.controller:
                assert view["blb"]["chosen_weapon"] is None
                assert view["blb"]["weapon_cards_face_down"] == 3
                checked["blb_choice_hidden"] += 1
            # 5. a spectator sees no sponsor card's name but those played face up
            if viewer is None:
                m = json.loads(body)
                m["events"] = [e for e in m.get("events", []) if e.get("kind") not in PLAYED_FACE_UP]
                for name in SPONSOR_NAMES:
                    assert name not in json.dumps(m), (seq, name)
                if view is not None:
                    assert "hand" not in view and "sponsor_hand" not in view and view.get("prompt") is None
                    for p in view["players"].values():
                        assert isinstance(p["hand_count"], int) and isinstance(p["sponsor_count"], int)
    # the search had something to find
    assert checked["face_down_seen_hidden"] > 0 and checked["blb_choice_hidden"] > 0
    assert checked["own_cards_seen"] > 0 and checked["own_names_seen"] > 0
    first = clients["spectator"].seqs
    for c in clients.values():
        assert c.seqs == first == list(range(first[0], first[0] + len(first)))
