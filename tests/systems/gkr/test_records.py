"""Issue 10: manual records obey the rules they replace, stay in the log with their author,
and may be disputed by another seat for the host to rule on (``HOST_SEAT``)."""

from __future__ import annotations

import copy

import pytest

from app.core.errors import Forbidden, IllegalAction, NotYourTurn, WrongPhase
from app.systems.base import HOST_SEAT
from tests.conftest import Server
from tests.kit.table import act as http_act
from tests.kit.table import bearer, join, new_table, spectate
from tests.systems.gkr.helpers import DB, GKR, KW, TH, act, activate, active, new, pass_turn, pass_until, place

ALL = {"manual": {a: True for a in ("energy", "weapons", "dice", "flank", "tagging", "support")}}


def code(state, seat, action):
    with pytest.raises((IllegalAction, Forbidden)) as err:
        act(state, seat, action)
    return err.value.code


def support_damage(unit, n=1, note=""):
    return {"kind": "record", "area": "support", "unit": unit, "damage": n, "note": note}


# --- what a record may state, and when --------------------------------------------------------
def test_a_seat_not_on_turn_cannot_record():
    """Issue 10: King Wolf, not on turn in the Deploy Phase, recorded the Buddy's destruction."""
    state = new(**ALL)
    assert active(state) == [DB] and state["phase"] == "deploy"
    with pytest.raises(NotYourTurn):
        act(state, KW, support_damage("blb", 4))
    with pytest.raises(NotYourTurn):
        act(state, KW, support_damage("diamondback:combat", 1))


def test_nobody_records_an_attack_on_the_uncontrolled_buddy():
    """BLB text: "If Big Little Buddy is not controlled by anyone, players cannot attack him.\""""
    state = new(**ALL)
    assert code(state, DB, support_damage("blb", 4)) == "blb_not_attackable"
    assert state["units"]["blb"]["on_board"]


def test_a_record_cannot_eliminate_a_heavy_hitter():
    """Issue 10: a record eliminated an opponent's Heavy Hitter; its damage is dealt in the
    firing line (stated there with manual dice)."""
    state = new(**ALL)
    assert code(state, DB, support_damage("king-wolf:heavy", 30)) == "stated_in_firing_line"
    assert code(state, DB, support_damage("diamondback:combat", 1)) == "own_unit"


def test_a_record_only_for_areas_switched_to_manual():
    state = new(manual={"energy": True})
    assert code(state, DB, support_damage("king-wolf:combat")) == "not_manual"


def test_a_record_belongs_to_its_areas_phase_and_states_only_its_area():
    """NOTES.md (Sure): "moving and firing normally cost energy": energy records in the
    Movement and Combat Phases; dice, flank and weapon values are stated in the firing line."""
    state = new(**ALL)
    with pytest.raises(WrongPhase):
        act(state, DB, {"kind": "record", "area": "energy", "energy": 1})
    moving, _ = pass_until(state, "movement", "heavy")
    assert (
        code(moving, DB, {"kind": "record", "area": "energy", "energy": 1, "unit": "king-wolf:combat"}) == "not_in_area"
    )
    assert code(state, DB, {"kind": "record", "area": "support", "energy": 2}) == "not_in_area"
    combat, _ = pass_until(state, "combat")
    assert (
        code(combat, DB, {"kind": "record", "area": "dice", "unit": "king-wolf:combat", "damage": 1}) == "not_in_area"
    )
    assert (
        code(state, DB, {"kind": "record", "area": "support", "unit": "king-wolf:heavy", "heal": 2}) == "not_your_unit"
    )
    act(moving, DB, {"kind": "record", "area": "energy", "energy": 1, "note": "moved"})


def test_a_record_cannot_destroy_the_controlled_buddy_nor_open_a_steal():
    """Issue 27: a support record destroyed the controlled Buddy outside the firing line and let
    its author steal a sponsor card. BLB text: "Big Little Buddy has the same Defence and Target
    to hit values as Heavy Hitters": he is damaged only by an attack in the firing line."""
    state = activate(new(**ALL, blb_max_hp=1), DB)
    state, _ = pass_turn(state)  # King Wolf's Deploy turn: the Buddy is DiamondBack's
    assert active(state) == [KW]
    assert code(state, KW, support_damage("blb", 1, "Combat Unit ability")) == "stated_in_firing_line"
    assert state["units"]["blb"]["on_board"] and state["pending_steal"] is None


# --- the log ---------------------------------------------------------------------------------
def test_every_record_is_in_the_log_with_its_author_for_every_seat():
    state = new(**ALL)
    state, events = act(state, DB, support_damage("king-wolf:combat", 1, "Support Blaster"))
    assert events[0]["kind"] == "recorded" and events[0]["player"] == DB and events[0]["index"] == 0
    for viewer in (DB, KW, TH, None):
        view = GKR.view(state, viewer)
        assert view["records"][0]["player"] == DB and view["records"][0]["status"] == "open"
        assert view["open_record"] == 0 and view["dispute"] is None and "undo" not in view
    assert not state["units"]["king-wolf:combat"]["on_board"]


