"""Clocks on a real server: a seat runs out with nobody connected and the table's rule acts
(loses; the computer plays its turn); the server killed mid-clock honours the deadline when it
starts again; the host's settings and pauses, and their refusals with stable codes."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.bots import policy
from tests.conftest import UNPACED, Server
from tests.kit.table import act, bearer, join, new_table, spectate

SEATS = ("gorgonites", "commandos")


def live(seconds: int, rule: str) -> dict[str, Any]:
    return {"mode": "live", "initial": seconds, "increment": 0, "timeout": rule}


def view(client: httpx.Client, tid: str, headers: dict[str, str]) -> dict[str, Any]:
    got = client.get(f"/api/tables/{tid}/view", headers=headers)
    assert got.status_code == 200, got.text
    return got.json()  # type: ignore[no-any-return]


def first_move(client: httpx.Client, tid: str, seats: dict[str, dict[str, str]]) -> str:
    """One seat's first action (the clock starts with it); the seat that made it."""
    for seat, headers in seats.items():
        legal = client.get(f"/api/tables/{tid}/legal", headers=headers).json()["actions"]
        chosen = policy.choose(view(client, tid, headers)["view"], legal, "t", 0)
        if chosen is not None:
            assert act(client, tid, headers, chosen).status_code == 200
            return seat
    raise AssertionError("nobody may act")


def events(client: httpx.Client, tid: str, headers: dict[str, str]) -> list[dict[str, Any]]:
    return client.get(f"/api/tables/{tid}/events?after=0", headers=headers).json()["events"]  # type: ignore[no-any-return]


def wait_for(check: Any, seconds: float = 20) -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError("timed out waiting")


def seat_up(client: httpx.Client, clock: dict[str, Any]) -> tuple[str, dict[str, dict[str, str]]]:
    table = new_table(client, "small-soldiers", seed="clock", clock=clock)
    tid = table["id"]
    return tid, {s: join(client, tid, s, s[:3]) for s in SEATS}


@pytest.fixture
def srv(tmp_path: Path) -> Any:
    with Server(f"sqlite:///{tmp_path / 'clock.sqlite3'}", env=UNPACED).start() as running:
        yield running


def test_a_seat_out_of_time_loses_with_nobody_connected(srv: Server) -> None:
    client = srv.client()
    tid, seats = seat_up(client, live(2, "lose"))
    first = first_move(client, tid, seats)
    on = view(client, tid, seats[first])["view"]["_table"]["clock"]
    assert on["running"] and on["deadline"] is not None and on["mode"] == "live"
    # nobody is connected: the server's timer acts
    table = wait_for(lambda: (v := view(client, tid, seats[first])["view"]["_table"])["status"] == "finished" and v)
    assert "time" in table["outcome"]["reason"]
    timeout = next(e for e in events(client, tid, seats[first]) if e["kind"] == "clock_timeout")
    assert timeout["rule"] == "lose" and timeout["seats"] == on["running"]
    assert sorted(table["outcome"]["winners"]) == sorted(s for s in SEATS if s not in on["running"])
    assert table["clock"]["running"] == [] and table["clock"]["deadline"] is None
    # a spectator sees the same clock
    watcher = bearer(spectate(client, tid))
    assert view(client, tid, watcher)["view"]["_table"]["clock"] == table["clock"]
    assert len([e for e in events(client, tid, watcher) if e["kind"] == "clock_timeout"]) == 1  # exactly once


def test_the_computer_plays_the_turn_of_a_seat_out_of_time(srv: Server) -> None:
    client = srv.client()
    tid, seats = seat_up(client, live(2, "computer"))
    first = first_move(client, tid, seats)
    running = view(client, tid, seats[first])["view"]["_table"]["clock"]["running"]

    def played() -> list[dict[str, Any]]:
        log = events(client, tid, seats[first])
        at = next((i for i, e in enumerate(log) if e["kind"] == "clock_timeout"), None)
        return log[at:] if at is not None and len(log) > at + 1 else []

    after = wait_for(played)
    assert after[0]["rule"] == "computer" and after[0]["seats"] == running
    assert not after[1]["kind"].startswith("clock_")  # the computer's move's own events follow
    clock = view(client, tid, seats[first])["view"]["_table"]["clock"]
    assert set(running) <= set(clock["out"])
    # the seat out of time may not move any more: the computer plays its turns
    out = running[0]
    legal = client.get(f"/api/tables/{tid}/legal", headers=seats[out]).json()["actions"]
    still_on = out in view(client, tid, seats[out])["view"]["_table"]["clock"]["running"]
    if legal and still_on:
        refused = act(client, tid, seats[out], legal[0])
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "out_of_time"


