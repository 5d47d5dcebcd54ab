"""hgb through the real server: the rule helpers of API.md and a seeded game over HTTP."""

from __future__ import annotations

import math
from typing import Any

import httpx
import pytest

from tests.conftest import Server
from tests.kit.table import act, join, new_table, spectate
from tests.systems.hgb.play import in_a_row
from tests.systems.hgb.test_helpers import GEAR_JOE, GEAR_JOE_RESOLVED


@pytest.fixture
def client(server: Server) -> httpx.Client:
    return server.client()


def test_systems_list_hgb(client: httpx.Client) -> None:
    systems = {s["id"]: s for s in client.get("/api/systems").json()}
    assert systems["hgb"]["name"] == "Heavy Gear Blitz! (Quick Start)"
    assert systems["hgb"]["board"] == "tabletop" and systems["hgb"]["seats"] == ["north", "south"]


def test_roll_helper(client: httpx.Client) -> None:
    body = client.post("/api/rules/hgb/roll", json={"faces": [6, 6, 1]}).json()
    assert body["result"] == 7 and body["fumble"] is False
    assert client.post("/api/rules/hgb/roll", json={"faces": [7]}).status_code == 422


def test_attack_helper_gear_joe(client: httpx.Client) -> None:
    body = client.post("/api/rules/hgb/attack", json=GEAR_JOE).json()
    assert {k: body[k] for k in GEAR_JOE_RESOLVED} == GEAR_JOE_RESOLVED


def test_odds_helper(client: httpx.Client) -> None:
    body = client.post(
        "/api/rules/hgb/odds",
        json={
            "attack_skill": 2,
            "defense_skill": 2,
            "attack_modifiers": {"range": -1},
            "defense_modifiers": {"movement": -1},
            "dm": 8,
            "armor": 15,
        },
    ).json()
    assert body["exact"]["hit"] == "515/1296"
    assert math.isclose(sum(body["boxes"].values()) + body["overkill"], 1)


def test_bad_options_are_refused(client: httpx.Client) -> None:
    r = client.post(
        "/api/tables", json={"system": "hgb", "name": "x", "options": {"south": {"faction": "south", "choices": {}}}}
    )
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_options"


class Game:
    def __init__(self, client: httpx.Client, table: str, seats: dict[str, dict[str, str]]) -> None:
        self.client, self.table, self.seats = client, table, seats

    def view(self, seat: str) -> dict[str, Any]:
        return self.client.get(f"/api/tables/{self.table}/view", headers=self.seats[seat]).json()["view"]

    def act(self, seat: str, action: dict[str, Any]) -> httpx.Response:
        return act(self.client, self.table, self.seats[seat], action)

    def legal(self, seat: str) -> list[dict[str, Any]]:
        return self.client.get(f"/api/tables/{self.table}/legal", headers=self.seats[seat]).json()["actions"]

    def aim(self, seat: str, attack: dict[str, Any]) -> dict[str, Any]:
        """What the attack panel shows for ``attack``: the ``aim`` event of its ``/preview``."""
        keys = ("model", "weapon", "target", "indirect")
        body = {"id": "p", "action": {"kind": "aim", **{k: attack[k] for k in keys if k in attack}}}
        r = self.client.post(f"/api/tables/{self.table}/preview", headers=self.seats[seat], json=body)
        assert r.status_code == 200, r.text
        return next(e for e in r.json()["events"] if e["kind"] == "aim")

    def must(self, seat: str, action: dict[str, Any]) -> dict[str, Any]:
        r = self.act(seat, action)
        assert r.status_code == 200, r.text
        return r.json()


def _models(view: dict[str, Any], seat: str) -> list[dict[str, Any]]:
    pieces = {p["id"]: p for p in view["pieces"]}
    return [{**c, **pieces[c["id"]]} for c in view["cards"] if c["seat"] == seat and c["status"] == "active"]


def _drain_reactions(g: Game, events: list[dict[str, Any]]) -> None:
    for e in events:
        if e["kind"] == "reaction_window":
            g.must(e["reactor"], {"kind": "pass"})


