"""The report's random events and losses of a Heavy Gear Blitz! game (``RuleSystem.chances``,
``RuleSystem.losses``), read from the public log ("Dice and Rolls": best die, +1 per extra 6,
all ones a Fumble worth 0 whatever the modifiers):

- a direct attack is an opposed roll, ATT against the target's DEF, measured by its margin;
- every other model its roll reaches (Sweep Fire, an Area Effect) defends against the same
  attack value with its own modifiers: the attack die already placed, each such defense is
  measured by the margin given that value (the defense's distribution alone);
- an indirect attack (Indirect Fire) is an ATT roll against Threshold 3 (success on 4), measured
  by its modified value; when it fails, the d6 of the deviation's direction is told by its chance
  (no direction better for everyone) and the distance, the MoF in inches, is the same roll's;
  everyone under it defends against the unmodified roll, measured as the margin given that value;
- a Target Designation with the translator's procedure is an EW roll against Threshold 3 and
  ECM an opposed roll, EW + Comm + ECM against the observer's EW + Comm (the ECM model wins on a
  higher total), measured by the margin;
- every round's initiative is a d6 each, rerolled on a tie."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from app.systems import luck
from app.systems.hgb.observe import DESIGNATION_THRESHOLD
from app.systems.hgb.rolls import modified_distribution

SIDES = {"north": "Northern", "south": "Southern"}
ROLE_WORDS = {"sweep": "Sweep Fire", "area": "Area Effect", "indirect": "indirect attack"}


def _models(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in view.get("cards", [])}


def _name(models: dict[str, dict[str, Any]], mid: str) -> str:
    m = models.get(mid)
    return f"{m['label']} ({SIDES.get(m['seat'], m['seat'])})" if m else mid


def _opposed(attack: dict[str, Any], resolved: dict[str, Any], models: dict[str, dict[str, Any]]) -> luck.RandomEvent:
    """Attack value (ATT roll + modifiers, a Fumble 0) against defense value: the margin
    attack - defense; a hit needs margin > 0 ("equal or less is a failure")."""
    a_skill = len(attack["attack_roll"]["faces"])
    d_skill = len(resolved["defense_roll"]["faces"])
    a_mod = sum(resolved.get("attack_modifiers", attack["aim"]["attack_modifiers"]).values())
    d_mod = sum(resolved["defense_modifiers"].values())
    dist = luck.difference(modified_distribution(a_skill, a_mod), modified_distribution(d_skill, d_mod))
    attacker, target = models.get(resolved["attacker"]), models.get(resolved["target"])
    a_seat = attacker["seat"] if attacker else ""
    t_seat = target["seat"] if target else ""
    hit = luck.above(dist, 0)
    t_name = _name(models, resolved["target"])
    return luck.RandomEvent(
        seq=int(resolved["seq"]),
        seats={a_seat: 1, t_seat: -1} if t_seat != a_seat else {a_seat: 1},
        what=f"{_name(models, resolved['attacker'])} attacks {t_name} with its {attack['weapon']}",
        measure="attack less defense",
        observed=int(resolved["attack"]) - int(resolved["defense"]),
        dist=dist,
        dice=((6, tuple(attack["attack_roll"]["faces"])), (6, tuple(resolved["defense_roll"]["faces"]))),
        stake=luck.Stake(bool(resolved["hit"]), hit, f"hit {t_name}", f"missed {t_name}"),
        actor=a_seat,
        result=f"a margin of {int(resolved['attack']) - int(resolved['defense'])}",
        rule={"attack_modifier": a_mod, "defense_modifier": d_mod},
    )


def _initiative(event: dict[str, Any]) -> luck.RandomEvent:
    """The last (untied) pair decides: north's die less south's, a tie impossible there."""
    last = event["initiative"][-1]
    die = luck.uniform(6)
    dist = {v: p / Fraction(5, 6) for v, p in luck.difference(die, die).items() if v != 0}
    won = last["north"] > last["south"]
    return luck.RandomEvent(
        seq=int(event["seq"]),
        seats={"north": 1, "south": -1},
        what=f"Initiative of round {event['round']}",
        measure="north's die less south's",
        observed=int(last["north"]) - int(last["south"]),
        dist=dist,
        dice=tuple((6, (r["north"], r["south"])) for r in event["initiative"]),
        stake=luck.Stake(won, Fraction(1, 2), "won the initiative", "lost the initiative"),
        actor="north",
        result=f"{last['north']} against {last['south']}",
        rule={"ties": "rolled again"},
    )


def _seats(models: dict[str, dict[str, Any]], favoured: str, harmed: str) -> dict[str, int]:
    """+1 for the seat of ``favoured``'s model, -1 for ``harmed``'s (a model of one's own under
    one's own blast: only the harm counts)."""
    a = models.get(favoured, {}).get("seat", "")
    h = models.get(harmed, {}).get("seat", "")
    return {a: 1, h: -1} if a != h else {h: -1}


def against_value(value: int, skill: int, modifier: int) -> luck.Dist:
    """The margin ``value - defense`` of a defense roll against an attack value already rolled."""
    return luck.shift(luck.mapped(modified_distribution(skill, modifier), lambda d: -d), value)


def _defends(resolved: dict[str, Any], models: dict[str, dict[str, Any]], how: str) -> luck.RandomEvent:
    """A model under a Sweep, an Area Effect or an indirect attack defends against its value."""
    value = int(resolved["attack"])
    faces = tuple(resolved["defense_roll"]["faces"])
    d_mod = sum(resolved["defense_modifiers"].values())
    dist = against_value(value, len(faces), d_mod)
    t_name = _name(models, resolved["target"])
    margin = value - int(resolved["defense"])
    return luck.RandomEvent(
        seq=int(resolved["seq"]),
        seats=_seats(models, resolved["attacker"], resolved["target"]),
        what=f"{t_name} defends against {_name(models, resolved['attacker'])}'s {how} (attack {value})",
        measure="attack less defense, the attack already rolled",
        observed=margin,
        dist=dist,
        dice=((6, faces),),
        stake=luck.Stake(bool(resolved["hit"]), luck.above(dist, 0), f"hit {t_name}", f"missed {t_name}"),
        actor=models.get(resolved["attacker"], {}).get("seat"),
        result=f"a margin of {margin}",
        rule={"attack_value": value, "defense_modifier": d_mod},
    )


def _threshold(
    e: dict[str, Any], models: dict[str, dict[str, Any]], roller: str, harmed: str, what: str, mod: int
) -> luck.RandomEvent:
    """A skill roll against a Threshold: its modified value. What hung on it: a designation made
    (above the Threshold); an indirect attack on its target (above it, or equal to it: a MoF of
    0 inches)."""
    roll = e["attack_roll"] if "attack_roll" in e else e["roll"]
    faces, threshold = tuple(roll["faces"]), int(e.get("threshold", DESIGNATION_THRESHOLD))
    dist = modified_distribution(len(faces), mod)
    value = int(e["modified"] if "modified" in e else e["value"])
    t_name = _name(models, harmed)
    if "on_target" in e:
        ok, chance, words = bool(e["on_target"]), luck.at_least(dist, threshold), ("landed on", "went wide of")
    else:
        ok, chance, words = value > threshold, luck.above(dist, threshold), ("designated", "failed to designate")
    return luck.RandomEvent(
        seq=int(e["seq"]),
        seats=_seats(models, roller, harmed),
        what=what,
        measure=f"the modified roll against Threshold {threshold}",
        observed=value,
        dist=dist,
        dice=((6, faces),),
        stake=luck.Stake(ok, chance, f"{words[0]} {t_name}", f"{words[1]} {t_name}"),
        actor=models.get(roller, {}).get("seat"),
        result=f"{value} against Threshold {threshold}",
        rule={"modifier": mod, "threshold": threshold},
    )


def _indirect(e: dict[str, Any], models: dict[str, dict[str, Any]]) -> list[luck.RandomEvent]:
    attacker, t_name = _name(models, e["attacker"]), _name(models, e["target"])
    mod = sum(e["aim"]["attack_modifiers"].values())
    what = f"{attacker} fires its {e['weapon']} indirectly at {t_name}"
    roll = _threshold(e, models, e["attacker"], e["target"], what, mod)
    if e["on_target"]:
        out = [replace(roll, result=f"{roll.result}: on target")]
    else:
        out = [replace(roll, result=f"{roll.result}: {e['mof']} inches off (the MoF)")]
    face = e.get("deviation_die")
    if face is not None:
        out.append(
            luck.RandomEvent(
                seq=int(e["seq"]),
                seats={},
                what=f"{attacker}'s {e['weapon']} deviates",
                measure="the d6 of the deviation's direction, clockwise from the line of fire",
                observed=int(face),
                dist=luck.uniform(6),
                dice=((6, (int(face),)),),
                actor=models.get(e["attacker"], {}).get("seat"),
                result=f"{60 * (int(face) - 1)} degrees clockwise, {e['mof']} inches",
                rule={"deviation": "d6"},
            )
        )
    return out


def _ecm(e: dict[str, Any], models: dict[str, dict[str, Any]]) -> luck.RandomEvent:
    mine, theirs = tuple(e["roll"]["faces"]), tuple(e["observer_roll"]["faces"])
    a_mod, d_mod = int(e["modifier"]), int(e["observer_modifier"])
    dist = luck.difference(modified_distribution(len(mine), a_mod), modified_distribution(len(theirs), d_mod))
    o_name = _name(models, e["observer"])
    margin = int(e["value"]) - int(e["observer_value"])
    return luck.RandomEvent(
        seq=int(e["seq"]),
        seats=_seats(models, e["model"], e["observer"]),
        what=f"{_name(models, e['model'])} jams {o_name}'s Target Designation (ECM)",
        measure="ECM total less the observer's",
        observed=margin,
        dist=dist,
        dice=((6, mine), (6, theirs)),
        stake=luck.Stake(bool(e["jammed"]), luck.above(dist, 0), f"jammed {o_name}", f"failed to jam {o_name}"),
        actor=models.get(e["model"], {}).get("seat"),
        result=f"a margin of {margin}",
        rule={"ecm_modifier": a_mod, "observer_modifier": d_mod},
    )


def chances(events: list[dict[str, Any]], view: dict[str, Any]) -> list[luck.RandomEvent]:
    models = _models(view)
    out: list[luck.RandomEvent] = []
    attack: dict[str, Any] | None = None
    for e in luck.by_seq(events):
        kind = e["kind"]
        if kind in ("attack", "indirect_attack"):
            attack = e
        if kind == "indirect_attack":
            out.extend(_indirect(e, models))
        elif kind == "attack_resolved" and attack is not None:
            role = e.get("role", "main")
            if role == "main":
                out.append(_opposed(attack, e, models))
            else:
                out.append(_defends(e, models, ROLE_WORDS.get(role, str(role))))
        elif kind in ("designated", "designation_failed") and "roll" in e:
            what = f"{_name(models, e['observer'])} designates {_name(models, e['target'])}"
            out.append(_threshold(e, models, e["observer"], e["target"], what, sum(e["modifiers"].values())))
        elif kind == "ecm":
            out.append(_ecm(e, models))
        elif kind == "round_started" and e.get("initiative"):
            out.append(_initiative(e))
    return out


def losses(events: list[dict[str, Any]], view: dict[str, Any]) -> luck.Losses:
    models = _models(view)
    out = luck.Losses(unit="damage boxes", major_unit="Gears destroyed")
    for e in luck.by_seq(events):
        if e["kind"] != "attack_resolved" or e.get("result") in (None, "no_effect"):
            continue
        target = models.get(e["target"])
        if target is None:
            continue
        name = _name(models, e["target"])
        major = e["result"] in ("destroyed", "overkill")
        words = f"{name} {'destroyed' if major else 'damaged'} by {_name(models, e['attacker'])}"
        out.items.append(luck.Loss(int(e["seq"]), target["seat"], int(e.get("boxes", 0)), words, major))
    return out
