"""Issue 10: manual records obey the rules they replace; disputes and the host's ruling.

SRBR p. 4: "When it's your turn, nominate the mecha with which you want to act" and p. 2: a
robot "may also perform a reaction (see below) when an opponent rolls a 1": so the active
player states results in their turn, and the reacting player only in their reaction.
"""

from __future__ import annotations

from typing import Any

import pytest

from app.core.errors import Forbidden, GameOver, IllegalAction, NotYourTurn, WrongPhase
from app.systems.base import HOST_SEAT
from tests.conftest import Server
from tests.kit.table import act as http_act
from tests.kit.table import bearer, join, new_table, spectate
from tests.systems.srbr.util import SYSTEM, act, damage_part, new_game, open_table, place, winners


def table(**manual: bool) -> dict[str, Any]:
    state = open_table(new_game({"manual": manual or {"combat": True}}))
    state = place(state, "p1-kabuto", 40, 40, 0)
    state = place(state, "p2-gamera", 44.5, 40, 180)
    state = place(state, "p1-raijin", 10, 80, 270)
    return place(state, "p2-tetsu", 80, 10, 90)


def refused(state: dict[str, Any], seat: str, raw: dict[str, Any], code: str) -> None:
    with pytest.raises(IllegalAction) as err:
        act(state, seat, raw)
    assert err.value.code == code, err.value.message


def host(state: dict[str, Any], uphold: bool) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return act(state, HOST_SEAT, {"kind": "resolve_dispute", "uphold": uphold})


DAMAGE = {"kind": "record", "mecha": "p2-gamera", "part": "tail", "damage": 2}


def test_only_the_active_player_records_in_their_turn() -> None:
    state = table()
    with pytest.raises(NotYourTurn):
        act(state, "p2", DAMAGE)
    state, events = act(state, "p1", DAMAGE)
    assert events[0]["by"] == "p1" and events[0]["record"] == 0
    deploying = new_game({"deployment": "players", "manual": {"combat": True}})
    with pytest.raises(WrongPhase):
        act(deploying, "p1", DAMAGE)


def test_the_reacting_player_records_only_in_their_reaction() -> None:
    state = damage_part(table(), "p1-kabuto", "legs", 1)  # yellow dice: a 1 gives a reaction
    state, _ = act(state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 1}, faces=[1])
    assert state["turn"]["phase"] == "reaction"
    with pytest.raises(WrongPhase):  # being offered a reaction is not yet reacting
        act(state, "p2", {"kind": "record", "mecha": "p1-kabuto", "status": "fallen"})
    state, _ = act(state, "p2", {"kind": "react", "mecha": "p2-gamera", "part": "head"}, faces=[6])
    assert state["turn"]["phase"] == "reaction_actions"
    with pytest.raises(NotYourTurn):
        act(state, "p1", DAMAGE)
    state, _events = act(state, "p2", {"kind": "record", "mecha": "p1-kabuto", "status": "fallen"})
    assert state["records"][-1]["by"] == "p2" and state["records"][-1]["phase"] == "reaction_actions"


def test_only_manual_areas_take_records() -> None:
    refused(table(health=True), "p1", {"kind": "record", "mecha": "p2-gamera", "x": 50}, "not_manual")
    refused(table(health=True), "p1", {"kind": "record_terrain", "terrain": "b1"}, "not_manual")


def test_records_are_logged_with_their_author_for_everyone() -> None:
    state, _ = act(table(), "p1", DAMAGE)
    for viewer in (None, "p1", "p2"):
        view = SYSTEM.view(state, viewer)
        assert view["records"][0]["by"] == "p1" and view["records"][0]["status"] == "open"
        assert view["records"][0]["action"]["damage"] == 2
        assert view["open_record"] == 0 and view["hold"] is None
        assert "record_undo" not in view