def test_a_restart_mid_clock_honours_the_deadline(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'restart.sqlite3'}"
    srv = Server(url, env=UNPACED).start()
    client = srv.client()
    tid, seats = seat_up(client, live(3, "lose"))
    first = first_move(client, tid, seats)
    deadline = view(client, tid, seats[first])["view"]["_table"]["clock"]["deadline"]
    srv.kill()  # the timer dies with the process
    time.sleep(max(0.0, deadline / 1000 - time.time()) + 0.5)  # past the deadline, no server
    with Server(url, env=UNPACED).start() as again:
        client = again.client()
        table = wait_for(lambda: (v := view(client, tid, seats[first])["view"]["_table"])["status"] == "finished" and v)
        assert "time" in table["outcome"]["reason"]
        kinds = [e["kind"] for e in events(client, tid, seats[first])]
        assert kinds.count("clock_timeout") == 1


def test_a_restart_keeps_a_running_clock_running(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'keep.sqlite3'}"
    srv = Server(url, env=UNPACED).start()
    client = srv.client()
    tid, seats = seat_up(client, live(600, "lose"))
    first = first_move(client, tid, seats)
    before = client.get(f"/api/tables/{tid}/clock").json()
    srv.stop()
    with Server(url, env=UNPACED).start() as again:
        after = again.client().get(f"/api/tables/{tid}/clock").json()
    assert after["clock"]["deadline"] == before["clock"]["deadline"]  # recomputed from the log
    assert after["clock"]["left"] == before["clock"]["left"] and after["now"] > before["now"]
    assert first


def test_settings_and_pauses_refused_with_codes(srv: Server) -> None:
    client = srv.client()
    table = new_table(client, "small-soldiers", seed="c2")
    tid, host = table["id"], bearer(table["host_token"])
    seats = {s: join(client, tid, s, s[:3]) for s in SEATS}
    a, b = seats[SEATS[0]], seats[SEATS[1]]

    def code(response: httpx.Response, status: int) -> str:
        assert response.status_code == status, response.text
        return str(response.json()["error"]["code"])

    assert code(act(client, tid, a, {"kind": "clock.pause"}), 409) == "no_clock"
    assert code(client.post(f"/api/tables/{tid}/clock", headers=a, json=live(60, "lose")), 403)
    sandbox = new_table(client, "sandbox")
    refused = client.post(
        f"/api/tables/{sandbox['id']}/clock", headers=bearer(sandbox["host_token"]), json=live(60, "computer")
    )
    assert code(refused, 409) == "clock_unsupported"
    made = client.post("/api/tables", json={"system": "sandbox", "name": "No turns", "clock": live(60, "lose")})
    assert code(made, 409) == "clock_unsupported"  # refused before the table is made
    set_ok = client.post(f"/api/tables/{tid}/clock", headers=host, json=live(60, "skip"))
    assert set_ok.status_code == 200, set_ok.text
    assert set_ok.json()["clock"]["timeout"] == "skip"
    assert code(act(client, tid, a, {"kind": "clock.resume"}), 409) == "clock_not_paused"
    assert code(act(client, tid, b, {"kind": "clock.allow"}), 409) == "no_pause_pending"
    first_move(client, tid, seats)
    assert code(client.post(f"/api/tables/{tid}/clock", headers=host, json=live(60, "lose")), 409) == "clock_locked"
    # a seat asks, the other allows: paused by agreement
    assert act(client, tid, a, {"kind": "clock.pause"}).status_code == 200
    assert code(act(client, tid, a, {"kind": "clock.pause"}), 409) == "pause_pending"
    assert act(client, tid, b, {"kind": "clock.allow"}).status_code == 200
    clock = client.get(f"/api/tables/{tid}/clock").json()["clock"]
    assert clock["paused"] == {"by": "agreement"} and clock["deadline"] is None
    # no game action while paused
    for headers in (a, b):
        legal = client.get(f"/api/tables/{tid}/legal", headers=headers).json()["actions"]
        if legal:
            assert code(act(client, tid, headers, legal[0]), 409) == "clock_paused"
    assert act(client, tid, b, {"kind": "clock.resume"}).status_code == 200
    # the host pauses at once; only the host resumes
    assert act(client, tid, host, {"kind": "clock.pause"}).status_code == 200
    assert code(act(client, tid, a, {"kind": "clock.resume"}), 403) == "host_paused"
    watcher = bearer(spectate(client, tid))
    assert code(act(client, tid, watcher, {"kind": "clock.resume"}), 403) == "not_a_player"
    assert act(client, tid, host, {"kind": "clock.resume"}).status_code == 200
    assert code(act(client, tid, host, {"kind": "clock.pause", "x": 1}), 422) == "malformed"
