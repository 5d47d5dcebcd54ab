"""The report's random events and losses of a Samurai Robots game (``RuleSystem.chances``,
``RuleSystem.losses``), read from the public log. An activation rolls one to three dice, each
at or above the part's Q a success (p. 4; a 1 fails and a 6 succeeds by Warboard default): its
successes are measured. An attack (on a mecha or a building) and a free hack are opposed: a d6
each plus fixed scores; the margin is measured and the attacker wins when it is above 0.

- A malfunction die (data/rules.json "malfunction", a Warboard default) counts for the mecha's
  owner as spared (1: the table's "none") or struck (0: jammed, knocked down or damaged); which
  of the three strikes is told by the words only, none being worse than the others for everyone.
- A random hit location (an attack's or a free hack's damage with no part aimed at, or its aimed
  part destroyed) is one die among the target's intact parts (the ``among`` of the damage
  event): told by its chance only, no part being the better one for everyone.
- The setup's initiative roll (data/rules.json "initiative", method "roll") is one die among the
  seats, which seat goes first: told by its chance only, the rules not making going first
  better."""

from __future__ import annotations

from typing import Any

from app.systems import luck
from app.systems.srbr.activation import is_success
from app.systems.srbr.setup import seats as seats_of
from app.systems.words import title_words

DEFAULT_ACTIVATION = {"always_fail": 1, "always_succeed": 6}


def _mecha(view: dict[str, Any], mid: str) -> dict[str, Any]:
    return dict(view.get("mechas", {}).get(mid) or {"name": title_words(mid), "owner": mid.split("-")[0]})


def _part(m: dict[str, Any], pid: str) -> str:
    return next((str(p["name"]) for p in m.get("parts", []) if p["id"] == pid), title_words(pid))


def activation(q: int, count: int, act: dict[str, Any]) -> luck.Dist:
    return luck.binomial(count, luck.face_chance(6, lambda f: is_success(f, q, act)))


def _opposed(e: dict[str, Any], view: dict[str, Any], target: str, seats: dict[str, int]) -> luck.RandomEvent:
    a, d = e["attack_roll"], e["defence_roll"]
    fixed = (int(a["total"]) - int(a["die"])) - (int(d["total"]) - int(d["die"]))
    die = luck.uniform(6)
    dist = luck.shift(luck.difference(die, die), fixed)
    att = _mecha(view, e["attacker"])
    what = title_words(e.get("attack", "free hack"))
    return luck.RandomEvent(
        seq=int(e["seq"]),
        seats=seats,
        what=f"{att['name']} attacks {target} ({what.lower()})",
        measure="attack total less defence total",
        observed=int(a["total"]) - int(d["total"]),
        dist=dist,
        dice=((6, (int(a["die"]), int(d["die"]))),),
        stake=luck.Stake(
            int(a["total"]) > int(d["total"]),
            luck.above(dist, 0),
            f"beat {target}",
            f"was held off by {target}",
        ),
        actor=str(att["owner"]),
        result=f"a margin of {int(a['total']) - int(d['total'])}",
        rule={"fixed": fixed},
    )


def chances(events: list[dict[str, Any]], view: dict[str, Any]) -> list[luck.RandomEvent]:
    act = {**DEFAULT_ACTIVATION, **view.get("defaults", {}).get("activation", {})}
    out: list[luck.RandomEvent] = []
    for e in luck.by_seq(events):
        kind = e["kind"]
        if kind == "activated":
            m = _mecha(view, e["mecha"])
            faces = tuple(int(d["face"]) for d in e["dice"])
            out.append(
                luck.RandomEvent(
                    seq=int(e["seq"]),
                    seats={str(m["owner"]): 1},
                    what=f"{m['name']} activates its {_part(m, e['part'])} (Q{e['q']}, {len(faces)} dice)",
                    measure="successes",
                    observed=int(e["successes"]),
                    dist=activation(int(e["q"]), len(faces), act),
                    dice=((6, faces),),
                    actor=str(m["owner"]),
                    result=f"{e['successes']} {'success' if int(e['successes']) == 1 else 'successes'}",
                    rule={"q": int(e["q"]), **act},
                )
            )
        elif kind in ("attack", "free_hack"):
            att, tgt = _mecha(view, e["attacker"]), _mecha(view, e["target"])
            seats = {str(att["owner"]): 1, str(tgt["owner"]): -1}
            out.append(_opposed(e, view, str(tgt["name"]), seats))
        elif kind == "building_attacked":
            att = _mecha(view, e["attacker"])
            building = f"Building {str(e['target']).removeprefix('b')}"
            out.append(_opposed(e, view, building, {str(att["owner"]): 1}))
        elif kind == "malfunction":
            out.append(malfunction_event(e, view))
        elif kind in ("damaged", "damage_to_record") and e.get("among"):
            out.append(location_event(e, view))
        elif kind == "table_created":
            first = initiative_event(e, view)
            if first is not None:
                out.append(first)
    return out


