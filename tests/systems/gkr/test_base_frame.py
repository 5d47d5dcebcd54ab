"""The base-game frame: NOTES.md facts and the labelled Warboard defaults."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.core.dice import Dice
from app.core.errors import BadOptions, GameOver, MalformedAction, NotYourTurn, UnknownAction, WrongPhase
from app.systems import get
from app.systems.gkr.data import DATA_DIR
from tests.kit.dice import ScriptedDice
from tests.systems.gkr.helpers import DB, GKR, HS, KW, TH, act, active, new, pass_turn, pass_until, place


# --- table and components -------------------------------------------------------------------
def test_registered_as_a_hex_system():
    system = get("gkr")
    assert system.name == "GKR: Heavy Hitters with Big Little Buddy" and system.board == "hex"
    assert system.describe()["seats"] == [DB, KW, TH, HS]


@pytest.mark.parametrize(
    "options, seats",
    [
        ({"players": 2}, [DB, KW]),
        ({"players": 3}, [DB, KW, TH]),
        ({}, [DB, KW, TH, HS]),
        ({"factions": [HS, TH]}, [HS, TH]),
    ],
)
def test_two_to_four_players_named_by_faction(options, seats):
    assert GKR.seats(GKR.validate_options(options)) == seats


@pytest.mark.parametrize(
    "options",
    [
        {"players": 1},
        {"players": 5},
        {"factions": [DB, DB]},
        {"factions": ["robots", DB]},
        {"map": "moon"},
        {"surprise": 1},
    ],
)
def test_bad_options(options):
    with pytest.raises(BadOptions):
        GKR.validate_options(options)


def test_every_data_file_is_labelled_a_default():
    for path in DATA_DIR.glob("*.json"):
        if path.name == "handbook.json":  # the rules panel: the book's rules in our words, no value of ours
            continue
        source = json.loads(path.read_text())["_source"]
        assert "Warboard default, not from the rulebook" in source, path.name


def test_maps_have_ten_buildings_a_centre_and_clear_starts():
    maps = json.loads((DATA_DIR / "maps.json").read_text())["maps"]
    assert len(maps) >= 3
    for name in maps:
        state = new(4, map=name)
        assert len(state["buildings"]) == 10
        spots = {(u["q"], u["r"]) for u in state["units"].values()}
        assert len(spots) == len(state["units"])  # nobody shares a hex
        assert not spots & {(b["q"], b["r"]) for b in state["buildings"].values()}


def test_faction_deck_of_25_cards_is_the_heavy_hitters_hit_points():
    state = new()
    for seat, p in state["players"].items():
        cards = p["deck"] + p["hand"]
        assert len(cards) == 25 and len(p["hand"]) == state["data"]["rules"]["hand_size"]
        types = [state["cards"][c]["type"] for c in cards]
        assert types.count("weapon") == 13 and types.count("deploy") == 5 and types.count("movement") == 7
        assert GKR.view(state, None)["players"][seat]["hp"] == 25


def test_sponsor_pile_of_30_and_five_energy():
    state = new()
    assert len(state["sponsor_pile"]) + sum(len(p["sponsor"]) for p in state["players"].values()) == 30
    assert all(p["energy"] == 5 and p["tags"] == 20 for p in state["players"].values())


def test_heavy_hitters_and_three_support_units_each():
    state = new(4)
    for seat in state["seats"]:
        assert {u["kind"] for u in state["units"].values() if u["owner"] == seat} == {
            "heavy",
            "combat",
            "repair",
            "recon",
        }


# --- the round ----------------------------------------------------------------------------
def test_round_order_and_rotating_first_player():
    state = new()
    seen = []
    while state["round"] == 1:
        step = (state["phase"], state["step"])
        if not seen or seen[-1] != step:
            seen.append(step)
        state, _ = pass_turn(state)
    assert seen == [
        ("deploy", None),
        ("movement", "heavy"),
        ("movement", "support"),
        ("combat", None),
        ("tagging", None),
    ]
    assert state["turn_order"] == [KW, TH, DB]


def test_turns_and_phases_are_enforced():
    state = new()
    with pytest.raises(NotYourTurn):
        act(state, KW, {"kind": "end_turn"})
    with pytest.raises(WrongPhase):
        act(state, DB, {"kind": "tag", "unit": "diamondback:heavy", "building": "b1"})
    with pytest.raises(NotYourTurn):
        act(state, "robots", {"kind": "end_turn"})


def test_malformed_actions():
    with pytest.raises(UnknownAction):
        GKR.parse_action({"kind": "teleport"})
    with pytest.raises(MalformedAction):
        GKR.parse_action({"kind": "end_turn", "extra": 1})
    with pytest.raises(MalformedAction):
        GKR.parse_action({"kind": "move", "unit": "x", "facing": 45})


def test_replay_is_deterministic():
    def play(seed):
        state = GKR.setup(GKR.validate_options({"players": 3}), Dice(seed))
        dice = Dice(seed + "!")
        for _ in range(40):
            seat = active(state)[0]
            action = {"kind": "choose_weapons", "weapons": []} if state["phase"] == "combat" else {"kind": "end_turn"}
            state, _ = GKR.apply(state, seat, GKR.parse_action(action), dice)
        return state

    assert play("r") == play("r")
    assert play("r") != play("s")


# --- movement -------------------------------------------------------------------------------
def heavy_turn(**options):
    state, _ = pass_until(new(**options), "movement", "heavy")
    return state


def test_heavy_hitter_move_costs_energy_per_hex():
    state = heavy_turn()
    moved, _events = act(state, DB, {"kind": "move", "unit": "diamondback:heavy", "to": {"q": 0, "r": -3}})
    assert moved["players"][DB]["energy"] == 3
    with pytest.raises(Exception) as err:
        act(state, DB, {"kind": "move", "unit": "diamondback:heavy", "to": {"q": 0, "r": -1}})
    assert err.value.code == "out_of_reach"
    with pytest.raises(Exception) as err:
        act(moved, DB, {"kind": "move", "unit": "diamondback:heavy", "to": {"q": 0, "r": -4}})
    assert err.value.code == "already_moved"


def test_overspending_energy_costs_damage():
    state = heavy_turn(energy_per_round=1)
    moved, _events = act(state, DB, {"kind": "move", "unit": "diamondback:heavy", "to": {"q": 0, "r": -3}})
    assert moved["players"][DB]["energy"] == -1
    assert len(moved["players"][DB]["damage"]) == 1


def test_movement_card_adds_free_hexes():
    state = heavy_turn()
    card = (
        next(c for c in state["players"][DB]["hand"] if state["cards"][c]["type"] == "movement")
        if any(state["cards"][c]["type"] == "movement" for c in state["players"][DB]["hand"])
        else None
    )
    if card is None:
        state["players"][DB]["hand"].append(
            state["players"][DB]["deck"].pop(
                next(i for i, c in enumerate(state["players"][DB]["deck"]) if state["cards"][c]["type"] == "movement")
            )
        )
        card = state["players"][DB]["hand"][-1]
    state = place(state, "diamondback:heavy", -1, -4)
    moved, events = act(state, DB, {"kind": "move", "unit": "diamondback:heavy", "to": {"q": -1, "r": 1}, "card": card})
    assert events[0]["hexes"] == 5 and moved["players"][DB]["energy"] == 2
    assert card in moved["players"][DB]["discard"]


def test_support_units_move_after_heavy_hitters_for_one_energy():
    state, _ = pass_until(new(), "movement", "support")
    moved, _ = act(state, DB, {"kind": "move", "unit": "diamondback:recon", "to": {"q": 0, "r": -4}})
    assert moved["players"][DB]["energy"] == 4
    with pytest.raises(Exception) as err:
        act(state, DB, {"kind": "move", "unit": "diamondback:recon", "to": {"q": 0, "r": -3}})
    assert err.value.code == "out_of_reach"


def test_units_pass_their_own_faction_but_not_opponents_or_buildings():
    state = heavy_turn()
    state = place(state, "diamondback:heavy", -1, -1)
    state = place(state, "diamondback:combat", -1, 0)  # own unit: pass through
    _moved, events = act(state, DB, {"kind": "move", "unit": "diamondback:heavy", "to": {"q": -1, "r": 1}})
    assert events[0]["hexes"] == 2
    blocked = place(state, "diamondback:combat", 3, 3)
    blocked = place(blocked, "king-wolf:combat", -1, 0)
    _moved, events = act(blocked, DB, {"kind": "move", "unit": "diamondback:heavy", "to": {"q": -1, "r": 1}})
    assert events[0]["hexes"] == 3  # around King Wolf
    with pytest.raises(Exception) as err:
        act(blocked, DB, {"kind": "move", "unit": "diamondback:heavy", "to": {"q": -1, "r": 0}})
    assert err.value.code == "occupied"
    with pytest.raises(Exception) as err:
        act(blocked, DB, {"kind": "move", "unit": "diamondback:heavy", "to": {"q": -2, "r": 0}})
    assert err.value.code == "building"


# --- combat ---------------------------------------------------------------------------------
def combat(**options):
    state, _ = pass_until(new(**options), "combat")
    state = place(state, "diamondback:heavy", 0, 0, facing=0)
    state = place(state, "king-wolf:heavy", 1, 0, facing=3)
    return state


def hand_weapon(state, seat):
    return next(c for c in state["players"][seat]["hand"] if state["cards"][c]["type"] == "weapon")


def shoot(state, faces, seat=DB, target="king-wolf:heavy"):
    card = hand_weapon(state, seat)
    events = []
    for s in [x for x in state["turn_order"] if x in state["queue"]]:
        weapons = [{"source": "card", "card": card, "target_unit": target}] if s == seat else []
        state, ev = act(
            state,
            s,
            {"kind": "choose_weapons", "weapons": weapons},
            ScriptedDice(faces) if s == state["queue"][-1] else None,
        )
        events += ev
    return state, events, card


def test_heavy_hitters_hit_on_5_armor_5_and_damage_moves_deck_cards():
    state = combat(
        weapon_overrides={
            f"diamondback/{s}": {"dice": 2, "damage": 3, "energy": 1} for s in ("primary", "secondary-1", "secondary-2")
        }
    )
    deck_top = state["players"][KW]["deck"][:3]
    state, events, card = shoot(state, [5, 4, 4])
    attack = next(e for e in events if e["kind"] == "attack")
    assert (attack["to_hit"], attack["armor"], attack["hits"], attack["saves"], attack["damage"]) == (5, 5, 1, 0, 3)
    assert state["players"][KW]["damage"] == deck_top
    assert card in state["players"][DB]["discard"] and state["players"][DB]["energy"] == 4
    _, events, _ = shoot(combat(), [6, 6, 6, 6, 5, 5, 5, 5])
    assert next(e for e in events if e["kind"] == "attack")["damage"] == 0


def test_flank_shot_from_outside_the_arc_gets_no_defence_dice():
    state = place(
        combat(
            weapon_overrides={
                f"diamondback/{s}": {"dice": 1, "damage": 1} for s in ("primary", "secondary-1", "secondary-2")
            }
        ),
        "king-wolf:heavy",
        1,
        0,
        facing=0,
    )  # King Wolf looks away
    _, events, _ = shoot(state, [5, 6])
    attack = next(e for e in events if e["kind"] == "attack")
    assert attack["flank"] and attack["defence_faces"] == [] and attack["damage"] == 1


def test_arc_and_line_of_sight_for_heavy_hitters():
    state = place(combat(), "king-wolf:heavy", -1, 0)  # behind DiamondBack
    card = hand_weapon(state, DB)
    with pytest.raises(Exception) as err:
        act(
            state,
            DB,
            {"kind": "choose_weapons", "weapons": [{"source": "card", "card": card, "target_unit": "king-wolf:heavy"}]},
        )
    assert "arc" in err.value.message
    state = place(state, "king-wolf:heavy", 3, 0)  # behind the building on (2,0)
    with pytest.raises(Exception) as err:
        act(
            state,
            DB,
            {"kind": "choose_weapons", "weapons": [{"source": "card", "card": card, "target_unit": "king-wolf:heavy"}]},
        )
    assert "line of sight" in err.value.message or "range" in err.value.message


def test_at_most_two_weapon_cards_and_not_your_own_units():
    state = combat()
    weapons = [c for c in state["players"][DB]["hand"] if state["cards"][c]["type"] == "weapon"]
    while len(weapons) < 3:
        state["players"][DB]["hand"].append(
            next(c for c in state["players"][DB]["deck"] if state["cards"][c]["type"] == "weapon" and c not in weapons)
        )
        weapons = [c for c in state["players"][DB]["hand"] if state["cards"][c]["type"] == "weapon"]
    three = [{"source": "card", "card": c, "target_unit": "king-wolf:heavy"} for c in weapons[:3]]
    with pytest.raises(Exception) as err:
        act(state, DB, {"kind": "choose_weapons", "weapons": three})
    assert err.value.code == "too_many_weapons"
    with pytest.raises(Exception) as err:
        act(
            state, DB, {"kind": "choose_weapons", "weapons": [{"source": "combat", "target_unit": "diamondback:heavy"}]}
        )
    assert err.value.code in ("own_unit", "illegal_target")


def test_destroyed_heavy_hitter_eliminates_and_last_one_standing_wins():
    state = combat(
        players=2,
        weapon_overrides={
            "diamondback/primary": {"dice": 10, "damage": 25},
            "diamondback/secondary-1": {"dice": 10, "damage": 25},
            "diamondback/secondary-2": {"dice": 10, "damage": 25},
        },
    )
    state, _events, _ = shoot(state, [6] * 10 + [1] * 10)
    assert state["players"][KW]["eliminated"] and len(state["players"][KW]["damage"]) == 25
    assert not any(u["on_board"] for u in state["units"].values() if u["owner"] == KW)
    outcome = GKR.outcome(state)
    assert outcome.winners == [DB] and outcome.reason == "destroyed the opposing Heavy Hitters"
    with pytest.raises(GameOver):
        act(state, DB, {"kind": "end_turn"})


# --- tagging, sponsor cards, support units, deploy --------------------------------------------
def tagging(**options):
    state, _ = pass_until(new(**options), "tagging")
    state = place(state, "diamondback:heavy", 1, 0)  # next to b1 on (2,0)
    state = place(state, "diamondback:recon", 3, -1)  # next to b1 too
    return state


def test_tagging_needs_adjacency_and_draws_a_sponsor_card():
    state = tagging()
    with pytest.raises(Exception) as err:
        act(state, DB, {"kind": "tag", "unit": "diamondback:heavy", "building": "b3"})
    assert err.value.code == "not_adjacent"
    before = len(state["players"][DB]["sponsor"])
    state, _events = act(state, DB, {"kind": "tag", "unit": "diamondback:heavy", "building": "b1"})
    assert state["buildings"]["b1"]["tags"] == {DB: 1} and state["players"][DB]["tags"] == 19
    assert len(state["players"][DB]["sponsor"]) == before + 1
    with pytest.raises(Exception) as err:
        act(state, DB, {"kind": "tag", "unit": "diamondback:heavy", "building": "b1"})
    assert err.value.code == "already_tagged"


def test_four_tags_demolish_a_building_and_return_the_tags():
    state = tagging()
    state["buildings"]["b1"]["tags"] = {KW: 1}
    state["players"][KW]["tags"] = 19
    state, _ = act(state, DB, {"kind": "tag", "unit": "diamondback:recon", "building": "b1"})  # Recon: 2
    assert state["buildings"]["b1"]["tags"] == {KW: 1, DB: 2}
    state, _events = act(state, DB, {"kind": "tag", "unit": "diamondback:heavy", "building": "b1"})
    assert state["buildings"]["b1"]["demolished"] and state["buildings"]["b1"]["by"] == DB
    assert state["players"][DB]["demolished"] == 1
    assert state["players"][DB]["tags"] == 20 and state["players"][KW]["tags"] == 20
    cell = next(c for c in GKR.view(state, None)["board"]["cells"] if (c["q"], c["r"]) == (2, 0))
    assert cell["terrain"] == "rubble"


def test_four_demolished_buildings_win():
    state = tagging()
    state["players"][DB]["demolished"] = 3
    state["buildings"]["b1"]["tags"] = {KW: 2}
    state, _ = act(state, DB, {"kind": "tag", "unit": "diamondback:recon", "building": "b1"})
    assert GKR.outcome(state).winners == [DB]
    assert GKR.outcome(state).reason == "demolished 4 buildings"


def test_repair_unit_repairs_in_the_reset_phase():
    state, _ = pass_until(new(), "tagging")
    state = place(state, "diamondback:repair", 1, -5)  # next to the Heavy Hitter on (0,-5)
    state["players"][DB]["damage"] = [state["players"][DB]["deck"].pop(0) for _ in range(2)]
    state, events = pass_until(state, "deploy")
    assert len(state["players"][DB]["damage"]) == 1
    assert any(e["kind"] == "repaired" for e in events)


def test_reset_refills_hand_and_energy():
    state, _ = pass_until(new(), "movement", "heavy")
    state, _ = act(state, DB, {"kind": "move", "unit": "diamondback:heavy", "to": {"q": 0, "r": -3}})
    state, _ = pass_until(state, "tagging")
    state, _ = pass_until(state, "deploy")
    assert state["players"][DB]["energy"] == 5 and len(state["players"][DB]["hand"]) == 6


def test_deploy_card_returns_a_destroyed_support_unit():
    state = new()
    state = place(state, "diamondback:combat", 1, -5, on_board=False)
    card = next((c for c in state["players"][DB]["hand"] if state["cards"][c]["type"] == "deploy"), None)
    if card is None:
        card = next(c for c in state["players"][DB]["deck"] if state["cards"][c]["type"] == "deploy")
        state["players"][DB]["deck"].remove(card)
        state["players"][DB]["hand"].append(card)
    with pytest.raises(Exception) as err:
        act(state, DB, {"kind": "deploy_support", "card": card, "unit": "diamondback:combat", "to": {"q": 0, "r": 0}})
    assert err.value.code == "illegal_move"
    state, _events = act(
        state,
        DB,
        {"kind": "deploy_support", "card": card, "unit": "diamondback:combat", "to": {"q": 1, "r": -5}, "facing": 60},
    )
    assert state["units"]["diamondback:combat"]["on_board"]


def test_energy_boost_sponsor_card():
    from tests.systems.gkr.helpers import give_sponsor

    state, card = give_sponsor(new(), DB, "energy-boost")
    state, _ = act(state, DB, {"kind": "play_sponsor", "card": card})
    assert state["players"][DB]["energy"] == 7


def test_legal_actions_offer_only_legal_moves():
    state = heavy_turn()
    for action in GKR.legal_actions(state, DB):
        act(state, DB, action)
    assert GKR.legal_actions(state, KW) == []


def test_view_follows_the_board_contract():
    view = GKR.view(new(), DB)
    assert view["board"]["kind"] == "hex" and view["board"]["cells"]
    assert {"q", "r", "terrain"} <= set(view["board"]["cells"][0])
    for piece in view["pieces"]:
        assert {"id", "label", "owner", "q", "r", "facing"} <= set(piece)
        assert piece["facing"] % 60 == 0
    assert view["turn"] == {"active": [DB], "phase": "deploy", "step": None, "round": 1, "turn_order": [DB, KW, TH]}
    assert view["prompt"]["text"]
    assert Path(DATA_DIR).is_dir()


def test_overspending_to_destruction_moves_the_table_on():
    state = heavy_turn(energy_per_round=1)
    state, _ = act(state, DB, {"kind": "end_turn"})
    state, _ = act(state, KW, {"kind": "end_turn"})
    player = state["players"][TH]
    player["damage"] += player["deck"] + player["discard"] + player["hand"][1:]
    player["deck"], player["discard"], player["hand"] = [], [], player["hand"][:1]
    state, _events = act(state, TH, {"kind": "move", "unit": "thunderhappy:heavy", "to": {"q": 3, "r": 0}})
    assert state["players"][TH]["eliminated"]
    assert state["phase"] == "movement" and state["step"] == "support"
    assert GKR.outcome(state) is None


def test_legal_weapon_choices_are_legal():
    state, _ = pass_until(new(), "combat")
    state = place(state, "diamondback:heavy", 0, 0, facing=0)
    state = place(state, "king-wolf:heavy", 1, 0, facing=3)
    choices = [a for a in GKR.legal_actions(state, DB) if a["kind"] == "choose_weapons"]
    assert len(choices) > 1
    for action in choices:
        act(state, DB, action)


def test_a_firing_line_that_destroys_the_last_two_is_a_draw():
    from app.systems.gkr.damage import check_victory

    state = new(2)
    for seat in state["seats"]:
        state["players"][seat]["eliminated"] = True
    events = []
    check_victory(state, events)
    assert state["result"] == {"winners": [], "reason": "every Heavy Hitter was destroyed: a draw"}


def test_host_overrides_of_the_default_data():
    state = new(
        rules={"overspend_damage_per_energy": 2, "flank_defence_dice": 1, "first_player_rotates": False},
        support={"recon": {"tags": 3, "hp": 2}},
    )
    rules = state["data"]["rules"]
    assert rules["overspend_damage_per_energy"] == 2 and rules["flank"]["defence_dice"] == 1
    assert state["data"]["support"]["units"]["recon"]["tags"] == 3
    assert state["units"]["diamondback:recon"]["hp"] == 2
    state, _ = pass_until(state, "tagging")
    state, _ = pass_until(state, "deploy")
    assert state["turn_order"] == [DB, KW, TH]
    assert "rules" in GKR.describe()["options"]["properties"]


def test_an_eliminated_player_cannot_act():
    state = new(3, manual={"dice": True})
    state["players"][TH]["eliminated"] = True
    with pytest.raises(NotYourTurn):
        act(state, TH, {"kind": "record", "area": "dice", "note": "still here"})


def test_host_sponsor_mix_keeps_the_five_activate_cards():
    state = new(sponsor_mix={"energy-boost": 25})
    types = [c["type"] for c in state["cards"].values() if c.get("sponsor")]
    assert types.count("activate-blb") == 5 and types.count("energy-boost") == 25 and len(types) == 30
    with pytest.raises(BadOptions):
        GKR.validate_options({"sponsor_mix": {"energy-boost": 5}})


def test_prompt_highlights_the_hexes_of_every_choice():
    state = heavy_turn()
    prompt = GKR.view(state, DB)["prompt"]
    assert prompt["highlight"] == sorted(prompt["moves"][0]["hexes"], key=lambda h: (h["q"], h["r"]))


def test_unknown_weapon_overrides_are_refused():
    with pytest.raises(BadOptions) as err:
        GKR.validate_options({"weapon_overrides": {"diamondback/laser": {"dice": 3}}})
    assert "diamondback/primary" in err.value.message
