"""Starting forces: listed TV totals, option rules, the host's data overrides."""

import pytest

from app.core.errors import BadOptions
from app.systems.hgb import data
from app.systems.hgb.forces import build
from app.systems.hgb.helpers import ForceRequest, run_force
from tests.systems.hgb.play import SYSTEM


def default(faction):
    return build(faction, data.faction(faction)["default_choices"], None)


def test_listed_totals():
    assert default("north")["tv"] == 610
    assert default("south")["tv"] == 610
    assert default("peace_river")["tv"] == 580  # no Flak Vests, as the rulebook recommends at first
    vests = {k: ["pr_flak_vest"] for k in ("cg1-1", "cg1-2", "cg2-1")}
    assert build("peace_river", vests, None)["tv"] == 610


def test_group_sizes_and_skills():
    north = default("north")
    assert len(north["models"]) == 10
    jaguar = next(m for m in north["models"] if m["key"] == "cg2-k")
    assert jaguar["skills"] == {"att": 3, "def": 4, "ew": 1, "ld": 3}  # veteran command group (default cg2)
    assert build("north", data.faction("north")["default_choices"], "cg1")["models"][0]["skills"]["att"] == 3
    south = default("south")
    cmd = next(m for m in south["models"] if m["label"] == "Command Jäger-AK")
    assert cmd["skills"] == {"att": 4, "def": 4, "ew": 2, "ld": 3}
    assert next(m for m in south["models"] if m["key"] == "cg2-k")["card"]["weapons"][1] == "APM"


def test_flak_vest_adds_a_sturdy_box():
    force = build("peace_river", {"cg1-1": ["pr_flak_vest"]}, None)
    assert force["models"][0]["card"]["boxes"][:3] == ["S", "S", "S"]


def test_option_limits():
    with pytest.raises(BadOptions, match="at most 2"):
        build(
            "north",
            {
                "cg1-1": ["n_gp_swap_mac"],
                "cg1-2": ["n_gp_swap_fgc"],
                "cg1-3": ["n_gp_swap_sc"],
                "cg2-3": ["n_fs_grizzly_mbzk"],
            },
            None,
        )
    with pytest.raises(BadOptions, match="at least"):
        build("south", {}, None)
    with pytest.raises(BadOptions, match="not open"):
        build("north", {"cg2-1": ["n_fs_grizzly_mbzk"]}, None)
    with pytest.raises(BadOptions, match="only one"):
        build("peace_river", {"cg1-1": ["pr_mac", "pr_rfb"]}, None)
    sc = build("north", {"cg1-1": ["n_gp_swap_sc"], "cg2-3": ["n_fs_grizzly_mbzk"]}, None)
    assert sc["models"][0]["card"]["weapons"] == ["SC", "HPZF", "VB"] and sc["tv"] == 600


def test_table_options_validate_forces_and_overrides():
    with pytest.raises(BadOptions):
        SYSTEM.validate_options({"south": {"faction": "south", "choices": {}}})
    opts = SYSTEM.validate_options(
        {
            "data": {
                "units": {"Hunter": {"mp": {"walker": {"combat": 5}}}},
                "weapons": {"LAC": {"ranges": [2, 8, 16, 24, 40]}},
            }
        }
    )
    from app.core.dice import Dice

    state = SYSTEM.setup(opts, Dice("x"))
    assert state["models"]["n-cg1-3"]["card"]["mp"]["walker"]["combat"] == 5
    assert state["weapons"]["LAC"]["ranges"][-1] == 40 and state["weapons"]["LAC"]["dm"] == 8
    with pytest.raises(BadOptions):
        SYSTEM.validate_options({"data": {"units": {"Jaguar": {"armor": "thick"}}}})
    with pytest.raises(BadOptions):
        SYSTEM.setup(SYSTEM.validate_options({"data": {"weapons": {"LAC": {"ranges": [9, 1, 2, 3, 4]}}}}), Dice("x"))


def test_every_data_file_is_labelled():
    for name in ("weapons", "rules", "maps", "north", "south", "peace_river"):
        assert "Warboard default" in data.load(name)["_source"]


def test_force_helper():
    out = run_force(ForceRequest(faction="peace_river", choices={"cg1-1": ["pr_mac"]}))
    assert out.tv == 585 and out.error is None and len(out.models) == 10
    bad = run_force(ForceRequest(faction="south", choices={}))
    assert bad.error and bad.tv is None


@pytest.mark.parametrize(
    ("overrides", "words"),
    [
        ({"weapons": {"LAC": {"dm": 9}}}, "The LAC has a DM of 8"),
        ({"units": {"Hunter": {"armor": 16}}}, 'The "Hunter" has an Armor of 15'),
        ({"rules": {"stationary_move_inches": 2}}, "may move up to 1 inch in any direction"),
        ({"weapons": {"SC": {"limited_ammo": 5}}}, "Limited Ammo 3"),
    ],
)
def test_the_data_option_cannot_change_what_the_rulebook_fixes(overrides, words):
    """Rulebook, Damage: "The LAC has a DM of 8 ... The "Hunter" has an Armor of 15"; Movement:
    "STATIONARY GEARS. They may move up to 1 inch in any direction"; Forces: "a Snub Cannon (SC, F,
    Limited Ammo 3". The host's data option edits Warboard defaults: a value the text gives is
    refused in words, with its own code, and the same value is accepted."""
    with pytest.raises(BadOptions) as err:
        SYSTEM.validate_options({"data": overrides})
    assert err.value.code == "rulebook_value" and words in err.value.message
    assert "rulebook's" in err.value.message and "_" not in err.value.message.split("(")[0]
    SYSTEM.validate_options({"data": {"weapons": {"LAC": {"dm": 8}}, "rules": {"stationary_move_inches": 1}}})
