"""What a seat or a spectator sees (nothing in this game is hidden: the whole table is open).

The generic board client draws ``board``, ``pieces`` and ``turn``; ``cards`` are the unit cards
with their damage boxes, and ``prompt`` tells the viewing seat what it is asked to do.

What an attack would be (range band, arc, cover, modifiers, legality) is not in the view: cover
against every enemy at every update was the dearest part of a view. The attack panel asks for
the one it aims (``POST /preview`` of an ``aim``) and the legal list names every attack possible
now; :func:`targets` lists them all for the model acting, for tests and tools.
"""

from __future__ import annotations

from typing import Any, TypedDict

import orjson

from app.systems.hgb.combat import aim
from app.systems.hgb.damage import STATE_NAMES, damage_state
from app.systems.hgb.movement import CLIMB_MP, DESCEND_MP, TERRAIN_MP, TURN_EVERY, max_mp
from app.systems.hgb.setup import DEPLOY_DEPTH, SEATS, zone
from app.systems.hgb.sight import _ground, _key, cover, ordered, tape
from app.systems.hgb.turns import active_seats as may_act
from app.systems.hgb.turns import groups_left
from app.systems.hgb.words import PHASE_NAMES, group_name, group_names, sides
from app.systems.views import Scene
from app.systems.words import sentence_start


class _Seated(TypedDict, total=False):
    prompt: str  # what the seat is asked to do


class HgbScene(Scene, _Seated):
    """An HGB view (``render``); a seat also gets its prompt."""

    cards: list[dict[str, Any]]
    forces: dict[str, Any]
    weapons: dict[str, Any]
    rules: dict[str, Any]
    initiative: dict[str, Any] | None
    first: str | None
    to_activate: str | None
    current: dict[str, Any] | None
    groups_done: dict[str, list[str]]
    designations: dict[str, Any]
    pending: dict[str, Any] | None
    ready: list[str]
    agree: dict[str, str | None]
    result: dict[str, Any] | None
    options: dict[str, Any]
    movement: dict[str, Any]


def render(state: dict[str, Any], viewer: str | None) -> HgbScene:
    rules = state["rules"]
    terrain = _key(state["board"]["terrain"])  # the level each piece stands on: cached per layout and point
    pieces = [
        _piece(
            m,
            2 * rules["wreck_radius" if m["status"] == "wreck" else "base_radius"],
            _ground(terrain, float(m["x"]), float(m["y"])),
        )
        for m in ordered(state)
        if m["status"] in ("active", "wreck", "reserve")
    ]
    view: HgbScene = {
        "board": {**state["board"], "zones": {s: {"y": list(zone(s)), "depth": DEPLOY_DEPTH} for s in SEATS}},
        "pieces": pieces,
        "turn": {"active": active_seats(state), "phase": state["phase"], "round": state["round"]},
        "cards": _cards(state),
        "forces": state["forces"],
        "weapons": state["weapons"],
        "rules": {k: v for k, v in state["rules"].items() if not k.startswith("_")},
        "initiative": state["initiative"],
        "first": state["first"],
        "to_activate": state["to_activate"],
        "current": state["current"],
        "groups_done": state["groups_done"],
        "designations": state["designations"],
        "pending": _pending(state["pending"]),
        "ready": state["ready"],
        "agree": state["agree"],
        "result": state["result"],
        "options": {"designation": state["options"]["designation"]},
        "movement": {
            "terrain_mp": TERRAIN_MP,
            "open_mp": 1,
            "climb_mp": CLIMB_MP,
            "descend_mp": DESCEND_MP,
            "free_turn_every": {f"{mode}/{speed}": v for (mode, speed), v in TURN_EVERY.items()},
        },
    }
    if viewer in SEATS:
        view["prompt"] = prompt(state, viewer)
    return view


def _pending(p: dict[str, Any] | None) -> dict[str, Any] | None:
    """The Return Fire window with its points and facings as a tape measure reads them."""
    if p is None:
        return None
    return {
        **p,
        "points": [[tape(x), tape(y)] for x, y in p["points"]],
        "facings": [tape(f) for f in p.get("facings", [])],
    }


def _piece(m: dict[str, Any], base: float, level: int) -> dict[str, Any]:
    """A piece for the board client; ``base`` is the base's diameter in inches, ``level`` the
    elevation level it stands on."""
    status = m["status"] if m["status"] in ("wreck", "reserve") else ("used" if m["used"] else "ready")
    return {
        "id": m["id"],
        "label": m["label"],
        "owner": None if m["status"] == "wreck" else m["seat"],
        "x": m["x"],
        "y": m["y"],
        "facing": m["facing"],
        "kind": m["unit"],
        "status": status,
        "group": m["group"],
        "base": base,
        "level": level,
    }


