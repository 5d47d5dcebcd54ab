"""Attack resolution and its exact odds (used by the tables and the stateless helpers).

Rulebook, "Actions and Attacks": attacker rolls ATT dice, defender DEF dice; modifiers are
applied to each side and compared; higher attacker wins, a tie misses. Damage per "Damage".
Focused Fire (ROF) adds +1 DM per point; Weak Side adds +2 to the MoS of successful attacks
"including MoF 0", which Warboard reads as: a tie into a Weak Side also hits, with MoS 2.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pydantic import BaseModel, ConfigDict

from app.systems.hgb.damage import Hit, resolve_damage
from app.systems.hgb.rolls import Roll, against, distribution, modified_distribution

WEAK_SIDE_BONUS = 2


class AttackResult(BaseModel):
    """One attack compared and its damage (the helpers' ``/attack`` answer adds the fumbles)."""

    model_config = ConfigDict(frozen=True)
    attack: int
    defense: int
    hit: bool
    mos: int | None
    mof: int | None
    damage: int
    boxes: int
    overkill: bool

    @classmethod
    def miss(cls, attack: int, defense: int, mof: int) -> AttackResult:
        return cls(attack=attack, defense=defense, hit=False, mos=None, mof=mof, damage=0, boxes=0, overkill=False)

    def to_dict(self) -> dict[str, object]:
        return self.model_dump()


def margin_of(attack: int, defense: int, weak_side: bool = False) -> tuple[bool, int]:
    """(hit, margin): MoS when hit, MoF when missed, with the Weak Side bonus."""
    out = against(attack, defense)
    if weak_side and (out.success or out.margin == 0):
        return True, (out.margin if out.success else 0) + WEAK_SIDE_BONUS
    return out.success, out.margin


def resolve(attack: int, defense: int, dm: int, armor: int, weak_side: bool = False) -> AttackResult:
    """Compare modified results and apply the damage table."""
    hit, margin = margin_of(attack, defense, weak_side)
    if not hit:
        return AttackResult.miss(attack, defense, margin)
    dmg: Hit = resolve_damage(margin, dm, armor)
    return AttackResult(
        attack=attack,
        defense=defense,
        hit=True,
        mos=margin,
        mof=None,
        damage=dmg.damage,
        boxes=dmg.boxes,
        overkill=dmg.overkill,
    )


def resolve_rolls(
    att: Roll, att_mod: int, dfn: Roll, def_mod: int, dm: int, armor: int, weak_side: bool = False
) -> AttackResult:
    return resolve(att.modified(att_mod), dfn.modified(def_mod), dm, armor, weak_side)


@dataclass(frozen=True)
class Odds:
    hit: Fraction
    boxes: dict[int, Fraction]  # 0, 1, 2 boxes (0 includes hits for no effect and misses)
    overkill: Fraction
    destroyed: Fraction | None
    mos: dict[int, Fraction]


def lands_on(modified: int, threshold: int, reach: float = 0.0) -> bool:
    """Indirect Fire: does an attack with this modified roll come down on the designated target?

    Rulebook: "if the modified roll fails, the attack deviates ... by the Margin of Failure (MoF)
    in inches". A success deviates 0 inches, and so does MoF 0 (a roll equal to the Threshold):
    both land on the target. A deviated attack still catches the target when its MoF is at most
    ``reach`` (the blast radius plus the target's base radius), as the table measures it.
    """
    return max(0, threshold - modified) <= reach + 1e-9


def odds(
    att_skill: int,
    att_mod: int,
    def_skill: int,
    def_mod: int,
    dm: int,
    armor: int,
    weak_side: bool = False,
    boxes_left: int | None = None,
    threshold: int | None = None,
    reach: float = 0.0,
) -> Odds:
    """Exact probabilities by enumerating both result distributions (no simulation).

    With ``threshold`` (Indirect Fire: 4) the attack comes down on the designated target when
    ``lands_on`` says so (MoF 0 included), and the target then defends against the *unmodified*
    roll (rulebook, Indirect Fire); the odds are those of the designated target.
    ``boxes_left`` (unchecked boxes) lets it say how likely the target is destroyed.
    """
    raw = distribution(att_skill)
    dfn = modified_distribution(def_skill, def_mod)
    hit = Fraction(0)
    boxes = {0: Fraction(0), 1: Fraction(0), 2: Fraction(0)}
    over = Fraction(0)
    mos: dict[int, Fraction] = {}
    for r, pa in raw.items():
        modified = 0 if r == 0 else r + att_mod
        if threshold is not None and not lands_on(modified, threshold, reach):
            boxes[0] += pa
            continue
        value = r if threshold is not None else modified
        for d, pd in dfn.items():
            p = pa * pd
            res = resolve(value, d, dm, armor, weak_side)
            if not res.hit:
                boxes[0] += p
                continue
            hit += p
            mos[res.mos or 0] = mos.get(res.mos or 0, Fraction(0)) + p
            if res.overkill:
                over += p
            else:
                boxes[res.boxes] += p
    destroyed = None
    if boxes_left is not None:
        destroyed = over + sum((p for b, p in boxes.items() if b > boxes_left), Fraction(0))
    return Odds(hit, boxes, over, destroyed, dict(sorted(mos.items())))


def on_target_odds(att_skill: int, att_mod: int, threshold: int) -> Fraction:
    """Probability that an Indirect attack lands on the target (deviation 0: success or MoF 0)."""
    return sum(
        (p for r, p in distribution(att_skill).items() if lands_on(0 if r == 0 else r + att_mod, threshold)),
        Fraction(0),
    )
