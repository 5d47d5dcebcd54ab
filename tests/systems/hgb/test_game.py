"""A seeded game between two starting forces, from terrain and deployment to the end."""

from collections import Counter

from app.systems.hgb.damage import damage_table
from tests.systems.hgb.play import SYSTEM, Table, deploy_all, play_turn


def _play(options, seed, rounds=40):
    t = Table(options, seed=seed)
    deploy_all(t)
    while t.state["result"] is None and t.state["round"] <= rounds:
        play_turn(t)
    return t


def test_seeded_game_north_against_south_ends_with_a_winner():
    t = _play({"map": "ridge"}, "hgb-7")
    out = SYSTEM.outcome(t.state)
    assert out is not None and out.winners in (["north"], ["south"])
    kinds = Counter(e["kind"] for e in t.log)
    assert kinds["round_started"] >= 2 and kinds["attack_resolved"] > 0 and kinds["game_ended"] == 1
    loser = "north" if out.winners == ["south"] else "south"
    assert not [m for m in t.state["models"].values() if m["seat"] == loser and m["status"] == "active"]
    view = t.view(None)
    assert view["turn"]["phase"] == "over" and view["result"]["winners"] == out.winners
    # every resolved hit followed the damage table
    for e in t.log:
        if e["kind"] == "attack_resolved" and e["hit"]:
            hit = damage_table(e["damage"], e["armor"])
            assert (hit.boxes, hit.overkill) == (e["boxes"], e["overkill"])


def test_replay_is_deterministic():
    a = _play({"map": "outpost", "south": {"faction": "peace_river"}}, "seed-2", rounds=2)
    b = _play({"map": "outpost", "south": {"faction": "peace_river"}}, "seed-2", rounds=2)
    assert a.state == b.state and a.log == b.log
    assert a.state["round"] == 3


def test_results_do_not_depend_on_key_order_of_a_stored_state():
    import json

    from app.core.dice import Dice
    from tests.systems.hgb.scenario import battle

    t = battle(
        {"n-cg2-3": (24, 10, 90), "s-cg1-3": (24, 20, 270), "s-cg1-4": (25.6, 20, 270), "n-cg1-3": (25.2, 21.3, 90)}
    )
    shuffled = json.loads(json.dumps(dict(reversed(list(t.state.items()))), sort_keys=True))
    shuffled["models"] = dict(reversed(list(shuffled["models"].items())))
    action = SYSTEM.parse_action(
        {"kind": "attack", "model": "n-cg2-3", "weapon": "MRP", "target": "s-cg1-3", "sweep": 1}
    )
    a = SYSTEM.apply(t.state, "north", action, Dice("same"))
    b = SYSTEM.apply(shuffled, "north", action, Dice("same"))
    assert a[1] == b[1]


def test_seeded_tactical_game_uses_designation_indirect_fire_return_fire_and_ecm():
    t = Table({"map": "open", "south": {"faction": "peace_river"}}, seed="tac-1")
    deploy_all(t)
    while t.state["result"] is None and t.state["round"] <= 40:
        play_turn(t, tactics=True)
    kinds = Counter(e["kind"] for e in t.log)
    for kind in ("designated", "indirect_attack", "reaction_window", "return_fire", "ecm", "game_ended"):
        assert kinds[kind] > 0, kind
    assert SYSTEM.outcome(t.state).winners == ["south"]
