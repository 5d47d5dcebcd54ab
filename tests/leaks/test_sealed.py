"""The generic leak suite: every system, a seeded game to its end, every byte every viewer gets.

For each rule system a seeded game is played to its end over HTTP against a real server, with
random legal actions (``legal_actions``) chosen by a seeded generator, while every seat and a
spectator hold websockets. The same actions are applied in process beside the server, so for
every seq we know the full state and, from it, what each viewer must not know
(``tests.leaks.secrets``: other seats' hands and face-down choices, every deck and draw pile)
plus the table's dice seed. Then everything that reached each viewer is scanned:

- websocket welcome, every update, a reconnect's welcome and a resync (every system, the
  sandbox's short script too);
- ``/legal`` of the acting seat (what bots decide from) and of a spectator at every step;
- the preview of every legal action at every step, by every seat (the others' actions too,
  refused for it), the full state handed in: each answered by ``sealed_preview``, the function
  behind ``POST /preview``, which runs it on the game as that seat may know it (in process:
  thousands per game; ``test_twins.py`` checks the answers on twin states);
  and over HTTP ``/preview`` of up to 4 of the acting seat's actions, whose legality and reason
  must equal the in-process answer's; the error another seat gets for trying the same action;
- takebacks asked now and then by the seat that just acted, allowed or refused by the others:
  the window (``/takeback``), the request's and the answers' replies (``tests.leaks.takebacks``);
- a long live clock on every table with turns: ``/clock`` as every viewer at every step, and
  now and then a pause asked, allowed and resumed (``tests.leaks.clocks``);
- the acting seat's ``/actions`` answers, and at the end ``/view`` and ``/events?after=-1`` of
  every viewer, ``/replay?seq=N`` at every seq, ``/turns`` now and then and at the end, the
  lobby, the table summary, and while the game runs the dice proof, the share file, the log
  download and the game report (API and page) (each 409 ``game_in_progress``, no seed).

A message is checked against the secrets of the state at its seq; an event, at the event's seq.
Zero hits. The positive control: in the games with hidden cards, each seat's own hand does show
up in that seat's own stream, so the scanner does see secrets where they belong.

The operator's ``warboard export`` is not a viewer's path: it is the table's whole log, so that
it can be imported elsewhere; while the game runs it holds no seed (``tests/server/test_cli.py``).
"""

from __future__ import annotations

import bisect
import hashlib
import json
import random
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from app.core.dice import Dice
from app.core.errors import WarboardError
from app.session.actions import sealed_preview
from app.session.game import play
from app.session.projection import Projection
from app.session.records import Envelope
from app.systems import registry
from tests.conftest import Server
from tests.kit.table import bearer, open_table_async
from tests.kit.ws import WsClient
from tests.leaks.clocks import clock_for, clock_round
from tests.leaks.secrets import own, secrets
from tests.leaks.takebacks import takeback_round

pytestmark = pytest.mark.anyio

ENDINGS = {"concede", "propose_end", "agree_end", "accept_end", "end_game"}
PREVIEWS_PER_STEP = 4
LISTED_PER_STEP = 40  # listed actions previewed in process by every seat, each step (drawn where more are listed)
# system id, options, the step after which ending kinds (conceding) may be chosen
GAMES = [
    ("sandbox", {}, 0),
    ("small-soldiers", {}, 2000),
    ("small-soldiers", {"advanced": True}, 2000),
    ("small-soldiers", {"advanced": True, "players": 4, "team_mode": "team"}, 2000),
    ("gkr", {"players": 2}, 2000),
    ("gkr", {"players": 4}, 2000),  # four firing-line choices face down at once
    ("hgb", {}, 120),
    ("srbr", {}, 120),
]
SANDBOX_SCRIPT = [
    ("p1", {"kind": "add_token", "token": "a", "x": 2, "y": 2}),
    ("p2", {"kind": "roll", "dice": "3d6"}),
    ("p1", {"kind": "move_token", "token": "a", "x": 5, "y": 4}),
    ("p2", {"kind": "add_token", "token": "b", "x": 9, "y": 9}),
    ("p1", {"kind": "roll", "dice": "2d10"}),
    ("p2", {"kind": "remove_token", "token": "b"}),
]
MAX_STEPS = 3000
RECONNECT_AT = 40  # the step after which a seat and a spectator reconnect and resync (sandbox: 3)
LISTEN = {"drain": True, "max_size": 2**23}  # every websocket keeps every message, read in the background


