"""Cover from the terrain (the documented method in sight.py) and firing arcs."""

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from app.systems.hgb import data
from app.systems.hgb.sight import cover, in_arc, range_band
from tests.systems.hgb.scenario import battle

A, T = "n-cg1-3", "s-cg1-3"


BASE = battle({A: (24, 10, 90), T: (24, 23, 270), "n-cg1-4": (24, 17, 90)}).state


def cover_with(terrain, rules=None, extra=None):
    """Cover of T from A on the BASE table with this terrain (and Hunter 4 in between if asked)."""
    state = copy.deepcopy(BASE)
    state["board"]["terrain"] = terrain
    state["rules"] = data.merge(state["rules"], rules)
    if not extra:
        state["models"]["n-cg1-4"]["status"] = "removed"
    return cover(state, state["models"][A], state["models"][T])


def wall(y, height=None):
    piece = {"id": "w", "type": "wall", "polygon": [[20, y], [28, y], [28, y + 0.2], [20, y + 0.2]]}
    return [piece], ({"terrain_heights": {"wall": height}} if height is not None else None)


def test_open_target():
    c = cover_with([])
    assert (c["category"], c["modifier"], c["hidden"]) == ("open", 1, 0)


def test_low_wall_gives_light_cover():
    terrain, rules = wall(21.6, 0.5)
    c = cover_with(terrain, rules)
    assert c["category"] == "light" and c["modifier"] == 0 and "wall" in c["reason"]


def test_higher_wall_gives_partial_cover():
    terrain, rules = wall(21.6, 0.8)
    c = cover_with(terrain, rules)
    assert c["category"] == "partial" and c["modifier"] == -1


def test_building_gives_full_cover():
    bunker = {
        "id": "b",
        "type": "building",
        "level": 3,
        "label": "Bunker",
        "polygon": [[20, 15], [28, 15], [28, 18], [20, 18]],
    }
    c = cover_with([bunker])
    assert c["category"] == "full" and c["modifier"] == -2 and not c["visible"] and "Bunker" in c["reason"]


def test_models_in_between_give_cover():
    c = cover_with([], extra={"n-cg1-4": (24, 17, 90)})
    assert c["category"] in ("partial", "full") and "Hunter 4" in c["reason"]


def test_shooting_from_a_hill_over_a_wall():
    terrain, rules = wall(21.6, 0.8)
    hill = {"id": "h", "type": "hill", "level": 2, "polygon": [[20, 6], [28, 6], [28, 14], [20, 14]]}
    assert cover_with([*terrain, hill], rules)["category"] in ("open", "light")


@settings(max_examples=20, deadline=None)
@given(st.floats(0.1, 2.5), st.floats(0.1, 2.5))
def test_a_higher_obstacle_never_hides_less(h1, h2):
    lo, hi = sorted((h1, h2))
    t_lo, r_lo = wall(18, lo)
    t_hi, r_hi = wall(18, hi)
    assert cover_with(t_lo, r_lo)["hidden"] <= cover_with(t_hi, r_hi)["hidden"]


def test_arcs_relative_to_facing():
    assert in_arc(90, 90 + 89, "F", 60) and not in_arc(90, 90 + 91, "F", 60)
    assert in_arc(0, 29, "FF", 60) and not in_arc(0, 31, "FF", 60)
    assert in_arc(0, 180, "Rr", 60) and in_arc(0, 91, "Rr", 60) and not in_arc(0, 45, "Rr", 60)
    assert in_arc(0, 160, "FRr", 60) and not in_arc(0, 140, "FRr", 60)


def test_range_bands():
    r = [2, 8, 16, 24, 36]
    assert [range_band(r, d) for d in (0, 2, 2.1, 16, 24, 36, 36.1)] == [
        "point_blank",
        "point_blank",
        "short",
        "medium",
        "long",
        "extreme",
        None,
    ]


def test_cover_keyed_on_the_models_in_the_way_equals_cover_with_every_model() -> None:
    """Cover is cached by the models that may stand between the two (``_in_the_way``), so a
    move elsewhere does not make it be worked out again; the answer is the one with every model
    on the table, for every pair of models at every tenth step of a seeded bot game per map."""
    from app.bots.local import bot_player
    from app.core.dice import Dice
    from app.session.projection import Projection
    from app.systems import registry
    from app.systems.hgb import sight

    system = registry.get("hgb")
    assert system is not None
    pairs = hidden_by_models = 0
    for map_id in ("ridge", "outpost"):
        options = system.validate_options({"map": map_id})
        dice = Dice(f"in-the-way-{map_id}")
        state = system.setup(options, dice)
        projection = Projection(system, seeded=True)
        for step in range(120):
            if step % 10 == 0:
                models = [m for m in sight.ordered(state) if m["status"] == "active"]
                names = {m["label"] for m in models}
                for a in models:
                    for b in models:
                        if a is b:
                            continue
                        whole = sight._cover.__wrapped__(
                            sight._key(state["board"]["terrain"]),
                            sight._key(state["rules"]),
                            (float(a["x"]), float(a["y"])),
                            (float(b["x"]), float(b["y"])),
                            sight._blockers(state, {a["id"], b["id"]}),
                        )
                        assert cover(state, a, b) == {**whole, "blockers": list(whole["blockers"])}, (a["id"], b["id"])
                        hidden_by_models += any(x in names for x in whole["blockers"])
                        pairs += 1
            env = type("Env", (), {"state": state, "status": "open", "outcome": None})()
            for seat in system.seats(options):
                action = bot_player(projection.view(env, seat), projection.legal(env, seat), "w", step)
                if action is not None:
                    state, _ = system.apply(state, seat, system.parse_action(action), dice)
                    break
    assert pairs > 1000 and hidden_by_models > 50, (pairs, hidden_by_models)


def test_a_target_whose_base_is_hidden_is_no_open_target():
    """Rulebook, Target Cover: "If the target is not covered at all by terrain or other models, so
    that even its base is fully visible, it counts as an Open Target." A wall too low to hide any of
    the model but its base, just in front of it: Light Cover, and the reason says the base is hidden."""
    terrain, rules = wall(22.2, 0.1)
    c = cover_with(terrain, rules)
    assert (c["category"], c["modifier"], c["hidden"], c["visible"]) == ("light", 0, 0, True)
    assert c["reason"] == "the whole model is in sight but its base is hidden by wall"
    assert cover_with([])["reason"] == "the whole model and its base are in sight"