#: cards already made, by the model's and the weapon cards' JSON (bounded: emptied when full)
_made_cards: dict[tuple[bytes, bytes], dict[str, Any]] = {}


def _cards(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Every model's card. A model that did not change keeps the very same card object (views
    share it and only read it), so the next update's patch passes over it at once."""
    weapons = orjson.dumps(state["weapons"])
    out = []
    for m in ordered(state):
        key = (orjson.dumps(m), weapons)
        card = _made_cards.get(key)
        if card is None:
            if len(_made_cards) >= 4096:
                _made_cards.clear()
            card = _made_cards[key] = _card(state, m)
        out.append(card)
    return out


def _card(state: dict[str, Any], m: dict[str, Any]) -> dict[str, Any]:
    card = m["card"]
    return {
        "id": m["id"],
        "seat": m["seat"],
        "label": m["label"],
        "unit": card.get("name", m["unit"]),
        "group": m["group"],
        "status": m["status"],
        "skills": m["skills"],
        "armor": card["armor"],
        "size": card["size"],
        "boxes": [{"kind": k, "crossed": i < m["crossed"]} for i, k in enumerate(card["boxes"])],
        "damage": STATE_NAMES[damage_state(card["boxes"], m["crossed"])],
        "speed": m["speed"],
        "mode": m["mode"],
        "mp": card["mp"],
        "mp_now": tape(max_mp(m)),
        "mp_spent": tape(m["moved"]["mp"]),
        "moved_inches": tape(m["moved"]["dist"]),
        "attack_mod": card["attack_mod"],
        "defense_mod": card["defense_mod"],
        "sensors": card.get("sensors", 0),
        "comm": card.get("comm", 0),
        "ecm": card.get("ecm", 0),
        "perks": card.get("perks", []),
        "weapons": [
            {
                "code": w,
                "name": state["weapons"].get(w, {}).get("name", w),
                "ammo_left": m["ammo"].get(w, state["weapons"].get(w, {}).get("limited_ammo")),
            }
            for w in card["weapons"]
        ],  # the weapon cards themselves are in view["weapons"]
        "used": m["used"],
        "actions": m["actions"],
        "kept_action": m["kept"],
        "autopilot": m["autopilot"],
        "autopilot_order": bool(m.get("autopilot_order")),
        "second_attack": bool(m["autopilot"] and m["actions"] < 1 and m.get("attacks", 0) == 1),
        "leader": m.get("leader", False),
        "army_commander": m.get("army_commander", False),
    }


def acting_model(state: dict[str, Any], seat: str) -> dict[str, Any] | None:
    """The model ``seat`` is acting with now, if any (the one whose :func:`targets` an attack uses)."""
    cur = state["current"]
    if state["phase"] == "activation" and cur and cur["seat"] == seat and cur["model"]:
        return state["models"][cur["model"]]  # type: ignore[no-any-return]
    return None


def targets(state: dict[str, Any], m: dict[str, Any]) -> list[dict[str, Any]]:
    """For the acting model: every enemy in play with each weapon's band, arc, cover, modifiers."""
    out = []
    for t in ordered(state):
        if t["status"] != "active" or t["seat"] == m["seat"]:
            continue
        cov = cover(state, m, t)
        d = state["designations"].get(t["id"])
        observer = state["models"][d["observer"]] if d and d["seat"] == m["seat"] else None
        seen = cover(state, observer, t) if observer else None
        for w in m["card"]["weapons"]:
            card = state["weapons"].get(w)
            if not card or not card.get("dm"):
                continue
            if card.get("limited_ammo") is not None and m["ammo"].get(w, card["limited_ammo"]) <= 0:
                continue  # out of ammunition (Limited Ammo): no longer a choice
            info = aim(state, m, t, w, indirect=False, cov=cov)
            out.append({k: info[k] for k in TARGET_KEYS})
            if observer and card.get("if") and not card.get("grenade"):  # designated: Indirect Fire
                info = aim(state, m, t, w, indirect=True, observer=observer, cov=seen)
                out.append({k: info[k] for k in TARGET_KEYS})
    return out


TARGET_KEYS = (
    "weapon",
    "target",
    "indirect",
    "distance",
    "band",
    "in_arc",
    "cover",
    "cover_from",
    "attack_modifiers",
    "defense_modifiers",
    "legal",
    "why",
)