class Game:
    """The same game, in process: the full state after every action."""

    def __init__(self, system_id: str, options: dict[str, Any], seed: str) -> None:
        self.system = registry.get(system_id)
        assert self.system is not None
        self.options = self.system.validate_options(options)
        self.seats = self.system.seats(self.options)
        self.seed = seed
        dice = Dice(seed, 0)
        self.state = self.system.setup(self.options, dice)
        self.index = dice.index

    def try_apply(self, seat: str, raw: dict[str, Any]) -> dict[str, Any] | None:
        dice = Dice(self.seed, self.index)
        try:
            state, _ = self.system.apply(self.state, seat, self.system.parse_action(raw), dice)
        except WarboardError:
            return None
        self.state, self.index = state, dice.index
        return state

    def over(self) -> bool:
        return self.system.outcome(self.state) is not None


@dataclass
class Timeline:
    """The full state at every seq: entry i holds the state after the events up to last[i]."""

    system_id: str
    seats: list[str]
    seed: str
    last: list[int] = field(default_factory=list)
    states: list[dict[str, Any]] = field(default_factory=list)
    _cache: dict[int, dict[str | None, set[str]]] = field(default_factory=dict)

    def add(self, last_seq: int, state: dict[str, Any]) -> None:
        self.last.append(last_seq)
        self.states.append(state)

    def index(self, seq: int) -> int:
        return min(bisect.bisect_left(self.last, seq), len(self.last) - 1)

    def secrets(self, seq: int, viewer: str | None) -> set[str]:
        """What ``viewer`` must not read in an event at ``seq``, judged by the state after its
        action; less what the viewer itself held just before (a seat robbed of a card may be told
        which of its own cards was taken: GKR's steal when Big Little Buddy falls)."""
        i = self.index(seq)
        if i not in self._cache:
            self._cache[i] = secrets(self.system_id, self.states[i], self.seats)
        held = own(self.system_id, self.states[i - 1], self.seats, viewer) if viewer and i > 0 else set()
        return self._cache[i][viewer] - held

    def own(self, seq: int, seat: str) -> set[str]:
        return own(self.system_id, self.states[self.index(seq)], self.seats, seat)


