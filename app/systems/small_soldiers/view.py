"""What a seat or a spectator sees (its legal choices come from ``legal.py``).

Hidden information: the deck's order (only its size is shown) and the advanced rules' hands
(one per side: the seats of that side see it; everyone else only counts). Everything else is on the table in the
physical game: fighters, cards under them, the Toy Store, the discard pile, dice and spins.
"""

from __future__ import annotations

from typing import Any, cast

from app.geometry.hex import Hex, cell_names
from app.systems.small_soldiers.legal import legal
from app.systems.small_soldiers.model import ARMIES, ARMY_NAMES, State, army_of, in_toy_store
from app.systems.small_soldiers.turns import acting_seats
from app.systems.views import Scene, TurnView

PUBLIC_FIGHTER = ("id", "name", "army", "leader", "owner", "card")


def board(state: State) -> dict[str, Any]:
    m = state["data"]["map"]
    special: dict[tuple[int, int], tuple[str, str]] = {}
    for army in ARMIES:
        a, name = m["armies"][army], ARMY_NAMES[army]
        for pos in a["starts"]:
            special[tuple(pos)] = (a["symbol"], f"{name} start")
        special[tuple(a["leader_start"])] = (f"gold-{a['symbol']}", f"{name} leader start")
        special[tuple(a["recruit"])] = (f"recruit-{army}", f"{name} Recruit space")
        special[tuple(a["flag"])] = (f"flag-{army}", f"{name} flag")
    cells = []
    names = cell_names(Hex(q, r) for q, r in m["cells"])  # the board's coordinates, which the texts use
    for q, r in m["cells"]:
        cell: dict[str, Any] = {"q": q, "r": r, "terrain": "plain", "name": names[Hex(q, r)]}
        if (q, r) in special:
            cell["terrain"], cell["label"] = special[(q, r)]
        cells.append(cell)
    return {
        "kind": "hex",
        "orientation": m["orientation"],
        "name": m["name"],
        "source": m["_source"],
        "cells": cells,
        "catapults": {a: m["armies"][a]["catapult"] for a in ARMIES},
        # for the board client: fit the launchers beside the board into view
        "extents": [{"x": m["armies"][a]["catapult"]["x"], "y": m["armies"][a]["catapult"]["y"]} for a in ARMIES],
    }


def pieces(state: State) -> list[dict[str, Any]]:
    m = state["data"]["map"]["armies"]
    out: list[dict[str, Any]] = []
    for f in state["fighters"].values():
        if f["pos"] is None:
            continue
        piece = {
            "id": f["id"],
            "label": f["name"],
            "owner": piece_owner(state, f),
            "army": f["army"],
            "q": f["pos"][0],
            "r": f["pos"][1],
            "facing": m[f["army"]]["facing"],
            "kind": "fighter",
            "card": f["card"],
        }
        if f["leader"]:
            piece["status"] = "leader"
        out.append(piece)
    for army in ARMIES:
        q, r = m[army]["flag"]
        out.append(
            {
                "id": f"flag-{army}",
                "label": f"{ARMY_NAMES[army]} flag",
                "owner": None,
                "army": army,
                "q": q,
                "r": r,
                "facing": m[army]["facing"],
                "kind": "flag",
            }
        )
    return out


def piece_owner(state: State, f: dict[str, Any]) -> str:
    """The seat that commands the fighter (on the army's current or coming turn)."""
    if state["options"]["players"] == 4 and state["options"]["team_mode"] != "split":
        turn = state.get("turn")
        if turn and turn["army"] == f["army"]:
            return cast("str", turn["seat"])
        seats = [s for s in state["seats"] if army_of(s) == f["army"]]
        return cast("str", seats[state["command"][f["army"]]])
    return cast("str", f["owner"])


PROMPTS = {
    "deploy": "Choose the fighter that starts in the Toy Store (and the order of the other four)",
    "opening": "Roll your die: highest goes first, a skull beats any number",
    "spin": "Spin the spinner",
    "move": "Choose a fighter and one of its highlighted destinations",
    "attack": "Battle an enemy next to the fighter that moved, or end your turn",
    "recruit": "Choose a fighter in your Toy Store to put on your green Recruit space",
}


def prompt(state: State, seat: str | None) -> dict[str, Any] | None:
    if seat is None or seat not in acting_seats(state):
        return None
    phase = state["phase"]
    if phase == "card":
        card = state["turn"]["card"]
        text = {
            "recall": "GloboTech Recall: choose an enemy fighter to send to the Toy Store",
            "catapult": "Launch Catapult: set offset, angle and power, then shoot",
        }.get(card["type"], f"{card['name']}: choose a fighter to put it under")
    else:
        text = PROMPTS[phase]
    return {"text": text, "phase": phase, "options": legal(state, seat)}


