"""The report's random events and losses of a GKR game (``RuleSystem.chances``,
``RuleSystem.losses``), read from the public log. An attack rolls the weapon's dice, each at or
above the target's To Hit a hit; the target rolls one defence die per hit (at most the box's
dice, none on a flank shot by default), each at or above its Armor a save; what counts is the
hits that get through. The sponsor card stolen from Big Little Buddy's controller when he is
destroyed is one die among the cards of that hand (its size, public, in the event): told by its
chance only, 1 in the hand's size. Which card it was stays between the two seats even after the
game (the log's public copy does not name it, nor the die's face, which would tell its place
among the cards), so the event stands for "one of the n" (no card better for everyone).
Besides the losses, the score: the tags each seat placed on buildings and
the buildings it demolished."""

from __future__ import annotations

from typing import Any

from app.systems import luck
from app.systems.words import title_words


def _owner(uid: str, pieces: dict[str, dict[str, Any]]) -> str | None:
    piece = pieces.get(uid)
    if piece is not None:
        return piece.get("owner")
    return uid.split(":", 1)[0] if ":" in uid else None


def _name(uid: str, pieces: dict[str, dict[str, Any]], view: dict[str, Any]) -> str:
    """As the board's legend names it: "ThunderHappy Recon Unit", "Big Little Buddy"."""
    piece = pieces.get(uid, {})
    seat, _, kind = uid.partition(":")
    if not kind:
        return str(piece.get("name") or title_words(uid))
    faction = str(view.get("players", {}).get(seat, {}).get("name", title_words(seat)))
    name = str(piece.get("name") or ("Heavy Hitter" if kind == "heavy" else f"{title_words(kind)} Unit"))
    return name if name.startswith(faction) else f"{faction} {name}"


def _pieces(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {p["id"]: p for p in view.get("pieces", []) if "id" in p}


def _max_defence(e: dict[str, Any], view: dict[str, Any]) -> int:
    rules = view.get("defaults", {}).get("rules", {})
    if e.get("flank"):
        return int(rules.get("flank", {}).get("defence_dice", 0))
    return int(rules.get("dice", {}).get("max_defence_dice", 8))


def chances(events: list[dict[str, Any]], view: dict[str, Any]) -> list[luck.RandomEvent]:
    pieces = _pieces(view)
    out: list[luck.RandomEvent] = []
    for e in luck.by_seq(events):
        if e["kind"] == "sponsor_stolen" and e.get("hand"):
            out.append(steal_event(e, view))
        if e["kind"] != "attack" or "attack_faces" not in e:
            continue
        p_hit = luck.at_least(luck.uniform(6), int(e["to_hit"]))
        armor = e.get("armor")
        p_save = None if armor is None else luck.at_least(luck.uniform(6), int(armor))
        dist = luck.hits_then_saves(len(e["attack_faces"]), p_hit, _max_defence(e, view), p_save)
        through = int(e["hits"]) - int(e["saves"])
        target = _name(e["target"], pieces, view)
        victim = _owner(e["target"], pieces)
        seats = {e["owner"]: 1}
        if victim and victim != e["owner"]:
            seats[victim] = -1
        out.append(
            luck.RandomEvent(
                seq=int(e["seq"]),
                seats=seats,
                what=f"{_name(e['unit'], pieces, view)} attacks {target} with its {e['weapon']}",
                measure="hits through the defence",
                observed=through,
                dist=dist,
                dice=((6, tuple(e["attack_faces"])), (6, tuple(e["defence_faces"]))),
                stake=luck.Stake(through > 0, luck.above(dist, 0), f"hurt {target}", f"did not hurt {target}"),
                actor=e["owner"],
                result=f"{through} {'hit' if through == 1 else 'hits'} through the defence",
                rule={"to_hit": int(e["to_hit"]), "armor": armor, "max_defence": _max_defence(e, view)},
            )
        )
    return out


def steal_event(e: dict[str, Any], view: dict[str, Any]) -> luck.RandomEvent:
    """A random sponsor card of a hand of ``hand`` cards, stolen: 1 in ``hand``."""
    n = int(e["hand"])
    players = view.get("players", {})
    thief = str(players.get(e["by"], {}).get("name", title_words(str(e["by"]))))
    robbed = str(players.get(e["from"], {}).get("name", title_words(str(e["from"]))))
    return luck.RandomEvent(
        seq=int(e["seq"]),
        seats={},
        what=f"{thief} steals a random sponsor card from {robbed}",
        measure=f"the card stolen, one of {n} (which one the public log does not say)",
        observed=1,
        dist=luck.uniform(n),
        actor=str(e["by"]),
        result=f"one of {robbed}'s {n} sponsor {'card' if n == 1 else 'cards'}",
        rule={"hand": n},
    )


def losses(events: list[dict[str, Any]], view: dict[str, Any]) -> luck.Losses:
    pieces = _pieces(view)
    seats = set(view.get("players", {}))
    out = luck.Losses(
        unit="HP lost",
        major_unit="units destroyed",
        score_unit="tags placed on buildings",
        score_major_unit="buildings demolished",
    )
    for e in luck.by_seq(events):
        if e["kind"] == "tagged":
            owner = _owner(e["unit"], pieces)
            if owner in seats:
                building = f"Building {str(e['building']).removeprefix('b')}"
                n = int(e["count"])
                words = f"{_name(e['unit'], pieces, view)} tagged {building} ({n} {'tag' if n == 1 else 'tags'})"
                out.scores.append(luck.Loss(int(e["seq"]), str(owner), n, words))
            continue
        if e["kind"] == "demolished" and e.get("by") in seats:
            building = f"Building {str(e['building']).removeprefix('b')}"
            out.scores.append(luck.Loss(int(e["seq"]), str(e["by"]), 0, f"{building} demolished", True))
            continue
        if e["kind"] not in ("damaged", "destroyed") or "unit" not in e:
            continue
        owner = _owner(e["unit"], pieces)
        if owner not in seats:
            continue  # Big Little Buddy belongs to nobody
        name = _name(e["unit"], pieces, view)
        if e["kind"] == "damaged":
            out.items.append(luck.Loss(int(e["seq"]), str(owner), int(e["amount"]), f"{name} lost {e['amount']} HP"))
        else:
            out.items.append(luck.Loss(int(e["seq"]), str(owner), 0, f"{name} destroyed", True))
    return out
