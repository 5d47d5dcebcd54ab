"""What a seat (or a spectator) sees, in the generic board client's contract.

Hidden: hands, sponsor cards, deck order, face-down firing-line entries and Big Little
Buddy's chosen weapon; other seats and spectators get counts and ``{"owner", "hidden"}``.
"""

from __future__ import annotations

from typing import Any, TypedDict, cast

from app.core.errors import IllegalAction
from app.geometry.hex import Hex, cell_names, distance, spiral
from app.geometry.hexlos import facing_degrees
from app.systems.gkr import play
from app.systems.gkr.blb import displace_options
from app.systems.gkr.board import (
    BLB,
    centre,
    destinations,
    hex_of,
    unit_name,
    units_on_board,
)
from app.systems.gkr.combat import shot_hexes
from app.systems.gkr.damage import heavy_hp
from app.systems.gkr.data import BLB_WEAPONS, SUPPORT_KINDS, help_panel
from app.systems.gkr.turns import active_seats
from app.systems.gkr.words import STEP_NAMES, building_name, faction_name
from app.systems.views import Scene, TurnView

State = dict[str, Any]


class GkrTurn(TurnView):
    step: str | None
    turn_order: list[str]


class _Seated(TypedDict, total=False):
    """What only a seated viewer gets: its hands and its prompt."""

    hand: list[dict[str, Any]]
    sponsor_hand: list[dict[str, Any]]
    prompt: dict[str, Any] | None


class GkrScene(Scene, _Seated):
    """A GKR view (``render``); a seated viewer also gets its hands and its prompt. Every record
    is public, with its author and status, and so are the open one and the disputed one."""

    system: str
    players: dict[str, dict[str, Any]]
    firing_line: list[dict[str, Any]]
    blb: dict[str, Any]
    sponsor_pile_count: int
    sponsor_discard_count: int
    manual: dict[str, bool]
    records: list[dict[str, Any]]
    open_record: int | None
    dispute: dict[str, Any] | None
    on_hold: bool
    pending_steal: dict[str, Any] | None
    defaults: dict[str, Any]
    winner: dict[str, Any] | None
    you: str | None


def _cells(state: State) -> list[dict[str, Any]]:
    by_hex = {(b["q"], b["r"]): b for b in state["buildings"].values()}
    mid = centre(state)
    cells = []
    hexes = spiral(Hex(0, 0), state["data"]["map"]["radius"])
    names = cell_names(hexes)  # the board's coordinates, which the texts use
    for h in hexes:
        cell: dict[str, Any] = {"q": h.q, "r": h.r, "terrain": "street", "name": names[h]}
        b = by_hex.get((h.q, h.r))
        if b is not None:
            cell["terrain"] = "rubble" if b["demolished"] else "building"
            cell["label"] = building_name(b)
        elif h == mid:
            cell.update(terrain="centre", label="centre")
        cells.append(cell)
    return cells


def _pieces(state: State) -> list[dict[str, Any]]:
    pieces = []
    for u in units_on_board(state):
        piece = {
            "id": u["id"],
            "owner": u["owner"],
            "q": u["q"],
            "r": u["r"],
            "facing": facing_degrees(u["facing"]),
            "kind": u["kind"],
        }
        # label: short, drawn under the figure on the board; name: the unit's full name
        if u["kind"] == "heavy":
            piece.update(
                label="Heavy Hitter",
                name=state["data"]["factions"][u["owner"]]["heavy_hitter"],
                status=f"{heavy_hp(state['players'][u['owner']])} cards",
            )
        elif u["kind"] == BLB:
            controller = state["blb"]["controller"]
            # the controller's Holo-board Tag on top of the figure (BLB text)
            piece.update(
                label=state["data"]["blb"]["name"],
                name=state["data"]["blb"]["name"],
                owner=controller,
                tag=controller,
                status=f"HP {u['hp']}/{state['data']['blb']['max_hp']}"
                + (f", controlled by {faction_name(state, controller)}" if controller else ", uncontrolled"),
            )
        else:
            name = state["data"]["support"]["units"][u["kind"]]["name"]
            piece.update(label=name.removesuffix(" Unit"), name=name, status=f"HP {u['hp']}")
        side = piece["owner"]
        if side is not None:
            piece["color"] = state["data"]["factions"][side]["colour"]
        pieces.append(piece)
    return pieces


def _players(state: State) -> dict[str, Any]:
    out = {}
    for seat, p in state["players"].items():
        out[seat] = {
            "name": state["data"]["factions"][seat]["name"],
            "colour": state["data"]["factions"][seat]["colour"],
            "energy": p["energy"],
            "tags": p["tags"],
            "hand_count": len(p["hand"]),
            "sponsor_count": len(p["sponsor"]),
            "deck_count": len(p["deck"]),
            "discard_count": len(p["discard"]),
            "damage_count": len(p["damage"]),
            "hp": heavy_hp(p),
            "demolished": p["demolished"],
            "eliminated": p["eliminated"],
            "chosen": p["chosen"],
        }
    return out


