"""The after-game report over a real server: none while the game runs (409, the page says so),
and once a seeded game played by the easy computer level is over, luck figures that an
independent reading of the published dice proof confirms."""

from __future__ import annotations

import bisect
from fractions import Fraction
from typing import Any

import httpx
import pytest

from tests.conftest import Server
from tests.core.test_dice import recompute
from tests.kit.table import bearer, new_table
from tests.report.play import play_table

# (system, options, actions at most): every game is played to its end by the easy computer
# level (measured on the seeds ``report-<system>``: see docs/testing.md); the limit is a guard
GAMES = [
    ("small-soldiers", {}, 400),
    ("srbr", {}, 600),
    ("gkr", {"players": 2}, 600),
    ("hgb", {"map": "open"}, 1000),
]


def check_against_proof(report: dict[str, Any], proof: dict[str, Any]) -> None:
    """Every roll recomputed from the seed (docs/dice.md, written again in tests/core); each
    random event's dice are the proof's rolls of the action at its seq, in order, and its result
    is recomputed from those dice and the rule's numbers the event carries; each luck figure is
    recomputed from the event's distribution (0 for an event no result of which is better for
    anyone), and each seat's total from the events."""
    for r in proof["rolls"]:
        assert recompute(proof["seed"], r["i"], r["sides"]) == r["value"]
    firsts = sorted({r["seq"] for r in proof["rolls"]})
    rolls_at: dict[int, list[tuple[int, int]]] = {}
    for r in proof["rolls"]:
        rolls_at.setdefault(r["seq"], []).append((r["sides"], r["value"]))
    totals = {s["seat"]: Fraction(0) for s in report["seats"]}
    for e in report["luck"]["events"]:
        if e["dice"]:
            action_seq = firsts[bisect.bisect_right(firsts, e["seq"]) - 1]
            rolled = rolls_at[action_seq]
            wanted = [(d["sides"], f) for d in e["dice"] for f in d["faces"]]
            assert _in_order(wanted, rolled), (e, rolled)
            assert result_of(e) == e["observed"], e
        elif "hand" in e["rule"]:  # GKR steal: the die's face stays hidden (it would place the card)
            action_seq = firsts[bisect.bisect_right(firsts, e["seq"]) - 1]
            assert e["rule"]["hand"] in [s for s, _ in rolls_at[action_seq]], e
        dist = {int(v): Fraction(p) for v, p in e["distribution"].items()}
        assert sum(dist.values()) == 1
        below = sum((p for v, p in dist.items() if v < e["observed"]), Fraction(0))
        mid = below + dist.get(e["observed"], Fraction(0)) / 2
        luck = mid - Fraction(1, 2) if e["seats"] else Fraction(0)
        assert e["counted"] == bool(e["seats"])
        assert Fraction(e["exact"]["luck"]) == luck
        assert Fraction(e["exact"]["chance"]) == dist.get(e["observed"], Fraction(0))
        assert Fraction(e["exact"]["at_least"]) == 1 - below
        assert Fraction(e["exact"]["expected"]) == sum(v * p for v, p in dist.items())
        for seat, sign in e["seats"].items():
            totals[seat] += luck * sign
    assert {s: str(t) for s, t in totals.items()} == report["luck"]["exact"]


def _hgb_value(faces: list[int], modifier: int) -> int:
    """Heavy Gear Blitz! "Dice and Rolls": the best die, +1 per extra 6; all ones a Fumble, 0."""
    if all(f == 1 for f in faces):
        return 0
    sixes = faces.count(6)
    return (5 + sixes if sixes else max(faces)) + modifier


def _battle_score(face: str, bonus: int) -> tuple[int, int]:
    return (1, 0) if face == "skull" else (0, int(face) + bonus)


