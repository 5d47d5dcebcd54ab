"""The report's new random events against enumeration, and its luckiest and unluckiest
moments read as a player would say them, from fixed events of each game."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

from app.session.report import build
from app.systems import luck
from app.systems.gkr.report import chances as gkr_chances
from app.systems.small_soldiers.report import CATAPULT, Deck, catapult_events, chances, spin_event

SEGMENTS = (
    [{"kind": "move", "value": v} for v in (1, 2, 3, 4, 1, 2, 3, 4)] + [{"kind": "draw"}] * 3 + [{"kind": "recruit"}]
)
DIE = ["1", "2", "3", "4", "5", "skull"]
VIEW: dict[str, Any] = {
    "armies": {"gorgonites": {"name": "Gorgonites", "die": DIE}, "commandos": {"name": "Commando Elite", "die": DIE}},
    "pieces": [
        {"kind": "fighter", "id": "archer", "label": "Archer", "army": "gorgonites", "owner": "gorgonites"},
        {"kind": "fighter", "id": "chip", "label": "Chip Hazard", "army": "commandos", "owner": "commandos"},
    ],
    "spinner": {"segments": SEGMENTS},
    "deck": {
        "count": 5,
        "make_up": [{"type": "weapon", "bonus": 1, "count": 3}, {"type": "recall", "bonus": 0, "count": 2}],
    },
}
NAMES = {"gorgonites": "Ann (Gorgonites)", "commandos": "Bob (Commando Elite)"}
SEATS = ["gorgonites", "commandos"]


def _battle(seq: int, a_face: str, a_bonus: int, d_face: str, d_bonus: int, result: str) -> dict[str, Any]:
    roll = {"attacker": {"face": a_face, "bonus": a_bonus}, "defender": {"face": d_face, "bonus": d_bonus}}
    return {
        "seq": seq,
        "kind": "battle",
        "attacker": "archer",
        "defender": "chip",
        "rolls": [{**roll, "result": result}],
    }


def test_spin_against_enumeration() -> None:
    for index, seg in enumerate(SEGMENTS):
        e = spin_event({"seq": 1, "seat": "gorgonites", "index": index}, SEGMENTS, "Gorgonites")
        if seg["kind"] == "move":
            moves = [s["value"] for s in SEGMENTS if s["kind"] == "move"]
            assert e.counted and e.observed == seg["value"]
            assert e.dist == {v: Fraction(moves.count(v), len(moves)) for v in set(moves)}
        else:
            assert not e.counted and e.luck == 0
            assert e.chance == Fraction(sum(s["kind"] == seg["kind"] for s in SEGMENTS), len(SEGMENTS))
    draw = spin_event({"seq": 1, "seat": "gorgonites", "index": 8}, SEGMENTS, "Gorgonites")
    assert luck.one_in(draw.chance) == "1 in 4" and draw.result == "Draw a Card"


def test_draws_against_enumeration_of_the_unseen_cards() -> None:
    """Every order of the 5 cards, counted: the chance of each draw given the cards seen so far."""
    deck = Deck(VIEW["deck"]["make_up"])
    cards = ["Weapon +1"] * 3 + ["GloboTech Recall"] * 2
    drawn = ["GloboTech Recall", "Weapon +1", "GloboTech Recall"]
    kinds = {"Weapon +1": {"type": "weapon", "bonus": 1}, "GloboTech Recall": {"type": "recall", "bonus": 0}}
    for i, name in enumerate(drawn):
        card = {"name": name, **kinds[name]}
        e = deck.seen({"seq": i + 1, "kind": "card_drawn", "seat": "commandos", "card": card}, "Commandos")
        assert e is not None and not e.counted and e.result == name
        orders = [o for o in itertools.permutations(range(5)) if [cards[k] for k in o[:i]] == drawn[:i]]
        assert e.chance == Fraction(sum(cards[o[i]] == name for o in orders), len(orders))
    assert deck.unseen == {"weapon+1": 2, "recall+0": 0}
    deck.reshuffled({"weapon+1": 1, "recall+0": 3})
    card = {"name": "Weapon +1", "type": "weapon", "bonus": 1}
    e = deck.seen({"seq": 9, "kind": "card_drawn", "seat": "commandos", "card": card}, "Commandos")
    assert e is not None and e.chance == Fraction(1, 4) and luck.one_in(e.chance) == "1 in 4"


def test_catapult_hit_die_against_enumeration() -> None:
    shot = {
        "seq": 4,
        "seat": "gorgonites",
        "error_pips": {"angle": -5, "power": 0, "roll": 3},
        "hits": [{"fighter": "chip", "face": 6}],
    }
    fighters = {"chip": {"name": "Chip Hazard", "owner": "commandos"}}
    angle, power, roll, hit = catapult_events(shot, fighters, CATAPULT, "Gorgonites")
    pips = [a - b for a in range(1, 7) for b in range(1, 7)]
    assert angle.chance == Fraction(pips.count(-5), 36) and luck.one_in(angle.chance) == "1 in 36"
    assert power.chance == Fraction(pips.count(0), 36) and roll.chance == Fraction(1, 6)
    assert not (angle.counted or power.counted or roll.counted)
    table = CATAPULT["hit_table"]
    order = ["stands", "pushed", "knocked_down"]
    faces = [next(order.index(k) for k, fs in table.items() if f in fs) for f in range(1, 7)]
    assert hit.dist == {v: Fraction(faces.count(v), 6) for v in set(faces)}
    assert hit.seats == {"commandos": -1, "gorgonites": 1} and hit.result == "Chip Hazard is knocked down"


def test_small_soldiers_moments_in_words() -> None:
    events = [
        _battle(3, "2", 0, "1", 2, "attacker"),  # won: a skull, or 4 or 5 against 1+2 or 5 against 2+2: 8 in 36
        _battle(5, "1", 0, "skull", 0, "defender"),  # lost, with a +0 against +0: a 42% chance to win
    ]
    view = {**VIEW, "armies": VIEW["armies"]}
    report = build(chances(events, view), luck.Losses("fighters", "fighters"), SEATS, NAMES, "t1")
    luckiest, unluckiest = report["luck"]["luckiest"]["text"], report["luck"]["unluckiest"]["text"]
    assert luckiest == "Archer won a battle against Chip Hazard he had a 22% chance to win."
    assert unluckiest == "Archer lost a battle against Chip Hazard he had a 42% chance to win."
    assert "(-1)" not in luckiest + unluckiest and "attacker" not in luckiest + unluckiest


def test_small_soldiers_tie_in_words() -> None:
    events = [_battle(3, "5", 2, "1", 0, "tie")]  # cannot be a tie with these faces: a fixed event all the same
    events[0]["rolls"][0]["defender"]["face"] = "5"
    events[0]["rolls"][0]["defender"]["bonus"] = 2
    report = build(chances(events, VIEW), luck.Losses("fighters", "fighters"), SEATS, NAMES, "t1")
    text = report["luck"]["luckiest"]["text"]
    assert text.startswith("Archer battles Chip Hazard: Ann (Gorgonites) got a tie"), text


def test_gkr_and_counted_moments_in_words() -> None:
    view = {
        "players": {"diamondback": {"name": "DiamondBack"}, "king-wolf": {"name": "King Wolf"}},
        "pieces": [],
        "defaults": {"rules": {"dice": {"max_defence_dice": 8}}},
    }
    attack = {
        "seq": 7,
        "kind": "attack",
        "owner": "diamondback",
        "unit": "diamondback:heavy",
        "target": "king-wolf:heavy",
        "weapon": "Railgun",
        "to_hit": 5,
        "armor": 5,
        "attack_faces": [6, 6, 6],
        "defence_faces": [1, 2, 1],
        "hits": 3,
        "saves": 0,
    }
    (event,) = gkr_chances([attack], view)
    report = build(
        [event],
        luck.Losses("HP lost", "units destroyed"),
        ["diamondback", "king-wolf"],
        {"diamondback": "Ann (DiamondBack)"},
        "t2",
    )
    text = report["luck"]["luckiest"]["text"]
    assert text.startswith(
        "DiamondBack Heavy Hitter attacks King Wolf Heavy Hitter with its Railgun: Ann (DiamondBack) got 3 hits"
    )
    assert text.endswith("3 hits through the defence; a result this good or better had a 1% chance."), text
