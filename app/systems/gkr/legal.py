"""Every action a seat may send now (``legal_actions``), for bots, random drivers and tests.

``prompted`` lists the choices of the prompt (sponsor cards, every move to every hex with
every facing, a rotation in place included, a Heavy Hitter's moves with a movement card played
along, tags, every weapon choice, passing, displacing,
stealing, the host's rulings). Weapon choices (``volleys``): passing, every single shot, every
shot of the seat's own weapons together with every shot of Big Little Buddy's ("the
controlling player may also choose 1 Big Little Buddy Weapon to fire"), and every larger set of
weapons each at its first target (the other targets of a larger volley are sampled: their
number grows as a product); with manual flank shots, each shot at a unit also as a flank shot
when it comes from outside the target's arc. Continuous values (manual weapons' ``stats``) are
not listed.
Added here: activating Big Little Buddy with an Activate card, deploying a destroyed Support
Unit with a Deploy card to each empty hex next to the Heavy Hitter, and, with manual dice,
stating no damage. The added candidates are tried on the state (``apply`` is pure) and kept
only when accepted.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from app.core.dice import Dice
from app.core.errors import WarboardError
from app.geometry.hexlos import facing_degrees
from app.systems.base import HOST_SEAT
from app.systems.gkr import view
from app.systems.gkr.board import BLB, empty_adjacent, hex_of
from app.systems.gkr.combat import check_flank
from app.systems.gkr.data import SUPPORT_KINDS

State = dict[str, Any]
FACINGS = range(0, 360, 60)


def legal_actions(system: Any, state: State, seat: str) -> list[dict[str, Any]]:
    listed = prompted(state, seat)
    p = view.prompt(state, seat) if seat in state["players"] else None
    if p is None:
        return listed
    extra = [a for a in _candidates(state, seat, p) if _accepted(system, state, seat, a)]
    return [*listed, *extra]


def prompted(state: State, seat: str) -> list[dict[str, Any]]:
    """The actions the prompt of ``seat`` offers (and the host's rulings)."""
    if seat == HOST_SEAT:
        return [{"kind": "resolve_dispute", "uphold": u} for u in (True, False)] if state["dispute"] else []
    p = view.prompt(state, seat)
    if p is None:
        return []
    if "steal_from" in p:
        return [{"kind": "steal", "take": True}, {"kind": "steal", "take": False}]
    phase = state["phase"]
    acts: list[dict[str, Any]] = []
    if phase in ("deploy", "movement", "tagging"):
        acts.append({"kind": "end_turn"})
    acts += [
        {"kind": "play_sponsor", "card": c}
        for c in (state["players"][seat]["sponsor"] if phase == "deploy" else [])
        if state["cards"][c]["type"] != "activate-blb" or p.get("can_activate_blb")
    ]
    for m in p.get("moves", []):
        acts += _turns(state, m["unit"], m["hexes"], {})
        if m.get("card"):  # with a movement card played along (it spends the card, saves energy)
            for card in _movement_cards(state, seat):
                acts += _turns(state, m["unit"], m["card_hexes"], {"card": card})
    for t in p.get("tags", []):
        acts += [{"kind": "tag", "unit": t["unit"], "building": b} for b in t["buildings"]]
    if phase == "combat" and "weapons" in p:
        acts += [{"kind": "choose_weapons", "weapons": v} for v in volleys(state, seat, p["weapons"])]
    if "hexes" in p and phase == "reset":
        acts += [{"kind": "displace", "to": h} for h in p["hexes"]]
    return acts


def _candidates(state: State, seat: str, p: dict[str, Any]) -> list[dict[str, Any]]:
    phase, player, out = state["phase"], state["players"][seat], []
    if phase == "deploy":
        out += [
            {"kind": "activate_blb", "card": c}
            for c in player["sponsor"]
            if state["cards"][c]["type"] == "activate-blb" and p.get("can_activate_blb")
        ]
        heavy = state["units"][f"{seat}:heavy"]
        for c in player["hand"]:
            if state["cards"][c]["type"] != "deploy" or not heavy["on_board"]:
                continue
            for kind in SUPPORT_KINDS:
                unit = state["units"][f"{seat}:{kind}"]
                if not unit["on_board"]:
                    out += [
                        {"kind": "deploy_support", "card": c, "unit": unit["id"], "to": h.to_dict()}
                        for h in empty_adjacent(state, hex_of(heavy))
                    ]
    if phase == "combat" and "victims" in p:
        out.append({"kind": "state_result", "results": [{"unit": u, "damage": 0} for u in p["victims"]]})
    return out


def _movement_cards(state: State, seat: str) -> list[str]:
    """The movement cards in ``seat``'s hand."""
    return [c for c in state["players"][seat]["hand"] if state["cards"][c]["type"] == "movement"]


def _turns(state: State, uid: str, hexes: list[dict[str, int]], extra: dict[str, Any]) -> list[dict[str, Any]]:
    """Moves of ``uid`` to its own hex (a rotation in place) and to each of ``hexes``, keeping its
    facing or turning to each other facing (multiples of 60 degrees)."""
    unit = state["units"][uid]
    here = hex_of(unit).to_dict()
    facing = facing_degrees(unit["facing"])
    out = []
    for h in [here, *hexes]:
        out.append({"kind": "move", "unit": uid, "to": h, **extra})
        out += [{"kind": "move", "unit": uid, "to": h, "facing": f, **extra} for f in FACINGS if f != facing]
    return out


def volleys(state: State, seat: str, weapons: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The weapon choices listed from the prompt's ``weapons``, passing first: every single shot;
    every shot of the seat's own weapons together with every shot of Big Little Buddy's ("may
    also choose 1"); and every set of two or more weapons, each at its first target (a larger
    volley's other targets are sampled, not listed: their number grows as a product). At most the
    round's number of weapon cards, at most 1 of Big Little Buddy's weapons."""
    manual_flank = state["data"]["manual"]["flank"]
    limit = state["data"]["rules"]["heavy_hitter_weapons_per_round"]
    own: list[list[dict[str, Any]]] = []
    buddy: list[list[dict[str, Any]]] = []
    for w in weapons:
        shots = view.single_shots([w])
        if manual_flank:
            shots += [{**s, "flank": True} for s in shots if _may_flank(state, seat, s)]
        if shots:
            (buddy if w["source"] == "blb" else own).append(shots)
    singles = [[s] for shots in own + buddy for s in shots]
    pairs = [[s, b] for shots in own for s in shots for his in buddy for b in his]
    firsts = [shots[0] for shots in own + buddy]
    sets = [
        list(combo)
        for n in range(2, len(firsts) + 1)
        for combo in combinations(firsts, n)
        if sum(c["source"] == "card" for c in combo) <= limit and sum(c["source"] == "blb" for c in combo) <= 1
    ]
    out: list[list[dict[str, Any]]] = [[], *singles, *pairs]
    out += [v for v in sets if v not in out]
    return out


def _may_flank(state: State, seat: str, shot: dict[str, Any]) -> bool:
    """A shot at a unit stated as a flank shot: only from outside the target's arc (see
    ``combat.check_flank``); a shot at a hex names no target, so it may be stated either way."""
    if "target_unit" not in shot:
        return True
    shooter = state["units"][{"card": f"{seat}:heavy", "combat": f"{seat}:combat"}.get(shot["source"], BLB)]
    return check_flank(state, shooter, state["units"][shot["target_unit"]]) is None


def _accepted(system: Any, state: State, seat: str, raw: dict[str, Any]) -> bool:
    try:
        system.apply(state, seat, system.parse_action(raw), Dice("legal-probe"))
    except WarboardError:
        return False
    return True
