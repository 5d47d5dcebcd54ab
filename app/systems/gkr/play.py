"""The action steps of GKR: one handler per kind (manual records and disputes: ``records.py``),
each ``(state, seat, action, dice) -> (state, events)`` on the game's copy of the state, which
it changes: the Deploy, Movement and Tagging phases' actions here, the rules they apply in
``blb.py``, ``combat.py``, ``damage.py`` and ``turns.py``."""

from __future__ import annotations

from typing import Any, cast

from app.core.dice import Dice
from app.core.errors import IllegalAction
from app.core.events import Event
from app.geometry.hex import Hex, distance
from app.geometry.hexlos import direction_from_degrees, facing_degrees
from app.systems.gkr import actions as A
from app.systems.gkr import blb, combat, damage, turns
from app.systems.gkr.board import (
    BLB,
    destinations,
    empty_adjacent,
    hex_of,
    on_map,
    standing_building_at,
    unit_at,
    unit_name,
)
from app.systems.gkr.damage import check_victory, repair_heavy, spend_energy
from app.systems.gkr.data import SUPPORT_KINDS
from app.systems.gkr.turns import draw_sponsor
from app.systems.gkr.words import STEP_NAMES, building_name, hex_name

State = dict[str, Any]
Step = tuple[State, list[Event]]


def play_sponsor(state: State, seat: str, action: A.PlaySponsor, dice: Dice) -> Step:
    player = state["players"][seat]
    if action.card not in player["sponsor"]:
        raise IllegalAction("That sponsor card is not in your hand", code="not_in_hand")
    card = state["cards"][action.card]
    if card["type"] == "activate-blb":
        return state, blb.activate(state, seat, action.card, [])
    events: list[Event] = []
    player["sponsor"].remove(action.card)
    state["sponsor_discard"].append(action.card)
    events.append({"kind": "sponsor_played", "player": seat, "card": action.card, "name": card["name"]})
    if "energy" in card:
        player["energy"] += card["energy"]
    if "repair" in card:
        repair_heavy(state, seat, card["repair"], events)
    return state, events


def deploy_support(state: State, seat: str, action: A.DeploySupport, dice: Dice) -> Step:
    """Deploy card (Warboard default): a destroyed Support Unit returns next to its Heavy Hitter."""
    player = state["players"][seat]
    if action.card not in player["hand"] or state["cards"][action.card]["type"] != "deploy":
        raise IllegalAction("That is not a deploy card in your hand", code="not_in_hand")
    unit = state["units"].get(action.unit)
    if unit is None or unit["owner"] != seat or unit["kind"] not in SUPPORT_KINDS:
        raise IllegalAction(f"{unit_name(state, action.unit)} is not one of your Support Units", code="not_your_unit")
    if unit["on_board"]:
        raise IllegalAction(f"{unit_name(state, action.unit)} is already on the Battlefield", code="already_deployed")
    to = Hex(action.to.q, action.to.r)
    if to not in empty_adjacent(state, hex_of(state["units"][f"{seat}:heavy"])):
        raise IllegalAction(
            f"{hex_name(state, to, True)} is not an empty hex next to your Heavy Hitter", code="illegal_move"
        )
    player["hand"].remove(action.card)
    player["discard"].append(action.card)
    unit.update(
        q=to.q,
        r=to.r,
        facing=direction_from_degrees(action.facing),
        on_board=True,
        hp=state["data"]["support"]["units"][unit["kind"]]["hp"],
    )
    return state, [{"kind": "deployed", "unit": unit["id"], "card": action.card, **to.to_dict()}]


