"""Luck, exactly: every random event of a finished game placed in its exact distribution.

A game's report (``GET /api/tables/{id}/report``) asks each rule system for the random events
of its public log (``RuleSystem.chances``) and the losses each seat took (``RuleSystem.losses``).
A random event measures one number whose exact distribution the rules give (a skill roll's
result, the margin of an opposed roll, the hits that got through, a battle won or lost), for
the seats it favours (``+1``) or harms (``-1``).

The luck of an event for a seat it favours is its *mid-percentile less a half*::

    luck = P(X < observed) + P(X = observed) / 2 - 1/2

which lies between -1/2 and +1/2 and whose expectation is exactly 0 for every distribution,
so luck adds up over a game of any mix of rolls (a seat's total is how far above or below an
average run of the dice it went, counted in whole "coin flips").

An event no result of which is better for anyone (a spinner's Draw a Card against Recruit, the
card drawn, a deviation's direction, a hit location among equal parts) is placed all the same,
with no seats: it counts in nobody's luck and the report says only how likely it was ("chance
of this: 1 in 6").

The distributions are computed, never simulated: pure functions of plain numbers, each tested
against brute-force enumeration of the dice (``tests/systems/test_luck.py``).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

Dist = dict[int, Fraction]
MAX_SUPPORT = 4096  # a sum of dice is measured only while its outcomes stay this few


@dataclass(frozen=True)
class Stake:
    """What hung on an event, for the sentences: ``chance`` that the favoured seat got it."""

    won: bool
    chance: Fraction
    won_words: str  # "hit the Jaguar", "won the battle against Archer"
    lost_words: str  # "missed the Jaguar"
    #: the whole sentence when the stake tells the moment, ``{chance}`` being "a 17%" (else the
    #: report's own sentence around ``won_words``/``lost_words``)
    won_text: str | None = None
    lost_text: str | None = None


@dataclass(frozen=True)
class RandomEvent:
    """One random event: where (``seq``), whose (``seats``: seat -> +1 favoured, -1 harmed; none
    when no result is better for anyone), what in words, the dice behind it, and the measured
    number with its exact distribution. ``result`` says the observed number in words ("a margin
    of 3", "Move 4"); ``rule`` holds the numbers the rules applied to the dice (targets,
    modifiers), so that anyone can recompute ``observed`` from the published dice."""

    seq: int
    seats: Mapping[str, int]
    what: str  # "Hunter (north) attacks Jaguar with its LAC"
    measure: str  # "the margin of the opposed roll"
    observed: int
    dist: Dist
    dice: tuple[tuple[int, tuple[int, ...]], ...] = ()  # (sides, faces) per group rolled
    stake: Stake | None = None
    actor: str | None = None  # the seat whose piece acted (for the sentences)
    result: str | None = None
    rule: Mapping[str, Any] = field(default_factory=dict)

    @property
    def counted(self) -> bool:
        """Whether a result is better for a seat (else the event is in nobody's luck)."""
        return bool(self.seats)

    @property
    def luck(self) -> Fraction:
        """The favoured seats' luck (mid-percentile less a half); 0 for an event not counted."""
        if not self.counted:
            return Fraction(0)
        return mid_percentile(self.dist, self.observed) - Fraction(1, 2)

    @property
    def chance(self) -> Fraction:
        """The chance of exactly what happened."""
        return self.dist.get(self.observed, Fraction(0))

    @property
    def at_least(self) -> Fraction:
        return at_least(self.dist, self.observed)

    @property
    def expected(self) -> Fraction:
        return mean(self.dist)

    def luck_of(self, seat: str) -> Fraction:
        return self.luck * self.seats.get(seat, 0)


@dataclass(frozen=True)
class Loss:
    """A loss a seat took at ``seq``: ``amount`` in the game's main unit of loss (``unit``),
    with ``words`` saying what happened; ``major`` marks a whole piece lost."""

    seq: int
    seat: str
    amount: int
    words: str
    major: bool = False


@dataclass
class Losses:
    """A game's losses: the unit they are counted in ("damage boxes") and each loss; and, for a
    game scored otherwise too, that score's unit ("tags placed on buildings") and its gains
    (``scores``, a ``major`` gain being a whole objective: a building demolished)."""

    unit: str
    major_unit: str  # "Gears destroyed"
    items: list[Loss] = field(default_factory=list)
    score_unit: str | None = None
    score_major_unit: str | None = None
    scores: list[Loss] = field(default_factory=list)


# --- distributions ---------------------------------------------------------------------------


def uniform(sides: int) -> Dist:
    return {f: Fraction(1, sides) for f in range(1, sides + 1)}


def at_least(dist: Dist, x: int) -> Fraction:
    return sum((p for v, p in dist.items() if v >= x), Fraction(0))


def above(dist: Dist, x: int) -> Fraction:
    """P(X > x): the chance of a margin above ``x``."""
    return sum((p for v, p in dist.items() if v > x), Fraction(0))


def mid_percentile(dist: Dist, x: int) -> Fraction:
    below = sum((p for v, p in dist.items() if v < x), Fraction(0))
    return below + dist.get(x, Fraction(0)) / 2


def mean(dist: Dist) -> Fraction:
    return sum((v * p for v, p in dist.items()), Fraction(0))


def shift(dist: Dist, by: int) -> Dist:
    return {v + by: p for v, p in dist.items()}


def mapped(dist: Dist, f: Callable[[int], int]) -> Dist:
    out: Dist = {}
    for v, p in dist.items():
        out[f(v)] = out.get(f(v), Fraction(0)) + p
    return out


def difference(a: Dist, b: Dist) -> Dist:
    """The distribution of ``A - B`` for independent A and B."""
    out: Dist = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x - y] = out.get(x - y, Fraction(0)) + p * q
    return out


