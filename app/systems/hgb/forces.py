"""Starting forces: the force builder's rules (listed options, limits) and the TV total.

Rulebook, "Starting Forces": each faction fields two Combat Groups with the listed pilots'
skills; options exchange weapons for the listed TV. The exact accounting of options whose
price is "already included" is written in the faction data files (``included``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from app.core.errors import BadOptions
from app.systems.datafiles import merge
from app.systems.hgb import data
from app.systems.hgb.cards import check_unit
from app.systems.hgb.damage import parse_boxes
from app.systems.hgb.rolls import DEFAULT_SKILLS


def card_for(fdata: dict[str, Any], unit: str, overrides: dict[str, Any] | None) -> dict[str, Any]:
    """The unit card: faction defaults, the unit's values, then the host's overrides."""
    base = merge(fdata["card_defaults"], fdata["units"][unit])
    card = merge(base, (overrides or {}).get(unit))
    card.setdefault("name", unit)
    if isinstance(card.get("boxes"), str):
        try:
            card["boxes"] = parse_boxes(card["boxes"])
        except ValueError as exc:
            raise BadOptions(f"Unit card {unit!r}: {exc}") from None
    check_unit(unit, card)
    return card


def _check_choice(
    fdata: dict[str, Any], model: dict[str, Any], group: str, opt: dict[str, Any], weapons: list[str]
) -> None:
    unit = fdata["units"][model["unit"]]
    kind = unit.get("counts_as", model["unit"])
    if group not in opt["groups"] or not {kind, model["unit"]} & set(opt["units"]):
        raise BadOptions(f"{opt.get('label') or 'That option'} is not open to {model['label']}")
    missing = [w for w in opt.get("remove", []) if w not in weapons]
    if missing:
        raise BadOptions(
            f"{model['label']} has no {', '.join(missing)} to exchange for {opt.get('label') or 'that option'}"
        )


def build(
    faction: str, choices: dict[str, list[str]], command_group: str | None, unit_overrides: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Validate a force and return its models (with cards and loadouts) and TV.

    Raises BadOptions naming the broken option rule.
    """
    fdata = data.faction(faction)
    options = {o["id"]: o for o in fdata["options"]}
    keys = {m["key"]: (g["id"], m) for g in fdata["groups"] for m in g["models"]}
    unknown = [k for k in choices if k not in keys]
    if unknown:
        raise BadOptions(f"{fdata['name']} has no such model to give options to")
    counts: Counter[str] = Counter()
    models = [
        _build_model(fdata, group, m, choices.get(m["key"], []), options, counts, unit_overrides)
        for group in fdata["groups"]
        for m in group["models"]
    ]
    tv = sum(g["tv"] for g in fdata["groups"]) + _option_tv(fdata, options, counts)
    _apply_force_options(fdata, models, command_group)
    tv += sum(fo.get("tv_included", 0) for fo in fdata.get("force_options", {}).values())
    return {
        "faction": faction,
        "name": fdata["name"],
        "tv": tv,
        "listed_tv": fdata["tv"],
        "groups": [{"id": g["id"], "name": g["name"]} for g in fdata["groups"]],
        "models": models,
        "choices": choices,
        "command_group": command_group,
    }


def _build_model(
    fdata: dict[str, Any],
    group: dict[str, Any],
    m: dict[str, Any],
    chosen: list[str],
    options: dict[str, Any],
    counts: Counter[str],
    unit_overrides: dict[str, Any] | None,
) -> dict[str, Any]:
    card = card_for(fdata, m["unit"], unit_overrides)
    weapons = list(card["weapons"])
    slots: set[str] = set()
    for oid in chosen:
        opt = options.get(oid)
        if opt is None:
            raise BadOptions(f"{fdata['name']} has no such option")
        slot = opt.get("slot", "weapon")
        if slot in slots:
            raise BadOptions(f"{m['label']} may take only one {slot} option")
        slots.add(slot)
        _check_choice(fdata, m, group["id"], opt, weapons)
        weapons = _exchange(weapons, opt.get("remove", []), opt.get("add", []))
        card["boxes"] = (
            parse_boxes(opt.get("extra_boxes", "")) + card["boxes"] if opt.get("extra_boxes") else card["boxes"]
        )
        counts[oid] += 1
    card["weapons"] = weapons
    skills = {k: m.get(k, DEFAULT_SKILLS.get(k, 0)) for k in ("att", "def", "ew", "ld")}  # ATT 2, DEF 2, EW 1
    return {
        "key": m["key"],
        "group": group["id"],
        "unit": m["unit"],
        "label": m["label"],
        "leader": bool(m.get("leader")),
        "army_commander": bool(m.get("army_commander")),
        "skills": skills,
        "card": card,
        "options": list(chosen),
    }


def _exchange(weapons: list[str], remove: list[str], add: list[str]) -> list[str]:
    """Replace ``remove`` by ``add``, keeping the card's order (new weapons where the first went)."""
    if not remove:
        return weapons + list(add)
    at = weapons.index(remove[0])
    kept = [w for w in weapons if w not in remove]
    at = min(at, len(kept))
    return kept[:at] + list(add) + kept[at:]


def _option_tv(fdata: dict[str, Any], options: dict[str, Any], counts: Counter[str]) -> int:
    tv = 0
    pools: Counter[str] = Counter()
    for oid, opt in options.items():
        n = counts[oid]
        if n < opt.get("min", 0):
            raise BadOptions(
                f"{fdata['name']}: option {opt['label']!r} must be taken by at least {opt['min']} model(s), got {n}"
            )
        if opt.get("max") is not None and n > opt["max"]:
            raise BadOptions(f"{fdata['name']}: option {opt['label']!r} allows at most {opt['max']}, got {n}")
        tv += opt.get("tv", 0) * (n - opt.get("included", 0))
        if opt.get("pool"):
            pools[opt["pool"]] += n
    for pid, pool in fdata.get("pools", {}).items():
        if pools[pid] > pool["max"]:
            raise BadOptions(
                f"{fdata['name']}: at most {pool['max']} models may take "
                f"{' / '.join(o['label'] for o in options.values() if o.get('pool') == pid)}"
            )
        tv += pool.get("tv", 0) * (pools[pid] - pool.get("included", 0))
    return tv


def _apply_force_options(fdata: dict[str, Any], models: list[dict[str, Any]], command_group: str | None) -> None:
    cg = fdata.get("force_options", {}).get("command_group")
    if cg is None:
        if command_group is not None:
            raise BadOptions(f"{fdata['name']} has no command group choice")
        return
    chosen = command_group or cg["default"]
    if chosen not in cg["choices"]:
        names = {g["id"]: g["name"] for g in fdata["groups"]}
        raise BadOptions(f"The veteran Combat Group is one of {', '.join(names.get(c, c) for c in cg['choices'])}")
    for m in models:
        if m["group"] == chosen:
            m["skills"].update(cg["commander"] if m["leader"] else cg["veteran"])


def catalogue(faction: str) -> dict[str, Any]:
    """What the force builder shows: groups, models, options and their limits."""
    fdata = data.faction(faction)
    return {
        "faction": faction,
        "name": fdata["name"],
        "tv": fdata["tv"],
        "groups": fdata["groups"],
        "options": fdata["options"],
        "pools": fdata.get("pools", {}),
        "force_options": fdata.get("force_options", {}),
    }
