"""Samurai Robots' guided hints, as plain functions over real games."""

from __future__ import annotations

from tests.systems.guide import Walk

ME = "p1"


def _done(legal):  # type: ignore[no-untyped-def]
    return next((a for a in legal if a["kind"] in ("done", "end_turn")), legal[0])


def test_activate_then_spend_the_actions() -> None:
    walk = Walk("srbr", {"players": 2}, seed="srbr-guide")
    if ME not in (walk.system.active_seats(walk.state) or []):
        waiting = walk.hint(ME)
        assert waiting is not None and not waiting["yours"] and "Player 2" in waiting["text"]
        walk.others_play(ME, _done)
    first = walk.hint(ME)
    assert first is not None and first["step"] == "activate"
    assert first["rulebook"] == "Rulebook: Activation Process (p. 7)"
    activate = next(a for a in walk.legal(ME) if a["kind"] == "activate")
    for _ in range(20):  # until an activation succeeds
        walk.act(ME, {**activate, "dice": 3})
        if walk.system.view(walk.state, ME)["turn"]["phase"] == "actions":
            break
        walk.others_play(ME, _done)
        activate = next(a for a in walk.legal(ME) if a["kind"] == "activate")
    second = walk.hint(ME)
    assert second is not None and second["step"] == "actions" and second["control"] == "Done with this part"
    left = walk.system.view(walk.state, ME)["prompt"]["actions_left"]
    assert f"{left} action" in second["text"] or "Press Done" in second["text"]
    walk.act(ME, {"kind": "done"})
    walk.others_play(ME, _done)
    third = walk.hint(ME)
    assert third is not None and third["step"] == "activate"


def test_a_reaction_is_hinted_from_the_prompt() -> None:
    walk = Walk("srbr", {"players": 2}, seed="srbr-guide-2")
    view = {**walk.system.view(walk.state, ME), "prompt": {"ask": "reaction", "text": "", "from": "p2"}}
    hint = walk.system.hint(view, [], ME)
    assert hint is not None and hint["step"] == "reaction" and hint["section"] == "reaction"
