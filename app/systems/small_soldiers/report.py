"""The report's random events and losses of a Small Soldiers game (``RuleSystem.chances``,
``RuleSystem.losses``), read from the public log.

- Each roll of a battle is an opposed roll of the two armies' dice (Figure 9: a skull beats any
  number, cards add to a number), measured as won (+1), tied (0) or lost (-1) for the attacker.
- A spin that says move counts for the spinner by the spaces it gives (longer is better), in
  the spinner's move segments; Draw a Card and Recruit are told by their chance only (neither is
  better than the other for everyone).
- A card drawn from the deck is told by its chance among the cards the public log has not seen
  at that moment: before any reshuffle every card not yet drawn or played (the hands were dealt
  from the same shuffled deck), after one the discard pile it was shuffled from less the cards
  drawn since. A shuffle's order never reaches the public log: it is placed through those draws.
- The catapult's errors (angle and power, a die less a die; the roll on, a die) are told by
  their chance; each fighter the ball reaches rolls the hit die, which counts: standing is best
  for the fighter's side and being knocked down worst (the shooter's, when it is an enemy)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from app.systems import luck
from app.systems.small_soldiers.battle import compare
from app.systems.small_soldiers.cards import kind_key
from app.systems.small_soldiers.model import army_of
from app.systems.words import title_words

DIE = ["1", "2", "3", "4", "5", "skull"]  # the data's default die, for an army the view lacks
#: the catapult's hit die, as data/catapult.json has it, for a view that lacks the table's
CATAPULT: dict[str, Any] = {"hit_die": 6, "hit_table": {"stands": [1, 2], "pushed": [3, 4], "knocked_down": [5, 6]}}
SPIN_WORDS = {"draw": "Draw a Card", "recruit": "Recruit"}
HIT_WORDS = {"stands": "{name} stands", "pushed": "{name} is pushed", "knocked_down": "{name} is knocked down"}


def _fighters(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for group in view.get("toy_store", {}).values():
        out.update({f["id"]: f for f in group if isinstance(f, dict) and "id" in f})
    for p in view.get("pieces", []):
        if p.get("kind") == "fighter":
            out[p["id"]] = {"name": p.get("label", p["id"]), **p}
    return out


def battle_roll(a_faces: list[str], a_add: int, d_faces: list[str], d_add: int) -> luck.Dist:
    """The attacker's result of one battle roll: +1 win, 0 tie, -1 loss, each die fair."""
    each = Fraction(1, len(a_faces) * len(d_faces))
    out: luck.Dist = {}
    for fa in a_faces:
        for fd in d_faces:
            r = compare(fa, a_add, fd, d_add)
            out[r] = out.get(r, Fraction(0)) + each
    return out


def chances(events: list[dict[str, Any]], view: dict[str, Any]) -> list[luck.RandomEvent]:
    fighters = _fighters(view)
    armies = view.get("armies", {})
    segments = list(view.get("spinner", {}).get("segments", []))
    deck = Deck(view.get("deck", {}).get("make_up") or [])
    catapult = {**CATAPULT, **(view.get("catapult_hits") or {})}
    out: list[luck.RandomEvent] = []
    for e in luck.by_seq(events):
        kind = e["kind"]
        if kind == "spun" and segments:
            out.append(spin_event(e, segments, _seat_name(view, str(e["seat"]))))
        elif kind == "deck_reshuffled":
            deck.reshuffled(e.get("make_up"))
        elif kind in ("card_drawn", "card_played"):
            drawn = deck.seen(e, _seat_name(view, str(e.get("seat", ""))))
            if drawn is not None:
                out.append(drawn)
        elif kind == "catapult":
            out.extend(catapult_events(e, fighters, catapult, _seat_name(view, str(e["seat"]))))
        elif kind == "battle":
            out.extend(_battle(e, fighters, armies))
    return out


