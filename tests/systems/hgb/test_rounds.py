"""Setup, deployment, initiative, activation, Used models, Return Fire, ending the game."""

import copy
import math

import pytest

from app.core.errors import GameOver, IllegalAction, NotYourTurn, WrongPhase
from tests.kit.refused import refused
from tests.systems.hgb.play import SYSTEM, Table, in_a_row
from tests.systems.hgb.scenario import act, battle, by_kind


def deployed_table():
    t = Table({"map": "open"})
    for seat in ("north", "south"):
        t.act(seat, {"kind": "ready"})
    for seat in ("north", "south"):
        for action in in_a_row(seat, [m["id"] for m in t.state["models"].values() if m["seat"] == seat], 3, 5, 43):
            t.act(seat, action)
    return t


def test_describe_and_seats():
    d = SYSTEM.describe()
    assert d["id"] == "hgb" and d["board"] == "tabletop" and d["seats"] == ["north", "south"]
    assert d["helpers"][:3] == ["roll", "attack", "odds"]


def test_terrain_changes_reset_readiness():
    t = Table({"map": "ridge"})
    t.act("north", {"kind": "ready"})
    t.act("south", {"kind": "place_terrain", "id": "x", "type": "forest", "polygon": [[1, 1], [3, 1], [3, 3]]})
    assert t.state["ready"] == [] and t.state["phase"] == "terrain"
    with pytest.raises(IllegalAction):
        t.act("south", {"kind": "place_terrain", "id": "y", "type": "rough", "polygon": [[47, 1], [49, 1], [48, 3]]})
    t.act("north", {"kind": "remove_terrain", "id": "x"})
    t.act("north", {"kind": "ready"})
    t.act("south", {"kind": "ready"})
    assert t.state["phase"] == "deployment"


def test_deployment_zone_and_all_models_before_ready():
    t = Table({"map": "open"})
    t.act("north", {"kind": "ready"})
    t.act("south", {"kind": "ready"})
    with refused("outside_deployment_zone"):
        t.act("north", {"kind": "deploy", "model": "n-cg1-1", "x": 10, "y": 12})
    with pytest.raises(IllegalAction):
        t.act("north", {"kind": "deploy", "model": "s-cg1-1", "x": 10, "y": 40})
    t.act("north", {"kind": "deploy", "model": "n-cg1-1", "x": 10, "y": 11.5, "facing": 90})
    waiting = next(p for p in t.view("north")["pieces"] if p["id"] == "n-cg1-2")
    assert waiting["status"] == "reserve" and waiting["owner"] == "north"
    # Hunter 1 now stands where Hunter 3 waits: Ready deploys Hunter 3 at the nearest free place
    t.act("north", {"kind": "deploy", "model": "n-cg1-1", "x": 12, "y": 6, "facing": 90})
    events = t.act("north", {"kind": "ready"})
    assert len([e for e in events if e["kind"] == "deployed"]) == 9
    h3 = t.state["models"]["n-cg1-3"]
    assert (h3["x"], h3["y"]) != (12, 6) and (h3["x"] - 12) ** 2 + (h3["y"] - 6) ** 2 < 4
    assert all(m["status"] == "active" for m in t.state["models"].values() if m["seat"] == "north")
    with pytest.raises(WrongPhase):
        t.act("north", {"kind": "move", "model": "n-cg1-1", "path": [[10, 12]]})


def test_initiative_ties_are_rerolled_and_the_winner_chooses():
    t = deployed_table()
    act(t, "north", {"kind": "ready"})
    ev = by_kind(act(t, "south", {"kind": "ready"}, [3, 3, 2, 5]), "round_started")[0]
    assert ev["initiative"] == [{"north": 3, "south": 3}, {"north": 2, "south": 5}] and ev["winner"] == "south"
    with pytest.raises(NotYourTurn):
        act(t, "north", {"kind": "choose_first", "seat": "north"})
    act(t, "south", {"kind": "choose_first", "seat": "north"})
    assert t.view("north")["turn"] == {"active": ["north"], "phase": "activation", "round": 1}


