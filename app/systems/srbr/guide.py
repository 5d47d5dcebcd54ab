"""The rules panel: every value the table plays with, in words, each with its label.

Rows are plain data ({"area", "title", "text", "source"}) so the browser only lays them out.
The rulebook's own rules say so in ``source``; everything else carries its Warboard default
label from data/*.json ("Warboard default, not from the rulebook").
"""

from __future__ import annotations

import re
from typing import Any

from app.systems.srbr import sticks
from app.systems.words import plain_words

RULEBOOK = "Rulebook"
DEFAULT = "Warboard default, not from the rulebook"
#: the terrain kinds' effects: a stated choice (the text's chapters on them are missing)
TERRAIN_SOURCE = (
    "Warboard choice: the text names hills, buildings and bodies of water as scenery and rubble "
    "counters for smashed buildings; its Rough Terrain, Water Movement, Higher Ground and Cover "
    "chapters are missing from our copy"
)
TERRAIN_TEXT = (
    "Buildings stop moves and block sight; rubble (a smashed building) does neither; hills, water "
    "and forest are scenery only, with no rule effect."
)


def rows(rules: dict[str, Any], scale: str, overrides: dict[str, Any] | None = None) -> list[dict[str, str]]:
    """The rules panel for ``rules`` (the merged defaults a game was set up with)."""
    cm = sticks.stick_lengths(scale, "cm")
    act, mal, rea = rules["activation"], rules["malfunction"], rules["reaction"]
    combat = rules["combat"]
    mods = ", ".join(
        f"{k.replace('_', ' ')} {v:+d}"
        for k, v in combat["modifiers"].items()
        if not k.startswith("_") and k != "note" and v
    )
    out = [
        _row(
            "sticks",
            "Measuring sticks",
            RULEBOOK + " (Measuring Sticks)",
            f"{scale} models: Short {cm['S']:g} cm, Medium {cm['M']:g} cm, Long {cm['L']:g} cm; "
            "every distance is measured with them; pre-measuring is always allowed.",
        ),
        _row(
            "activation_dice",
            "Activation",
            RULEBOOK + " (Activation Process)",
            "Nominate a mecha and one body part and roll one, two or three dice; each die at or "
            "above the part's Q is a success and buys one action. A 1 on a yellow or red die "
            "lets an opponent react.",
        ),
        _row(
            "table",
            "Table size",
            _src(rules["table"]),
            f"90 x 90 cm; 120 x 120 cm when every player fields more than "
            f"{rules['table']['large_when_mechas_per_player_over']} mechas.",
        ),
        _row(
            "health",
            "Dice colours",
            _src(rules["health"]),
            f"Damage changes a part's dice: {' → '.join(rules['health']['track'])}, then the part "
            "is destroyed. It may still roll up to three.",
        ),
        _row(
            "activation",
            "Turn end",
            _src(act),
            f"{act['failures_end_turn'] or 'No number of'} failures in one activation end the "
            f"turn; a {act['always_fail']} always fails, a {act['always_succeed']} always "
            f"succeeds; a part activates {act['activations_per_part_per_turn'] or 'any number of'}"
            " time(s) a turn.",
        ),
        _row(
            "malfunction",
            "Malfunctions",
            _src(mal),
            (
                f"{mal['ones']} or more 1s in one roll: roll a die: "
                + ", ".join(f"{f} {e.replace('_', ' ')}" for f, e in sorted(mal["table"].items()))
            )
            if mal["enabled"]
            else "None.",
        ),
        _row(
            "reaction",
            "Reactions",
            _src(rea),
            f"{rea['dice']} die for one intact part of one of your mechas, "
            f"{rea['actions_per_success']} action(s) per success; offered to the opponents in "
            "turn order; no reaction to a reaction.",
        ),
        _row(
            "initiative",
            "Initiative",
            _src(rules["initiative"]),
            "A die picks the first player, then seat order."
            if rules["initiative"]["method"] == "roll"
            else "p1 first, then seat order.",
        ),
        _row(
            "deployment",
            "Deployment",
            _src(rules["deployment"]),
            f"Along your edge, a {_stick(rules['deployment']['edge_offset_stick'])} stick in; "
            f"a deployment zone is a {_stick(rules['deployment']['zone_depth_stick'])} stick deep.",
        ),
        _row(
            "anchors",
            "Measuring points",
            _src(rules["anchors"]),
            "Right foot (biped), head or cockpit (other forms), front centre (vehicle): the text's "
            "points; their offsets on the base are the default. A turn pivots on that point.",
        ),
        _row(
            "combat",
            "Combat",
            _src(combat),
            "Opposed d6 + the attacking part's C against d6 + the defender's best C. "
            f"Modifiers: {mods or 'none'}; a modifier both rolls carry cancels out.",
        ),
        _row(
            "recoil",
            "Recoil and knock back",
            _src(combat),
            f"Recoil a {_stick(combat['recoil']['distance'])} stick, knock back a "
            f"{_stick(combat['knock_back']['distance'])} stick, straight away from the attacker; "
            "contact and the table edge stop them.",
        ),
        _row(
            "buildings",
            "Buildings",
            _src(combat["buildings"]),
            f"Attack: against d6 + {combat['buildings']['defence']}; "
            f"{combat['buildings']['hits_to_smash']} hits make rubble.",
        ),
        _row(
            "free_hacks",
            "Leaving close combat",
            _src(combat.get("free_hacks", {})),
            "A mecha that moves out of contact with enemies takes a free hack from each: d6 + its best C "
            "against d6 + the leaver's best C; a win damages a random part (a double destroys it)."
            if combat.get("free_hacks", {}).get("enabled")
            else "Off at this table: leaving close combat gives no free hacks.",
        ),
        _row("terrain", "Terrain", TERRAIN_SOURCE, TERRAIN_TEXT),
        _row(
            "victory",
            "Victory",
            _src(rules["victory"]),
            f"A mecha is destroyed when a {' or '.join(rules['victory']['vital_part_types']) or 'vital'}"
            " part or all its parts are; the last player with mechas on the table wins.",
        ),
        _row("attack_types", "Attack types", DEFAULT, ", ".join(plain_words(a) for a in sorted(rules["attack_types"]))),
    ]
    if overrides:
        changed = ", ".join(sorted(overrides))
        out.append(_row("overrides", "Changed by the host", "Table options", f"This table changes: {changed}."))
    return out


def _row(area: str, title: str, source: str, text: str) -> dict[str, str]:
    return {"area": area, "title": title, "source": source, "text": text}


def _src(area: dict[str, Any]) -> str:
    """An area's source as a player reads it: the rule notes by name, not their file."""
    return re.sub(r"(rules/)?NOTES\.md:? ?", "the rule notes: ", str(area.get("_source") or DEFAULT))


def _stick(name: str) -> str:
    return sticks.STICK_NAMES.get(name, name)