def binomial(n: int, p: Fraction) -> Dist:
    """Successes among ``n`` independent dice each succeeding with ``p``."""
    return {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


def face_chance(sides: int, ok: Callable[[int], bool]) -> Fraction:
    return Fraction(sum(1 for f in range(1, sides + 1) if ok(f)), sides)


@lru_cache(maxsize=256)
def dice_sum(count: int, sides: int) -> Dist | None:
    """The sum of ``count`` dice of ``sides`` faces (None when it has too many outcomes)."""
    if count * (sides - 1) + 1 > MAX_SUPPORT:
        return None
    ways = [1]  # ways[s] = ways to make sum s + (dice so far)
    for _ in range(count):
        nxt = [0] * (len(ways) + sides - 1)
        for s, w in enumerate(ways):
            if w:
                for f in range(sides):
                    nxt[s + f] += w
        ways = nxt
    total = sides**count
    return {s + count: Fraction(w, total) for s, w in enumerate(ways) if w}


def hits_then_saves(n_attack: int, p_hit: Fraction, max_defence: int, p_save: Fraction | None) -> Dist:
    """Hits that get through: ``n_attack`` dice hit with ``p_hit`` each; then one defence die per
    hit (at most ``max_defence``) saves with ``p_save`` each (no defence roll when None)."""
    out: Dist = {}
    for hits, ph in binomial(n_attack, p_hit).items():
        if p_save is None:
            out[hits] = out.get(hits, Fraction(0)) + ph
            continue
        for saves, ps in binomial(min(hits, max_defence), p_save).items():
            out[hits - saves] = out.get(hits - saves, Fraction(0)) + ph * ps
    return out


def enumerate_dice(count: int, sides: int, measure: Callable[[tuple[int, ...]], int]) -> Dist:
    """Brute force over every face of ``count`` dice (for small counts: tests and rule
    functions that only a die-by-die reading says)."""
    total = sides**count
    out: dict[int, int] = {}
    for faces in itertools.product(range(1, sides + 1), repeat=count):
        v = measure(faces)
        out[v] = out.get(v, 0) + 1
    return {v: Fraction(w, total) for v, w in out.items()}


def bernoulli(p: Fraction) -> Dist:
    return {1: p, 0: 1 - p}


def one_in(p: Fraction) -> str:
    """A chance as odds: "1 in 6", "5 in 22", "1 in 87,178,291,200"."""
    if p <= 0:
        return "none"
    if p.numerator == 1 or p.denominator < 100:
        return f"{p.numerator:,} in {p.denominator:,}"
    return f"1 in {float(1 / p):,.1f}".removesuffix(".0")


def difference_of_dice(sides: int = 6) -> Dist:
    """One die less another (a catapult's error in pips)."""
    die = uniform(sides)
    return difference(die, die)


def percent(p: Fraction | float) -> str:
    """A chance as a person reads it: "17%", "<1%", ">99%"."""
    v = float(p) * 100
    if 0 < v < 1:
        return "<1%"
    if 99 < v < 100:
        return ">99%"
    return f"{round(v)}%"


def to_json(event: RandomEvent, names: Callable[[str], str] | None = None) -> dict[str, Any]:
    """A random event as the report's JSON carries it (exact fractions as strings too)."""
    return {
        "seq": event.seq,
        "seats": dict(event.seats),
        "what": event.what,
        "measure": event.measure,
        "observed": event.observed,
        "result": event.result,
        "counted": event.counted,
        "chance": float(event.chance),
        "chance_words": one_in(event.chance),
        "rule": dict(event.rule),
        "dice": [{"sides": s, "faces": list(f)} for s, f in event.dice],
        "distribution": {str(v): str(p) for v, p in sorted(event.dist.items())},
        "expected": float(event.expected),
        "at_least": float(event.at_least),
        "luck": float(event.luck),
        "exact": {
            "expected": str(event.expected),
            "at_least": str(event.at_least),
            "luck": str(event.luck),
            "chance": str(event.chance),
        },
        "stake": None
        if event.stake is None
        else {
            "won": event.stake.won,
            "chance": float(event.stake.chance),
            "exact": str(event.stake.chance),
            "words": event.stake.won_words if event.stake.won else event.stake.lost_words,
        },
    }


def by_seq(events: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(events, key=lambda e: int(e.get("seq", 0)))
