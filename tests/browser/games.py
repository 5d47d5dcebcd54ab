"""Tables of each game set up through the API at a step where a seat acts (the readability,
room, keyboard and accessibility tests share them): ``at_a_seat(server, game)`` gives the table,
the seat to act and every seat's headers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.browser.helpers import hgb_table, seat_views, small_soldiers_until
from tests.conftest import Server
from tests.kit.table import act, join, new_table
from tests.systems.gkr.test_game import OPTIONS as GKR_OPTIONS

Seats = dict[str, dict[str, str]]
GAMES = ("sandbox", "hgb", "small-soldiers", "srbr", "gkr")


def ss_play(server: Server, tid: str, seats: dict[str, dict[str, str]], until: str) -> str:
    """Play through the API until a seat may do ``until`` (a key of view.legal); that seat."""
    with server.client() as client:
        return small_soldiers_until(
            client, tid, seats, lambda v: bool(v["legal"].get(until)), 200, f"no {until} came up"
        )[0]


def srbr_until(
    server: Server,
    seed: str,
    done: Callable[[dict[str, Any]], bool],
    step: Callable[[dict[str, Any]], dict[str, Any]],
    limit: int = 60,
    name: str = "Readable robots",
) -> tuple[str, str, Seats]:
    """A seeded Samurai Robots table played through the API, each seat to act doing ``step(view)``,
    until ``done(view)`` holds for the seat to act: the table, that seat and every seat's headers."""
    with server.client() as client:
        tid = new_table(client, "srbr", name=name, seed=seed)["id"]
        seats = {s: join(client, tid, s, s.title()) for s in ("p1", "p2")}
        for _ in range(limit):
            views = seat_views(client, tid, seats)
            seat = next(
                s for s in seats if views[s].get("prompt") and views[s]["prompt"].get("ask") not in (None, "wait")
            )
            if done(views[seat]):
                return tid, seat, seats
            r = act(client, tid, seats[seat], step(views[seat]))
            assert r.status_code == 200, r.text
    raise AssertionError(f"not reached in {limit} actions")


def srbr_passing(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The action that moves a Samurai Robots game on: finish, pass or end, else the first legal."""
    return next((a for a in legal if a["kind"] in ("pass", "done", "ready", "end_turn")), legal[0])


def _moving(v: dict[str, Any]) -> bool:
    p = v["prompt"]
    return p["ask"] in ("actions", "reaction_actions") and bool(p.get("move")) and not p.get("fallen")


def _roll_to_move(v: dict[str, Any]) -> dict[str, Any]:
    """Roll the most dice for a part that moves; else move the game on."""
    movers = [
        a
        for a in v["legal"]
        if a["kind"] == "activate"
        and next(p for p in v["mechas"][a["mecha"]]["parts"] if p["id"] == a["part"]).get("move")
    ]
    if v["prompt"]["ask"] == "activate" and movers:
        return max(movers, key=lambda a: a["dice"])
    return srbr_passing(v["legal"])


def srbr_to_a_move(server: Server) -> tuple[str, str, Seats]:
    """Through the API: the first seat rolls for a part that moves until it has actions."""
    return srbr_until(server, "readable-srbr-1", _moving, _roll_to_move)


def gkr_table(server: Server, name: str) -> tuple[str, dict[str, dict[str, str]]]:
    """A seeded three-seat GKR table with every seat taken: its id and every seat's headers."""
    with server.client() as client:
        tid = new_table(client, "gkr", name=name, options=GKR_OPTIONS, seed="readable-gkr-1")["id"]
        seats = {s: join(client, tid, s, s.title()) for s in ("diamondback", "king-wolf", "thunderhappy")}
    return tid, seats


def gkr_until(server: Server, tid: str, seats: dict[str, dict[str, str]], phase: str) -> str:
    """End turns through the API until a seat has a prompt in ``phase``; that seat."""
    with server.client() as client:
        for _ in range(40):
            views = seat_views(client, tid, seats)
            seat = next((s for s in seats if views[s].get("prompt")), None)
            assert seat, "nobody to act"
            if views[seat]["turn"]["phase"] == phase and (phase != "movement" or views[seat]["prompt"].get("moves")):
                return seat
            r = act(client, tid, seats[seat], {"kind": "end_turn"})
            assert r.status_code == 200, r.text
    raise AssertionError(f"no {phase} came up")


def small_soldiers_table(server: Server, name: str = "Readable toys") -> tuple[str, Seats]:
    """A seeded Small Soldiers table on the skirmish map with both seats taken."""
    with server.client() as client:
        tid = new_table(client, "small-soldiers", name=name, options={"map_name": "skirmish"}, seed="readable-1")["id"]
        return tid, {s: join(client, tid, s, s.title()) for s in ("gorgonites", "commandos")}


def sandbox_table(server: Server, name: str = "Readable sandbox") -> tuple[str, Seats]:
    """A 36 by 24 inch sandbox with Ann at p1 and a crowd of eight tokens with long names."""
    with server.client() as client:
        tid = new_table(client, name=name, options={"width": 36, "height": 24})["id"]
        seat = join(client, tid, "p1", "Ann")
        for i in range(8):
            action = {
                "kind": "add_token",
                "token": f"t{i}",
                "x": 8 + 1.5 * i,
                "y": 10 + (i % 2),
                "facing": 0,
                "label": f"Scout walker {i + 1}",
            }
            assert act(client, tid, seat, action).status_code == 200
    return tid, {"p1": seat}


def _sandbox(server: Server) -> tuple[str, str, Seats]:
    tid, seats = sandbox_table(server)
    return tid, "p1", seats


def _hgb(server: Server) -> tuple[str, str, Seats]:
    tid, first, seats = hgb_table(server)
    return tid, first, seats


def _small_soldiers(server: Server) -> tuple[str, str, Seats]:
    tid, seats = small_soldiers_table(server)
    return tid, ss_play(server, tid, seats, "spin"), seats


def _gkr(server: Server) -> tuple[str, str, Seats]:
    tid, seats = gkr_table(server, "Readable brawl")
    return tid, gkr_until(server, tid, seats, "movement"), seats


AT_A_SEAT: dict[str, Callable[[Server], tuple[str, str, Seats]]] = {
    "sandbox": _sandbox,
    "hgb": _hgb,
    "small-soldiers": _small_soldiers,
    "srbr": srbr_to_a_move,
    "gkr": _gkr,
}


def at_a_seat(server: Server, game: str) -> tuple[str, str, Seats]:
    """A table of ``game`` mid-game: its id, the seat to act now and every seat's headers."""
    return AT_A_SEAT[game](server)