def fighter_card(f: dict[str, Any], state: State) -> dict[str, Any]:
    return {**{k: f[k] for k in PUBLIC_FIGHTER}, "owner": piece_owner(state, f)}


class SmallSoldiersTurn(TurnView):
    round_label: str
    army: str | None
    seat: str | None
    spin: dict[str, Any] | None
    card: dict[str, Any] | None
    moved: list[str]


class SmallSoldiersScene(Scene):
    """A Small Soldiers view (``render``): ``hand`` is the viewer's side's, or None."""

    system: str
    toy_store: dict[str, list[dict[str, Any]]]
    seats: list[str]
    options: dict[str, Any]
    armies: dict[str, dict[str, Any]]
    spinner: dict[str, Any]
    deck: dict[str, Any]
    discard: list[Any]
    hand: list[Any] | None
    hand_counts: dict[str, int]
    opening: dict[str, Any]
    last_battle: dict[str, Any] | None
    last_catapult: dict[str, Any] | None
    catapult_hits: dict[str, Any]
    winner: dict[str, Any] | None
    legal: dict[str, Any]
    prompt: dict[str, Any] | None
    defaults: dict[str, str]


def _make_up(cards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The deck's cards by kind (type and bonus) and count: public data, never an order."""
    return [{"type": c["type"], "bonus": c["bonus"], "count": c["count"]} for c in cards]


def _turn(state: State) -> SmallSoldiersTurn:
    turn = state["turn"]
    return {
        "active": acting_seats(state),
        "phase": state["phase"],
        "round": turn["number"] if turn else 0,
        "round_label": "Turn",  # the rulebook counts turns, not rounds (the header's word)
        "army": turn["army"] if turn else None,
        "seat": turn["seat"] if turn else None,
        "spin": turn["spin"] if turn else None,
        "card": turn["card"] if turn else None,
        "moved": list(turn["moved"]) if turn else [],
    }


def _winner(result: dict[str, Any] | None) -> dict[str, Any] | None:
    """The result as the panel reads it: the winning army, its seats, why, in a sentence."""
    if result is None:
        return None
    return {"army": result["army"], "seats": result["winners"], "reason": result["reason"], "text": result["text"]}


def render(state: State, viewer: str | None) -> SmallSoldiersScene:
    own = viewer if viewer in state["seats"] else None
    return {
        "system": "small-soldiers",
        "board": board(state),
        "pieces": pieces(state),
        "toy_store": {a: [fighter_card(f, state) for f in in_toy_store(state, a)] for a in ARMIES},
        "turn": _turn(state),
        "seats": list(state["seats"]),
        "options": dict(state["options"]),
        "armies": {
            a: {
                "name": state["data"]["fighters"]["armies"][a]["name"],
                "color": state["data"]["fighters"]["armies"][a]["color"],
                "die": state["data"]["dice"]["faces"],
                "deployed": state["deployed"][a] is not None,
                "fighters_on_board": sum(
                    1 for f in state["fighters"].values() if f["army"] == a and f["pos"] is not None
                ),
            }
            for a in ARMIES
        },
        "spinner": {
            "segments": state["data"]["spinner"]["segments"],
            "last": state["last_spin"],
            "source": state["data"]["spinner"]["_source"],
        },
        # the deck's size and its make-up (the data file's, public); never its order
        "deck": {"count": len(state["deck"]), "make_up": _make_up(state["data"]["deck"]["cards"])},
        "discard": list(state["discard"]),
        # one hand per side: the seats of that side see it, everyone else only its size
        "hand": list(state["hands"][army_of(own)]) if own else None,
        "hand_counts": {a: len(h) for a, h in state["hands"].items()},
        "opening": {"current": dict(state["opening"]), "history": list(state["opening_history"])},
        "last_battle": state["last_battle"],
        "last_catapult": state["last_catapult"],
        # the catapult's hit die and table (a Warboard default the host may edit)
        "catapult_hits": {k: state["data"]["catapult"][k] for k in ("hit_die", "hit_table")},
        "winner": _winner(state["result"]),
        "legal": legal(state, own) if own else {},
        "prompt": prompt(state, own),
        "defaults": {k: v["_source"] for k, v in state["data"].items()},
    }
