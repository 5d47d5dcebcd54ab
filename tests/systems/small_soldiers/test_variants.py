"""For a 4-Player Game, and the Advanced Rules (hands of five, several fighters move)."""

from __future__ import annotations

import pytest

from app.core.dice import Dice
from app.core.errors import IllegalAction, NotYourTurn, WrongPhase

from .conftest import SYSTEM, act, arrange, card, spin_face, started

G1, G2, C1, C2 = "gorgonites-1", "gorgonites-2", "commandos-1", "commandos-2"


def pass_turn(state, seat):
    """Spin a 1 and move the first listed fighter to its first destination."""
    state, _ = act(state, seat, {"kind": "spin"}, spin_face(state, "move", 1))
    if state["phase"] == "move":
        fid, dests = next(iter(SYSTEM.view(state, seat)["legal"]["moves"].items()))
        state, _ = act(state, seat, {"kind": "move", "fighter": fid, **dests[0]})
    if state["phase"] == "attack":
        state, _ = act(state, seat, {"kind": "end_turn"})
    return state


def test_four_players_alternate_command_of_each_army():
    state = started({"players": 4})
    order = []
    for _ in range(5):
        seat = state["turn"]["seat"]
        order.append(seat)
        others = [s for s in state["seats"] if s != seat]
        with pytest.raises(NotYourTurn):
            act(state, others[0], {"kind": "spin"}, 1)
        state = pass_turn(state, seat)
    assert order == [G1, C1, G2, C2, G1]


def test_four_players_as_a_team_either_may_act_on_the_armys_turn():
    state = started({"players": 4, "team_mode": "team"})
    assert SYSTEM.view(state, None)["turn"]["active"] == [G1, G2]
    state, _ = act(state, G2, {"kind": "spin"}, spin_face(state, "move", 1))
    assert state["phase"] == "move"


def test_four_players_three_fighters_each():
    state = started({"players": 4, "team_mode": "split"})
    owners = {f["id"]: f["owner"] for f in state["fighters"].values() if f["army"] == "gorgonites"}
    assert [owners[f] for f in ["archer", "slamfist", "punchit"]] == [G1] * 3
    assert [owners[f] for f in ["insaniac", "ocula", "freakenstein"]] == [G2] * 3
    state, _ = act(state, G1, {"kind": "spin"}, spin_face(state, "move", 1))
    assert set(SYSTEM.view(state, G1)["legal"]["moves"]) <= {"archer", "slamfist", "punchit"}
    with pytest.raises(IllegalAction, match="not one of your fighters"):
        act(state, G1, {"kind": "move", "fighter": "ocula", "q": 0, "r": 0})


def test_split_deploy_chooses_the_second_players_three():
    state = SYSTEM.setup({"players": 4, "team_mode": "split"}, Dice("x"))
    state, _ = act(state, G2, {"kind": "deploy", "reserve": "ocula", "second": ["archer", "ocula", "slamfist"]})
    assert state["fighters"]["archer"]["owner"] == G2 and state["fighters"]["punchit"]["owner"] == G1


def test_a_player_with_every_fighter_in_the_toy_store_sits_out():
    state = started({"players": 4, "team_mode": "split"})
    state = arrange(state, {"archer": (3, -6), "chip-hazard": (0, 3), "nick-nitro": (0, 4)})
    state = pass_turn(state, G1)
    state = pass_turn(state, C1)
    assert state["turn"]["seat"] == G1  # G2 has nothing on the board: G1 plays the army's turn
    assert SYSTEM.view(state, None)["turn"]["active"] == [G1]


def advanced(**kw):
    return started({"advanced": True, **kw})


def test_advanced_each_player_is_dealt_five_hidden_cards():
    state = advanced()
    assert len(state["hands"]["gorgonites"]) == 5 and len(state["deck"]) == 22
    view = SYSTEM.view(state, "gorgonites")
    assert len(view["hand"]) == 5 and view["hand_counts"] == {"gorgonites": 5, "commandos": 5}
    assert SYSTEM.view(state, "commandos")["hand"] == state["hands"]["commandos"]
    assert SYSTEM.view(state, None)["hand"] is None


@pytest.mark.parametrize("mode", ["alternate", "team", "split"])
def test_advanced_four_players_one_hand_per_side(mode):
    """Advanced Rules: "At the start of the game, you and your opponent are each dealt a 5-card
    hand." With four players the two sides are still "you and your opponent" (For a 4-Player
    Game: "Two players will work as a team commanding each army"): two hands of five, shared by
    each team, and the deck keeps the rest."""
    state = advanced(players=4, team_mode=mode)
    assert {a: len(h) for a, h in state["hands"].items()} == {"gorgonites": 5, "commandos": 5}
    assert len(state["deck"]) == 32 - 10


