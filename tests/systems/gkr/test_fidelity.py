"""Issue 13, GKR: the defects found when the game was checked against its text, each test
quoting the line it enforces."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from app.core.errors import BadOptions, MalformedAction, NotYourTurn
from app.geometry.hex import Hex, neighbors
from app.systems.gkr import board
from app.systems.gkr.board import unit_at
from tests.kit import rulebooks
from tests.kit.dice import ScriptedDice
from tests.systems.gkr.helpers import DB, GKR, KW, TH, act, active, give_sponsor, new, pass_until, place
from tests.systems.gkr.test_blb_combat import blb_weapon, combat_scene, fire

GKR_PACKAGE = Path(board.__file__).parent


def sponsor_types(state):
    return [c["type"] for c in state["cards"].values() if c.get("sponsor")]


# --- the sponsor pile ------------------------------------------------------------------------
def test_sponsor_pile_is_the_base_25_and_the_5_big_little_buddy_cards():
    """BLB text, Setup: "Shuffle the 5 Big Little Buddy Sponsor Cards into the Sponsor Card Draw
    Pile." NOTES.md (Sure): "25 sponsor cards in a shared pile" in the base game: 30 in all."""
    state = new(4)
    types = sponsor_types(state)
    assert len(types) == 30 and types.count("activate-blb") == 5
    assert len(state["sponsor_pile"]) + sum(len(p["sponsor"]) for p in state["players"].values()) == 30


def test_host_edits_the_base_make_up_a_labelled_default():
    """The make-up of the base game's 25 cards is not in our texts: a host-editable default."""
    state = new(3, sponsor_mix={"energy-boost": 5, "repair-kit": 20})
    types = sponsor_types(state)
    assert types.count("repair-kit") == 20 and types.count("activate-blb") == 5 and len(types) == 30
    with pytest.raises(BadOptions, match="25"):
        GKR.validate_options({"sponsor_mix": {"energy-boost": 10, "repair-kit": 10}})
    schema = GKR.describe()["options"]["properties"]["sponsor_mix"]
    assert schema["default"] == {"energy-boost": 13, "repair-kit": 12}
    assert "Warboard default" in schema["description"]


# --- Mine Mate's blast --------------------------------------------------------------------------
def test_mine_mate_blast_hits_only_models_inside_his_arc():
    """ "As with Heavy Hitters, Big Little Buddy has a 180 firing arc ... Big Little Buddy can
    only hit targets within his firing arc and must have line of sight to hit.\""""
    state = place(combat_scene(), "king-wolf:combat", 0, 1)  # on the chosen hex, in his arc
    state = place(state, "king-wolf:repair", -1, 1)  # next to it, behind him
    state, events = fire(state, {DB: [blb_weapon("mine-mate", target_hex={"q": 0, "r": 1})]}, ScriptedDice([6] * 8))
    hit = {e["target"] for e in events if e["kind"] == "attack"}
    assert hit == {"king-wolf:combat"}
    assert state["units"]["king-wolf:repair"]["hp"] == 1


# --- "may steal" is decided when he falls ------------------------------------------------------
def destroyed_by_king_wolf():
    state, _ = give_sponsor(combat_scene(blb_max_hp=1), DB, "repair-kit")
    return fire(state, {KW: [{"source": "combat", "target_unit": "blb"}]}, ScriptedDice([6, 1]))


def test_may_steal_is_decided_by_the_destroyer_when_he_falls():
    """ "If a player manages to destroy Big Little Buddy, they may steal a random Sponsor Card
    from the controlling player (if they have any).\""""
    with pytest.raises(MalformedAction):  # not fixed in advance with the weapons
        GKR.parse_action(
            {"kind": "choose_weapons", "weapons": [{"source": "combat", "target_unit": "blb", "steal": False}]}
        )
    state, events = destroyed_by_king_wolf()
    assert not any(e["kind"] == "sponsor_stolen" for e in events)
    assert active(state) == [KW] and state["phase"] == "combat"
    assert GKR.view(state, KW)["prompt"]["steal_from"] == DB
    assert GKR.legal_actions(state, KW) == [{"kind": "steal", "take": True}, {"kind": "steal", "take": False}]
    for seat in (DB, TH):
        with pytest.raises(NotYourTurn):
            act(state, seat, {"kind": "steal", "take": False})
    taken, events = act(state, KW, {"kind": "steal", "take": True})
    card = next(e for e in events if e["kind"] == "sponsor_stolen")["card"]
    assert card in taken["players"][KW]["sponsor"] and taken["phase"] == "tagging"
    kept, events = act(state, KW, {"kind": "steal", "take": False})
    assert kept["players"][DB]["sponsor"] == state["players"][DB]["sponsor"]
    assert kept["phase"] == "tagging" and events[0]["kind"] == "steal_declined"


