"""Seeded 3-player games to each victory condition, driven as the server drives a table.

Both games open with the same first round: DiamondBack activates Big Little Buddy, moves him,
fires the Mine Mate at a building's hex to hit King Wolf's Heavy Hitter behind it;
ThunderHappy destroys him and steals a sponsor card; at the end of the Reset Phase he returns
to the centre, where DiamondBack's Combat Unit stands, and DiamondBack displaces it.
"""

from __future__ import annotations

from app.geometry.hex import Hex
from tests.systems.gkr.game import Table, approach, firing_spot
from tests.systems.gkr.helpers import DB, KW, TH

SEED = "warboard-gkr-3p-10"
TH_WEAPONS = {
    f"thunderhappy/{slot}": {"speed": 1, "range": 4, "dice": 10, "damage": 25}
    for slot in ("primary", "secondary-1", "secondary-2")
}
OPTIONS = {
    "players": 3,
    "energy_per_round": 9,
    "support_move_range": 6,
    "weapon_overrides": {**TH_WEAPONS, "blb/mine-mate": {"dice": 4}},
}


def kinds(events):
    return [e["kind"] for e in events]


def first_round() -> Table:
    t = Table(OPTIONS, SEED)
    assert t.state["turn_order"] == [DB, KW, TH]
    # Deploy: DiamondBack plays Activate BLB
    card = next(c["id"] for c in t.view(DB)["sponsor_hand"] if c["type"] == "activate-blb")
    assert "blb_activated" in kinds(t.do(DB, {"kind": "activate_blb", "card": card}))
    assert t.view(KW)["blb"]["controller"] == DB
    t.pass_phase("deploy")
    # Movement: Heavy Hitters, then Big Little Buddy, then Support Units
    t.end(DB)
    t.do(KW, {"kind": "move", "unit": "king-wolf:heavy", "to": {"q": 0, "r": 3}, "facing": 120})
    t.end(KW)
    t.do(TH, {"kind": "move", "unit": "thunderhappy:heavy", "to": {"q": 3, "r": 1}, "facing": 180})
    t.end(TH)
    assert t.state["step"] == "blb" and t.view(None)["turn"]["active"] == [DB]
    t.do(DB, {"kind": "move", "unit": "blb", "to": {"q": 0, "r": 1}, "facing": 60})
    t.end(DB)
    t.do(DB, {"kind": "move", "unit": "diamondback:combat", "to": {"q": 0, "r": 0}})
    t.pass_phase("movement")
    # Combat: the Mine Mate at the building on (0,2), behind which King Wolf stands
    assert t.state["buildings"]["b6"]["q"] == 0 and t.state["buildings"]["b6"]["r"] == 2
    t.do(
        DB,
        {
            "kind": "choose_weapons",
            "weapons": [{"source": "blb", "weapon": "mine-mate", "target_hex": {"q": 0, "r": 2}}],
        },
    )
    assert t.view(KW)["firing_line"] == [{"owner": DB, "hidden": True}]
    t.do(KW, {"kind": "choose_weapons", "weapons": []})
    gun = next(w for w in t.view(TH)["prompt"]["weapons"] if w["source"] == "card" and "blb" in w["targets"])
    sponsor_before = list(t.state["players"][DB]["sponsor"])
    events = t.do(
        TH, {"kind": "choose_weapons", "weapons": [{"source": "card", "card": gun["card"], "target_unit": "blb"}]}
    )
    mine = next(e for e in events if e["kind"] == "attack" and e["weapon"] == "Mine Mate")
    assert mine["target"] == "king-wolf:heavy"
    assert next(e for e in events if e["kind"] == "blb_destroyed")["by"] == TH
    # "they may steal a random Sponsor Card": ThunderHappy decides now that he has fallen
    assert t.view(None)["turn"]["active"] == [TH] and t.view(TH)["prompt"]["steal_from"] == DB
    events = t.do(TH, {"kind": "steal", "take": True})
    stolen = next(e for e in events if e["kind"] == "sponsor_stolen")
    assert stolen["card"] in sponsor_before and stolen["card"] in t.state["players"][TH]["sponsor"]
    assert t.state["phase"] == "tagging"
    # Tagging, then the Reset Phase ends with Big Little Buddy back on the centre
    t.pass_phase("tagging")
    assert t.state["phase"] == "reset" and t.view(None)["turn"]["active"] == [DB]
    assert t.unit("blb")["on_board"] and t.hex("blb") == Hex(0, 0)
    spot = t.view(DB)["prompt"]["hexes"][0]
    t.do(DB, {"kind": "displace", "to": spot})
    assert t.hex("diamondback:combat") == Hex(spot["q"], spot["r"])
    assert t.state["round"] == 2 and t.state["phase"] == "deploy"
    return t


