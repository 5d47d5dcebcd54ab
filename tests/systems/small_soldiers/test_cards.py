"""Step 5, The Cards: Power cards under fighters, GloboTech Recall, the deck."""

from __future__ import annotations

import pytest

from app.core.errors import IllegalAction, WrongPhase

from .conftest import SYSTEM, act, arrange, card, spin_face

POS = {"ocula": (0, -3), "archer": (1, -3), "chip-hazard": (0, 3), "kip-killagin": (1, 3)}


def draw(state, top, seat="gorgonites", *faces):
    state = {**state, "deck": [*state["deck"], top]}
    return act(state, seat, {"kind": "spin"}, spin_face(state, "draw"), *faces)


def test_a_power_card_goes_face_up_under_a_fighter_of_yours_on_the_board(game):
    state = arrange(game, POS)
    state, events = draw(state, card("weapon", 2, "w2"))
    assert events[1] == {"kind": "card_drawn", "seat": "gorgonites", "card": card("weapon", 2, "w2")}
    assert state["phase"] == "card"
    assert sorted(SYSTEM.view(state, "gorgonites")["legal"]["place_card"]) == ["archer", "ocula"]
    with pytest.raises(IllegalAction):
        act(state, "gorgonites", {"kind": "place_card", "fighter": "slamfist"})  # in the Toy Store
    state, events = act(state, "gorgonites", {"kind": "place_card", "fighter": "ocula"})
    assert state["fighters"]["ocula"]["card"]["id"] == "w2"
    piece = next(p for p in SYSTEM.view(state, "commandos")["pieces"] if p["id"] == "ocula")
    assert piece["card"]["name"] == "Weapon +2"  # face up: everyone sees it
    assert state["turn"]["army"] == "commandos"


def test_only_one_card_per_fighter(game):
    state = arrange(game, POS, {"ocula": card("armor", 1, "a1")})
    state, _ = draw(state, card("vehicle", 1, "v1"))
    assert SYSTEM.view(state, "gorgonites")["legal"]["place_card"] == ["archer"]
    with pytest.raises(IllegalAction, match="already has a card"):
        act(state, "gorgonites", {"kind": "place_card", "fighter": "ocula"})
    with pytest.raises(IllegalAction):
        act(state, "gorgonites", {"kind": "discard_card"})


def test_when_all_have_a_card_you_may_replace_one_or_keep_them(game):
    held = {"ocula": card("armor", 1, "a1"), "archer": card("weapon", 1, "w1")}
    state, _ = draw(arrange(game, POS, held), card("weapon", 2, "w2"))
    legal = SYSTEM.view(state, "gorgonites")["legal"]
    assert legal["replacing"] and legal["discard_card"]
    replaced, _ = act(state, "gorgonites", {"kind": "place_card", "fighter": "ocula"})
    assert replaced["fighters"]["ocula"]["card"]["id"] == "w2"
    assert [c["id"] for c in replaced["discard"]] == ["a1"]
    kept, _ = act(state, "gorgonites", {"kind": "discard_card"})
    assert kept["fighters"]["ocula"]["card"]["id"] == "a1"
    assert [c["id"] for c in kept["discard"]] == ["w2"]


def test_globotech_recall_sends_any_enemy_to_the_toy_store_with_its_card(game):
    state = arrange(game, POS, {"kip-killagin": card("weapon", 1, "w1")})
    state, _ = draw(state, card("recall", 0, "r1"))
    assert sorted(SYSTEM.view(state, "gorgonites")["legal"]["recall"]) == ["chip-hazard", "kip-killagin"]
    with pytest.raises(IllegalAction):
        act(state, "gorgonites", {"kind": "recall", "target": "ocula"})
    state, _events = act(state, "gorgonites", {"kind": "recall", "target": "kip-killagin"})
    assert state["fighters"]["kip-killagin"]["pos"] is None
    assert sorted(c["id"] for c in state["discard"]) == ["r1", "w1"]
    assert state["turn"]["army"] == "commandos"


def test_globotech_recall_does_nothing_against_a_last_fighter_and_cannot_win(game):
    state = arrange(game, {"ocula": (0, -3), "chip-hazard": (0, 3)})
    state, events = draw(state, card("recall", 0, "r1"))
    assert {
        "kind": "card_discarded",
        "card": card("recall", 0, "r1"),
        "reason": "opponent has only one fighter left",
    } in events
    assert state["fighters"]["chip-hazard"]["pos"] == [0, 3]
    assert state["result"] is None and state["turn"]["army"] == "commandos"


def test_a_card_must_be_resolved_before_anything_else(game):
    state, _ = draw(arrange(game, POS), card("weapon", 1, "w1"))
    with pytest.raises(WrongPhase):
        act(state, "gorgonites", {"kind": "spin"}, 1)
    with pytest.raises(WrongPhase):
        act(state, "gorgonites", {"kind": "recall", "target": "chip-hazard"})


def test_an_empty_deck_is_refilled_from_the_discard_pile(game):
    state = arrange(game, POS)
    state["discard"], state["deck"] = [card("weapon", 1, "w1"), card("armor", 1, "a1")], []
    state, events = act(state, "gorgonites", {"kind": "spin"}, spin_face(state, "draw"), 1)
    assert events[1] == {"kind": "deck_reshuffled", "cards": 2, "make_up": {"weapon+1": 1, "armor+1": 1}}
    assert len(state["deck"]) == 1 and state["phase"] == "card"


def test_with_no_cards_anywhere_the_turn_passes(game):
    state = arrange(game, POS)
    state["discard"], state["deck"] = [], []
    state, events = act(state, "gorgonites", {"kind": "spin"}, spin_face(state, "draw"))
    assert events[1]["kind"] == "deck_empty" and state["turn"]["army"] == "commandos"
