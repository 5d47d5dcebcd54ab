"""Skill rolls, Threshold and opposed rolls, MoS and MoF.

Rulebook, "Dice and Rolls": roll as many d6 as the Skill; the result is the highest die, +1 for
each extra 6; all ones is a Fumble, which counts as 0 and takes no modifiers.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from app.core.dice import Dice

#: "Unless the starting army lists say otherwise, ATT and DEF are 2, EW is 1."
DEFAULT_SKILLS = {"att": 2, "def": 2, "ew": 1}
MAX_DICE = 12


@dataclass(frozen=True)
class Roll:
    """One skill roll: the faces, the raw result and whether it fumbled."""

    faces: tuple[int, ...]
    result: int
    fumble: bool

    def modified(self, modifier: int) -> int:
        """The result after modifiers; a Fumble stays 0 ("a 0 is always only a 0")."""
        return 0 if self.fumble else self.result + modifier

    def to_dict(self) -> dict[str, object]:
        return {"faces": list(self.faces), "result": self.result, "fumble": self.fumble}


def read_faces(faces: list[int] | tuple[int, ...]) -> Roll:
    """The result of a skill roll from its faces (each 1..6, at least one die)."""
    if not faces:
        raise ValueError("a skill roll needs at least one die")
    if any(not 1 <= f <= 6 for f in faces):
        raise ValueError(f"dice faces must be 1..6, got {list(faces)}")
    if all(f == 1 for f in faces):
        return Roll(tuple(faces), 0, True)
    sixes = sum(1 for f in faces if f == 6)
    result = 6 + sixes - 1 if sixes else max(faces)
    return Roll(tuple(faces), result, False)


def roll_skill(dice: Dice, skill: int, purpose: str) -> Roll:
    """Roll ``skill`` dice (at least one) from the table's stream."""
    return read_faces(dice.roll_many(max(1, skill), 6, purpose))


@dataclass(frozen=True)
class Outcome:
    """Attacker's success or failure with its margin (MoS on success, MoF on failure)."""

    success: bool
    margin: int

    @property
    def mos(self) -> int | None:
        return self.margin if self.success else None

    @property
    def mof(self) -> int | None:
        return None if self.success else self.margin


def against(attack: int, defense_or_threshold: int) -> Outcome:
    """Success only if greater; equal or less is a failure (both Threshold and opposed rolls).

    MoS = attack - threshold/defense; MoF = threshold/defense - attack.
    """
    if attack > defense_or_threshold:
        return Outcome(True, attack - defense_or_threshold)
    return Outcome(False, defense_or_threshold - attack)


@lru_cache(maxsize=64)
def distribution(skill: int) -> dict[int, Fraction]:
    """Exact probability of each raw result (0 = Fumble) of a ``skill``-dice roll.

    Computed, not simulated: with k sixes (k >= 1) the result is 5 + k; with none it is the
    highest of the other dice (1..5), and n ones are the Fumble.
    """
    n = max(1, min(skill, MAX_DICE))
    total = 6**n
    out: dict[int, Fraction] = {}
    for k in range(1, n + 1):
        out[5 + k] = Fraction(comb(n, k) * 5 ** (n - k), total)
    for m in range(1, 6):
        ways = m**n - (m - 1) ** n  # no six, highest exactly m
        out[0 if m == 1 else m] = Fraction(ways, total)
    return out


def modified_distribution(skill: int, modifier: int) -> dict[int, Fraction]:
    """Distribution of the modified result (a Fumble stays 0)."""
    out: dict[int, Fraction] = {}
    for raw, p in distribution(skill).items():
        value = 0 if raw == 0 else raw + modifier
        out[value] = out.get(value, Fraction(0)) + p
    return out