@dataclass
class Scanner:
    timeline: Timeline
    hits: list[str] = field(default_factory=list)
    own_seen: int = 0
    own_held: int = 0

    def check(self, where: str, viewer: str | None, seq: int, payload: Any, sent: str = "") -> None:
        """``sent``: what the viewer itself sent (an error may echo it back)."""
        text = payload if isinstance(payload, str) else json.dumps(payload)
        if self.timeline.seed in text:
            self.hits.append(f"{where} to {viewer}: the dice seed")
        for secret in self.timeline.secrets(seq, viewer):
            if f'"{secret}"' in text and f'"{secret}"' not in sent:
                self.hits.append(f"{where} to {viewer} at seq {seq}: {secret}")

    def check_events(self, where: str, viewer: str | None, events: list[dict[str, Any]]) -> None:
        for event in events:
            self.check(where, viewer, int(event["seq"]), event)

    def check_message(self, viewer: str | None, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind in ("welcome", "update"):
            self.check(f"ws {kind}", viewer, int(message["seq"]), message.get("view") or {})
            self.check(f"ws {kind} patch", viewer, int(message["seq"]), revealed(message.get("patch") or []))
            self.check_events(f"ws {kind} event", viewer, message.get("events") or [])
            if viewer is not None:
                text, held = json.dumps(message), self.timeline.own(int(message["seq"]), viewer)
                self.own_held += len(held)
                self.own_seen += sum(f'"{c}"' in text for c in held)
        else:
            self.check(f"ws {kind}", viewer, 10**9, message)


def revealed(patch: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What a JSON Patch shows: each new place's keys (its pointer split, so a key is scanned as a
    view's key is) and value. A removal names only what the viewer saw already."""

    def keys(pointer: str) -> list[str]:
        return [k.replace("~1", "/").replace("~0", "~") for k in pointer.split("/")]

    return [{"path": keys(op["path"]), "value": op.get("value")} for op in patch if op["op"] != "remove"]


def choose(
    game: Game, rng: random.Random, step: int, allow_end: int
) -> tuple[str, dict[str, Any], dict[str, list[dict[str, Any]]]]:
    """A random listed action that parses (some listings are templates), ending kinds (a
    concession) only from step ``allow_end`` on, and then first; and every seat's legal actions."""
    if game.system.id == "sandbox":
        seat, action = SANDBOX_SCRIPT[step]
        return seat, action, {seat: [action]}
    options = {seat: game.system.legal_actions(game.state, seat) for seat in game.seats}
    pool = [(s, a) for s, acts in options.items() for a in acts if _parses(game, a)]
    assert pool, f"no seat has a legal action at step {step}"
    ending = [(s, a) for s, a in pool if a["kind"] in ENDINGS]
    playing = [(s, a) for s, a in pool if a["kind"] not in ENDINGS]
    if step >= allow_end and ending:
        pool = ending
    elif playing:
        pool = playing
    rng.shuffle(pool)
    seat, action = pool[0]
    return seat, action, options


def previews(
    game: Game, seq: int, options: dict[str, list[dict[str, Any]]], rng: random.Random
) -> dict[tuple[str, str], dict[str, Any]]:
    """Each seat's preview of every seat's legal actions (its own, and the others' too, refused
    for it), from the full state, as ``POST /preview`` would answer; of ``LISTED_PER_STEP`` of
    them, drawn by ``rng``, where more are listed (a GKR seat lists every move at every facing
    and every pairing of weapons: thousands of previews a step)."""
    projection = Projection(game.system, seeded=True)
    env = Envelope(seq, 0, game.index, "open", game.state)
    listed = {json.dumps(a, sort_keys=True): a for actions in options.values() for a in actions if _parses(game, a)}
    # every seat previews each drawn action: at four seats half as many drawn keeps a step's cost
    many = LISTED_PER_STEP if len(game.seats) <= 2 else LISTED_PER_STEP // 2
    if len(listed) > many:
        listed = {k: listed[k] for k in rng.sample(sorted(listed), many)}
    answers = {}
    for seat in game.seats:
        for key, action in listed.items():
            p = sealed_preview(projection, env, seat, game.system.parse_action(action))
            error = p.error.to_dict()["error"] if p.error else None
            answers[(seat, key)] = {"legal": p.legal, "events": p.events, "outcome": p.outcome, "error": error}
    return answers


def _parses(game: Game, action: dict[str, Any]) -> bool:
    try:
        game.system.parse_action(action)
    except WarboardError:
        return False
    return True


@pytest.mark.parametrize(
    ("system_id", "options", "allow_end"),
    GAMES,
    ids=[g[0] + "".join(f"-{k}{v if k == 'players' else ''}" for k, v in g[1].items()) for g in GAMES],
)
async def test_no_viewer_receives_what_it_may_not_see(
    fast_server: Server, system_id: str, options: dict[str, Any], allow_end: int
) -> None:
    # A fixed seed per game (a canary all the same: no viewer may receive it): with a random one,
    # a GKR game of random choices, which has no concession to end it, now and then ran past MAX_STEPS.
    seed = f"canary-seed-{hashlib.sha256((system_id + json.dumps(options, sort_keys=True)).encode()).hexdigest()[:32]}"
    game = Game(system_id, options, seed)
    timeline = Timeline(system_id, game.seats, seed)
    scan = Scanner(timeline)
    rng = random.Random(system_id + json.dumps(options))
    async with httpx.AsyncClient(base_url=fast_server.url, timeout=30) as client:
        seated = await open_table_async(
            client, system_id, game.seats, name="Sealed", seed=seed, options=options, **clock_for(system_id)
        )
        table_id, tokens = seated.id, seated.tokens
        timeline.add(len(game.seats), game.state)
        scan.check("create answer", None, 0, {k: v for k, v in seated.created.items() if k != "host_token"})
        listeners = {viewer: await seated.socket(fast_server.ws_url, viewer, **LISTEN) for viewer in tokens}
        reconnected: list[tuple[str | None, WsClient]] = []
        seq, step, previewed = len(game.seats), 0, 0
        for step in range(MAX_STEPS):
            if game.over() or (system_id == "sandbox" and step == len(SANDBOX_SCRIPT)):
                break
            if step == (3 if system_id == "sandbox" else RECONNECT_AT):  # a reconnect, a resync a few seqs back
                for viewer in (game.seats[0], None):
                    await listeners[viewer].until_seq(seq)
                    fresh = await seated.socket(fast_server.ws_url, viewer, **LISTEN, check_order=False)
                    await fresh.send({"type": "resync", "since": max(0, seq - 6)})
                    reconnected.append((viewer, fresh))
            seat, action, every = choose(game, rng, step, allow_end)
            seat_actions = every[seat]
            answers = previews(game, seq, every, rng)
            for (previewer, sent), body in answers.items():  # an error may echo what was sent
                scan.check("preview (in process)", previewer, seq, body, sent=sent)
            previewed += len(answers)
            for asker in (seat, None):  # the seat's legal list (bots decide from it) and a spectator's
                legal = await client.get(f"/api/tables/{table_id}/legal", headers=bearer(tokens[asker]))
                assert legal.status_code == 200, legal.text
                scan.check("legal", asker, seq, legal.text)
                if system_id != "sandbox":
                    assert legal.json()["actions"] == (seat_actions if asker else [])
            sample = (
                seat_actions if len(seat_actions) <= PREVIEWS_PER_STEP else rng.sample(seat_actions, PREVIEWS_PER_STEP)
            )
            for candidate in sample:
                answer = await client.post(
                    f"/api/tables/{table_id}/preview",
                    headers=bearer(tokens[seat]),
                    json={"id": "p", "action": candidate},
                )
                assert answer.status_code < 500, answer.text  # a listed template may lack a field
                scan.check("preview", seat, seq, answer.text)
                local = answers.get((seat, json.dumps(candidate, sort_keys=True)))
                if answer.status_code == 200 and local is not None:  # the server answers as in process
                    body = answer.json()
                    assert (body["legal"], (body["error"] or {}).get("code")) == (
                        local["legal"],
                        (local["error"] or {}).get("code"),
                    ), (candidate, body, local)
            other = next(s for s in game.seats if s != seat)
            refused = await client.post(
                f"/api/tables/{table_id}/actions",
                headers=bearer(tokens[other]),
                json={"id": f"x{step}", "action": action},
            )
            if refused.status_code == 200:  # a teammate, or a game where both may act: legal for them too
                assert game.try_apply(other, action) is not None, refused.text
                seq = refused.json()["seq"]
                timeline.add(seq, game.state)
                scan.check_events("action answer", other, refused.json()["events"])
                continue
            scan.check("error to another seat", other, seq, refused.text, sent=json.dumps(action))
            if step % 25 == 0:
                proof = await client.get(f"/api/tables/{table_id}/dice/proof")
                assert proof.status_code == 409 and seed not in proof.text
                for shared in ("share.html", "log.json"):  # no share file, no log, while the game runs
                    answer = await client.get(f"/api/tables/{table_id}/{shared}")
                    assert answer.status_code == 409 and answer.json()["error"]["code"] == "game_in_progress"
                    scan.check(shared, None, seq, answer.text)
                turns = await client.get(f"/api/tables/{table_id}/turns")
                scan.check("turns", None, turns.json()["seq"], turns.text)
                for path in (f"/api/tables/{table_id}/report", f"/tables/{table_id}/report"):  # no report yet
                    early = await client.get(path)
                    assert early.status_code == 409 and seed not in early.text
                    scan.check("report while open", None, seq, early.text)
            applied = await client.post(
                f"/api/tables/{table_id}/actions",
                headers=bearer(tokens[seat]),
                json={"id": f"a{step}", "action": action},
            )
            assert applied.status_code == 200, (seat, action, applied.text)
            before = (game.state, game.index)
            assert game.try_apply(seat, action) is not None
            seq = applied.json()["seq"]
            timeline.add(seq, game.state)
            scan.check_events("action answer", seat, applied.json()["events"])
            seq = await takeback_round(client, table_id, tokens, game, timeline, scan, seat, before, step, seq)
            seq = await clock_round(client, table_id, tokens, game.seats, timeline, game.state, scan, seat, step, seq)
        assert game.over() or system_id == "sandbox", f"{system_id}: no end after {step} steps"
        assert reconnected, "no reconnect and resync were tried"
        assert previewed >= step, f"only {previewed} previews in {step} steps"

        for viewer, listener in listeners.items():
            await listener.until_seq(seq)
            await listener.close()
            for message in listener.messages:
                scan.check_message(viewer, message)
        for viewer, fresh in reconnected:
            await fresh.until_seq(seq)
            await fresh.close()
            assert any(m.get("type") == "welcome" for m in fresh.messages)
            for message in fresh.messages:
                scan.check_message(viewer, message)

        for viewer, token in tokens.items():
            view = (await client.get(f"/api/tables/{table_id}/view", headers=bearer(token))).json()
            scan.check("view", viewer, view["seq"], view["view"])
            events = (await client.get(f"/api/tables/{table_id}/events?after=-1", headers=bearer(token))).json()
            scan.check_events("events", viewer, events["events"])
        seen: dict[int, dict[str, Any]] = {}  # a replay's events repeat in the next: scan each once
        for n in range(seq + 1):
            replay = (await client.get(f"/api/tables/{table_id}/replay?seq={n}")).json()
            scan.check("replay view", None, replay["state_seq"], replay["view"])
            fresh = [e for e in replay["events"] if e["seq"] not in seen]
            assert all(seen[e["seq"]] == e for e in replay["events"] if e["seq"] in seen)
            seen.update((e["seq"], e) for e in fresh)
            scan.check_events("replay events", None, fresh)
        turns = (await client.get(f"/api/tables/{table_id}/turns?upto={seq}")).json()
        scan.check("turns", None, turns["seq"], turns["turns"])
        scan.check("lobby", None, seq, (await client.get("/api/tables")).text)
        scan.check("summary", None, seq, (await client.get(f"/api/tables/{table_id}")).text)

    assert not scan.hits, f"{len(scan.hits)} leaks, e.g.:\n" + "\n".join(scan.hits[:20])
    # The positive control: the scanner does see a seat's own secrets in its own stream, in every
    # game with hands (GKR; Small Soldiers' advanced rules: the basic game has no cards in hand).
    if system_id == "gkr" or options.get("advanced"):
        assert scan.own_held > 0 and scan.own_seen > 0, "no seat's own hand showed up in its own stream"
    assert scan.own_held == 0 or scan.own_seen > 0


@pytest.mark.parametrize(("system_id", "options"), [("small-soldiers", {}), ("gkr", {"players": 2})])
def test_the_scanner_catches_an_unsealed_preview(system_id: str, options: dict[str, Any]) -> None:
    """Control for the preview scan: the preview as it was before issue 10 (the action run on the
    real state, every event returned through the viewer's redaction) is caught showing the real
    top card of a face-down pile, while ``sealed_preview`` on the same states shows nothing."""
    seed = "control-seed"
    game = Game(system_id, options, seed)
    timeline = Timeline(system_id, game.seats, seed)
    unsealed, sealed = Scanner(timeline), Scanner(timeline)
    projection, rng = Projection(game.system, seeded=True), random.Random(7)
    for step in range(150):
        if game.over():
            break
        seat, action, every = choose(game, rng, step, 2000)
        timeline.add(step, game.state)
        env = Envelope(step, 0, game.index, "open", game.state)
        for previewer, actions in every.items():
            for candidate in filter(lambda a: _parses(game, a), actions):
                try:
                    dice = Dice(f"throwaway-{step}")  # as they were then: throwaway dice, a new stream each time
                    _, events = play(game.system, env, previewer, game.system.parse_action(candidate), dice)
                except WarboardError:
                    continue
                unsealed.check("unsealed preview", previewer, step, projection.events(events, previewer))
        for (previewer, sent), body in previews(game, step, every, rng).items():
            sealed.check("preview", previewer, step, body, sent=sent)
        assert game.try_apply(seat, action) is not None
    assert unsealed.hits, "the scanner saw nothing in previews that run on the real state"
    assert not sealed.hits, sealed.hits[:5]


def test_a_robbed_seat_may_be_told_which_of_its_cards_was_taken() -> None:
    """GKR's steal: "they may steal a random Sponsor Card from the controlling player". The
    private event goes to the thief and to the player robbed, who held that card a moment ago;
    any third seat reading its id is a leak."""

    def state(a: list[str], b: list[str]) -> dict[str, Any]:
        empty = {"hand": [], "deck": [], "discard": [], "damage": []}
        return {
            "players": {"a": {**empty, "sponsor": a}, "b": {**empty, "sponsor": b}, "c": {**empty, "sponsor": []}},
            "firing_line": [],
            "sponsor_pile": [],
        }

    timeline = Timeline("gkr", ["a", "b", "c"], "seed")
    timeline.add(10, state(["s07"], []))
    timeline.add(11, state([], ["s07"]))  # b stole s07 from a
    scan = Scanner(timeline)
    stolen = {"kind": "sponsor_stolen", "seq": 11, "by": "b", "from": "a", "card": "s07"}
    scan.check_events("event", "a", [stolen])
    scan.check_events("event", "b", [stolen])
    assert scan.hits == []
    scan.check_events("event", "c", [stolen])
    assert scan.hits == ["event to c at seq 11: s07"]
