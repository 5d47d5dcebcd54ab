"""Whole small-soldiers games through the HTTP API of a real Warboard server.

Each seat is played by a simple player that sees only what a browser sees: its own view, and
in it ``legal`` (the choices the server computed) and ``prompt``. Seeded tables reach each way
of winning; the table then reports the winner, refuses further actions and publishes its dice.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import httpx
import pytest

from app.systems.small_soldiers.words import WIN_REASONS
from tests.conftest import Server
from tests.core.test_dice import recompute
from tests.kit.table import act, join, new_table, spectate

SEATS = ("gorgonites", "commandos")
FOE = {"gorgonites": "commandos", "commandos": "gorgonites"}
LIMIT = 3000


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def choose(view: dict[str, Any], seat: str, goal: str = "flag") -> dict[str, Any]:
    """One action from the view's legal choices: battle when possible, else run at the enemy
    flag (``goal="flag"``) or at the nearest enemy fighter, leaving the flag alone (``"hunt"``);
    ``"one-move"``: as "flag", but with the advanced rules stop after one move a turn."""
    legal = view["legal"]
    if goal == "one-move":
        if legal.get("end_moves") and view["turn"]["moved"]:
            return {"kind": "end_moves"}
        goal = "flag"
    army = seat.split("-")[0]
    if "deploy" in legal:
        return {"kind": "deploy", "reserve": legal["deploy"]["reserve"][-1]}
    if legal.get("roll_opening"):
        return {"kind": "roll_opening"}
    if legal.get("play_card"):
        return {"kind": "play_card", "card": legal["play_card"][0]}
    if legal.get("spin"):
        return {"kind": "spin"}
    for fid, foes in legal.get("attacks", {}).items():
        return {"kind": "attack", "fighter": fid, "target": foes[0]}
    if legal.get("moves"):
        flag = next((p["q"], p["r"]) for p in view["pieces"] if p["id"] == f"flag-{FOE[army]}")
        foes = [(p["q"], p["r"]) for p in view["pieces"] if p["kind"] == "fighter" and p["army"] != army]

        def score(to: tuple[int, int]) -> tuple[int, int]:
            if goal == "flag":
                return (hex_distance(to, flag), 0)
            return (to == flag, min((hex_distance(to, f) for f in foes), default=0))

        options = [
            (score((d["q"], d["r"])), fid, d["q"], d["r"]) for fid, dests in legal["moves"].items() for d in dests
        ]
        _, fid, q, r = min(options)
        return {"kind": "move", "fighter": fid, "q": q, "r": r}
    if legal.get("end_moves"):
        return {"kind": "end_moves"}
    if legal.get("recruit"):
        return {"kind": "recruit", "fighter": legal["recruit"][0]}
    if legal.get("place_card"):
        return {"kind": "place_card", "fighter": legal["place_card"][0]}
    if legal.get("recall"):
        return {"kind": "recall", "target": legal["recall"][0]}
    if "launch" in legal:
        return {"kind": "launch", "power": 8.0, "angle": 0.0, "offset": 0.0}
    if legal.get("end_turn"):
        return {"kind": "end_turn"}
    raise AssertionError(f"{seat} has no choice in {legal}")


class HttpGame:
    """A table with both seats and a spectator, played over HTTP with ``choose``."""

    def __init__(self, client: httpx.Client, options: dict[str, Any], seed: str | None, goal: str = "flag") -> None:
        self.client = client
        self.goal = goal
        body: dict[str, Any] = {"options": options}
        if seed is not None:
            body["seed"] = seed
        self.table = new_table(client, "small-soldiers", name="Toy war", **body)
        self.id = self.table["id"]
        self.heads = {s: join(client, self.id, s, s.title()) for s in SEATS}
        self.watcher = {"Authorization": f"Bearer {spectate(client, self.id)}"}
        self.seq = self.get_view(self.watcher)["seq"]
        self.kinds: list[str] = []
        self.actions = 0

    def get_view(self, headers: dict[str, str]) -> dict[str, Any]:
        response = self.client.get(f"/api/tables/{self.id}/view", headers=headers)
        assert response.status_code == 200, response.text
        return response.json()  # type: ignore[no-any-return]

    def step(self) -> bool:
        """Play one action of the seat whose turn it is; False when the game is over."""
        public = self.get_view(self.watcher)["view"]
        if public["winner"]:
            return False
        seat = public["turn"]["active"][0]
        view = self.get_view(self.heads[seat])["view"]
        assert view["prompt"] and view["prompt"]["options"] == view["legal"]
        action = choose(view, seat, self.goal)
        response = act(self.client, self.id, self.heads[seat], action, f"ss-{self.actions}")
        assert response.status_code == 200, (action, response.text)
        body = response.json()
        events = body["events"]
        # The seq is gapless: this action's events follow the last seq, one each.
        assert [e["seq"] for e in events] == list(range(self.seq + 1, self.seq + 1 + len(events)))
        assert body["seq"] == events[-1]["seq"] and not body["duplicate"]
        self.seq = body["seq"]
        self.kinds += [e["kind"] for e in events]
        for e in events:
            if e["kind"] == "turn_started":  # names the seat whose turn begins (``seat`` is the actor)
                assert e["seat"] == seat and e["player"] == e["army"]
        self.actions += 1
        # The same id again is acknowledged as a duplicate and changes nothing.
        if self.actions % 25 == 0:
            again = act(self.client, self.id, self.heads[seat], action, f"ss-{self.actions - 1}").json()
            assert again["duplicate"] and again["seq"] == self.seq
        return True

    def play(self) -> None:
        for _ in range(LIMIT):
            if not self.step():
                return
        raise AssertionError("no winner")


@pytest.fixture
def client(server: Server) -> httpx.Client:
    return server.client()


@pytest.mark.parametrize(
    "options, seed, goal, reason",
    [
        ({}, "warboard-api-1", "flag", "flag_captured"),
        ({"map_name": "skirmish"}, "warboard-api-2", "hunt", "all_in_toy_store"),
        ({"advanced": True}, "warboard-api-1", "flag", "flag_captured"),
        ({"map_name": "skirmish", "advanced": True}, "adv-20", "one-move", "flag_captured"),
    ],
)
def test_seeded_game_to_each_victory(
    client: httpx.Client, options: dict[str, Any], seed: str, goal: str, reason: str
) -> None:
    game = HttpGame(client, options, seed, goal)
    game.play()
    summary = client.get(f"/api/tables/{game.id}").json()
    view = game.get_view(game.watcher)["view"]
    winner = view["winner"]
    assert winner["reason"] == reason
    assert summary["status"] == "finished"
    assert summary["outcome"]["winners"] == winner["seats"] == [winner["army"]]
    assert summary["outcome"]["reason"] == WIN_REASONS[reason]  # in words; the view's winner keeps the code
    assert view["_table"]["status"] == "finished" and view["turn"]["phase"] == "over"
    loser = FOE[winner["army"]]
    if reason == "all_in_toy_store":
        assert view["armies"][loser]["fighters_on_board"] == 0
        assert len(view["toy_store"][loser]) == 6
    else:
        flag = next(p for p in view["pieces"] if p["id"] == f"flag-{loser}")
        assert any(
            p["kind"] == "fighter" and p["army"] == winner["army"] and (p["q"], p["r"]) == (flag["q"], flag["r"])
            for p in view["pieces"]
        )
    assert {"deployed", "opening_rolled", "first_player", "spun", "moved", "game_won", "game_over"} <= set(game.kinds)
    if goal == "one-move":
        assert {"card_played", "moves_ended", "battle"} <= set(game.kinds)
    assert game.kinds[-1] == "game_over"
    # Nobody acts after the end.
    seat = SEATS[0]
    late = act(client, game.id, game.heads[seat], {"kind": "spin"})
    assert late.status_code == 409 and late.json()["error"]["code"] in ("game_over", "table_closed")
    # The events page holds the whole game in order.
    events, after = [], 0
    while True:
        page = client.get(f"/api/tables/{game.id}/events?after={after}", headers=game.watcher).json()
        events += page["events"]
        if not page["events"] or page["seq"] >= game.seq:
            break
        after = page["seq"]
    assert [e["seq"] for e in events] == list(range(events[0]["seq"], game.seq + 1))
    # The dice proof is public and recomputes every roll.
    proof = client.get(f"/api/tables/{game.id}/dice/proof")
    assert proof.status_code == 200
    body = proof.json()
    assert body["seed"] == seed and hashlib.sha256(seed.encode()).hexdigest() == game.table["dice_commitment"]
    for roll in body["rolls"]:
        assert recompute(seed, roll["i"], roll["sides"]) == roll["value"]


def test_secret_seed_proof_only_after_the_end(client: httpx.Client) -> None:
    game = HttpGame(client, {"map_name": "skirmish"}, None, "hunt")
    for _ in range(6):  # deploy, opening rolls and a first turn: far from any end
        assert game.step()
    early = client.get(f"/api/tables/{game.id}/dice/proof")
    assert early.status_code == 409 and early.json()["error"]["code"] == "game_in_progress"
    game.play()
    summary = client.get(f"/api/tables/{game.id}").json()
    assert summary["status"] == "finished" and summary["outcome"]["reason"] in WIN_REASONS.values()
    proof = client.get(f"/api/tables/{game.id}/dice/proof").json()
    assert hashlib.sha256(proof["seed"].encode()).hexdigest() == game.table["dice_commitment"]
    assert proof["rolls"] and all(recompute(proof["seed"], r["i"], r["sides"]) == r["value"] for r in proof["rolls"])
    assert json.dumps(proof)  # JSON throughout


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"advanced": True},
        {"players": 4, "team_mode": "split", "advanced": True},
        {"players": 4, "team_mode": "team"},
    ],
)
def test_every_action_emits_an_event(options: dict[str, Any]) -> None:
    """The session advances the table's seq by the events of an action: an action without one
    would leave every client behind (``end_moves`` once returned none)."""
    from app.core.dice import Dice
    from tests.systems.small_soldiers.conftest import SYSTEM, random_play

    for k in range(6):
        dice, pick = Dice(f"events-{k}"), Dice(f"events-{k}-pick")
        state = SYSTEM.setup(SYSTEM.validate_options(options), dice)
        for action, _, events in random_play(state, dice, pick):
            assert events, action


@pytest.mark.parametrize(
    "options, reason",
    [
        ({"dice": {"faces": ["skull", "skull", "skull"]}}, "tie could never be broken"),
        ({"spinner": {"segments": [{"kind": "draw"}]}}, "no 'move' segment"),
        (
            {
                "advanced": True,
                "players": 4,
                "deck": {"cards": [{"type": "armor", "bonus": 1, "name": "A", "count": 6}]},
            },
            "two hands of 5",
        ),
    ],
)
def test_bad_options_are_refused_with_the_reason(client: httpx.Client, options: dict[str, Any], reason: str) -> None:
    """Issue 10, point 5: a table that could not be played is refused at creation, never a 500."""
    response = client.post("/api/tables", json={"system": "small-soldiers", "name": "Bad", "options": options})
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert error["code"] == "bad_options" and reason in error["message"]