def test_groups_alternate_and_models_become_used():
    t = battle(
        {
            "n-cg1-3": (10, 10, 90),
            "n-cg1-4": (14, 10, 90),
            "n-cg2-1": (20, 10, 90),
            "s-cg1-3": (10, 40, 270),
            "s-cg2-1": (20, 40, 270),
        }
    )
    with pytest.raises(NotYourTurn):
        act(t, "south", {"kind": "move", "model": "s-cg1-3", "path": [[10, 39]]})
    act(t, "north", {"kind": "move", "model": "n-cg1-3", "path": [[10, 11]]})
    with pytest.raises(IllegalAction) as err:  # another group while cg1 is activating
        act(t, "north", {"kind": "move", "model": "n-cg2-1", "path": [[20, 11]]})
    assert err.value.code == "wrong_group"
    act(t, "north", {"kind": "move", "model": "n-cg1-4", "path": [[14, 11]]})  # Hunter 3 is now Used
    with refused("model_used"):
        act(t, "north", {"kind": "attack", "model": "n-cg1-3", "weapon": "LAC", "target": "s-cg1-3"})
    act(t, "north", {"kind": "end_group"})
    assert t.state["to_activate"] == "south"
    act(t, "south", {"kind": "activate_group", "group": "cg1"})
    act(t, "south", {"kind": "end_group"})
    act(t, "north", {"kind": "end_group"} if t.state["current"] else {"kind": "activate_group", "group": "cg2"})
    act(t, "north", {"kind": "end_group"})
    ev = act(t, "south", {"kind": "activate_group", "group": "cg2"})
    ev = act(t, "south", {"kind": "end_group"})
    assert by_kind(ev, "round_ended") and t.state["round"] == 2 and t.state["phase"] == "initiative"
    assert not any(m["used"] for m in t.state["models"].values())


def test_return_fire_with_a_kept_action():
    t = battle({"n-cg1-3": (24, 30, 90), "s-cg1-3": (24, 40, 270), "s-cg2-1": (40, 44, 270)}, first="south")
    ev = act(t, "south", {"kind": "done", "model": "s-cg1-3", "keep_action": True})
    assert by_kind(ev, "group_done")  # the group's last model is done: the group ends
    act(t, "north", {"kind": "move", "model": "n-cg1-3", "path": [[24, 33]]})
    assert t.state["phase"] == "reaction" and t.view("south")["turn"]["active"] == ["south"]
    assert len(t.state["pending"]["points"]) == 3
    with pytest.raises(NotYourTurn):
        act(t, "north", {"kind": "pass"})
    ev = act(t, "south", {"kind": "return_fire", "model": "s-cg1-3", "weapon": "LAC", "at": 0}, [3, 1, 2, 1])
    shot = by_kind(ev, "return_fire")[0]
    assert shot["at"] == [24, 31]
    assert by_kind(ev, "attack_resolved")
    assert t.state["phase"] == "activation" and not t.state["models"]["s-cg1-3"]["kept"]


def test_apply_never_mutates_its_input():
    t = battle({"n-cg1-3": (24, 10, 90), "s-cg1-3": (24, 20, 270)})
    before = copy.deepcopy(t.state)
    SYSTEM.apply(
        t.state,
        "north",
        SYSTEM.parse_action({"kind": "attack", "model": "n-cg1-3", "weapon": "LAC", "target": "s-cg1-3"}),
        Table().dice,
    )
    assert t.state == before


def test_end_by_agreement_and_concession():
    t = battle({"n-cg1-3": (24, 10, 90), "s-cg1-3": (24, 20, 270)})
    act(t, "north", {"kind": "agree_end", "winner": "north"})
    act(t, "south", {"kind": "agree_end", "winner": "south"})
    assert t.state["result"] is None
    act(t, "south", {"kind": "agree_end", "winner": "north"})
    assert SYSTEM.outcome(t.state).winners == ["north"]
    with pytest.raises(GameOver):
        act(t, "north", {"kind": "concede"})
    t = battle({"n-cg1-3": (24, 10, 90), "s-cg1-3": (24, 20, 270)})
    act(t, "north", {"kind": "concede"})
    assert SYSTEM.outcome(t.state).winners == ["south"]
    assert "south" in t.view(None)["result"]["winners"]


