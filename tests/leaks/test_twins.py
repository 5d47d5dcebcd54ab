"""Previews answer from what the previewer may know (issue 23), in every system.

The leak suite's games (``test_sealed.GAMES``: Small Soldiers basic, advanced and 4-player teams,
GKR with 2 and with 4 players, HGB, Samurai Robots, the sandbox's script) and a 3-player GKR game
with flank shots stated face down are played in process with seeded choices. At every step
(Small Soldiers: every other step; the flank game: every third) each seat gets a twin of the state
(``tests.leaks.twins``): the same game with everything that seat may not see dealt again at
random (other seats' hands, every deck, other seats' face-down choices; for a game that hides
nothing, another place in another dice stream). The twin is checked to be one (the seat's view
is the same), and then every legal action of that seat is previewed on both through
``sealed_preview``, the function behind ``POST /preview``: the answers (legal, events, outcome,
error) must be the same, byte for byte. So must the games the previews run on
(``RuleSystem.seal``: they are built from what the seat sees alone) and the seat's ``GET /legal``.

The control: the preview as it was before issue 23, run on the real state, is caught telling
GKR twins apart (the last chooser's answer showed whether the other seat's face-down card rolls).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from app.core.dice import PreviewDice
from app.core.errors import WarboardError
from app.session.actions import sealed_preview
from app.session.game import play
from app.session.projection import Projection, Run
from app.session.records import Envelope
from tests.leaks.test_sealed import GAMES, LISTED_PER_STEP, MAX_STEPS, SANDBOX_SCRIPT, Game, _parses, choose
from tests.leaks.twins import twin


def _every(system_id: str, options: dict[str, Any]) -> int:
    """How often a game is twinned, in steps: Small Soldiers' games are long, and a four-seat GKR
    game's every step lists hundreds of moves for each of its seats."""
    if system_id == "gkr" and options.get("players", 2) > 2:
        return 3
    return 2 if system_id == "small-soldiers" else 1


#: the leak suite's games, each with how often (in steps) it is twinned (Small Soldiers' games are
#: long), and GKR with flank shots stated face down with the weapons (manual flank)
TWIN_GAMES = [
    *((system_id, options, end, _every(system_id, options)) for system_id, options, end in GAMES),
    ("gkr", {"players": 3, "manual": {"flank": True}}, 2000, 3),
]
#: at least this many twin previews compared per game (the runs compare thousands)
AT_LEAST = {"sandbox": 40, "hgb": 500, "srbr": 500, "small-soldiers": 1000}


Answer = Callable[[Projection, Envelope, str, dict[str, Any]], str]


def answer(projection: Projection, env: Envelope, seat: str, raw: dict[str, Any]) -> str:
    """``POST /preview``'s answer, as JSON text."""
    p = sealed_preview(projection, env, seat, projection.system.parse_action(raw))
    error = p.error.to_dict()["error"] if p.error else None
    return json.dumps({"legal": p.legal, "events": p.events, "outcome": p.outcome, "error": error}, sort_keys=True)


def unsealed(projection: Projection, env: Envelope, seat: str, raw: dict[str, Any]) -> str:
    """The preview as it was before issue 23: both dice runs on the real state."""
    runs = []
    for mirrored in (False, True):
        dice = PreviewDice(mirrored)
        try:
            events, error = play(projection.system, env, seat, projection.system.parse_action(raw), dice)[1], None
        except WarboardError as exc:
            events, error = [], exc
        runs.append(Run(events, error, bool(dice.rolls)))
    legal, events, outcome, error = projection.preview(seat, runs[0], runs[1], runs[0])
    message = error.to_dict()["error"] if error else None
    return json.dumps({"legal": legal, "events": events, "outcome": outcome, "error": message}, sort_keys=True)


@dataclass
class Tally:
    compared: int = 0
    hidden: int = 0
    steps: int = 0
    varied: int = 0  # twins that differ from the state (in what their seat does not see)
    face_down: int = 0  # GKR: previews made while another seat's firing-line entries lay face down
    differ: list[str] = field(default_factory=list)