def test_advanced_four_players_either_teammate_plays_from_the_shared_hand():
    """A team "can discuss each move ... or alternate command each turn": whoever commands the
    side's turn plays from the side's one hand, and the teammate's next turn finds it smaller."""
    state = advanced(players=4)
    assert state["turn"]["seat"] == G1
    first = state["hands"]["gorgonites"][0]["id"]
    assert {"kind": "play_card", "card": first} in SYSTEM.legal_actions(state, G1)
    state, events = act(state, G1, {"kind": "play_card", "card": first})
    assert events[0]["kind"] == "card_played"
    assert first not in [c["id"] for c in state["hands"]["gorgonites"]]
    assert len(SYSTEM.view(state, G2)["hand"]) == 4 and len(SYSTEM.view(state, C1)["hand"]) == 5


def test_advanced_play_one_card_before_spinning():
    state = advanced()
    state = arrange(state, {"ocula": (0, -3), "chip-hazard": (0, 3)})
    state["hands"]["gorgonites"] = [card("weapon", 1, "w1"), card("armor", 1, "a1")]
    state, events = act(state, "gorgonites", {"kind": "play_card", "card": "w1"})
    assert events[0]["kind"] == "card_played" and state["phase"] == "card"
    state, _ = act(state, "gorgonites", {"kind": "place_card", "fighter": "ocula"})
    assert state["phase"] == "spin" and state["turn"]["army"] == "gorgonites"
    assert "play_card" not in SYSTEM.view(state, "gorgonites")["legal"]
    with pytest.raises(IllegalAction):
        act(state, "gorgonites", {"kind": "play_card", "card": "a1"})


def test_advanced_a_drawn_card_is_played_at_once_not_one_from_the_hand():
    state = advanced()
    state = arrange(state, {"ocula": (0, -3), "archer": (1, -3), "chip-hazard": (0, 3)})
    state["deck"].append(card("vehicle", 1, "v1"))
    state, events = act(state, "gorgonites", {"kind": "spin"}, spin_face(state, "draw"))
    assert events[1]["card"]["id"] == "v1" and state["phase"] == "card"
    with pytest.raises(WrongPhase):
        act(state, "gorgonites", {"kind": "play_card", "card": state["hands"]["gorgonites"][0]["id"]})


def test_advanced_several_fighters_move_each_by_spin_plus_vehicle_then_battle():
    state = advanced()
    state = arrange(
        state,
        {"ocula": (0, -2), "archer": (-2, -2), "chip-hazard": (0, 1), "kip-killagin": (-2, 2)},
        {"archer": card("vehicle", 1, "v1")},
    )
    state, _ = act(state, "gorgonites", {"kind": "spin"}, spin_face(state, "move", 2))
    legal = SYSTEM.view(state, "gorgonites")["legal"]
    assert set(legal["moves"]) == {"ocula", "archer"} and legal["end_moves"] is False
    assert {"q": -2, "r": 1} in legal["moves"]["archer"]  # 3 spaces: the spin 2 + Vehicle 1
    with pytest.raises(IllegalAction):
        act(state, "gorgonites", {"kind": "end_moves"})
    state, _ = act(state, "gorgonites", {"kind": "move", "fighter": "ocula", "q": 0, "r": 0})
    assert state["phase"] == "move"  # next to Chip, but all moves come before any attack
    with pytest.raises(WrongPhase):
        act(state, "gorgonites", {"kind": "attack", "target": "chip-hazard"}, 1, 1)
    state, _ = act(state, "gorgonites", {"kind": "move", "fighter": "archer", "q": -2, "r": 1})
    assert state["phase"] == "attack"  # everyone moved: battles follow
    assert SYSTEM.view(state, "gorgonites")["legal"]["attacks"] == {
        "ocula": ["chip-hazard"],
        "archer": ["kip-killagin"],
    }
    state, events = act(state, "gorgonites", {"kind": "attack", "fighter": "ocula", "target": "chip-hazard"}, 5, 1)
    assert events[0]["winner"] == "ocula" and state["phase"] == "attack"
    state, events = act(state, "gorgonites", {"kind": "attack", "fighter": "archer", "target": "kip-killagin"}, 5, 1)
    assert SYSTEM.outcome(state).winners == ["gorgonites"]


def test_advanced_moves_may_stop_early():
    state = advanced()
    state = arrange(state, {"ocula": (0, -2), "archer": (-2, -2), "chip-hazard": (3, 3)})
    state, _ = act(state, "gorgonites", {"kind": "spin"}, spin_face(state, "move", 1))
    state, _ = act(state, "gorgonites", {"kind": "move", "fighter": "ocula", "q": 0, "r": -1})
    state, _events = act(state, "gorgonites", {"kind": "end_moves"})
    assert state["turn"]["army"] == "commandos"