def test_bad_actions_are_malformed():
    from app.core.errors import MalformedAction

    with pytest.raises(MalformedAction):
        SYSTEM.parse_action({"kind": "move", "model": "x", "path": []})
    with pytest.raises(MalformedAction):
        SYSTEM.parse_action({"kind": "attack", "model": "x", "weapon": "LAC", "target": "y", "extra": 1})
    with pytest.raises(MalformedAction):
        SYSTEM.parse_action({"kind": "fly"})


def test_ecm_as_a_reaction_to_a_designation_being_made():
    opts = {"north": {"faction": "peace_river"}}
    t = battle({"n-cg1-1": (24, 10, 90), "s-cg1-3": (24, 20, 270), "s-cg2-1": (30, 30, 270)}, opts)
    act(t, "north", {"kind": "done", "model": "n-cg1-1", "keep_action": True})
    act(t, "south", {"kind": "designate", "model": "s-cg1-3", "target": "n-cg1-1"})
    assert t.state["phase"] == "reaction"
    assert {"kind": "ecm", "model": "n-cg1-1", "observer": "s-cg1-3"} in SYSTEM.legal_actions(t.state, "north")
    ev = act(t, "north", {"kind": "ecm", "model": "n-cg1-1", "observer": "s-cg1-3"}, [6, 1])
    assert ev[-1]["jammed"] and t.state["phase"] == "activation"


def test_legal_actions_name_the_models():
    t = battle({"n-cg1-3": (24, 10, 90), "s-cg1-3": (24, 20, 270)})
    acts = SYSTEM.legal_actions(t.state, "north")
    assert {"kind": "activate_group", "group": "cg1"} in acts
    assert any(a["kind"] == "move" and a["model"] == "n-cg1-3" and a["path"] for a in acts)
    assert all(a["kind"] in ("agree_end", "concede") for a in SYSTEM.legal_actions(t.state, "south"))


def test_players_choose_their_own_force_before_deployment():
    t = Table({"map": "open"})
    t.act("north", {"kind": "ready"})
    ev = t.act(
        "south",
        {
            "kind": "choose_force",
            "faction": "peace_river",
            "choices": {"cg1-1": ["pr_flak_vest"], "cg2-3": ["pr_crusader_mbzk"]},
        },
    )
    assert ev[0]["tv"] == 610 - 2 * 10 + 10 and t.state["ready"] == []
    assert t.state["forces"]["south"]["faction"] == "peace_river"
    assert t.state["models"]["s-cg2-3"]["card"]["weapons"][0] == "MBZK"
    with refused("illegal_force"):
        t.act("north", {"kind": "choose_force", "faction": "south", "choices": {}})


def test_no_reaction_window_when_no_kept_model_could_shoot():
    # the south Hunter keeps its Action but faces away from the north one
    t = battle({"n-cg1-3": (24, 30, 90), "s-cg1-3": (24, 40, 90), "s-cg2-1": (40, 44, 270)}, first="south")
    act(t, "south", {"kind": "done", "model": "s-cg1-3", "keep_action": True})
    ev = act(t, "north", {"kind": "move", "model": "n-cg1-3", "path": [[24, 33]]})
    assert not by_kind(ev, "reaction_window") and t.state["phase"] == "activation"
    with pytest.raises(IllegalAction):
        act(t, "north", {"kind": "pass"})


BUILDING = {"id": "b", "type": "building", "level": 3, "polygon": [[20, 35], [28, 35], [28, 37], [20, 37]]}


