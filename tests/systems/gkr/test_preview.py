"""Previews answer from what the previewer may know (issue 23): twin tables that differ only in
another seat's face-down Big Little Buddy weapon give the same preview, byte for byte.

Scene: two players; DiamondBack controls Big Little Buddy at the centre facing east, the King
Wolf Combat Unit stands next to him on (1,0). DiamondBack has chosen; King Wolf chooses last,
so King Wolf's choice would reveal and resolve the firing line.
"""

from __future__ import annotations

import json
import random
from typing import Any

from app.session.actions import sealed_preview
from app.session.projection import Projection
from app.session.records import Envelope
from tests.leaks.twins import twin
from tests.systems.gkr.helpers import DB, GKR, KW, act, activate, new, pass_until, place

MINE_MATE_ON_EMPTY_HEX = {"source": "blb", "weapon": "mine-mate", "target_hex": {"q": 2, "r": -2}}
BLASTER_AT_COMBAT_UNIT = {"source": "blb", "weapon": "buddy-blaster", "target_unit": "king-wolf:combat"}


def scene(blb_choice: dict[str, Any]) -> dict[str, Any]:
    state = activate(new(players=2), DB)
    state, _ = pass_until(state, "combat")
    state = place(state, "blb", 0, 0, facing=0)
    state = place(state, "king-wolf:combat", 1, 0)
    state, _ = act(state, DB, {"kind": "choose_weapons", "weapons": [blb_choice]})
    assert state["queue"] == [KW]
    return state


def preview(state: dict[str, Any], seat: str, raw: dict[str, Any]) -> str:
    """``POST /preview``'s answer as the session builds it, as JSON text."""
    env = Envelope(10, 5, 40, "open", state)
    answer = sealed_preview(Projection(GKR, seeded=False), env, seat, GKR.parse_action(raw))
    error = answer.error.to_dict()["error"] if answer.error else None
    body = {"legal": answer.legal, "events": answer.events, "outcome": answer.outcome, "error": error}
    return json.dumps(body, sort_keys=True)


def test_the_last_choosers_preview_does_not_tell_which_blb_weapon_lies_face_down() -> None:
    """ "They should also keep the other 2 Weapon Cards face down, so their opponents don't know
    which Weapon they will be firing from Big Little Buddy." King Wolf's preview of its own choice
    is the same whether the face-down card is a Mine Mate aimed at an empty hex (no dice) or a
    Buddy Blaster aimed at its Combat Unit (dice)."""
    mine, blaster = scene(MINE_MATE_ON_EMPTY_HEX), scene(BLASTER_AT_COMBAT_UNIT)
    assert GKR.view(mine, KW) == GKR.view(blaster, KW)  # twins: King Wolf cannot tell them apart
    for choice in ([], [{"source": "combat", "target_unit": "blb"}]):
        action = {"kind": "choose_weapons", "weapons": choice}
        assert preview(mine, KW, action) == preview(blaster, KW, action)
        # the choice resolves the firing line, and that touches DiamondBack's hidden card
        assert json.loads(preview(mine, KW, action))["outcome"] == "hidden"


def test_the_state_a_disputed_record_would_restore_is_sealed_too() -> None:
    """Issue 10's records: overturning a record "restores the state kept from just before it"
    (``state["undo"]``), hands and decks included. What King Wolf previews while DiamondBack's
    record is open runs on a game whose kept state is dealt from what King Wolf sees as well."""
    state = new(players=2, manual={"support": True})
    state, _ = act(state, DB, {"kind": "record", "area": "support", "unit": "king-wolf:combat", "damage": 1})
    assert state["undo"] is not None
    rng = random.Random(3)
    for _ in range(5):
        double = twin("gkr", state, KW, rng)
        assert double["undo"] != state["undo"]  # the kept state's hidden cards were dealt again
        assert GKR.view(double, KW) == GKR.view(state, KW)
        for world in (0, 1):
            assert GKR.seal(double, KW, world) == GKR.seal(state, KW, world)
        for raw in [{"kind": "dispute", "record": 0}, *GKR.legal_actions(state, KW)]:
            assert preview(double, KW, raw) == preview(state, KW, raw)


def test_a_flank_shot_stated_face_down_is_not_told() -> None:
    """NOTES.md (Sure): "weapons are chosen face down into a firing line, revealed, then
    resolved"; with manual flank shots the stated flank goes face down with the weapon. King
    Wolf's preview of the last choice is the same whichever DiamondBack stated."""
    states = []
    for flank in (True, False):
        state = activate(new(players=2, manual={"flank": True}), DB)
        state, _ = pass_until(state, "combat")
        state = place(state, "blb", 0, 0, facing=0)
        state = place(state, "king-wolf:heavy", 1, 0, facing=0)  # its back to him: a flank shot may be stated
        shot = {**BLASTER_AT_COMBAT_UNIT, "target_unit": "king-wolf:heavy", "flank": flank}
        state, _ = act(state, DB, {"kind": "choose_weapons", "weapons": [shot]})
        states.append(state)
    assert GKR.view(states[0], KW) == GKR.view(states[1], KW)
    action = {"kind": "choose_weapons", "weapons": []}
    assert preview(states[0], KW, action) == preview(states[1], KW, action)
    assert json.loads(preview(states[0], KW, action))["outcome"] == "hidden"