def result_of(e: dict[str, Any]) -> int:
    """An event's result worked out again from its dice and the rule's numbers it carries."""
    groups = [d["faces"] for d in e["dice"]]
    rule = e["rule"]
    if "to_hit" in rule:  # GKR: hits less saves
        hits = sum(f >= rule["to_hit"] for f in groups[0])
        saves = 0 if rule["armor"] is None else sum(f >= rule["armor"] for f in groups[1])
        assert len(groups[1]) == (0 if rule["armor"] is None else min(hits, rule["max_defence"]))
        return hits - saves
    if "attack_modifier" in rule:  # HGB: attack value less defense value
        return _hgb_value(groups[0], rule["attack_modifier"]) - _hgb_value(groups[1], rule["defense_modifier"])
    if "attack_value" in rule:  # HGB Sweep, Area Effect or indirect defense: the attack already rolled
        return int(rule["attack_value"] - _hgb_value(groups[0], rule["defense_modifier"]))
    if "threshold" in rule:  # HGB indirect attack or designation: the modified value
        return _hgb_value(groups[0], rule["modifier"])
    if "deviation" in rule:  # HGB deviation: the d6 of the direction
        return int(groups[0][0])
    if "ecm_modifier" in rule:  # HGB ECM: ECM total less the observer's
        return _hgb_value(groups[0], rule["ecm_modifier"]) - _hgb_value(groups[1], rule["observer_modifier"])
    if "ties" in rule:  # HGB initiative: the last pair, ties rolled again
        assert all(a == b for a, b in groups[:-1]) and groups[-1][0] != groups[-1][1]
        return int(groups[-1][0] - groups[-1][1])
    if "q" in rule:  # SRBR activation: successes
        ok = [f != rule["always_fail"] and (f == rule["always_succeed"] or f >= rule["q"]) for f in groups[0]]
        return sum(ok)
    if "fixed" in rule:  # SRBR opposed: die less die plus the fixed scores
        return int(groups[0][0] - groups[0][1] + rule["fixed"])
    if "malfunction_table" in rule:  # SRBR malfunction die: spared (the table's "none") or struck
        return int(rule["malfunction_table"][str(groups[0][0])] == "none")
    if "among" in rule:  # SRBR hit location: the die's face is the part's place among the intact ones
        assert e["result"] and len(groups) == 1 and e["dice"][0]["sides"] == len(rule["among"])
        return int(groups[0][0])
    if "first_among" in rule:  # SRBR setup initiative: the seat going first
        assert e["dice"][0]["sides"] == len(rule["first_among"])
        return int(groups[0][0])
    if "attacker_bonus" in rule:  # Small Soldiers battle roll
        a = _battle_score(rule["attacker_die"][groups[0][0] - 1], rule["attacker_bonus"])
        d = _battle_score(rule["defender_die"][groups[1][0] - 1], rule["defender_bonus"])
        return (a > d) - (a < d)
    if "segments" in rule:  # Small Soldiers spin
        seg = rule["segments"][groups[0][0] - 1]
        kinds = list(dict.fromkeys(s["kind"] for s in rule["segments"]))
        return int(seg["value"]) if seg["kind"] == "move" else kinds.index(seg["kind"])
    if "hit_table" in rule:  # Small Soldiers catapult hit die
        order = ["stands", "pushed", "knocked_down"]
        return next(order.index(k) for k, faces in rule["hit_table"].items() if groups[0][0] in faces)
    if "pips" in rule:  # the catapult's roll on
        return int(groups[0][0])
    assert rule.get("sum"), e
    return sum(groups[0])


def _in_order(wanted: list[tuple[int, int]], rolled: list[tuple[int, int]]) -> bool:
    """``wanted`` is a subsequence of ``rolled`` (an action may roll more than one event's dice)."""
    it = iter(rolled)
    return all(any(w == r for r in it) for w in wanted)


