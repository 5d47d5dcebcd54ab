"""What a seat may take back, per game: a pure function of the log (``RuleSystem.takeback_window``).
Refused after a roll, a draw or a reveal, or another seat's action; allowed otherwise. And in
real games played by the bot: an action that used the dice or made a private event is never
in a window, and every game has actions a seat may take back."""

from __future__ import annotations

from typing import Any

import pytest

from app.bots import policy
from app.core.dice import Dice
from app.core.errors import WarboardError
from app.session.projection import Projection
from app.systems import registry
from app.systems.takeback import Logged

#: per game: (a quiet event, an event that draws or reveals something, the game's seats)
GAMES: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "sandbox": ({"kind": "token_moved", "token": "t", "x": 1, "y": 1}, {"kind": "rolled", "dice": "2d6"}),
    "gkr": ({"kind": "moved", "unit": "u"}, {"kind": "sponsor_played", "card": "x"}),
    "hgb": ({"kind": "moved", "model": "m"}, {"kind": "attack_resolved", "hit": True}),
    "small-soldiers": ({"kind": "moved", "unit": "u"}, {"kind": "card_drawn", "card": "c"}),
    "srbr": ({"kind": "moved", "mecha": "m"}, {"kind": "malfunction", "mecha": "m"}),
}


def entry(n: int, seat: str | None, *events: dict[str, Any], rolled: bool = False) -> Logged:
    return Logged(n=n, seat=seat, seqs=tuple(range(10 * n, 10 * n + len(events))), events=events, rolled=rolled)


@pytest.mark.parametrize("game", list(GAMES))
def test_allowed_after_quiet_actions(game: str) -> None:
    system = registry.get(game)
    assert system is not None
    quiet, _ = GAMES[game]
    log = [entry(1, "b", quiet), entry(2, "a", quiet), entry(3, None, {"kind": "seat_joined"}), entry(4, "a", quiet)]
    win = system.takeback_window(log, "a")
    assert [e.n for e in win.actions] == [4, 2] and win.code == "another_seat_acted"
    assert system.takeback_window(log[1:], "a").code is None  # back to the log's start


@pytest.mark.parametrize("game", list(GAMES))
def test_refused_after_a_roll_a_draw_a_reveal_or_another_seat(game: str) -> None:
    system = registry.get(game)
    assert system is not None
    quiet, reveal = GAMES[game]
    rolled = [entry(1, "a", quiet, rolled=True)]
    assert system.takeback_window(rolled, "a").code == "dice_rolled_since"
    drawn = [entry(1, "a", quiet, reveal)]
    assert system.takeback_window(drawn, "a").code == "revealed_since"
    private = [entry(1, "a", {**quiet, "only": ["a"]})]
    assert system.takeback_window(private, "a").code == "revealed_since"
    unknown = [entry(1, "a", {"kind": "something_new"})]  # when unsure, it reveals
    assert system.takeback_window(unknown, "a").code == "revealed_since"
    other = [entry(1, "a", quiet), entry(2, "b", quiet)]
    assert system.takeback_window(other, "a").code == "another_seat_acted"
    assert system.takeback_window(other, "a").empty
    host = [entry(1, "a", quiet), entry(2, "@host", {"kind": "dispute_resolved"})]
    assert system.takeback_window(host, "a").code == "another_seat_acted"
    assert system.takeback_window([], "a").code == "nothing_to_take_back"
    # the first stop from the end closes the window: a roll before a quiet move stays
    assert [e.n for e in system.takeback_window([*rolled, entry(2, "a", quiet)], "a").actions] == [2]


@pytest.mark.parametrize("game", list(GAMES))
def test_in_real_games_nothing_random_or_hidden_is_taken_back(game: str) -> None:
    system = registry.get(game)
    assert system is not None
    options = system.validate_options({})
    seats = system.seats(options)
    dice = Dice("takeback-rules")
    state = system.setup(options, dice)
    projection = Projection(system, seeded=True)
    log: list[Logged] = []
    takeable = 0
    for n in range(1, 120):
        if system.outcome(state) is not None:
            break
        env = type("Env", (), {"state": state, "status": "open", "outcome": None})()
        for seat in seats:
            action = policy.choose(projection.view(env, seat), projection.legal(env, seat), "tb", n, {})
            if action is None:
                continue
            before = dice.index
            try:
                state, events = system.apply(state, seat, system.parse_action(action), dice)
            except WarboardError:
                continue
            log.append(Logged(n, seat, (), tuple(events), rolled=dice.index != before))
            break
        else:
            break
        win = system.takeback_window(log, log[-1].seat or "")
        for taken in win.actions:
            assert not taken.rolled and not any("only" in e for e in taken.events)
        takeable += not win.empty
    assert takeable > 0, f"no action of {game} could be taken back in {len(log)} actions"
