"""A computer seat survives a restart: SIGKILL the server mid-game, start it again on the same
SQLite database, and the bot plays on from its seat's view (the seat is still a computer)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, select

from app.bots import hosted
from app.bots.local import random_player
from app.storage.models import tokens
from tests.conftest import Server
from tests.kit.table import join, new_table

FAST = {"WARBOARD_HTTP_RATE": "100000", "WARBOARD_HTTP_BURST": "100000", "WARBOARD_BOT_DELAY": "0"}


def _bot_actions(client: httpx.Client, tid: str, headers: dict[str, str]) -> set[str]:
    """The seqs of the events of the computer's (p2's) actions so far."""
    events = client.get(f"/api/tables/{tid}/events?after=-1", headers=headers).json()["events"]
    return {str(e["seq"]) for e in events if e.get("seat") == "p2"}


def _play(client: httpx.Client, tid: str, headers: dict[str, str], until: Any, timeout: float = 90) -> None:
    """The human (p1) plays random legal actions until ``until()`` holds."""
    deadline, n = time.monotonic() + timeout, 0
    while not until():
        assert time.monotonic() < deadline, "the computer player did not act"
        legal = client.get(f"/api/tables/{tid}/legal", headers=headers).json()
        action = random_player({}, legal["actions"], "human", legal["seq"])
        if action is None:
            time.sleep(0.1)
            continue
        n += 1
        answer = client.post(f"/api/tables/{tid}/actions", headers=headers, json={"id": f"h-{n}", "action": action})
        assert answer.status_code in (200, 409), answer.text  # 409: the bot moved first (a stale list)


def test_a_computer_seat_plays_on_after_a_sigkill_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'bots.sqlite3'}"
    with Server(url, env=FAST).start() as srv:
        client = srv.client()
        table = new_table(client, "srbr", seed="restart-bots")
        tid, host = table["id"], {"Authorization": f"Bearer {table['host_token']}"}
        human = join(client, tid, "p1")
        added = client.post(f"/api/tables/{tid}/bots", json={"seat": "p2"}, headers=host)
        assert added.status_code == 201, added.text
        _play(client, tid, human, lambda: len(_bot_actions(client, tid, human)) >= 3)
        before = _bot_actions(client, tid, human)
        assert client.get(f"/api/tables/{tid}").json()["outcome"] is None
        srv.kill()  # SIGKILL: no shutdown, the bot task dies with the process

    with Server(url, env=FAST).start() as restarted:  # another port, the same database
        client = restarted.client()
        seats = {s["seat"]: s for s in client.get(f"/api/tables/{tid}").json()["seats"]}
        assert seats["p2"]["name"] == "Computer" and seats["p2"]["state"] == "taken"
        _play(client, tid, human, lambda: len(_bot_actions(client, tid, human) - before) >= 3)
        # still removable by the host, and then it stops for good
        removed = client.delete(f"/api/tables/{tid}/bots/p2", headers=host)
        assert removed.status_code == 200, removed.text
        seats = {s["seat"]: s for s in client.get(f"/api/tables/{tid}").json()["seats"]}
        assert "p2" not in seats or seats["p2"]["state"] != "taken"

    # restarted again after the host removed it: no computer comes back
    with Server(url, env=FAST).start() as again:
        seats = {s["seat"]: s for s in again.client().get(f"/api/tables/{tid}").json()["seats"]}
        assert "p2" not in seats or seats["p2"]["name"] != "Computer"


def test_a_human_named_computer_is_not_taken_over(tmp_path: Path) -> None:
    """Only the seat the server seated (its marked token) comes back as a bot."""
    url = f"sqlite:///{tmp_path / 'named.sqlite3'}"
    with Server(url, env=FAST).start() as srv:
        client = srv.client()
        table = new_table(client, "srbr", seed="named-computer")
        tid = table["id"]
        join(client, tid, "p1")
        human = join(client, tid, "p2", name="Computer")
        srv.kill()
    with Server(url, env=FAST).start() as restarted:
        client = restarted.client()
        time.sleep(1.5)
        legal = client.get(f"/api/tables/{tid}/legal", headers=human)
        assert legal.status_code == 200, legal.text  # the human's token still holds the seat


def test_a_strong_computer_resumes_strong(tmp_path: Path) -> None:
    """The level is kept with the computer seat (its marker row): a restart resumes it strong."""
    url = f"sqlite:///{tmp_path / 'strong.sqlite3'}"
    env = {**FAST, "WARBOARD_BOT_SECONDS": "0.05"}
    with Server(url, env=env).start() as srv:
        client = srv.client()
        table = new_table(client, "srbr", seed="restart-strong")
        tid, host = table["id"], {"Authorization": f"Bearer {table['host_token']}"}
        human = join(client, tid, "p1")
        added = client.post(f"/api/tables/{tid}/bots", json={"seat": "p2", "level": "strong"}, headers=host)
        assert added.status_code == 201 and added.json()["level"] == "strong", added.text
        _play(client, tid, human, lambda: len(_bot_actions(client, tid, human)) >= 2)
        before = _bot_actions(client, tid, human)
        srv.kill()
    with Server(url, env=env).start() as restarted:
        client = restarted.client()
        _play(client, tid, human, lambda: len(_bot_actions(client, tid, human) - before) >= 2)
    engine = create_engine(url)
    with engine.connect() as conn:
        markers = conn.execute(
            select(tokens.c.name, tokens.c.revoked).where(tokens.c.table_id == tid, tokens.c.role == hosted.ROLE)
        ).all()
    engine.dispose()
    live = [name for name, revoked in markers if not revoked]
    assert live == [hosted.marker_name("strong")] and len(markers) == 2  # the first one revoked at restart
    assert hosted.level_of(live[0]) == "strong" and hosted.level_of(hosted.BOT_NAME) == "easy"