def test_a_dispute_holds_the_game_until_the_host_upholds() -> None:
    state, _ = act(table(), "p1", DAMAGE)
    state, events = act(state, "p2", {"kind": "dispute", "record": 0, "reason": "missed me"})
    assert events[0]["kind"] == "record_disputed" and state["hold"]["by"] == "p2"
    view = SYSTEM.view(state, "p2")
    assert view["hold"]["reason"] == "missed me" and view["records"][0]["status"] == "disputed"
    assert view["legal"] == [] and view["prompt"]["waiting_for"] == ["host"]
    for seat, raw in (
        ("p1", {"kind": "end_turn"}),
        ("p1", {"kind": "concede"}),
        ("p2", {"kind": "dispute", "record": 0, "reason": "again"}),
    ):
        refused(state, seat, raw, "on_hold")
    state, events = host(state, True)
    assert events[0]["kind"] == "dispute_resolved" and events[0]["uphold"] is True
    assert state["records"][0]["status"] == "upheld" and state["hold"] is None
    assert state["mechas"]["p2-gamera"]["parts"][3]["damage"] == 2
    state, _ = act(state, "p1", {"kind": "end_turn"})  # the game goes on


def test_overturning_restores_the_table_as_it_was_before_the_record() -> None:
    before, _ = act(table(), "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 2}, faces=[6, 6])
    state, _ = act(before, "p1", {"kind": "record", "mecha": "p2-gamera", "out": "destroyed", "note": "stomped"})
    state, _ = act(state, "p1", {"kind": "move", "x": 34, "y": 41})  # the same step goes on
    assert state["records"][0]["status"] == "open"
    state, _ = act(state, "p2", {"kind": "dispute", "record": 0, "reason": "it was a tie"})
    state, events = host(state, False)
    assert events[0]["uphold"] is False
    assert {k: v for k, v in state.items() if k not in ("records", "record_undo", "hold")} == {
        k: v for k, v in before.items() if k not in ("records", "record_undo", "hold")
    }
    assert state["records"][0]["status"] == "overturned" and state["records"][0]["by"] == "p1"
    assert state["records"][0]["dispute"] == {"by": "p2", "reason": "it was a tie"}


def test_a_record_closes_when_its_step_ends_or_a_newer_record_comes() -> None:
    state, _ = act(table(), "p1", DAMAGE)
    state, _ = act(state, "p1", {**DAMAGE, "damage": 1})
    refused(state, "p2", {"kind": "dispute", "record": 0, "reason": "x"}, "record_closed")
    state, _ = act(state, "p1", {"kind": "end_turn"})
    assert state["records"][1]["status"] == "closed" and state["record_undo"] is None
    refused(state, "p2", {"kind": "dispute", "record": 1, "reason": "x"}, "record_closed")
    refused(state, "p2", {"kind": "dispute", "record": 7, "reason": "x"}, "unknown_record")


def test_dispute_and_ruling_refusals() -> None:
    state, _ = act(table(), "p1", DAMAGE)
    refused(state, "p1", {"kind": "dispute", "record": 0, "reason": "mine"}, "own_record")
    with pytest.raises(Forbidden) as err:
        act(state, "p2", {"kind": "resolve_dispute", "uphold": False})
    assert err.value.code == "not_host"
    refused(state, HOST_SEAT, {"kind": "resolve_dispute", "uphold": True}, "no_dispute")
    refused(state, HOST_SEAT, {"kind": "end_turn"}, "not_a_ruling")
    refused(state, HOST_SEAT, {"kind": "record", "mecha": "p2-gamera", "x": 5}, "not_a_ruling")
    assert SYSTEM.rulings == frozenset({"resolve_dispute"})


def test_record_terrain_is_a_record_too() -> None:
    state = table()
    state = {
        **state,
        "board": {
            **state["board"],
            "terrain": [{"id": "b", "type": "building", "polygon": [[60, 60], [70, 60], [70, 70], [60, 70]]}],
        },
    }
    state, _ = act(state, "p1", {"kind": "record_terrain", "terrain": "b"})
    assert state["records"][-1]["kind"] == "record_terrain"
    state, _ = act(state, "p2", {"kind": "dispute", "record": len(state["records"]) - 1, "reason": "still standing"})
    state, _ = host(state, False)
    assert state["board"]["terrain"][0]["type"] == "building"


def test_a_game_ending_record_waits_until_it_can_no_longer_be_disputed() -> None:
    state = table()
    state = {**state, "mechas": {k: v for k, v in state["mechas"].items() if k != "p2-tetsu"}}
    state, _ = act(state, "p1", {"kind": "record", "mecha": "p2-gamera", "out": "destroyed"})
    assert winners(state) is None
    state, _ = act(state, "p2", {"kind": "dispute", "record": 0, "reason": "no"})
    state, _ = host(state, False)
    assert winners(state) is None and state["mechas"]["p2-gamera"]["out"] is None
    state, _ = act(state, "p1", {"kind": "record", "mecha": "p2-gamera", "out": "destroyed"})
    state, _ = act(state, "p1", {"kind": "end_turn"})
    assert winners(state) == ["p1"]
    with pytest.raises(GameOver):
        act(state, "p2", {"kind": "dispute", "record": 1, "reason": "late"})


def test_a_concession_closes_the_open_record_and_ends_the_game_at_once() -> None:
    state, _ = act(table(), "p1", DAMAGE)
    state, _ = act(state, "p2", {"kind": "concede"})
    assert winners(state) == ["p1"] and state["records"][0]["status"] == "closed"


def test_records_over_http_only_in_turn_with_their_codes_and_disputed_to_the_host(server: Server) -> None:
    """Issue 10 through the API ("SRBR record has no turn check"). SRBR p. 4: "When it's your
    turn, nominate the mecha with which you want to act": p2 recording in p1's turn gets 409
    ``not_your_turn``; a table whose combat is automatic answers ``not_manual``. p1's record is
    in the log with its author for everyone; p2 disputes it and only the host rules."""
    options = {"rules": {"initiative": {"method": "fixed"}}, "manual": {"combat": True}}
    with server.client() as client:
        created = new_table(client, "srbr", options=options, seed="records")
        tid = created["id"]
        p1, p2 = join(client, tid, "p1"), join(client, tid, "p2")
        watcher = bearer(spectate(client, tid))
        assert client.get(f"/api/tables/{tid}/view", headers=p1).json()["view"]["turn"]["active"] == ["p1"]

        def code(headers: dict[str, str], raw: dict[str, Any]) -> str:
            response = http_act(client, tid, headers, raw)
            assert response.status_code == 409, response.text
            return str(response.json()["error"]["code"])

        assert code(p2, {**DAMAGE, "mecha": "p1-kabuto", "part": "head"}) == "not_your_turn"
        automatic = new_table(client, "srbr", options={"rules": options["rules"]}, seed="records")
        first = join(client, automatic["id"], "p1")
        response = http_act(client, automatic["id"], first, DAMAGE)
        assert response.status_code == 409 and response.json()["error"]["code"] == "not_manual"

        assert http_act(client, tid, p1, DAMAGE).status_code == 200
        for headers in (p2, watcher):
            log = client.get(f"/api/tables/{tid}/events?after=-1", headers=headers).json()["events"]
            record = next(e for e in log if e["kind"] == "recorded")
            assert record["seat"] == "p1" and record["by"] == "p1" and record["damage"] == 2
        assert code(p1, {"kind": "dispute", "record": 0, "reason": "mine"}) == "own_record"
        assert http_act(client, tid, p2, {"kind": "dispute", "record": 0, "reason": "missed me"}).status_code == 200
        assert code(p1, {"kind": "end_turn"}) == "on_hold"
        ruling = {"id": "r1", "action": {"kind": "resolve_dispute", "uphold": False}}
        by_seat = client.post(f"/api/tables/{tid}/ruling", headers=p2, json=ruling)
        assert by_seat.status_code == 403 and by_seat.json()["error"]["code"] == "not_host"
        ruled = client.post(f"/api/tables/{tid}/ruling", headers=bearer(created["host_token"]), json=ruling)
        assert ruled.status_code == 200 and ruled.json()["events"][0]["seat"] == HOST_SEAT, ruled.text
        view = client.get(f"/api/tables/{tid}/view", headers=watcher).json()["view"]
        assert view["records"][0]["status"] == "overturned" and view["records"][0]["by"] == "p1"