def test_may_steal_with_manual_dice_waits_for_the_destroyer_then_resolution_goes_on():
    """ "... they may steal a random Sponsor Card ...": a stated result that destroys him too."""
    state, _ = give_sponsor(combat_scene(blb_max_hp=1, manual={"dice": True}), DB, "repair-kit")
    state, _ = fire(state, {KW: [{"source": "combat", "target_unit": "blb"}]})
    state, _ = act(state, KW, {"kind": "state_result", "results": [{"unit": "blb", "damage": 1}]})
    assert state["pending_steal"] == {"seat": KW, "from": DB} and state["phase"] == "combat"
    state, _ = act(state, KW, {"kind": "steal", "take": True})
    assert state["phase"] == "tagging"


def test_nobody_is_asked_when_the_controller_has_no_sponsor_card():
    """ "(if they have any)\""""
    state = combat_scene(blb_max_hp=1)
    state["players"][DB]["sponsor"] = []
    state, _events = fire(state, {KW: [{"source": "combat", "target_unit": "blb"}]}, ScriptedDice([6, 1]))
    assert state["pending_steal"] is None and state["phase"] == "tagging"


# --- labelled, host-editable defaults ------------------------------------------------------------
def test_speed_order_is_read_by_the_firing_line():
    """NOTES.md (Sure): weapons "resolved in weapon-speed order"; which end first is a default."""

    def order(**options):
        state, _ = pass_until(new(**options), "combat")
        state = place(state, "diamondback:heavy", 0, 0, facing=0)
        state = place(state, "king-wolf:heavy", 1, 0, facing=3)
        player = state["players"][DB]
        cards = [c for c in player["hand"] + player["deck"] if state["cards"][c]["type"] == "weapon"]
        speeds = {state["data"]["weapons"][state["cards"][c]["weapon"]]["speed"]: c for c in cards}
        picks = [speeds[min(speeds)], speeds[max(speeds)]]
        player["hand"] = picks + [c for c in player["hand"] if c not in picks]
        state, _ = act(
            state,
            DB,
            {
                "kind": "choose_weapons",
                "weapons": [{"source": "card", "card": c, "target_unit": "king-wolf:heavy"} for c in picks],
            },
        )
        state, _ = act(state, KW, {"kind": "choose_weapons", "weapons": []})
        state, _ = act(state, TH, {"kind": "choose_weapons", "weapons": []})
        return [e["weapon"]["speed"] for e in state["firing_line"]]

    assert order(seed="s2") == sorted(order(seed="s2"), reverse=True)
    assert order(seed="s2", rules={"speed_order": "ascending"}) == sorted(order(seed="s2"))


def test_tags_to_demolish_is_a_host_option():
    """NOTES.md (Likely): "four tags bring a building down": a labelled default."""
    state, _ = pass_until(new(rules={"tags_to_demolish": 2}), "tagging")
    b1 = state["buildings"]["b1"]
    free = [h for h in neighbors(Hex(b1["q"], b1["r"])) if unit_at(state, h) is None]
    state = place(state, "diamondback:recon", free[0].q, free[0].r)
    state, _ = act(state, DB, {"kind": "tag", "unit": "diamondback:recon", "building": "b1"})
    assert state["buildings"]["b1"]["demolished"]
    assert GKR.validate_options({})["rules"]["tags_to_demolish"] == 4