def movable_unit(state: State, seat: str, uid: str) -> dict[str, Any]:
    """The unit ``seat`` may move in the current Movement step, or IllegalAction."""
    unit = state["units"].get(uid)
    step = state["step"]
    if unit is None:
        raise IllegalAction("There is no such unit", code="unknown_unit")
    if step == BLB:
        if uid != BLB:
            raise IllegalAction("Now only Big Little Buddy moves", code="wrong_step")
    elif uid == BLB:
        raise IllegalAction(
            "Big Little Buddy moves once all Heavy Hitters have moved, before the Support Units", code="wrong_step"
        )
    elif unit["owner"] != seat:
        raise IllegalAction(f"{unit_name(state, uid)} is not your unit", code="not_your_unit")
    elif (step == "heavy") != (unit["kind"] == "heavy"):
        raise IllegalAction(
            f"{unit_name(state, uid)} does not move in the {STEP_NAMES.get(step, step)} step: Heavy Hitters move first, "
            "then Big Little Buddy, then Support Units",
            code="wrong_step",
        )
    if not unit["on_board"]:
        raise IllegalAction(f"{unit_name(state, uid)} is not on the Battlefield", code="unit_not_on_board")
    if uid in state["players"][seat]["moved"]:
        raise IllegalAction(f"{unit_name(state, uid)} has already moved this phase", code="already_moved")
    return cast("dict[str, Any]", unit)


def move_range(state: State, unit: dict[str, Any], card: str | None) -> tuple[int, int]:
    """(hexes it may move, hexes that cost no energy)."""
    rules = state["data"]["rules"]
    if unit["kind"] == BLB:
        return blb.movement_range(state), 10**6  # BLB text: "Does not use Energy to move."
    if unit["kind"] == "heavy":
        bonus = rules["movement_card_bonus_hexes"] if card else 0
        return rules["heavy_hitter_move"]["range"] + bonus, bonus
    return rules["support_move"]["range"], 0


def why_not_there(state: State, unit: dict[str, Any], to: Hex) -> tuple[str, str]:
    """A sentence and a code saying why ``unit`` cannot end on ``to``."""
    other = unit_at(state, to)
    if not on_map(state, to):
        return "That hex is off the Battlefield", "off_board"
    if standing_building_at(state, to):
        return f"{hex_name(state, to, True)} holds a building", "building"
    if other is not None and other["id"] == BLB and unit["kind"] == "heavy":
        return (
            f"{hex_name(state, to, True)} is Big Little Buddy's: a Heavy Hitter cannot end its move there nor "
            "displace him",
            "blb_hex",
        )
    if other is not None:
        return f"{hex_name(state, to, True)} is occupied", "occupied"
    return f"{unit_name(state, unit['id'])} cannot reach {hex_name(state, to)} this move", "out_of_reach"


def move(state: State, seat: str, action: A.Move, dice: Dice) -> Step:
    unit = movable_unit(state, seat, action.unit)
    player = state["players"][seat]
    if action.card is not None and (
        unit["kind"] != "heavy"
        or action.card not in player["hand"]
        or state["cards"][action.card]["type"] != "movement"
    ):
        raise IllegalAction("That is not a movement card in your hand for your Heavy Hitter", code="not_in_hand")
    start = hex_of(unit)
    to = Hex(action.to.q, action.to.r) if action.to else start
    steps = 0
    if to != start:
        reach, _ = move_range(state, unit, action.card)
        legal = destinations(state, unit, reach)
        if to not in legal:
            message, code = why_not_there(state, unit, to)
            raise IllegalAction(message, code=code)
        steps = legal[to]
    facing = unit["facing"] if action.facing is None else direction_from_degrees(action.facing)
    if action.card:
        player["hand"].remove(action.card)
        player["discard"].append(action.card)
    unit.update(q=to.q, r=to.r, facing=facing)
    player["moved"].append(unit["id"])
    events: list[Event] = [
        {
            "kind": "moved",
            "unit": unit["id"],
            "from": start.to_dict(),
            "to": to.to_dict(),
            "facing": facing_degrees(facing),
            "hexes": steps,
            "card": action.card,
        }
    ]
    spend_energy(state, seat, _move_cost(state, unit, steps, action.card), dice, events)
    return state, events


def _move_cost(state: State, unit: dict[str, Any], steps: int, card: str | None) -> int:
    rules = state["data"]["rules"]
    if unit["kind"] == BLB or steps == 0:
        return 0
    if unit["kind"] == "heavy":
        free = rules["movement_card_bonus_hexes"] if card else 0
        return cast("int", max(0, steps - free) * rules["heavy_hitter_move"]["energy_per_hex"])
    return cast("int", rules["support_move"]["energy_per_unit"])