# --- disputes --------------------------------------------------------------------------------
def recorded():
    state = new(**ALL)
    before = copy.deepcopy(state)
    state, _ = act(state, DB, support_damage("king-wolf:combat", 1, "Support Blaster"))
    return before, state


def dispute(state, seat=KW, index=0):
    return act(state, seat, {"kind": "dispute", "record": index, "reason": "out of range"})


def test_a_dispute_holds_the_game_until_the_host_rules():
    _, state = recorded()
    state, events = dispute(state)
    assert events == [{"kind": "disputed", "record": 0, "player": KW, "author": DB, "reason": "out of range"}]
    for viewer in (DB, KW, TH, None):
        view = GKR.view(state, viewer)
        assert view["on_hold"] and view["dispute"]["by"] == KW and view["records"][0]["status"] == "disputed"
        assert view["turn"]["active"] == []
    assert code(state, DB, {"kind": "end_turn"}) == "on_hold"
    assert code(state, TH, {"kind": "dispute", "record": 0}) == "on_hold"
    assert GKR.legal_actions(state, DB) == []
    assert GKR.legal_actions(state, HOST_SEAT) == [
        {"kind": "resolve_dispute", "uphold": True},
        {"kind": "resolve_dispute", "uphold": False},
    ]


def test_the_host_upholds_a_record():
    _, state = recorded()
    state, _ = dispute(state)
    state, events = act(state, HOST_SEAT, {"kind": "resolve_dispute", "uphold": True})
    assert events[0]["kind"] == "dispute_resolved" and events[0]["uphold"] is True
    assert state["records"][0]["status"] == "upheld" and state["dispute"] is None
    assert not state["units"]["king-wolf:combat"]["on_board"]
    act(state, DB, {"kind": "end_turn"})


def test_overturning_restores_the_state_from_before_the_record():
    before, state = recorded()
    state, _ = dispute(state)
    state, events = act(state, HOST_SEAT, {"kind": "resolve_dispute", "uphold": False})
    assert events[0]["uphold"] is False
    assert state["units"] == before["units"] and state["players"] == before["players"]
    assert state["records"][0]["status"] == "overturned" and state["records"][0]["player"] == DB
    assert state["records"][0]["dispute"] == {"by": KW, "reason": "out of range"}
    assert GKR.view(state, TH)["records"][0]["status"] == "overturned"
    assert active(state) == [DB]


def test_a_disputed_stated_dice_result_is_stated_again_when_overturned():
    """Manual dice: the attacker's stated result is a record too."""
    state, _ = pass_until(new(**ALL), "combat")
    state = place(state, "diamondback:heavy", 0, 0, facing=0)
    state = place(state, "king-wolf:heavy", 1, 0, facing=3)
    card = next(c for c in state["players"][DB]["hand"] if state["cards"][c]["type"] == "weapon")
    state, _ = act(
        state,
        DB,
        {"kind": "choose_weapons", "weapons": [{"source": "card", "card": card, "target_unit": "king-wolf:heavy"}]},
    )
    state, _ = act(state, KW, {"kind": "choose_weapons", "weapons": []})
    state, _ = act(state, TH, {"kind": "choose_weapons", "weapons": []})
    waiting = state
    state, _ = act(state, DB, {"kind": "state_result", "results": [{"unit": "king-wolf:heavy", "damage": 9}]})
    assert state["phase"] == "tagging" and GKR.view(state, KW)["open_record"] == 0
    state, _ = dispute(state)
    state, _ = act(state, HOST_SEAT, {"kind": "resolve_dispute", "uphold": False})
    assert state["awaiting"] == waiting["awaiting"] and state["players"] == waiting["players"]
    assert active(state) == [DB] and state["records"][-1]["status"] == "overturned"


def test_who_may_dispute_what_and_when():
    _, state = recorded()
    assert code(state, DB, {"kind": "dispute", "record": 0}) == "own_record"
    assert code(state, KW, {"kind": "dispute", "record": 1}) == "not_latest_record"
    assert code(new(**ALL), KW, {"kind": "dispute", "record": 0}) == "no_record"
    # DiamondBack's own actions keep it open; another seat's accepted action closes it
    state, _ = act(state, DB, {"kind": "end_turn"})
    assert GKR.view(state, TH)["open_record"] == 0
    state, _ = act(state, KW, {"kind": "end_turn"})
    assert state["records"][0]["status"] == "closed" and state["undo"] is None
    assert code(state, TH, {"kind": "dispute", "record": 0}) == "record_closed"