def test_deck_make_up_is_a_host_option_of_25_cards():
    """NOTES.md (Sure): "the Heavy Hitter's hit points are its 25-card faction deck"; its make-up
    is Likely: a labelled default."""
    state = new(deck={"primary": 7, "secondary": 4, "deploy": 3, "movement": 7})
    cards = state["players"][DB]["deck"] + state["players"][DB]["hand"]
    types = [state["cards"][c]["type"] for c in cards]
    assert len(cards) == 25 and types.count("weapon") == 15 and types.count("deploy") == 3
    with pytest.raises(BadOptions, match="25"):
        GKR.validate_options({"deck": {"primary": 9, "secondary": 4, "deploy": 5, "movement": 7}})


def test_help_panel_calls_host_changeable_only_what_the_host_can_change():
    """NOTES.md: Likely and Lead facts become defaults "the table host can edit"; Sure facts
    (4 buildings to win, 20 tags per faction) are rules."""
    defaults = GKR.view(new(), DB)["defaults"]
    editable = set(defaults["host_editable"])
    assert {"tags_to_demolish", "speed_order", "deck", "sponsor"} <= editable
    assert not editable & {"buildings_to_win", "tags_per_faction", "dice"}
    assert {"buildings_to_win", "tags_per_faction", "dice"} <= set(defaults["fixed"])
    options = GKR.describe()["options"]
    option_names = set(options["properties"]) | set(options["$defs"]["RulesOverrides"]["properties"])
    spelled = {
        "heavy_hitter_move": "heavy_move_range",
        "support_move": "support_move_range",
        "flank": "flank_defence_dice",
        "weapons": "weapon_overrides",
        "sponsor": "sponsor_mix",
    }
    for key in editable:
        assert spelled.get(key, key) in option_names, key


def test_lobby_form_shows_every_numeric_default_with_its_label():
    """Every value the text does not give is "Warboard default", shown where the host edits it."""
    from app.web.forms import option_fields

    fields = {f["name"]: f for f in option_fields("gkr")}
    for name, f in fields.items():
        numbers = re.findall(r"\d", json.dumps(f["default"])) if f["input"] != "checkbox" else []
        if name == "players" or not numbers:
            continue
        assert "Warboard default" in f["description"], name
    for name in ("energy_per_round", "hand_size", "heavy_move_range", "support_move_range", "blb_range", "blb_max_hp"):
        assert fields[name]["input"] == "number" and fields[name]["default"] is not None, name
    assert fields["rules.tags_to_demolish"]["default"] == 4 and fields["rules.sponsor_cards_at_start"]["default"] == 2
    deck = {k: fields[f"deck.{k}"]["default"] for k in ("primary", "secondary", "deploy", "movement")}
    assert deck == {"primary": 5, "secondary": 4, "deploy": 5, "movement": 7}


# --- citations --------------------------------------------------------------------------------
def _flat(text: str) -> str:
    return " ".join(text.replace("#:", " ").replace("#", " ").split())


@pytest.mark.rulebook
def test_every_notes_quote_in_the_code_is_in_notes_md():
    """board.py cited NOTES.md for 'line of sight blocked by buildings', which it does not say."""
    notes = _flat(rulebooks.text("NOTES.md"))
    quotes = []
    for path in GKR_PACKAGE.glob("*.py"):
        for line in path.read_text().splitlines():
            quotes += re.findall(r"NOTES\.md[^\"\n]*\"([^\"\n]+)\"", line)
            quotes += re.findall(r"NOTES\.md[^'\"\n]*'([^'\n]+)'", line)
    assert quotes
    for quote in quotes:
        assert _flat(quote) in notes, quote


@pytest.mark.rulebook
def test_buildings_block_sight_cites_the_blb_text():
    """BLB text: "Therefore, Big Little Buddy can use this attack to deal Damage to units behind
    a Building." """
    text = _flat(rulebooks.text("gkr-big-little-buddy.txt"))
    doc = _flat(board.blocks_sight.__doc__ or "")
    for quote in re.findall(r"\"([^\"]+)\"", doc):
        assert quote in text, quote
    assert "behind a Building" in doc