def tag(state: State, seat: str, action: A.Tag, dice: Dice) -> Step:
    """Tagging Phase: a unit next to a building tags it; four tags demolish it (Likely)."""
    manual = state["data"]["manual"]
    if action.unit == BLB:
        # BLB text: "Players only ever control Big Little Buddy till the end of the Combat
        # Phase ... Therefore, he cannot Tag Buildings."
        raise IllegalAction("Big Little Buddy cannot tag buildings", code="blb_cannot_tag")
    unit = state["units"].get(action.unit)
    if unit is None or unit["owner"] != seat or not unit["on_board"]:
        raise IllegalAction(
            f"{unit_name(state, action.unit)} is not one of your units on the Battlefield", code="not_your_unit"
        )
    player = state["players"][seat]
    if unit["id"] in player["tagged"]:
        raise IllegalAction(f"{unit_name(state, unit['id'])} has already tagged this phase", code="already_tagged")
    building = state["buildings"].get(action.building)
    if building is None or building["demolished"]:
        raise IllegalAction(
            f"{building_name(building)} is rubble" if building else "There is no such building", code="no_building"
        )
    if not manual["tagging"] and distance(hex_of(unit), hex_of(building)) != 1:
        raise IllegalAction(
            f"{unit_name(state, unit['id'])} is not next to {building_name(building)}", code="not_adjacent"
        )
    count = _tag_count(state, unit, action.count)
    count = min(count, player["tags"])
    if count < 1:
        raise IllegalAction("You have no Holo-board Tags left", code="no_tags")
    building["tags"][seat] = building["tags"].get(seat, 0) + count
    player["tags"] -= count
    player["tagged"].append(unit["id"])
    events: list[Event] = [
        {
            "kind": "tagged",
            "unit": unit["id"],
            "building": building["id"],
            "count": count,
            "tags": dict(building["tags"]),
        }
    ]
    draw_sponsor(state, seat, state["data"]["rules"]["sponsor_cards_per_tag"], dice, events)
    if sum(building["tags"].values()) >= state["data"]["rules"]["tags_to_demolish"]:
        # Warboard default: the tags on a demolished building return to their supplies
        for owner, n in building["tags"].items():
            state["players"][owner]["tags"] += n
        building.update(demolished=True, by=seat)
        player["demolished"] += 1
        events.append({"kind": "demolished", "building": building["id"], "by": seat, "total": player["demolished"]})
        check_victory(state, events)
    return state, events


def _tag_count(state: State, unit: dict[str, Any], stated: int | None) -> int:
    if state["data"]["manual"]["tagging"]:
        return stated or 1
    if stated is not None:
        raise IllegalAction("Tag counts are stated only when tagging is resolved manually", code="manual_only")
    support = state["data"]["support"]
    if unit["kind"] == "recon" and not state["data"]["manual"]["support"]:
        return cast("int", support["units"]["recon"]["tags"])
    return cast("int", support["default_tags"])


# --- the Combat and Reset phases' steps ----------------------------------------------------------


def choose_weapons(state: State, seat: str, action: A.ChooseWeapons, dice: Dice) -> Step:
    events: list[Event] = []
    combat.choose_weapons(state, seat, action, events)
    turns.end_turn(state, seat, dice, events)
    return state, events


def state_result(state: State, seat: str, action: A.StateResult, dice: Dice) -> Step:
    events: list[Event] = []
    if combat.state_result(state, seat, action, dice, events):
        turns.finish_combat(state, dice, events)
    return state, events


def steal(state: State, seat: str, action: A.Steal, dice: Dice) -> Step:
    """The destroyer of Big Little Buddy takes a sponsor card or not; the firing line goes on."""
    events: list[Event] = []
    damage.steal(state, seat, action.take, dice, events)
    line = state["firing_line"]
    waiting = state["phase"] == "combat" and state["awaiting"] is None and line and line[0]["revealed"]
    if waiting and combat.advance(state, dice, events):
        turns.finish_combat(state, dice, events)
    return state, events


def displace(state: State, seat: str, action: A.Displace, dice: Dice) -> Step:
    pending = state["pending_displace"]
    if pending is None or pending["owner"] != seat:
        raise IllegalAction("None of your units has to be displaced", code="nothing_to_displace")
    events: list[Event] = []
    blb.displace(state, seat, Hex(action.to.q, action.to.r), events)
    turns.next_phase(state, dice, events)
    return state, events
