"""Big Little Buddy, exactly as the expansion's text says (rules/gkr-big-little-buddy.txt).

Each function cites the sentence it enforces. His movement range and max HP are on his Unit
Card, which our text points to but does not hold: those are Warboard defaults (data/blb.json).
"""

from __future__ import annotations

from typing import Any, cast

from app.core.errors import IllegalAction
from app.core.events import Event
from app.geometry.hex import Hex, ring
from app.systems.gkr.board import BLB, centre, empty_adjacent, hex_of, on_map, unit_at
from app.systems.gkr.words import hex_name

State = dict[str, Any]


def activate(state: State, seat: str, card_id: str, events: list[Event]) -> list[Event]:
    """Activating Big Little Buddy (Deploy Phase, on the player's turn, with an Activate BLB card)."""
    player = state["players"][seat]
    if card_id not in player["sponsor"]:
        raise IllegalAction("That sponsor card is not in your hand", code="not_in_hand")
    if state["cards"][card_id]["type"] != "activate-blb":
        raise IllegalAction(
            f"{state['cards'][card_id]['name']} is not an Activate Big Little Buddy card", code="not_activate_blb"
        )
    # "Only 1 of these cards may be played each Round. So once 1 player has activated Big
    # Little Buddy, no other players can activate him that Round."
    if state["blb"]["activated_round"] == state["round"]:
        who = state["blb"]["controller"] or "another player"
        raise IllegalAction(
            f"Big Little Buddy was already activated this round (by {who})", code="blb_already_activated"
        )
    if not state["units"][BLB]["on_board"]:
        raise IllegalAction("Big Little Buddy is not on the Battlefield", code="blb_not_on_board")
    # "players should place 1 of their Holo-board Tags on top of the Big Little Buddy figure"
    if player["tags"] < 1:
        raise IllegalAction("You have no Holo-board Tag left to mark Big Little Buddy", code="no_tags")
    player["sponsor"].remove(card_id)
    state["sponsor_discard"].append(card_id)
    player["tags"] -= 1
    state["blb"].update(controller=seat, activated_round=state["round"], weapon=None)
    # "They should also place Big Little Buddy's Unit Card and 3 Weapon Cards face up in front of them."
    events.append({"kind": "blb_activated", "player": seat, "card": card_id})
    return events


def movement_range(state: State) -> int:
    """ "Refer to Big Little Buddy Unit Card for Movement Range" (a Warboard default here)."""
    return cast("int", state["data"]["blb"]["range"])


def end_of_combat(state: State, events: list[Event]) -> None:
    """ "At the end of each Combat Phase, Big Little Buddy should be removed from the
    Battlefield, if he wasn't already destroyed. The controlling player's Holo-board Tag should
    be returned to their supply." Control ends here: "Players only ever control Big Little
    Buddy till the end of the Combat Phase" (so he never tags buildings)."""
    blb = state["units"][BLB]
    if blb["on_board"]:
        blb["on_board"] = False
        events.append({"kind": "blb_removed"})
    controller = state["blb"]["controller"]
    if controller is not None:
        state["players"][controller]["tags"] += 1
        events.append({"kind": "blb_control_ended", "player": controller, "tag_returned": True})
    state["blb"].update(controller=None, weapon=None)


def redeploy(state: State, events: list[Event]) -> None:
    """ "At the end of the Reset Phase, place Big Little Buddy back into the center of the
    Battlefield. If there is another unit in that hex, it is immediately displaced. Whoever owns
    the displaced unit must move it into an empty adjacent hex. Big Little Buddy also returns to
    max HP.\""""
    blb = state["units"][BLB]
    spot = centre(state)
    other = unit_at(state, spot)
    blb.update(q=spot.q, r=spot.r, hp=state["data"]["blb"]["max_hp"], on_board=True)
    events.append({"kind": "blb_redeployed", **spot.to_dict(), "hp": blb["hp"]})
    if other is not None:
        state["pending_displace"] = {"unit": other["id"], "owner": other["owner"]}
        state["queue"] = [other["owner"]]
        events.append(
            {
                "kind": "displacement_required",
                "unit": other["id"],
                "owner": other["owner"],
                "options": [h.to_dict() for h in displace_options(state)],
            }
        )


def displace_options(state: State) -> list[Hex]:
    """Empty hexes adjacent to the centre (Warboard default if none: the nearest empty hexes)."""
    spot = centre(state)
    options = empty_adjacent(state, spot)
    radius = 2
    while not options and radius <= state["data"]["map"]["radius"] * 2:
        options = [
            h
            for h in ring(spot, radius)
            if on_map(state, h)
            and unit_at(state, h) is None
            and not any(b["q"] == h.q and b["r"] == h.r and not b["demolished"] for b in state["buildings"].values())
        ]
        radius += 1
    return options


def displace(state: State, seat: str, to: Hex, events: list[Event]) -> None:
    """The owner moves the displaced unit into an empty adjacent hex."""
    pending = state["pending_displace"]
    if to not in displace_options(state):
        raise IllegalAction(
            f"{hex_name(state, to, True)} is not an empty hex adjacent to the centre", code="illegal_displacement"
        )
    unit = state["units"][pending["unit"]]
    unit.update(q=to.q, r=to.r)
    state["pending_displace"] = None
    events.append({"kind": "displaced", "unit": unit["id"], **to.to_dict(), "by": seat})


def blb_hex(state: State) -> Hex | None:
    blb = state["units"][BLB]
    return hex_of(blb) if blb["on_board"] else None