def _battle(e: dict[str, Any], fighters: dict[str, dict[str, Any]], armies: dict[str, Any]) -> list[luck.RandomEvent]:
    out: list[luck.RandomEvent] = []
    if e["rolls"]:
        att, dfn = fighters.get(e["attacker"], {}), fighters.get(e["defender"], {})
        a_name = str(att.get("name", title_words(e["attacker"])))
        d_name = str(dfn.get("name", title_words(e["defender"])))
        a_faces = [str(f) for f in armies.get(str(att.get("army")), {}).get("die") or DIE]
        d_faces = [str(f) for f in armies.get(str(dfn.get("army")), {}).get("die") or DIE]
        for i, r in enumerate(e["rolls"]):
            dist = battle_roll(a_faces, int(r["attacker"]["bonus"]), d_faces, int(r["defender"]["bonus"]))
            observed = {"attacker": 1, "tie": 0, "defender": -1}[r["result"]]
            seats = {str(att.get("owner", "")): 1, str(dfn.get("owner", "")): -1}
            again = f" (roll {i + 1})" if len(e["rolls"]) > 1 else ""
            a_bonus, d_bonus = int(r["attacker"]["bonus"]), int(r["defender"]["bonus"])
            out.append(
                luck.RandomEvent(
                    seq=int(e["seq"]),
                    seats=seats,
                    what=f"{a_name} battles {d_name}{again}",
                    measure="won (1), tied (0) or lost (-1) by the attacker",
                    observed=observed,
                    dist=dist,
                    dice=(
                        (len(a_faces), (a_faces.index(str(r["attacker"]["face"])) + 1,)),
                        (len(d_faces), (d_faces.index(str(r["defender"]["face"])) + 1,)),
                    ),
                    stake=_battle_stake(observed, dist, a_name, d_name),
                    actor=str(att.get("owner", "")),
                    result=_battle_result(observed, dist, a_name, d_name),
                    rule={
                        "attacker_die": a_faces,
                        "attacker_bonus": a_bonus,
                        "defender_die": d_faces,
                        "defender_bonus": d_bonus,
                    },
                )
            )
    return out


def _battle_stake(observed: int, dist: luck.Dist, a_name: str, d_name: str) -> luck.Stake | None:
    """A battle won or lost, in the words a player would say it (a tie: none)."""
    if not observed:
        return None
    return luck.Stake(
        observed > 0,
        dist.get(1, Fraction(0)),
        f"beat {d_name}",
        f"lost to {d_name}",
        won_text=f"{a_name} won a battle against {d_name} he had {{chance}} chance to win.",
        lost_text=f"{a_name} lost a battle against {d_name} he had {{chance}} chance to win.",
    )


def _battle_result(observed: int, dist: luck.Dist, a_name: str, d_name: str) -> str:
    win = luck.percent(dist.get(1, Fraction(0)))
    if observed > 0:
        return f"a win for {a_name} (he had a {win} chance to win)"
    if observed < 0:
        return f"a loss for {a_name} (he had a {win} chance to win)"
    return f"a tie (a {luck.percent(dist.get(0, Fraction(0)))} chance; {a_name} had a {win} chance to win)"


def _seat_name(view: dict[str, Any], seat: str) -> str:
    army = army_of(seat)
    return str(view.get("armies", {}).get(army, {}).get("name", title_words(seat)))


def spin_event(e: dict[str, Any], segments: list[dict[str, Any]], who: str) -> luck.RandomEvent:
    """A spin: a move counts by its spaces among the move segments; another result by its chance."""
    index, n = int(e["index"]), len(segments)
    seg = segments[index]
    common = {
        "seq": int(e["seq"]),
        "dice": ((n, (index + 1,)),),
        "actor": str(e["seat"]),
        "rule": {"segments": segments},
    }
    if seg["kind"] == "move":
        moves = [int(s["value"]) for s in segments if s["kind"] == "move"]
        dist: luck.Dist = {}
        for v in moves:
            dist[v] = dist.get(v, Fraction(0)) + Fraction(1, len(moves))
        return luck.RandomEvent(
            seats={str(e["seat"]): 1},
            what=f"{who} spin the spinner",
            measure="spaces to move, when the spinner says move",
            observed=int(seg["value"]),
            dist=dist,
            result=f"Move {seg['value']}",
            **common,  # type: ignore[arg-type]
        )
    kinds = [s["kind"] for s in segments]
    codes = {k: i for i, k in enumerate(dict.fromkeys(kinds))}
    spread: luck.Dist = {}
    for k in kinds:
        spread[codes[k]] = spread.get(codes[k], Fraction(0)) + Fraction(1, n)
    return luck.RandomEvent(
        seats={},
        what=f"{who} spin the spinner",
        measure="the spinner's result",
        observed=codes[seg["kind"]],
        dist=spread,
        result=SPIN_WORDS.get(seg["kind"], title_words(seg["kind"])),
        **common,  # type: ignore[arg-type]
    )


