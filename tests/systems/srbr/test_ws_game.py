"""A seeded srbr game over websockets: two players with two mechas each play to a winner
through their sockets while a spectator watches; everyone receives the same gapless seqs, and
the events match what the pure rules compute with the same dice stream."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from app.core.dice import Dice
from app.systems.srbr import SamuraiRobots
from tests.conftest import Server
from tests.kit.table import join, new_table, spectate, token_of
from tests.kit.ws import WsClient
from tests.systems.srbr import bot

pytestmark = pytest.mark.anyio

SEED = "warboard-srbr-ws"


@pytest.fixture
def ws_server(database_url: str) -> Iterator[Server]:
    """A server of our own: a whole game is many quick actions on one socket."""
    srv = Server(
        database_url,
        env={
            "WARBOARD_WS_RATE": "1000",
            "WARBOARD_WS_BURST": "1000",
            "WARBOARD_HTTP_RATE": "1000",
            "WARBOARD_HTTP_BURST": "1000",
        },
    ).start()
    yield srv
    srv.stop()


def _strip(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in e.items() if k not in ("seq", "seat")} for e in events]


async def _answer(client: WsClient, ref: str) -> dict[str, Any]:
    """The ack or error for our action (updates that arrive meanwhile are recorded)."""
    while True:
        message = await client.recv(10)
        if message["type"] in ("ack", "error") and message.get("ref") == ref:
            return message


async def _drain(client: WsClient) -> None:
    """Read whatever is already waiting, without blocking."""
    while True:
        try:
            await client.recv(0.05)
        except TimeoutError:
            return


async def test_a_seeded_game_over_websockets_to_a_winner(ws_server: Server) -> None:
    with ws_server.client() as client:
        table = new_table(client, "srbr", name="SRBR over websockets", seed=SEED)
        tid = table["id"]
        tokens = {seat: token_of(join(client, tid, seat, seat.upper())) for seat in ("p1", "p2")}
        watcher = spectate(client, tid)
    players = {seat: await WsClient.open(ws_server.ws_url, tid, tok) for seat, tok in tokens.items()}
    eve = await WsClient.open(ws_server.ws_url, tid, watcher)
    welcomes = {seat: await c.recv_type("welcome") for seat, c in players.items()}
    assert (await eve.recv_type("welcome"))["role"] == "spectator"
    start = welcomes["p1"]["seq"]
    assert welcomes["p1"]["view"]["board"]["units"] == "cm"
    assert len([p for p in welcomes["p1"]["view"]["pieces"] if p["owner"] == "p1"]) == 2
    assert len([p for p in welcomes["p2"]["view"]["pieces"] if p["owner"] == "p2"]) == 2

    system = SamuraiRobots()
    dice = Dice(SEED)
    state = system.setup(system.validate_options({}), dice)
    expected: list[dict[str, Any]] = []
    kinds: set[str] = set()
    for step in range(1500):
        if system.outcome(state) is not None:
            break
        seat = system.view(state, None)["turn"]["active"][0]
        raw = bot.choose({**system.view(state, seat), "_state": state, "_seat": seat}, seat)
        ref = f"w{step}"
        await players[seat].send({"type": "action", "id": ref, "action": raw})
        answer = await _answer(players[seat], ref)
        assert answer["type"] == "ack", (raw, answer)
        mirror = Dice(SEED, dice.index)
        state, events = system.apply(state, seat, system.parse_action(raw), mirror)
        dice.index = mirror.index
        expected.extend(events)
        kinds.update(e["kind"] for e in events)
    result = system.outcome(state)
    assert result is not None and len(result.winners) == 1
    assert {"activated", "moved", "attack", "damaged", "mecha_destroyed"} <= kinds

    final = max(c.seq for c in players.values())
    for c in (*players.values(), eve):
        await c.until_seq(final, timeout=20)
        await _drain(c)
    # the same gapless seqs for both players and the spectator
    seqs = eve.seqs
    assert seqs == list(range(start + 1, seqs[-1] + 1))
    assert players["p1"].seqs == players["p2"].seqs == seqs
    # the spectator's events are the rules' events, in order, ending with the game's end
    served = [e for m in eve.messages if m["type"] == "update" for e in m["events"]]
    assert served[-1]["kind"] == "game_over" and served[-1]["winners"] == result.winners
    assert _strip([e for e in served if e["kind"] != "game_over"]) == _strip(expected)
    # everyone's last view shows the winner; SRBR hides nothing, so the boards agree
    last = {
        name: next(m for m in reversed(c.messages) if m["type"] == "update")["view"]
        for name, c in (*players.items(), ("eve", eve))
    }
    for v in last.values():
        assert v["result"]["winners"] == result.winners
        assert v["turn"]["phase"] == "over"
    assert last["p1"]["pieces"] == last["p2"]["pieces"] == last["eve"]["pieces"]
    assert last["eve"]["prompt"] is None and last["eve"]["legal"] == []
    # a late action is refused
    loser = next(s for s in players if s not in result.winners)
    await players[loser].send({"type": "action", "id": "late", "action": {"kind": "end_turn"}})
    assert (await _answer(players[loser], "late"))["type"] == "error"
    for c in (*players.values(), eve):
        await c.close()