def _firing_line(state: State, viewer: str | None) -> list[dict[str, Any]]:
    line = []
    for e in state["firing_line"]:
        if e["owner"] == viewer:
            line.append({k: v for k, v in e.items() if k != "n"})
        elif e["revealed"]:  # the card is public now, but it may be back in a hidden pile later
            line.append({k: v for k, v in e.items() if k not in ("n", "card")})
        else:
            line.append({"owner": e["owner"], "hidden": True})
    return line


def _blb(state: State, viewer: str | None) -> dict[str, Any]:
    unit, info = state["units"][BLB], state["blb"]
    revealed = any(e["revealed"] and e["unit"] == BLB for e in state["firing_line"])
    chosen = info["weapon"] if (revealed or viewer == info["controller"]) else None
    return {
        "controller": info["controller"],
        "on_board": unit["on_board"],
        "hp": unit["hp"],
        **{k: state["data"]["blb"][k] for k in ("name", "max_hp", "range", "to_hit", "armor", "arc")},
        "activated_this_round": info["activated_round"] == state["round"],
        "weapons": [{"key": k, **state["data"]["weapons"][f"blb/{k}"]} for k in BLB_WEAPONS],
        "chosen_weapon": chosen,
        "weapon_cards_face_down": (3 if info["weapon"] and not revealed else 0),
    }


def _active(state: State) -> list[str]:
    return active_seats(state)


def _open_record(state: State) -> int | None:
    """The index of the record still open to a dispute, if any."""
    latest = state["records"][-1] if state["records"] else None
    return latest["index"] if latest and latest["status"] == "open" and state["undo"] else None


def render(state: State, viewer: str | None) -> GkrScene:
    turn: GkrTurn = {
        "active": _active(state),
        "phase": state["phase"],
        "step": state["step"],
        "round": state["round"],
        "turn_order": state.get("turn_order", []),
    }
    view: GkrScene = {
        "system": "gkr",
        "board": {
            "kind": "hex",
            "orientation": "pointy",
            "radius": state["data"]["map"]["radius"],
            "map": state["data"]["map"]["name"],
            "centre": centre(state).to_dict(),
            "cells": _cells(state),
            "buildings": [
                {**b, "name": building_name(b), "tag_total": sum(b["tags"].values())}
                for b in state["buildings"].values()
            ],
        },
        "pieces": _pieces(state),
        "turn": turn,
        "players": _players(state),
        "firing_line": _firing_line(state, viewer),
        "blb": _blb(state, viewer),
        "sponsor_pile_count": len(state["sponsor_pile"]),
        "sponsor_discard_count": len(state["sponsor_discard"]),
        "manual": state["data"]["manual"],
        "records": state["records"],
        "open_record": _open_record(state),
        "dispute": state["dispute"],
        "on_hold": state["dispute"] is not None,
        "pending_steal": state["pending_steal"],
        "defaults": help_panel(state["data"]),
        "winner": state["result"],
        "you": viewer,
    }
    if viewer is not None and viewer in state["players"]:
        p = state["players"][viewer]
        view["hand"] = [state["cards"][c] for c in p["hand"]]
        view["sponsor_hand"] = [state["cards"][c] for c in p["sponsor"]]
        view["prompt"] = prompt(state, viewer)
    return view


def prompt(state: State, seat: str) -> dict[str, Any] | None:
    """What ``seat`` is asked to do now, with the legal choices; ``highlight`` lists every hex
    a choice involves (for a generic client to mark)."""
    if state["result"] or seat not in _active(state):
        return None
    body = _prompt_body(state, seat)
    if body is not None:
        body["highlight"] = _highlight(state, body)
    return body


def _highlight(state: State, body: dict[str, Any]) -> list[dict[str, int]]:
    spots: set[tuple[int, int]] = set()
    for m in body.get("moves", []):
        spots |= {(h["q"], h["r"]) for h in m["hexes"]}
    for w in body.get("weapons", []):
        spots |= {(h["q"], h["r"]) for h in w.get("hexes", [])}
        spots |= {(state["units"][u]["q"], state["units"][u]["r"]) for u in w.get("targets", [])}
    for t in body.get("tags", []):
        spots |= {(state["buildings"][b]["q"], state["buildings"][b]["r"]) for b in t["buildings"]}
    spots |= {(h["q"], h["r"]) for h in body.get("hexes", [])}
    spots |= {(state["units"][u]["q"], state["units"][u]["r"]) for u in body.get("victims", [])}
    return [{"q": q, "r": r} for q, r in sorted(spots)]