EFFECT_WORDS = {
    "none": "nothing happens",
    "jammed": "its {part} jams",
    "knock_down": "it falls",
    "damage": "1 damage to its {part}",
}


def spared(table: dict[str, str]) -> luck.Dist:
    """Spared (1) or struck (0) by a malfunction die (a d6) on ``table`` (face -> effect)."""
    return luck.mapped(luck.uniform(6), lambda f: int(table.get(str(f)) == "none"))


def malfunction_event(e: dict[str, Any], view: dict[str, Any]) -> luck.RandomEvent:
    table = {str(k): str(v) for k, v in view.get("defaults", {}).get("malfunction", {}).get("table", {}).items()}
    m = _mecha(view, e["mecha"])
    face, effect = int(e["die"]), str(e["effect"])
    words = EFFECT_WORDS.get(effect, title_words(effect)).format(part=_part(m, e["part"]))
    return luck.RandomEvent(
        seq=int(e["seq"]),
        seats={str(m["owner"]): 1},
        what=f"{m['name']}'s {_part(m, e['part'])} malfunctions",
        measure="spared (1) or struck (0) by the malfunction",
        observed=int(effect == "none"),
        dist=spared(table),
        dice=((6, (face,)),),
        actor=str(m["owner"]),
        result=f"{face}: {words}",
        rule={"malfunction_table": table},
    )


def location_event(e: dict[str, Any], view: dict[str, Any]) -> luck.RandomEvent:
    """The part a random hit location chose: the die's face is its place among ``among``."""
    m = _mecha(view, e["mecha"])
    among = [str(p) for p in e["among"]]
    face = among.index(str(e["part"])) + 1
    return luck.RandomEvent(
        seq=int(e["seq"]),
        seats={},
        what=f"A hit on {m['name']} finds its location",
        measure=f"the part hit, among {len(among)} intact parts",
        observed=face,
        dist=luck.uniform(len(among)),
        dice=((len(among), (face,)),),
        actor=str(m["owner"]),
        result=f"the {_part(m, e['part'])}",
        rule={"among": among},
    )


def initiative_event(e: dict[str, Any], view: dict[str, Any]) -> luck.RandomEvent | None:
    """The seat the setup's die chose to go first (the order then follows the seats)."""
    order = view.get("turn", {}).get("order") or []
    seats = seats_of(e.get("options") or {})
    if view.get("defaults", {}).get("initiative", {}).get("method") != "roll" or not order or order[0] not in seats:
        return None
    face = seats.index(order[0]) + 1
    return luck.RandomEvent(
        seq=int(e["seq"]),
        seats={},
        what="Initiative: who goes first",
        measure=f"the seat going first, among {len(seats)}",
        observed=face,
        dist=luck.uniform(len(seats)),
        dice=((len(seats), (face,)),),
        actor=order[0],
        result=f"{title_words(order[0])} goes first",
        rule={"first_among": seats},
    )


def losses(events: list[dict[str, Any]], view: dict[str, Any]) -> luck.Losses:
    out = luck.Losses(unit="damage to parts", major_unit="mechas destroyed")
    for e in luck.by_seq(events):
        if e["kind"] == "damaged" and "mecha" in e:
            m = _mecha(view, e["mecha"])
            gone = " (destroyed)" if e.get("destroyed") else ""
            words = f"{m['name']}'s {_part(m, e['part'])} damaged{gone}"
            out.items.append(luck.Loss(int(e["seq"]), str(m["owner"]), 1, words))
        elif e["kind"] == "mecha_destroyed":
            m = _mecha(view, e["mecha"])
            out.items.append(luck.Loss(int(e["seq"]), str(m["owner"]), 0, f"{m['name']} destroyed", True))
    return out