def test_a_new_record_closes_the_previous_one():
    _, state = recorded()
    state, _ = act(state, DB, support_damage("king-wolf:recon", 1))
    assert [r["status"] for r in state["records"]] == ["closed", "open"]
    assert code(state, KW, {"kind": "dispute", "record": 0}) == "not_latest_record"


def test_the_host_only_rules_and_only_the_host_rules():
    _, state = recorded()
    assert GKR.rulings == frozenset({"resolve_dispute"})
    assert code(state, HOST_SEAT, {"kind": "end_turn"}) == "not_a_ruling"
    assert code(state, HOST_SEAT, {"kind": "resolve_dispute", "uphold": True}) == "no_dispute"
    state, _ = dispute(state)
    for seat in (DB, KW, TH):
        assert code(state, seat, {"kind": "resolve_dispute", "uphold": False}) == "not_host"


# --- the same through a real server ------------------------------------------------------------
def test_records_over_http_are_refused_with_their_codes_and_disputed_to_the_host(server: Server) -> None:
    """Issue 10 through the API: King Wolf, not on turn in the Deploy Phase, recording the
    Buddy's destruction gets 409 ``not_your_turn``; DiamondBack, on turn, gets 409
    ``blb_not_attackable`` (BLB text: "If Big Little Buddy is not controlled by anyone, players
    cannot attack him.") and ``stated_in_firing_line`` for a Heavy Hitter's elimination; a table
    without manual areas answers ``not_manual``. An accepted record is in every seat's log with
    its author; another seat disputes it; only the host rules, as ``@host``."""
    with server.client() as client:
        table = new_table(client, "gkr", options={"players": 3, **ALL}, seed="t")
        tid = table["id"]
        seats = {s: join(client, tid, s, s) for s in (DB, KW, TH)}
        watcher = bearer(spectate(client, tid))
        assert client.get(f"/api/tables/{tid}/view", headers=seats[DB]).json()["view"]["turn"]["active"] == [DB]

        def refused(seat: str, action: dict, status: int = 409) -> str:
            response = http_act(client, tid, seats[seat], action)
            assert response.status_code == status, response.text
            return str(response.json()["error"]["code"])

        assert refused(KW, support_damage("blb", 4)) == "not_your_turn"
        assert refused(KW, support_damage("diamondback:combat", 1)) == "not_your_turn"
        assert refused(DB, support_damage("blb", 4)) == "blb_not_attackable"
        assert refused(DB, support_damage("king-wolf:heavy", 30)) == "stated_in_firing_line"
        assert refused(DB, {"kind": "record", "area": "energy", "energy": 1}) == "wrong_phase"
        automatic = new_table(client, "gkr", options={"players": 3}, seed="t")
        db = join(client, automatic["id"], DB, DB)
        response = http_act(client, automatic["id"], db, support_damage("king-wolf:combat"))
        assert response.status_code == 409 and response.json()["error"]["code"] == "not_manual"

        recorded = http_act(client, tid, seats[DB], support_damage("king-wolf:combat", 1, "Support Blaster"))
        assert recorded.status_code == 200, recorded.text
        view = client.get(f"/api/tables/{tid}/view", headers=watcher).json()["view"]
        assert "king-wolf:combat" not in {p["id"] for p in view["pieces"]}  # destroyed by the record
        for headers in (seats[KW], seats[TH], watcher):
            log = client.get(f"/api/tables/{tid}/events?after=-1", headers=headers).json()["events"]
            record = next(e for e in log if e["kind"] == "recorded")
            assert record["seat"] == DB and record["player"] == DB and record["note"] == "Support Blaster"
        assert refused(DB, {"kind": "dispute", "record": 0}) == "own_record"
        disputed = http_act(client, tid, seats[KW], {"kind": "dispute", "record": 0, "reason": "out of range"})
        assert disputed.status_code == 200, disputed.text
        assert refused(DB, {"kind": "end_turn"}) == "on_hold"
        ruling = {"id": "r1", "action": {"kind": "resolve_dispute", "uphold": False}}
        by_seat = client.post(f"/api/tables/{tid}/ruling", headers=seats[TH], json=ruling)
        assert by_seat.status_code == 403 and by_seat.json()["error"]["code"] == "not_host"
        ruled = client.post(f"/api/tables/{tid}/ruling", headers=bearer(table["host_token"]), json=ruling)
        assert ruled.status_code == 200, ruled.text
        assert (
            ruled.json()["events"][0]["kind"] == "dispute_resolved" and ruled.json()["events"][0]["seat"] == HOST_SEAT
        )
        view = client.get(f"/api/tables/{tid}/view", headers=watcher).json()["view"]
        assert view["records"][0]["status"] == "overturned" and view["records"][0]["player"] == DB
        assert "king-wolf:combat" in {p["id"] for p in view["pieces"]}  # the record's damage undone