def test_indirect_fire_opens_no_return_fire_window():
    """Rulebook, Indirect Fire: IF weapons "can fire over various obstacles, hitting the enemy without
    fear of return fire (lobbed fire from covered positions, guided missiles, and so on)"."""
    t = battle(
        {"n-cg1-3": (24, 2, 90), "n-cg1-4": (30, 16, 90), "s-cg1-3": (24, 24, 270), "s-cg2-1": (40, 44, 270)},
        first="south",
    )
    act(t, "south", {"kind": "done", "model": "s-cg1-3", "keep_action": True})
    ev = act(t, "north", {"kind": "designate", "model": "n-cg1-4", "target": "s-cg1-3"})
    assert by_kind(ev, "reaction_window")  # the observer's Action is in plain sight: it may be shot at
    act(t, "south", {"kind": "pass"})
    ev = act(
        t,
        "north",
        {"kind": "attack", "model": "n-cg1-3", "weapon": "LRP", "target": "s-cg1-3", "indirect": True},
        [1, 2, 3, 1, 1],
    )
    assert not by_kind(ev, "reaction_window") and t.state["phase"] == "activation"


def test_return_fire_needs_line_of_sight():
    """Rulebook, Return Fire: the kept Action is spent "on a ranged attack, i.e. a shot"; a model
    cannot shoot back at a mover it cannot see (here fully hidden behind a building)."""
    t = battle(
        {"n-cg1-3": (24, 30, 90), "s-cg1-3": (24, 40, 270), "s-cg2-1": (40, 44, 270)},
        {"terrain": [BUILDING]},
        first="south",
    )
    act(t, "south", {"kind": "done", "model": "s-cg1-3", "keep_action": True})
    ev = act(t, "north", {"kind": "move", "model": "n-cg1-3", "path": [[24, 32]]})
    assert not by_kind(ev, "reaction_window") and t.state["phase"] == "activation"


def test_return_fire_uses_the_movers_facing_at_that_inch_and_may_use_rof():
    """Rulebook, Return Fire: "A model may act against a moving model only once per inch that model
    fully completes ... The shot itself is resolved as soon as the target finishes its current inch";
    Defense Modifiers: "-1 ... if the attacker is in the defender's Rear (Rr) firing arc"; ROF: "When
    firing such a weapon, you may use any number of Rate of Fire (ROF) points"."""
    # The north Hunter backs towards the south one (walker, Combat Speed) and turns to face it only
    # at the end of its move: at the first inch its back is to the shooter.
    t = battle({"n-cg1-3": (24, 30, 270), "s-cg1-3": (24, 40, 270), "s-cg2-1": (40, 44, 270)}, first="south")
    act(t, "south", {"kind": "done", "model": "s-cg1-3", "keep_action": True})
    act(t, "north", {"kind": "move", "model": "n-cg1-3", "path": [[24, 33]], "facing": 90})
    assert t.view("south")["pending"]["facings"] == [270, 270, 90]
    ev = act(
        t, "south", {"kind": "return_fire", "model": "s-cg1-3", "weapon": "LAC", "at": 0, "focus": 1}, [3, 1, 2, 1]
    )
    assert by_kind(ev, "attack")[0]["focus"] == 1
    res = by_kind(ev, "attack_resolved")[0]
    assert res["defense_modifiers"]["rear_arc"] == -1
    assert t.state["models"]["n-cg1-3"]["facing"] == 90 and t.state["models"]["n-cg1-3"]["y"] == 33


def test_an_ecm_action_opens_a_return_fire_window():
    """Rulebook, Return Fire: "once per completed action ... resolved as soon as the target finishes
    ... the Action that triggered the Return Fire"; ECM is an Action ("by spending an Action on it")."""
    opts = {"north": {"faction": "peace_river"}}
    t = battle({"n-cg1-1": (24, 10, 90), "s-cg1-3": (24, 20, 270), "s-cg1-4": (30, 20, 270)}, opts, first="south")
    act(t, "south", {"kind": "designate", "model": "s-cg1-4", "target": "n-cg1-1"})
    act(t, "south", {"kind": "done", "model": "s-cg1-3", "keep_action": True})
    assert t.state["to_activate"] == "north"
    ev = act(t, "north", {"kind": "ecm", "model": "n-cg1-1", "observer": "s-cg1-4"}, [5, 3])
    window = by_kind(ev, "reaction_window")
    assert window and window[0]["models"] == ["s-cg1-3"] and t.state["phase"] == "reaction"