def play_round(t: Table, heavy, support, combat, tagging) -> None:
    """One round in which every seat passes except where a hook acts for it."""
    t.pass_phase("deploy")
    for step, hook in (("heavy", heavy), ("blb", None), ("support", support)):
        while t.state["phase"] == "movement" and t.state["step"] == step and not t.outcome:
            seat = t.view(None)["turn"]["active"][0]
            if hook:
                hook(t, seat)
            if t.state["phase"] == "movement" and t.state["step"] == step and not t.outcome:
                t.end(seat)
    while t.state["phase"] == "combat" and not t.outcome:
        seat = t.view(None)["turn"]["active"][0]
        t.do(seat, {"kind": "choose_weapons", "weapons": combat(t, seat) if combat else []})
    while t.state["phase"] == "tagging" and not t.outcome:
        seat = t.view(None)["turn"]["active"][0]
        if tagging:
            tagging(t, seat)
        if t.state["phase"] == "tagging" and not t.outcome:
            t.end(seat)


def play_rounds(t: Table, rounds: int, heavy, support, combat, tagging) -> Table:
    """``play_round`` until the game is over, ``rounds`` rounds at most; the table."""
    for _ in range(rounds):
        if t.outcome:
            break
        play_round(t, heavy, support, combat, tagging)
    return t


def assert_won(t: Table, winner: str, reason: str) -> None:
    assert t.outcome is not None
    assert t.outcome.winners == [winner] and t.outcome.reason == reason


def play_buildings_game() -> Table:
    """King Wolf tags and demolishes buildings until it has four."""
    t = first_round()
    kw_units = ["king-wolf:heavy", "king-wolf:combat", "king-wolf:recon"]

    def target():
        standing = [b for b in t.state["buildings"].values() if not b["demolished"]]
        recon = t.hex("king-wolf:recon")
        return min(standing, key=lambda b: (Hex(b["q"], b["r"]) - recon).q ** 2 + (Hex(b["q"], b["r"]) - recon).r ** 2)

    def move(t, seat):
        if seat == KW:
            goal = target()
            for uid in kw_units:
                if uid in [m["unit"] for m in (t.view(KW)["prompt"] or {}).get("moves", [])]:
                    approach(t, KW, uid, Hex(goal["q"], goal["r"]))

    def tag(t, seat):
        if seat != KW:
            return
        for option in list((t.view(KW)["prompt"] or {}).get("tags", [])):
            if t.outcome:
                return
            fresh = [b for b in option["buildings"] if not t.state["buildings"][b]["demolished"]]
            if fresh:
                t.do(KW, {"kind": "tag", "unit": option["unit"], "building": fresh[0]})

    return play_rounds(t, 15, move, move, None, tag)


def test_king_wolf_wins_by_demolishing_four_buildings():
    t = play_buildings_game()
    assert_won(t, KW, "demolished 4 buildings")
    assert sum(b["demolished"] and b["by"] == KW for b in t.state["buildings"].values()) == 4
    assert t.view(None)["winner"]["winners"] == [KW]


def play_destruction_game() -> Table:
    """ThunderHappy hunts down the other Heavy Hitters."""
    t = first_round()
    prey = ["king-wolf:heavy", "diamondback:heavy"]

    def alive_prey():
        return next(p for p in prey if t.unit(p)["on_board"])

    def move(t, seat):
        if seat == TH:
            firing_spot(t, TH, "thunderhappy:heavy", t.hex(alive_prey()), 4)

    def fire(t, seat):
        if seat != TH:
            return []
        victim = alive_prey()
        guns = [w for w in t.view(TH)["prompt"]["weapons"] if w["source"] == "card" and victim in w["targets"]]
        return [{"source": "card", "card": g["card"], "target_unit": victim} for g in guns[:2]]

    return play_rounds(t, 20, move, None, fire, None)


def test_thunderhappy_wins_by_destroying_the_opposing_heavy_hitters():
    t = play_destruction_game()
    assert_won(t, TH, "destroyed the opposing Heavy Hitters")
    assert t.state["players"][KW]["eliminated"] and t.state["players"][DB]["eliminated"]
    assert len(t.state["players"][KW]["damage"]) == 25
