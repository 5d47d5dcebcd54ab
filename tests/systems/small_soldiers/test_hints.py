"""Small Soldiers' guided hints, as plain functions over real games."""

from __future__ import annotations

from tests.systems.guide import Walk

ME, THEM = "gorgonites", "commandos"


def _first(legal):  # type: ignore[no-untyped-def]
    return legal[0]


def test_the_first_hints_follow_setup_the_opening_roll_and_the_spinner() -> None:
    walk = Walk("small-soldiers", {}, seed="ss-guide")
    first = walk.hint(ME)
    assert first is not None and first["step"] == "deploy" and first["control"] == "Deploy"
    assert first["rulebook"] == "Rulebook: Setup, step 2"
    walk.act(ME, walk.legal(ME)[0])
    waiting = walk.hint(ME)
    assert waiting is not None and waiting["step"] == "wait" and not waiting["yours"]
    assert "Commando Elite" in waiting["text"]
    walk.act(THEM, walk.legal(THEM)[0])
    second = walk.hint(ME)
    assert second is not None and second["step"] == "opening" and second["control"] == "Roll the opening die"
    walk.act(ME, {"kind": "roll_opening"})
    walk.others_play(ME, _first)
    third = walk.hint(ME)
    assert third is not None and third["step"] == "spin" and "how far one fighter may move" in third["text"]
    assert third["rulebook"] == "Rulebook: How to Play: 2-Player Game, step 3"


def test_after_a_spin_the_hint_says_how_far_or_what_card() -> None:
    walk = Walk("small-soldiers", {}, seed="ss-guide-2")
    walk.act(ME, walk.legal(ME)[0])
    walk.act(THEM, walk.legal(THEM)[0])
    walk.act(ME, {"kind": "roll_opening"})
    seen = set()
    for _ in range(40):
        walk.others_play(ME, _first)
        hint = walk.hint(ME)
        assert hint is not None
        seen.add(hint["step"])
        if hint["step"] == "move":
            value = walk.system.view(walk.state, ME)["turn"]["spin"]["value"]
            assert f"exactly {value} space" in hint["text"]
        walk.act(ME, walk.legal(ME)[0])
    assert {"spin", "move", "card"} <= seen


def test_a_finished_game_has_no_hint() -> None:
    walk = Walk("small-soldiers", {}, seed="ss-guide-3")
    walk.state = {**walk.state, "result": {"winners": [ME], "reason": "flag", "army": "gorgonites", "text": ""}}
    view = walk.system.view(walk.state, ME)
    assert walk.system.hint(view, [], ME) is None
