"""Crash safety: SIGKILL a real server while actions stream in; nothing acknowledged is lost."""

from __future__ import annotations

import threading
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import select

from app.session import Session
from app.storage.db import make_engine
from app.storage.models import actions
from app.transport.bus import MemoryBus
from tests.conftest import Server
from tests.kit.table import join, new_table

FAST = {"WARBOARD_HTTP_RATE": "100000", "WARBOARD_HTTP_BURST": "100000", "WARBOARD_SNAPSHOT_EVERY": "7"}


def fold(events: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The sandbox board from its events alone (written apart from the rule code)."""
    tokens: dict[str, dict[str, Any]] = {}
    for e in events:
        if e["kind"] == "token_added":
            tokens[e["token"]["id"]] = dict(e["token"])
        elif e["kind"] == "token_moved":
            tokens[e["token"]].update({k: e[k] for k in ("x", "y", "facing")})
        elif e["kind"] == "token_removed":
            del tokens[e["token"]]
    return tokens


def test_sigkill_loses_no_acknowledged_action(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'crash.sqlite3'}"
    srv = Server(url, env=FAST).start()
    client = srv.client()
    table = new_table(client)
    tid = table["id"]
    headers = [join(client, tid, "p1"), join(client, tid, "p2")]
    acked: set[str] = set()
    sent: list[tuple[str, dict[str, Any], dict[str, str]]] = []
    lock = threading.Lock()
    enough = threading.Event()

    def player(n: int) -> None:
        with httpx.Client(base_url=srv.url, timeout=5) as c:
            for i in range(10_000):
                action_id = f"p{n}-{i}"
                action = {"kind": "add_token", "token": action_id, "x": float(i % 48), "y": float(n)}
                with lock:
                    sent.append((action_id, action, headers[n]))
                try:
                    r = c.post(
                        f"/api/tables/{tid}/actions", headers=headers[n], json={"id": action_id, "action": action}
                    )
                except httpx.HTTPError:
                    return
                if r.status_code == 200:
                    with lock:
                        acked.add(action_id)
                        if len(acked) >= 60:
                            enough.set()

    threads = [threading.Thread(target=player, args=(n,)) for n in (0, 1)]
    for t in threads:
        t.start()
    assert enough.wait(30)
    srv.kill()  # SIGKILL, mid-stream
    for t in threads:
        t.join(10)

    restarted = Server(url, env=FAST).start()
    try:
        c = restarted.client()
        # Retry everything that was sent, as a client would after a lost connection.
        for action_id, action, h in sent:
            r = c.post(f"/api/tables/{tid}/actions", headers=h, json={"id": action_id, "action": action})
            assert r.status_code == 200, r.text
        events = c.get(f"/api/tables/{tid}/events?after=-1", headers=headers[0]).json()["events"]
        assert [e["seq"] for e in events] == list(range(len(events)))  # gapless
        added = Counter(e["token"]["id"] for e in events if e["kind"] == "token_added")
        assert acked <= set(added)  # nothing acknowledged was lost
        assert all(n == 1 for n in added.values())  # and nothing applied twice
        assert set(added) == {a for a, _, _ in sent}
        view = c.get(f"/api/tables/{tid}/view", headers=headers[0]).json()["view"]
        assert {p["id"]: p for p in view["pieces"]} == fold(events)
    finally:
        restarted.stop()
    engine = make_engine(url)
    with engine.connect() as conn:
        ids = [r[0] for r in conn.execute(select(actions.c.action_id).where(actions.c.table_id == tid))]
    assert len(ids) == len(set(ids))
    folded, _ = Session(engine, MemoryBus()).rebuild(tid)
    assert {k: v for k, v in folded.state["tokens"].items()} == fold(events)
    engine.dispose()