@pytest.mark.parametrize(("system_id", "options", "limit"), GAMES, ids=[g[0] for g in GAMES])
def test_report_of_a_computer_game_matches_the_dice_proof(
    server: Server, system_id: str, options: dict[str, Any], limit: int
) -> None:
    client = server.client()
    early = new_table(client, system_id, options=options)
    response = client.get(f"/api/tables/{early['id']}/report")
    assert response.status_code == 409 and response.json()["error"]["code"] == "game_in_progress"
    table = play_table(client, system_id, options, limit)
    report = client.get(f"/api/tables/{table.id}/report").json()
    proof = client.get(f"/api/tables/{table.id}/dice/proof").json()
    assert report["status"] == "finished" and report["outcome"]["winners"], report["status"]
    assert report["luck"]["events"]
    check_against_proof(report, proof)
    assert report["losses"]["items"] and report["turning_points"]
    for t in report["turning_points"]:
        assert t["replay"] == f"/tables/{table.id}/replay?seq={t['seq']}" and t["text"]
    assert report["luck"]["luckiest"]["text"] and report["luck"]["unluckiest"]["text"]
    names = [s["name"] for s in report["seats"]]
    assert any(n.split(" (")[0] in report["luck"]["luckiest"]["text"] for n in names), report["luck"]["luckiest"]
    page = client.get(f"/tables/{table.id}/report")
    assert page.status_code == 200 and 'id="luck-chart"' in page.text and "<desc" in page.text
    if system_id == "gkr":  # the score besides the losses: tags placed, buildings demolished
        score = report["score"]
        assert any(i["major"] for i in score["items"]) and any(not i["major"] for i in score["items"])
        assert score["unit"] == "tags placed on buildings" and 'id="score-chart"' in page.text
    assert client.get(f"/api/tables/{table.id}/report").json() == report  # kept, the same


def test_no_report_while_the_game_runs(server: Server) -> None:
    client = server.client()
    table = new_table(client, "sandbox", seed="a secret of the host")
    p1 = client.post(f"/api/tables/{table['id']}/join", json={"seat": "p1", "name": "Ann"}).json()
    client.post(
        f"/api/tables/{table['id']}/actions",
        headers=bearer(p1["token"]),
        json={"id": "r1", "action": {"kind": "roll", "dice": "3d6"}},
    )
    for path in (f"/api/tables/{table['id']}/report", f"/tables/{table['id']}/report"):
        response = client.get(path)
        assert response.status_code == 409, path
        assert "3d6" not in response.text and "a secret of the host" not in response.text
    assert "No report yet" in client.get(f"/tables/{table['id']}/report").text
    assert client.get("/api/tables/nope/report").json()["error"]["code"] == "unknown_table"
    assert client.get("/tables/nope/report").status_code == 404
    client.post(f"/api/tables/{table['id']}/close", headers=bearer(table["host_token"]))
    report = client.get(f"/api/tables/{table['id']}/report").json()
    (event,) = report["luck"]["events"]
    assert event["measure"] == "the sum of the dice" and event["distribution"]["3"] == "1/216"


def test_report_under_a_spectator_delay_waits_for_the_spectators_to_see_the_end(server: Server) -> None:
    """Spectators held 3 actions behind: while the game runs they see an older seq and there
    is no report, share file or log; when it ends (the host closes it) the delay lets go of the
    whole game at once (docs: a finished table is shown whole), so the spectators' view, the
    report, the share file and the log all answer the same last seq together."""
    client = server.client()
    table = new_table(client, "sandbox", seed="delayed")
    tid, host = table["id"], bearer(table["host_token"])
    assert client.post(f"/api/tables/{tid}/settings", headers=host, json={"delay_actions": 3}).status_code == 200
    p1 = client.post(f"/api/tables/{tid}/join", json={"seat": "p1", "name": "Ann"}).json()
    for i in range(5):
        body = {"id": f"r{i}", "action": {"kind": "roll", "dice": "2d6"}}
        assert client.post(f"/api/tables/{tid}/actions", headers=bearer(p1["token"]), json=body).status_code == 200
    live = client.get(f"/api/tables/{tid}", headers=bearer(p1["token"])).json()["seq"]
    held = client.get(f"/api/tables/{tid}").json()["seq"]
    assert held < live  # the spectators are held back
    for path in ("report", "share.html", "log.json"):
        response = client.get(f"/api/tables/{tid}/{path}")
        assert response.status_code == 409 and response.json()["error"]["code"] == "game_in_progress", path
    assert client.post(f"/api/tables/{tid}/close", headers=host).status_code == 200
    seen = client.get(f"/api/tables/{tid}").json()["seq"]
    report = client.get(f"/api/tables/{tid}/report").json()
    assert report["last_seq"] == seen > live  # the report is of the end the spectators see now
    assert len(report["luck"]["events"]) == 5
    assert client.get(f"/api/tables/{tid}/log.json").status_code == 200


def test_report_is_in_the_openapi_document(server: Server) -> None:
    client: httpx.Client = server.client()
    assert client.get("/openapi.json").json()["paths"]["/api/tables/{table_id}/report"]["get"]
