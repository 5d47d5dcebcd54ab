"""GKR's guided hints, as plain functions over real games."""

from __future__ import annotations

from tests.systems.guide import Walk

ME, THEM = "diamondback", "king-wolf"


def _end(legal):  # type: ignore[no-untyped-def]
    return next((a for a in legal if a["kind"] == "end_turn"), legal[0])


def test_the_hints_follow_the_round_deploy_then_movement() -> None:
    walk = Walk("gkr", {"players": 2}, seed="gkr-guide")
    first = walk.hint(ME)
    assert first is not None and first["step"] == "deploy" and first["control"] == "End your turn"
    assert first["section"] in ("deploy", "blb_activate")
    walk.act(ME, {"kind": "end_turn"})
    waiting = walk.hint(ME)
    assert waiting is not None and not waiting["yours"] and "King Wolf" in waiting["text"]
    walk.others_play(ME, _end)
    second = walk.hint(ME)
    assert second is not None and second["step"] == "move_heavy"
    assert second["rulebook"].startswith("Rulebook: Movement Phase")
    walk.act(ME, {"kind": "end_turn"})
    walk.others_play(ME, _end)
    third = walk.hint(ME)
    assert third is not None and third["step"] == "move_support" and "Support Units" in third["text"]


def test_combat_and_tagging_hints_and_big_little_buddy() -> None:
    walk = Walk("gkr", {"players": 2}, seed="gkr-guide-2")
    steps = []
    for _ in range(12):
        walk.others_play(ME, _end)
        hint = walk.hint(ME)
        assert hint is not None
        steps.append(hint["step"])
        if hint["step"] == "weapons":
            walk.act(ME, {"kind": "choose_weapons", "weapons": []})
        else:
            walk.act(ME, _end(walk.legal(ME)))
    assert "weapons" in steps and "tag" in steps


def test_an_activate_blb_card_in_hand_is_named_with_its_rulebook_section() -> None:
    walk = Walk("gkr", {"players": 2}, seed="gkr-guide-3")
    view = walk.system.view(walk.state, ME)
    legal = [*walk.legal(ME), {"kind": "activate_blb", "card": "x"}]
    hint = walk.system.hint(view, legal, ME)
    assert hint is not None and hint["rulebook"] == "Rulebook: Activating Big Little Buddy"
    assert hint["section"] == "blb_activate"