class Deck:
    """The cards the public log has not seen, by name, to place each draw from the deck."""

    def __init__(self, make_up: list[dict[str, Any]]) -> None:
        self.unseen = {kind_key(c): int(c["count"]) for c in make_up}
        self.with_hands = True  # the hands were dealt from the deck not yet seen

    def reshuffled(self, make_up: dict[str, int] | None) -> None:
        """The discard pile (face up, so public) is the new deck."""
        self.unseen = dict(make_up or {})
        self.with_hands = False

    def seen(self, e: dict[str, Any], who: str) -> luck.RandomEvent | None:
        name, words = kind_key(e["card"]), str(e["card"].get("name", ""))
        if e["kind"] == "card_played":  # from a hand: seen now, and no longer unseen in the deck
            if self.with_hands and self.unseen.get(name):
                self.unseen[name] -= 1
            return None
        total = sum(self.unseen.values())
        if not total or not self.unseen.get(name):
            self.unseen.pop(name, None)
            return None  # a make-up the log cannot follow (an older game's reshuffle): not placed
        names = sorted(self.unseen)
        dist = {i: Fraction(self.unseen[k], total) for i, k in enumerate(names) if self.unseen[k]}
        event = luck.RandomEvent(
            seq=int(e["seq"]),
            seats={},
            what=f"{who} draw a card",
            measure="the card drawn",
            observed=names.index(name),
            dist=dist,
            result=words,
            actor=str(e.get("seat", "")),
            rule={"unseen": dict(self.unseen)},
        )
        self.unseen[name] -= 1
        return event


def catapult_events(
    e: dict[str, Any], fighters: dict[str, dict[str, Any]], cfg: dict[str, Any], who: str
) -> list[luck.RandomEvent]:
    """The shot's errors (told by their chance) and each hit die (counted)."""
    seq, seat = int(e["seq"]), str(e["seat"])
    pips = e["error_pips"]
    spread = luck.difference_of_dice(6)
    out = [
        luck.RandomEvent(
            seq=seq,
            seats={},
            what=f"{who}'s catapult: the {what}",
            measure=f"the {what} in pips (a die less a die)",
            observed=int(pips[key]),
            dist=spread,
            result=f"{int(pips[key]):+d} pips",
            actor=seat,
            rule={"pips": "die - die"},
        )
        for key, what in (("angle", "angle's error"), ("power", "power's error"))
    ]
    out.append(
        luck.RandomEvent(
            seq=seq,
            seats={},
            what=f"{who}'s catapult: the ball rolls on",
            measure="the roll on in pips (a die)",
            observed=int(pips["roll"]),
            dist=luck.uniform(6),
            result=f"{int(pips['roll'])} pips",
            dice=((6, (int(pips["roll"]),)),),
            actor=seat,
            rule={"pips": "die"},
        )
    )
    table, sides = cfg["hit_table"], int(cfg["hit_die"])
    order = {"stands": 0, "pushed": 1, "knocked_down": 2}
    dist: luck.Dist = {}
    for result, faces in table.items():
        dist[order[result]] = dist.get(order[result], Fraction(0)) + Fraction(len(faces), sides)
    for hit in e.get("hits", []):
        f = fighters.get(hit["fighter"], {})
        name = str(f.get("name", title_words(hit["fighter"])))
        owner = str(f.get("owner", ""))
        seats = {owner: -1} if owner else {}
        if owner and owner != seat:
            seats[seat] = 1
        face = int(hit["face"])
        result = next(k for k, faces in table.items() if face in faces)
        out.append(
            luck.RandomEvent(
                seq=seq,
                seats=seats,
                what=f"The catapult's ball reaches {name}",
                measure="stands (0), pushed (1) or knocked down (2)",
                observed=order[result],
                dist=dist,
                dice=((sides, (face,)),),
                result=HIT_WORDS[result].format(name=name),
                actor=seat,
                rule={"hit_table": table},
            )
        )
    return out


def losses(events: list[dict[str, Any]], view: dict[str, Any]) -> luck.Losses:
    fighters = _fighters(view)
    out = luck.Losses(unit="fighters sent to the Toy Store", major_unit="fighters sent to the Toy Store")
    for e in luck.by_seq(events):
        if e["kind"] != "to_toy_store":
            continue
        f = fighters.get(e["fighter"], {})
        name = str(f.get("name", title_words(e["fighter"])))
        words = f"{name} sent to the Toy Store ({e.get('reason', 'lost')})"
        out.items.append(luck.Loss(int(e["seq"]), str(f.get("owner", e.get("army", ""))), 1, words, True))
    return out
