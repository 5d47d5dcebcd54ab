"""Indirect Fire: the /odds and /attack helpers against the table itself, exhaustively.

Rulebook, Indirect Fire: "The attacking model rolls a number of dice equal to its Attack Skill
against a Threshold of 4 ... if the modified roll fails, the attack deviates ... by the Margin of
Failure (MoF) in inches ... Any model ... that comes under an Indirect attack must defend, but
against the UNMODIFIED attack roll." For every face of small dice pools the table's result for
the designated target must be the helpers' result, and the exact odds the table's frequency.
"""

import copy
from fractions import Fraction
from itertools import product

import pytest

from app.systems.hgb.attack import odds
from app.systems.hgb.helpers import AttackRequest, OddsRequest, run_attack, run_odds
from app.systems.hgb.rolls import read_faces
from tests.kit.dice import ScriptedDice
from tests.systems.hgb.play import SYSTEM
from tests.systems.hgb.scenario import act, battle, by_kind

HUNTERS = {"north": {"faction": "north"}, "south": {"faction": "north"}}
SHOOTER, OBSERVER, TARGET = "n-cg1-3", "n-cg1-4", "s-cg1-3"


@pytest.fixture(scope="module")
def designated():
    t = battle({SHOOTER: (24, 2, 90), OBSERVER: (30, 16, 90), TARGET: (24, 24, 270)}, HUNTERS)
    act(t, "north", {"kind": "designate", "model": OBSERVER, "target": TARGET})
    return t.state


def _faces_by_result(n: int) -> dict[int, tuple[Fraction, tuple[int, ...]]]:
    """Every raw result of an n-dice roll: its exact probability and one set of faces giving it."""
    out: dict[int, tuple[Fraction, tuple[int, ...]]] = {}
    for faces in product(range(1, 7), repeat=n):
        r = read_faces(faces).result
        p, first = out.get(r, (Fraction(0), faces))
        out[r] = (p + Fraction(1, 6**n), first)
    return out


def _table(state, att_faces, def_faces, mods):
    deviates = read_faces(att_faces).modified(mods) <= 4  # then a d6 gives the direction (1: straight on)
    faces = list(att_faces) + ([1] if deviates else []) + list(def_faces)
    action = SYSTEM.parse_action(
        {"kind": "attack", "model": SHOOTER, "weapon": "LRP", "target": TARGET, "indirect": True}
    )
    _, events = SYSTEM.apply(state, "north", action, ScriptedDice(faces))
    return events


@pytest.mark.parametrize("att", [1, 2, 3])
@pytest.mark.parametrize("accuracy", [-2, -1, 0, 1])
@pytest.mark.parametrize("ae", [0, 2])
def test_table_and_helpers_agree_on_every_roll(designated, att, accuracy, ae):
    state = copy.deepcopy(designated)
    state["models"][SHOOTER]["skills"]["att"] = att
    state["weapons"]["LRP"].update(accuracy=accuracy, ae=ae)
    attack = _faces_by_result(att)
    defense = _faces_by_result(state["models"][TARGET]["skills"]["def"])
    aim = SYSTEM.apply(
        state,
        "north",
        SYSTEM.parse_action({"kind": "aim", "model": SHOOTER, "weapon": "LRP", "target": TARGET, "indirect": True}),
        ScriptedDice([]),
    )[1][0]
    mods = sum(aim["attack_modifiers"].values())
    table_hit, dmods = Fraction(0), None
    for (pa, fa), (pd, fd) in product(attack.values(), defense.values()):
        events = _table(state, fa, fd, mods)
        shot = by_kind(events, "indirect_attack")[0]
        assert sum(shot["aim"]["attack_modifiers"].values()) == mods
        res = [e for e in by_kind(events, "attack_resolved") if e["target"] == TARGET]
        hit = bool(res and res[0]["hit"])
        table_hit += pa * pd * hit
        if res:
            dmods = res[0]["defense_modifiers"]
        helper = run_attack(
            AttackRequest(
                attack_faces=list(fa),
                defense_faces=list(fd),
                attack_modifiers={"all": mods},
                defense_modifiers=dmods or {},
                dm=12,
                armor=15,
                threshold=4,
                ae=ae,
            )
        )
        assert helper.on_target == shot["on_target"] and helper.deviation == shot["mof"]
        assert helper.under_blast == bool(res), (fa, fd, shot)
        if res:
            assert helper.hit == res[0]["hit"] and helper.mos == res[0]["mos"]
    dmod = sum((dmods or {"movement": -1}).values())
    exact = odds(att, mods, 2, dmod, 12, 15, threshold=4, reach=ae + state["rules"]["base_radius"])
    assert exact.hit == table_hit
    out = run_odds(
        OddsRequest(
            attack_skill=att,
            defense_skill=2,
            attack_modifiers={"all": mods},
            defense_modifiers={"all": dmod},
            dm=12,
            armor=15,
            threshold=4,
            ae=ae,
        )
    )
    assert Fraction(out.exact["hit"]) == table_hit