def active_seats(state: dict[str, Any]) -> list[str]:
    """The seats shown as acting: who may act now, less a setup seat that said it is ready."""
    ready = state["ready"] if state["phase"] in ("terrain", "deployment") else ()
    return [s for s in may_act(state) if s not in ready]


def prompt(state: dict[str, Any], seat: str) -> str:
    phase = state["phase"]
    if phase == "over":
        r = state["result"]
        return f"Game over: {sides(state, r['winners'])} won ({r['reason']})."
    if seat not in active_seats(state):
        return f"Waiting for {sides(state, active_seats(state))} ({PHASE_NAMES.get(phase, phase)})."
    if phase == "terrain":
        return "Choose your force and place terrain on the table, then press Ready when both players are satisfied."
    if phase == "deployment":
        return (
            f"Deploy your models within {DEPLOY_DEPTH:g} in of your edge (the {seat.title()} edge), "
            f"then Ready (models not moved are deployed where they wait)."
        )
    if phase == "initiative":
        return "You won the initiative: choose who activates a Combat Group first."
    if phase == "reaction":
        mover = state["models"][state["pending"]["mover"]]
        return f"{mover['label']} moved or acted: Return Fire with a kept Action, or pass."
    cur = state["current"]
    if cur is None:
        return f"Activate one of your Combat Groups: {group_names(state, seat, groups_left(state, seat))}."
    return f"{sentence_start(group_name(state, seat, cur['group']))} is active: move and act with its models one at a time, then end the group."


def legal_kinds(state: dict[str, Any], seat: str) -> list[str]:
    if state["result"] is not None:
        return []
    base = ["agree_end", "concede"]
    phase = state["phase"]
    if seat not in active_seats(state):
        return base
    # complete actions first (the first entry is always one that apply accepts as it is)
    kinds = {
        "terrain": ["ready", "choose_force", "remove_terrain", "place_terrain"],
        "deployment": ["ready", "deploy"],
        "initiative": ["choose_first"],
        "reaction": ["pass", "return_fire", "ecm", "aim"],
    }.get(phase)
    if kinds is None:
        kinds = (["activate_group"] if state["current"] is None else ["end_group"]) + [
            "set_speed",
            "move",
            "aim",
            "attack",
            "designate",
            "ecm",
            "done",
        ]
    return kinds + base


def legal_actions(state: dict[str, Any], seat: str) -> list[dict[str, Any]]:
    """Partial list for clients and bots: the kinds open now, with the models or groups they take.

    The first entry is a complete action ``apply`` accepts (``ready``, ``choose_first``,
    ``activate_group``, ``end_group`` or ``pass``); others may leave out what the player chooses
    (a path, a weapon, a polygon)."""
    out: list[dict[str, Any]] = []
    mine = [m for m in ordered(state) if m["seat"] == seat]
    for kind in legal_kinds(state, seat):
        if kind == "deploy":
            out += [
                {"kind": kind, "model": m["id"], "x": m["x"], "y": m["y"], "facing": m["facing"]}
                for m in mine
                if m["status"] in ("reserve", "active")
            ]
        elif kind == "choose_force":
            out += [{"kind": kind, "faction": f} for f in ("north", "south", "peace_river")]
        elif kind == "remove_terrain":
            out += [{"kind": kind, "id": t["id"]} for t in state["board"]["terrain"]]
        elif kind == "activate_group":
            out += [{"kind": kind, "group": g} for g in groups_left(state, seat)]
        elif kind == "choose_first":
            out += [{"kind": kind, "seat": s} for s in SEATS]
        elif kind in ("set_speed", "move", "attack", "designate", "ecm", "done") and state["phase"] == "activation":
            cur = state["current"]
            ok = [
                m
                for m in mine
                if m["status"] == "active"
                and not m["used"]
                and ((cur is None and m["group"] in groups_left(state, seat)) or (cur and m["group"] == cur["group"]))
            ]
            out += [{"kind": kind, "model": m["id"]} for m in ok]
        elif kind in ("return_fire", "ecm"):
            out += [{"kind": kind, "model": m["id"]} for m in mine if m["status"] == "active" and m["kept"]]
        else:
            out.append({"kind": kind})
    if state["result"] is None:  # Autopilot orders: any time, for the seat's own models with the perk
        out += [
            {"kind": "autopilot", "model": m["id"], "on": not m.get("autopilot_order")}
            for m in mine
            if m["status"] in ("active", "reserve") and any(p["id"] == "autopilot" for p in m["card"].get("perks", []))
        ]
    return out


__all__ = ["legal_actions", "legal_kinds", "render"]