def play_twins(
    system_id: str, options: dict[str, Any], allow_end: int, preview: Answer, every: int = 1, first_only: bool = False
) -> Tally:
    """Play the game; every ``every`` steps preview every legal action of every seat on the state
    and on that seat's twin; ``first_only``: stop at the first pair of answers that differ."""
    tag = system_id + json.dumps(options, sort_keys=True)
    game = Game(system_id, options, f"twin-seed-{hashlib.sha256(tag.encode()).hexdigest()[:16]}")
    system, rng, deal = game.system, random.Random(tag), random.Random("twins/" + tag)
    projection, tally = Projection(system, seeded=False), Tally()
    for step in range(MAX_STEPS):
        if game.over() or (system_id == "sandbox" and step == len(SANDBOX_SCRIPT)):
            break
        seat, action, listed = choose(game, rng, step, allow_end)
        if system_id == "sandbox":  # every seat previews every action of the script
            listed = {s: [a for _, a in SANDBOX_SCRIPT] for s in game.seats}
        if step % every == 0:
            tally.steps += 1
            env = Envelope(step, step, game.index, "open", game.state)
            for previewer in game.seats:
                double = twin(system_id, game.state, previewer, deal)
                assert system.view(double, previewer) == system.view(game.state, previewer), "not a twin"
                tally.varied += double != game.state
                down = system_id == "gkr" and any(
                    e["owner"] != previewer and not e["revealed"] for e in game.state["firing_line"]
                )
                other = Envelope(step, step, game.index + 1 + deal.randrange(10**6), "open", double)
                if preview is answer:  # the games the previews run on, and GET /legal, are the same
                    for world in (0, 1):
                        assert system.seal(double, previewer, world) == system.seal(game.state, previewer, world)
                    assert projection.legal(env, previewer) == projection.legal(other, previewer)
                candidates = [a for a in listed.get(previewer, []) if _parses(game, a)]
                if len(candidates) > LISTED_PER_STEP:  # a GKR seat lists every facing of every move
                    candidates = random.Random(f"{system_id}-{step}-{previewer}").sample(candidates, LISTED_PER_STEP)
                for raw in candidates:
                    mine, theirs = preview(projection, env, previewer, raw), preview(projection, other, previewer, raw)
                    tally.compared += 1
                    tally.hidden += '"outcome": "hidden"' in mine
                    tally.face_down += down
                    if mine != theirs:
                        tally.differ.append(f"step {step}, {previewer} previews {raw}:\n  {mine}\n  {theirs}")
                        if first_only:
                            return tally
        assert game.try_apply(seat, action) is not None
    assert game.over() or system_id == "sandbox", f"{system_id}: no end after {step} steps"
    return tally


@pytest.mark.parametrize(
    ("system_id", "options", "allow_end", "every"),
    TWIN_GAMES,
    ids=[g[0] + "".join(f"-{k}{v if k == 'players' else ''}" for k, v in g[1].items()) for g in TWIN_GAMES],
)
def test_previews_answer_the_same_on_twin_states(
    system_id: str, options: dict[str, Any], allow_end: int, every: int
) -> None:
    tally = play_twins(system_id, options, allow_end, answer, every=every)
    print(
        f"{system_id} {options}: {tally.compared} twin previews compared at {tally.steps} steps "
        f"({tally.hidden} hidden; {tally.varied} twins differed; {tally.face_down} with entries face down)"
    )
    assert not tally.differ, f"{len(tally.differ)} previews tell the twins apart, e.g.\n" + "\n".join(tally.differ[:5])
    assert tally.compared >= AT_LEAST.get(system_id, 2000), tally.compared
    if system_id in ("gkr", "small-soldiers"):  # games with hidden information: the twins vary it
        assert tally.varied >= tally.steps, (tally.varied, tally.steps)
    if system_id == "gkr":
        assert tally.face_down > 0, "no preview was made while another seat's choice lay face down"


@pytest.mark.parametrize(("system_id", "options"), [("gkr", {"players": 2})])
def test_the_twins_catch_a_preview_on_the_real_state(system_id: str, options: dict[str, Any]) -> None:
    """Control: the preview as it was before issue 23 (run on the real state, only its events
    filtered) is caught telling twins apart."""
    tally = play_twins(system_id, options, 2000, unsealed, first_only=True)
    assert tally.differ, f"{tally.compared} previews on the real state told no twins apart"
