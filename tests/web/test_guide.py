"""Guided games against a real server: Learn to play's table (guided, private, the learner
seated, the computer opposite), the seat's hint (its own token only; none once the game ends),
the rules panels, and the guided setting."""

from __future__ import annotations

import re
import time

import pytest

from tests.conftest import Server
from tests.kit.table import act, bearer, join, new_table, spectate, token_of

pytestmark = pytest.mark.anyio


def test_learn_to_play_makes_a_private_guided_table_against_the_computer(server: Server) -> None:
    with server.client() as client:
        answer = client.post("/lobby/learn", data={"system": "small-soldiers", "player_name": "Ann"})
        assert answer.status_code == 204, answer.text
        target = answer.headers["HX-Redirect"]
        found = re.match(r"/tables/([^#]+)#host=([^&]+)&player=([^&]+)&as=gorgonites$", target)
        assert found, target
        tid, player = found[1], found[3]
        assert tid not in {t["id"] for t in client.get("/api/tables").json()}  # private
        assert client.get(f"/api/tables/{tid}/settings").json()["guided"] is True
        end = time.monotonic() + 20
        while time.monotonic() < end:  # the computer joins and deploys
            seats = {s["seat"]: s.get("name") for s in client.get(f"/api/tables/{tid}").json()["seats"]}
            if seats.get("commandos") == "Computer":
                break
            time.sleep(0.2)
        assert seats == {"gorgonites": "Ann", "commandos": "Computer"}
        hint = client.get(f"/api/tables/{tid}/hint", headers=bearer(player)).json()
        assert hint["hint"]["step"] == "deploy" and hint["hint"]["rulebook"] == "Rulebook: Setup, step 2"
        # the host panel's computer stays with the table; close it so it stops playing
        client.post(f"/api/tables/{tid}/close", headers=bearer(found[2]))


def test_learn_to_play_refuses_a_game_without_a_guide(server: Server) -> None:
    with server.client() as client:
        answer = client.post("/lobby/learn", data={"system": "sandbox"})
        assert answer.status_code == 200 and "guided first game" in answer.text
        assert "HX-Redirect" not in answer.headers


def test_a_hint_is_read_with_the_seats_own_token_only(server: Server) -> None:
    with server.client() as client:
        made = new_table(client, "srbr", options={"players": 2}, seed="hint-api")
        tid = made["id"]
        ann, bob = token_of(join(client, tid, "p1", "Ann")), token_of(join(client, tid, "p2", "Bob"))
        hints = {
            s: client.get(f"/api/tables/{tid}/hint", headers=bearer(t)).json() for s, t in (("p1", ann), ("p2", bob))
        }
        yours = [s for s, h in hints.items() if h["hint"]["yours"]]
        assert len(yours) == 1 and hints[yours[0]]["hint"]["step"] == "activate"
        other = next(s for s in hints if s not in yours)
        assert hints[other]["hint"]["step"] == "wait" and hints[other]["hint"]["control"] == ""
        watcher = client.get(f"/api/tables/{tid}/hint", headers=bearer(spectate(client, tid)))
        assert watcher.status_code == 403 and watcher.json()["error"]["code"] == "not_a_player"
        assert client.get(f"/api/tables/{tid}/hint").status_code == 401
        assert act(client, tid, bearer({"p1": ann, "p2": bob}[yours[0]]), {"kind": "concede"}).status_code == 200
        after = client.get(f"/api/tables/{tid}/hint", headers=bearer(ann)).json()
        assert after["hint"] is None


def test_rules_panels_and_the_guided_setting(server: Server) -> None:
    with server.client() as client:
        for system in ("hgb", "gkr", "small-soldiers", "srbr"):
            book = client.get(f"/api/systems/{system}/handbook").json()
            assert book["system"] == system and len(book["sections"]) >= 10
            assert all(s["title"] and s["text"] and s["rulebook"] for s in book["sections"])
        hgb = {s["id"] for s in client.get("/api/systems/hgb/handbook").json()["sections"]}
        assert {"mos", "mof", "rof", "indirect", "range"} <= hgb
        assert client.get("/api/systems/sandbox/handbook").json()["sections"] == []
        missing = client.get("/api/systems/chess/handbook")
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "unknown_system"
        guided = {s["id"]: s["guided"] for s in client.get("/api/systems").json()}
        assert guided == {"sandbox": False, "small-soldiers": True, "hgb": True, "gkr": True, "srbr": True}
        made = new_table(client, "gkr", options={"players": 2})
        tid, host = made["id"], made["host_token"]
        assert client.get(f"/api/tables/{tid}/settings").json()["guided"] is False
        changed = client.post(f"/api/tables/{tid}/settings", headers=bearer(host), json={"guided": True})
        assert changed.status_code == 200 and changed.json()["guided"] is True
        bad = client.post(f"/api/tables/{tid}/settings", headers=bearer(host), json={"guided": "yes please"})
        assert bad.status_code == 422
