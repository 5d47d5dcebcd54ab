"""Heavy Gear Blitz!'s guided hints, as plain functions over real games."""

from __future__ import annotations

from tests.systems.guide import Walk

ME, THEM = "north", "south"


def _ready(legal):  # type: ignore[no-untyped-def]
    order = ["ready", "choose_first", "activate_group", "end_group"]
    useful = [a for a in legal if a["kind"] in order]
    return min(useful, key=lambda a: order.index(a["kind"])) if useful else legal[0]


def test_terrain_then_deployment_then_the_round() -> None:
    walk = Walk("hgb", {"map": "open"}, seed="hgb-guide")
    first = walk.hint(ME)
    assert first is not None and first["step"] == "terrain" and first["control"] == "Ready: forces and terrain are set"
    assert first["rulebook"] == "Rulebook: Setup"
    walk.act(ME, {"kind": "ready"})
    waiting = walk.hint(ME)
    assert waiting is not None and not waiting["yours"] and "Southern" in waiting["text"]
    walk.act(THEM, {"kind": "ready"})
    second = walk.hint(ME)
    assert second is not None and second["step"] == "deployment" and "12 inches" in second["text"]
    walk.act(ME, {"kind": "ready"})
    walk.act(THEM, {"kind": "ready"})
    walk.others_play(ME, _ready)
    third = walk.hint(ME)
    assert third is not None and third["step"] in ("initiative", "activate_group")
    walk.act(ME, _ready(walk.legal(ME)))
    walk.others_play(ME, _ready)
    later = walk.hint(ME)
    assert later is not None and later["step"] in ("activate_group", "speed")


def test_a_model_of_the_active_group_is_told_to_set_speed_move_and_attack() -> None:
    walk = Walk("hgb", {"map": "open"}, seed="hgb-guide-2")
    for seat in (ME, THEM, ME, THEM):
        walk.act(seat, {"kind": "ready"})
    walk.others_play(ME, _ready)
    if walk.system.view(walk.state, ME)["turn"]["phase"] == "initiative":
        walk.act(ME, {"kind": "choose_first", "seat": ME})
    walk.others_play(ME, _ready)
    group = next(a for a in walk.legal(ME) if a["kind"] == "activate_group")
    walk.act(ME, group)
    hint = walk.hint(ME)
    assert hint is not None and hint["step"] == "speed" and hint["section"] == "movement"