def _hit_at_full_speed(at: int, faces: list[int], place: dict[str, tuple[float, float, float]] | None = None):
    """Hunter 3 (north, [S][S][L] crossed: the next box is Heavy) runs 7 inches at Full Speed from
    y 20 to 27; Jäger 3 (south, Action kept) answers with Return Fire at point ``at``. The table
    and the Return Fire's events."""
    models = {"n-cg1-3": (24, 20, 90), "s-cg1-3": (24, 40, 270), "s-cg2-1": (40, 44, 270), **(place or {})}
    t = battle(models, first="south")
    act(t, "south", {"kind": "done", "model": "s-cg1-3", "keep_action": True})
    act(t, "north", {"kind": "set_speed", "model": "n-cg1-3", "speed": "full"})
    t.state["models"]["n-cg1-3"]["crossed"] = 3
    act(t, "north", {"kind": "move", "model": "n-cg1-3", "path": [[24, 27]]})
    assert t.state["pending"]["points"][-1] == [24, 27]
    return t, act(t, "south", {"kind": "return_fire", "model": "s-cg1-3", "weapon": "LAC", "at": at}, faces)


def test_a_mover_that_loses_full_speed_to_return_fire_stops_at_its_combat_speed_allowance():
    """Rulebook, Return Fire: "The shot itself is resolved as soon as the target finishes its current
    inch of movement"; Damage: "Heavy: the model receives a "-1" modifier to all rolls and loses the
    ability to move at Full Speed."; Movement: "A model at Full Speed must spend at least as many MP
    in a round as its MP at Combat Speed; otherwise it switches to Combat Speed." A Hunter (4 MP at
    Combat, 7 at Full) hit at its first inch walks on at Combat Speed: it stops 4 inches out, not 7."""
    t, ev = _hit_at_full_speed(0, [6, 1, 1, 1, 1])
    hit = by_kind(ev, "attack_resolved")[0]
    assert hit["result"] == "damaged" and hit["crossed"] >= 4
    mover = t.state["models"]["n-cg1-3"]
    assert mover["speed"] == "combat" and (mover["x"], round(mover["y"], 6)) == (24, 24)
    assert mover["moved"]["mp"] == pytest.approx(4)
    assert by_kind(ev, "move_stopped")[0] | {} == {
        "kind": "move_stopped",
        "model": "n-cg1-3",
        "x": 24,
        "y": 24,
        "facing": 90,
        "mp": 4,
        "speed": "combat",
    }


def test_a_mover_hit_past_its_combat_speed_allowance_stops_where_it_was_hit():
    """Rulebook, Return Fire: "The shot itself is resolved as soon as the target finishes its current
    inch of movement". Hit at its sixth inch, past its 4 Combat Speed MP, the Hunter stops there."""
    t, _ = _hit_at_full_speed(5, [5, 1, 1, 1, 1])
    mover = t.state["models"]["n-cg1-3"]
    assert (mover["x"], round(mover["y"], 6), mover["speed"]) == (24, 26, "combat")


def test_a_mover_stopped_short_never_ends_on_another_model():
    """Rulebook, Return Fire: "The shot itself is resolved as soon as the target finishes its current
    inch of movement". Where its Combat Speed MP run out another Hunter stands: the mover walked
    through it (models may pass through one another) but stops short of it, not on it."""
    t, _ = _hit_at_full_speed(0, [6, 1, 1, 1, 1], {"n-cg1-4": (24, 24, 90), "s-cg1-3": (34, 40, 270)})
    mover = t.state["models"]["n-cg1-3"]
    assert mover["speed"] == "combat" and 21 <= mover["y"] <= 24 - math.sqrt(3) / 2 + 1e-9