def _prompt_body(state: State, seat: str) -> dict[str, Any] | None:
    phase = state["phase"]
    if state["pending_steal"] is not None:
        victim = state["pending_steal"]["from"]
        return {
            "text": f"You destroyed Big Little Buddy: steal a random sponsor card from {faction_name(state, victim)}?",
            "steal_from": victim,
            "sponsor_count": len(state["players"][victim]["sponsor"]),
        }
    if phase == "deploy":
        can = (
            state["blb"]["activated_round"] != state["round"]
            and state["players"][seat]["tags"] > 0
            and any(state["cards"][c]["type"] == "activate-blb" for c in state["players"][seat]["sponsor"])
        )
        return {"text": "Deploy: play sponsor or deploy cards, then end your turn", "can_activate_blb": can}
    if phase == "movement":
        return {
            "text": f"Movement ({STEP_NAMES.get(state['step'], 'your units')}): move your units, then end your turn",
            "moves": _moves(state, seat),
        }
    if phase == "combat" and state["awaiting"]:
        return {"text": "State the result of your attack", "victims": state["awaiting"]["victims"]}
    if phase == "combat":
        return {"text": "Choose weapons face down (an empty list passes)", "weapons": _weapons(state, seat)}
    if phase == "tagging":
        return {"text": "Tag buildings next to your units, then end your turn", "tags": _tags(state, seat)}
    if phase == "reset" and state["pending_displace"]:
        return {
            "text": f"Big Little Buddy is back in the centre: displace your "
            f"{unit_name(state, state['pending_displace']['unit'])} to an empty adjacent hex",
            "unit": state["pending_displace"]["unit"],
            "hexes": [h.to_dict() for h in displace_options(state)],
        }
    return None


def _moves(state: State, seat: str) -> list[dict[str, Any]]:
    out = []
    for uid, unit in state["units"].items():
        try:
            unit = play.movable_unit(state, seat, uid)
        except IllegalAction:  # not movable now
            continue
        reach, _ = play.move_range(state, unit, None)
        hexes = destinations(state, unit, reach)
        entry: dict[str, Any] = {"unit": uid, "range": reach, "hexes": [h.to_dict() for h in sorted(hexes)]}
        card = next((c for c in state["players"][seat]["hand"] if state["cards"][c]["type"] == "movement"), None)
        if unit["kind"] == "heavy" and card is not None:
            # with a movement card played along (Warboard default: more hexes, some free)
            far, _ = play.move_range(state, unit, card)
            entry.update(
                card=card, card_range=far, card_hexes=[h.to_dict() for h in sorted(destinations(state, unit, far))]
            )
        out.append(entry)
    return out


def _weapons(state: State, seat: str) -> list[dict[str, Any]]:
    sources = [
        ("card", c, state["cards"][c]["weapon"], f"{seat}:heavy")
        for c in state["players"][seat]["hand"]
        if state["cards"][c]["type"] == "weapon"
    ]
    sources.append(("combat", None, "support/combat", f"{seat}:combat"))
    if state["blb"]["controller"] == seat:
        sources += [("blb", k, f"blb/{k}", BLB) for k in BLB_WEAPONS]
    out = []
    for source, ref, key, uid in sources:
        shooter, weapon = state["units"][uid], state["data"]["weapons"][key]
        if not shooter["on_board"]:
            continue
        hexes = shot_hexes(state, shooter, weapon)
        entry: dict[str, Any] = {"source": source, "name": weapon["name"], **weapon}
        entry["card" if source == "card" else "weapon"] = ref
        if weapon.get("hex_target"):
            entry["hexes"] = [h.to_dict() for h in hexes]
        else:
            entry["targets"] = [
                u["id"] for u in units_on_board(state) if hex_of(u) in hexes and _attackable(state, seat, u)
            ]
        out.append(entry)
    return out


def single_shots(weapons: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every one-weapon choice the prompt allows (for bots and the client)."""
    shots = []
    for w in weapons:
        base = {"source": w["source"]}
        if w["source"] == "card":
            base["card"] = w["card"]
        elif w["source"] == "blb":
            base["weapon"] = w["weapon"]
        shots += [{**base, "target_unit": t} for t in w.get("targets", [])]
        shots += [{**base, "target_hex": h} for h in w.get("hexes", [])]
    return shots


def _attackable(state: State, seat: str, unit: dict[str, Any]) -> bool:
    if unit["id"] == BLB:
        return state["blb"]["controller"] not in (None, seat)
    return cast("bool", unit["owner"] != seat)


def _tags(state: State, seat: str) -> list[dict[str, Any]]:
    out = []
    if state["players"][seat]["tags"] < 1:
        return []
    for uid in [f"{seat}:heavy"] + [f"{seat}:{k}" for k in SUPPORT_KINDS]:
        unit = state["units"][uid]
        if not unit["on_board"] or uid in state["players"][seat]["tagged"]:
            continue
        near = [
            b["id"]
            for b in state["buildings"].values()
            if not b["demolished"] and distance(hex_of(unit), hex_of(b)) == 1
        ]
        if near:
            out.append({"unit": uid, "buildings": near})
    return out
