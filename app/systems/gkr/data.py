"""The GKR data files and the table host's overrides of them.

Every value here that is not in the Big Little Buddy text is a Warboard default (each JSON
file carries a ``_source`` saying so). ``resolve(options)`` merges the host's option
overrides over the files and returns the plain dict a game's state keeps, so a table plays
by the values it was created with.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from app.systems.datafiles import DataFiles

DATA_DIR = Path(__file__).parent / "data"
FILES = DataFiles(DATA_DIR)
#: a fresh copy of data file ``name`` (rules, blb, support, factions, sponsor, maps)
load = FILES.load
FACTION_IDS = ("diamondback", "king-wolf", "thunderhappy", "hammerstrike")
SUPPORT_KINDS = ("combat", "repair", "recon")
HEAVY_WEAPONS = ("primary", "secondary-1", "secondary-2")
BLB_WEAPONS = ("mine-mate", "buddy-blaster", "buddy-punch")
MAP_IDS = ("downtown", "plaza", "harbour")
DEFAULT_LABEL = "Warboard default, not from the rulebook"
#: rule areas that rest on Warboard defaults; each can be switched to manual resolution
MANUAL_AREAS = ("energy", "weapons", "dice", "flank", "tagging", "support")


def _stats(raw: dict[str, Any]) -> dict[str, Any]:
    keys = ("name", "speed", "energy", "dice", "range", "damage", "blast", "hex_target")
    return {k: raw[k] for k in keys if k in raw}


def weapon_table() -> dict[str, dict[str, Any]]:
    """Every weapon by key: ``<faction>/<slot>``, ``support/combat``, ``blb/<weapon>``."""
    table: dict[str, dict[str, Any]] = {}
    for fid, faction in load("factions")["factions"].items():
        for slot, raw in faction["weapons"].items():
            table[f"{fid}/{slot}"] = _stats(raw)
    table["support/combat"] = _stats(load("support")["units"]["combat"]["weapon"])
    for key, raw in load("blb")["weapons"].items():
        table[f"blb/{key}"] = {**_stats(raw), "energy": 0}  # BLB text: none require Energy
    return table


_RULE_PATHS = {
    "heavy_energy_per_hex": ("heavy_hitter_move", "energy_per_hex"),
    "support_energy_per_unit": ("support_move", "energy_per_unit"),
    "flank_defence_dice": ("flank", "defence_dice"),
}


def _override_rules(rules: dict[str, Any], overrides: dict[str, Any]) -> None:
    for key, value in overrides.items():
        if value is None:
            continue
        if key in _RULE_PATHS:
            outer, inner = _RULE_PATHS[key]
            rules[outer][inner] = value
        else:
            rules[key] = value


def _sponsor(mix: dict[str, int] | None) -> list[dict[str, Any]]:
    cards = load("sponsor")["cards"]
    for card in cards:
        if mix is not None and card["type"] != "activate-blb":
            card["count"] = mix.get(card["type"], 0)
    return cast("list[dict[str, Any]]", cards)


def resolve(options: dict[str, Any]) -> dict[str, Any]:
    """The data a table plays by: the files, with the host's overrides from ``options``."""
    rules = load("rules")
    for key in ("energy_per_round", "hand_size"):
        if options.get(key) is not None:
            rules[key] = options[key]
    if options.get("heavy_move_range") is not None:
        rules["heavy_hitter_move"]["range"] = options["heavy_move_range"]
    if options.get("support_move_range") is not None:
        rules["support_move"]["range"] = options["support_move_range"]
    _override_rules(rules, options.get("rules") or {})
    blb = load("blb")
    for key in ("range", "max_hp"):
        if options.get(f"blb_{key}") is not None:
            blb[key] = options[f"blb_{key}"]
    weapons = weapon_table()
    for key, override in (options.get("weapon_overrides") or {}).items():
        if key in weapons:
            weapons[key].update({k: v for k, v in override.items() if v is not None})
    for key in weapons:
        if key.startswith("blb/"):
            weapons[key]["energy"] = 0  # the text wins over any override
    factions = load("factions")
    support = load("support")
    for kind, override in (options.get("support") or {}).items():
        support["units"][kind].update({k: v for k, v in override.items() if v is not None})
    return {
        "rules": rules,
        "blb": {k: blb[k] for k in ("name", "to_hit", "armor", "arc", "range", "max_hp")},
        "support": support,
        "heavy": factions["heavy_hitter"],
        "factions": {
            fid: {k: f[k] for k in ("name", "colour", "heavy_hitter")} for fid, f in factions["factions"].items()
        },
        "deck": {**factions["deck"], **(options.get("deck") or {})},
        "cards": {"deploy": factions["deploy_card"]["name"], "movement": factions["movement_card"]["name"]},
        "weapons": weapons,
        "sponsor": _sponsor(options.get("sponsor_mix")),
        "map": load("maps")["maps"][options.get("map", "downtown")],
        "manual": {a: bool((options.get("manual") or {}).get(a, False)) for a in MANUAL_AREAS},
    }


#: the rules.json values the host may change in the table options (options.py); the others
#: are fixed: from NOTES.md (tags per faction, buildings to win) or a procedure (dice)
HOST_EDITABLE = (
    "energy_per_round",
    "hand_size",
    "heavy_hitter_move",
    "support_move",
    "overspend_damage_per_energy",
    "sponsor_cards_at_start",
    "heavy_hitter_weapons_per_round",
    "movement_card_bonus_hexes",
    "sponsor_cards_per_tag",
    "flank",
    "first_player_rotates",
    "tags_to_demolish",
    "speed_order",
)
FIXED = {
    "tags_per_faction": "known rule: 20 holo-board tags per faction",
    "buildings_to_win": "known rule: a player wins by demolishing 4 buildings",
    "dice": "Warboard default procedure, fixed; switch dice to manual resolution to state results",
}


def help_panel(data: dict[str, Any]) -> dict[str, Any]:
    """The values a table plays by (``resolve``'s), for the help panel: which the host could change."""
    return {
        "_label": DEFAULT_LABEL,
        "rules": data["rules"],
        "weapons": data["weapons"],
        "support": data["support"],
        "deck": data["deck"],
        "sponsor": {c["type"]: c["count"] for c in data["sponsor"]},
        "host_editable": [*HOST_EDITABLE, "weapons", "support", "deck", "sponsor"],
        "fixed": FIXED,
    }