def _activate(g: Game, seat: str) -> None:
    view = g.view(seat)
    if view["current"] is None:
        live = {m["group"] for m in _models(view, seat)}
        group = next(
            gr["id"]
            for gr in view["forces"][seat]["groups"]
            if gr["id"] in live and gr["id"] not in view["groups_done"][seat]
        )
        g.must(seat, {"kind": "activate_group", "group": group})
    group = g.view(seat)["current"]["group"]
    for model in [m for m in _models(g.view(seat), seat) if m["group"] == group and not m["used"]]:
        view = g.view(seat)
        me = next((m for m in _models(view, seat) if m["id"] == model["id"]), None)
        if me is None or view["result"]:
            continue
        foes = _models(view, "south" if seat == "north" else "north")
        foe = min(foes, key=lambda f: math.dist((f["x"], f["y"]), (me["x"], me["y"])))
        dx, dy = foe["x"] - me["x"], foe["y"] - me["y"]
        dist = math.hypot(dx, dy)
        step = min(me["mp_now"], max(0.0, dist - 6))
        facing = math.degrees(math.atan2(dy, dx)) % 360
        events: list[dict[str, Any]] = []
        while step >= 0.5:
            r = g.act(
                seat,
                {
                    "kind": "move",
                    "model": me["id"],
                    "facing": facing,
                    "path": [[me["x"] + dx / dist * step, me["y"] + dy / dist * step]],
                },
            )
            if r.status_code == 200:
                events = r.json()["events"]
                break
            step /= 2
        if step < 0.5:
            events = g.must(seat, {"kind": "move", "model": me["id"], "path": [[me["x"], me["y"]]], "facing": facing})[
                "events"
            ]
        _drain_reactions(g, events)
        aims = [g.aim(seat, a) for a in g.legal(seat) if a["kind"] == "attack" and a["model"] == me["id"]]
        targets = [t for t in aims if t["legal"]]
        if targets:
            best = max(targets, key=lambda t: sum(t["attack_modifiers"].values()))
            out = g.must(
                seat,
                {
                    "kind": "attack",
                    "model": me["id"],
                    "weapon": best["weapon"],
                    "target": best["target"],
                    "indirect": best["indirect"],
                },
            )
            _drain_reactions(g, out["events"])
        if g.view(seat)["result"]:
            return
    if g.view(seat)["current"] is not None:
        g.must(seat, {"kind": "end_group"})


def test_seeded_game_over_http(client: httpx.Client) -> None:
    table = new_table(
        client, system="hgb", seed="hgb-api-1", options={"map": "open", "south": {"faction": "peace_river"}}
    )
    tid = table["id"]
    g = Game(client, tid, {s: join(client, tid, s) for s in ("north", "south")})
    watcher = spectate(client, tid)
    for seat in ("north", "south"):
        g.must(seat, {"kind": "ready"})
    for seat in ("north", "south"):
        for action in in_a_row(seat, [c["id"] for c in g.view(seat)["cards"] if c["seat"] == seat], 4, 6, 42):
            g.must(seat, action)
    bad = g.act("north", {"kind": "deploy", "model": "n-cg1-1", "x": 4, "y": 30})
    assert bad.status_code == 409 and bad.json()["error"]["code"] == "outside_deployment_zone"
    for seat in ("north", "south"):
        g.must(seat, {"kind": "ready"})
    preview = client.post(
        f"/api/tables/{tid}/preview",
        headers=g.seats["north"],
        json={"id": "p", "action": {"kind": "choose_first", "seat": "north"}},
    ).json()
    assert "legal" in preview
    for _ in range(400):
        view = g.view("north")
        phase = view["turn"]["phase"]
        if phase == "over":
            break
        if phase == "initiative":
            winner = view["initiative"]["winner"]
            g.must(winner, {"kind": "choose_first", "seat": winner})
        elif phase == "reaction":
            g.must(view["pending"]["seat"], {"kind": "pass"})
        else:
            _activate(g, view["to_activate"])
    final = client.get(f"/api/tables/{tid}/view", headers={"Authorization": f"Bearer {watcher}"}).json()["view"]
    assert final["turn"]["phase"] == "over" and final["result"]["winners"] in (["north"], ["south"])
    events = client.get(f"/api/tables/{tid}/events?after=0", headers=g.seats["south"]).json()["events"]
    assert any(e["kind"] == "attack_resolved" for e in events)
    assert any(e["kind"] == "game_over" for e in events)


def test_attack_helper_refuses_a_missing_defender(client: httpx.Client) -> None:
    r = client.post("/api/rules/hgb/attack", json={"attack_faces": [5], "dm": 8, "armor": 15})
    assert r.status_code == 422 and r.json()["error"]["code"] == "malformed"
    r = client.post("/api/rules/hgb/force", json={"faction": "north"})
    assert r.status_code == 200 and r.json()["tv"] == 610


def test_path_helper_and_openapi(client: httpx.Client) -> None:
    body = client.post("/api/rules/hgb/path", json={"x": 10, "y": 20, "path": [[12, 20]]}).json()
    assert body["legal"] and body["mp"] == [2.0]
    paths = client.get("/openapi.json").json()["paths"]
    assert {
        "/api/rules/hgb/roll",
        "/api/rules/hgb/attack",
        "/api/rules/hgb/odds",
        "/api/rules/hgb/force",
        "/api/rules/hgb/path",
    } <= set(paths)
