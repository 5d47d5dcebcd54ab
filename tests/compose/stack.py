"""The compose stack, for real: ``make test-compose`` (tests/compose/test_stack.py) runs ``smoke``.

It builds the local stand-ins for the base images where they are missing (standins.sh), the wheels
(``make wheels``) and the image (once, ``compose build``), starts docker-compose.yml under a
project name of its own, waits for ``/readyz`` through nginx, and plays Small Soldiers through
nginx: seat 1 a random legal player over HTTP, seat 2 the server's easy computer player, and a
spectator's websocket through nginx that reconnects when its node goes. Then it kills one app node
(SIGKILL to its process), sees the restart policy bring it back healthy and the game go on with both
seats acting, and checks the spectator has every move. Everything it made goes at the end
(containers, network, volume, image); the stand-ins stay.

``docker compose`` is used where the CLI has it, else ``docker-compose`` (Debian's 1.29).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import secrets
import shutil
import signal
import subprocess
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
PROJECT = "warboardcomposetest"
APP_IMAGE = f"{PROJECT}:latest"
# A random seat 1 loses to the computer in about 30 seqs: the node goes early, seat 1 makes three
# moves while it is down (the other node serves them) and then waits for it, so the game is still
# on when the node is back.
MOVES_BEFORE_KILL = 6
MOVES_AFTER_RETURN = 8  # seqs the game must still gain once the killed node is back
Log = Callable[[str], None]


def daemon_problem() -> str | None:
    """Why no Docker daemon can be used here, or None when ``docker info`` answers."""
    if shutil.which("docker") is None:
        return "no docker command on this machine"
    try:
        info = subprocess.run(
            ["docker", "info", "--format", "{{.ServerVersion}}"], capture_output=True, text=True, timeout=20
        )
    except subprocess.TimeoutExpired:
        return "docker info did not answer within 20 s"
    if info.returncode != 0:
        return f"no Docker daemon answers: {' '.join(info.stderr.split())[:200]}"
    if compose_command() is None:
        return "neither `docker compose` nor `docker-compose` is installed"
    return None


def compose_command() -> list[str] | None:
    plugin = subprocess.run(["docker", "compose", "version"], capture_output=True, text=True)
    if plugin.returncode == 0:
        return ["docker", "compose"]
    return ["docker-compose"] if shutil.which("docker-compose") else None


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Stack:
    """docker-compose.yml under the project name ``PROJECT``, with stand-in base images unless
    ``WARBOARD_COMPOSE_OFFICIAL_IMAGES=1`` (a machine that can pull them)."""

    def __init__(self, log: Log) -> None:
        self.log = log
        compose = compose_command()
        assert compose is not None
        self.compose = [*compose, "--project-name", PROJECT, "--file", str(ROOT / "docker-compose.yml")]
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "POSTGRES_PASSWORD": secrets.token_urlsafe(18),
            "WARBOARD_HTTP_PORT": str(self.port),
            "WARBOARD_IMAGE": APP_IMAGE,
        }
        if os.environ.get("WARBOARD_COMPOSE_OFFICIAL_IMAGES") != "1":
            names = subprocess.run([str(HERE / "standins.sh"), "--names"], capture_output=True, text=True, check=True)
            self.env.update(line.split("=", 1) for line in names.stdout.split())

    def run(self, *args: str, timeout: float = 600) -> str:
        done = subprocess.run(
            [*self.compose, *args], cwd=ROOT, env=self.env, capture_output=True, text=True, timeout=timeout
        )
        if done.returncode != 0:
            raise AssertionError(
                f"{' '.join(args)} failed ({done.returncode}):\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
            )
        return done.stdout

    def container(self, service: str) -> str:
        return self.run("ps", "-q", service).strip()

    def state(self, service: str) -> dict[str, Any]:
        out = subprocess.run(
            ["docker", "inspect", "--format", "{{json .State}} {{.RestartCount}}", self.container(service)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        state, restarts = out.rsplit(" ", 1)
        return {**json.loads(state), "RestartCount": int(restarts)}

    def logs(self) -> str:
        with contextlib.suppress(Exception):
            return self.run("logs", "--no-color", "--tail", "40", timeout=60)
        return ""

    def down(self) -> None:
        subprocess.run(
            [*self.compose, "down", "--volumes", "--remove-orphans", "--timeout", "10"],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
        )
        subprocess.run(["docker", "image", "rm", "--force", APP_IMAGE], capture_output=True)


def wait_until(what: str, check: Callable[[], bool], timeout: float, every: float = 0.5) -> float:
    """Seconds it took ``check`` to hold; AssertionError after ``timeout``."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        with contextlib.suppress(httpx.HTTPError, OSError, subprocess.CalledProcessError):
            if check():
                return time.monotonic() - started
        time.sleep(every)
    raise AssertionError(f"{what}: not within {timeout:.0f} s")


class Spectator(threading.Thread):
    """A websocket through nginx that reconnects (and resyncs) whenever it is closed: the seqs it saw."""

    def __init__(self, ws_url: str, token: str) -> None:
        super().__init__(daemon=True)
        self.ws_url, self.token = ws_url, token
        self.seqs: list[int] = []
        self.reconnects = 0
        self.stop = threading.Event()

    def run(self) -> None:
        asyncio.run(self.watch())

    async def watch(self) -> None:
        seq = 0
        while not self.stop.is_set():
            try:
                async with websockets.connect(self.ws_url, open_timeout=5) as ws:
                    await ws.send(json.dumps({"type": "auth", "token": self.token}))
                    if seq:
                        await ws.send(json.dumps({"type": "resync", "since": seq}))
                    while not self.stop.is_set():
                        with contextlib.suppress(TimeoutError):
                            message = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
                            kind = message.get("type")
                            if kind == "welcome" or (kind == "update" and message["seq"] > seq):
                                seq = message["seq"]
                                self.seqs.append(seq)
            except (OSError, websockets.WebSocketException, TimeoutError):
                self.reconnects += 1
                await asyncio.sleep(0.2)


class Game:
    """Small Soldiers through nginx: seat 1 plays random legal actions over HTTP (never conceding),
    seat 2 is the server's easy computer player."""

    def __init__(self, http: httpx.Client) -> None:
        self.http = http
        systems = http.get("/api/systems").json()
        seats = next(s["seats"] for s in systems if s["id"] == "small-soldiers")
        table = http.post("/api/tables", json={"system": "small-soldiers", "name": "Compose smoke"}).json()
        self.id = table["id"]
        host = {"Authorization": f"Bearer {table['host_token']}"}
        me = http.post(f"/api/tables/{self.id}/join", json={"seat": seats[0], "name": "Smoke"}).json()
        self.auth = {"Authorization": f"Bearer {me['token']}"}
        for seat in seats[1:]:
            http.post(f"/api/tables/{self.id}/bots", headers=host, json={"seat": seat}).raise_for_status()
        self.spectator_token = http.post(f"/api/tables/{self.id}/spectate", json={}).json()["token"]
        self.seq = 0
        self.over = False
        self.theirs = 0  # seqs gained while it was not seat 1's turn: the computer's moves
        self.rng = random.Random(28)

    def step(self) -> None:
        """One look at the table: act if it is seat 1's turn. Errors through nginx (a node gone)
        are tried again by the caller."""
        legal = self.http.get(f"/api/tables/{self.id}/legal", headers=self.auth)
        if legal.status_code != 200:
            return
        body = legal.json()
        if body["seq"] > self.seq and self.seq and not body["actions"]:
            self.theirs += body["seq"] - self.seq
        self.seq = max(self.seq, body["seq"])
        table = self.http.get(f"/api/tables/{self.id}").json()
        if table.get("status") != "open":
            self.over = True
            return
        actions = [a for a in body["actions"] if a.get("kind") not in ("concede", "resign")]
        if not actions:
            time.sleep(0.2)
            return
        action = self.rng.choice(actions)
        answer = self.http.post(
            f"/api/tables/{self.id}/actions", headers=self.auth, json={"id": uuid.uuid4().hex, "action": action}
        )
        if answer.status_code == 200:
            self.seq = max(self.seq, answer.json()["seq"])

    def play_until(self, seq: int, timeout: float) -> None:
        started = time.monotonic()
        while self.seq < seq and not self.over:
            assert time.monotonic() - started < timeout, f"the game stalled at seq {self.seq} (wanted {seq})"
            with contextlib.suppress(httpx.HTTPError, ValueError):
                self.step()


def smoke(log: Log = print) -> dict[str, Any]:
    """The whole run; what it measured. AssertionError on any failure (the stack's last logs in it)."""
    timings: dict[str, Any] = {}
    started = time.monotonic()
    if os.environ.get("WARBOARD_COMPOSE_OFFICIAL_IMAGES") != "1":
        log("stand-ins for the base images (tests/compose/standins.sh)")
        subprocess.run([str(HERE / "standins.sh")], check=True)
    log("wheels (make wheels)")
    subprocess.run(["make", "--no-print-directory", "wheels"], cwd=ROOT, check=True)
    timings["wheels_s"] = round(time.monotonic() - started, 1)
    stack = Stack(log)
    stack.down()  # what an interrupted run left
    try:
        log("image (compose build: one build for the three app services)")
        mark = time.monotonic()
        stack.run("build")
        timings["build_s"] = round(time.monotonic() - mark, 1)
        log(f"stack up (project {PROJECT}, nginx on {stack.url})")
        mark = time.monotonic()
        stack.run("up", "-d")
        with httpx.Client(base_url=stack.url, timeout=10) as http:
            wait_until("/readyz through nginx", lambda: http.get("/readyz").status_code == 200, 180)
            timings["up_s"] = round(time.monotonic() - mark, 1)
            migrate = stack.run("logs", "--no-color", "migrate")
            assert "Database is up to date" in migrate and stack.env["POSTGRES_PASSWORD"] not in migrate, migrate
            game = Game(http)
            spectator = Spectator(f"ws://127.0.0.1:{stack.port}/ws/tables/{game.id}", game.spectator_token)
            spectator.start()
            log(f"Small Soldiers table {game.id}: seat 1 random, seat 2 the easy computer")
            game.play_until(MOVES_BEFORE_KILL, 180)
            victim = "warboard-1"
            before = stack.state(victim)["RestartCount"]
            # A crash, as the kernel's OOM killer makes one: SIGKILL to the node's process from
            # outside. (`docker kill` counts as stopping it by hand: no restart policy brings that back.)
            pid = stack.state(victim)["Pid"]
            log(f"seq {game.seq}: kill -9 {victim}'s process ({pid} on this machine)")
            os.kill(pid, signal.SIGKILL)
            killed_at = time.monotonic()
            game.play_until(game.seq + 3, 120)  # the other node serves meanwhile
            back = wait_until(
                f"{victim} restarted and healthy",
                lambda: (
                    stack.state(victim)["RestartCount"] > before
                    and stack.state(victim).get("Health", {}).get("Status") == "healthy"
                ),
                180,
            )
            timings["node_back_s"] = round(time.monotonic() - killed_at, 1)
            log(f"{victim} back and healthy {back:.1f} s after the kill; seq {game.seq}")
            seq_back, theirs_back = game.seq, game.theirs
            game.play_until(seq_back + MOVES_AFTER_RETURN, 240)
            assert game.seq > seq_back and (game.over or game.theirs > theirs_back), "no computer move after the return"
            final = game.seq
            wait_until("the spectator has every move", lambda: bool(spectator.seqs) and spectator.seqs[-1] >= final, 30)
            spectator.stop.set()
            spectator.join(5)
            assert spectator.seqs == sorted(spectator.seqs), (
                spectator.seqs
            )  # never back (a reconnect's welcome may repeat)
            timings.update(
                seq=final, game_over=game.over, computer_moves=game.theirs, spectator_reconnects=spectator.reconnects
            )
            log(f"the game went on to seq {final} (over: {game.over}); the spectator saw every move")
    except BaseException as exc:
        raise AssertionError(f"{exc}\n--- the stack's last lines ---\n{stack.logs()}") from exc
    finally:
        log("tearing down (containers, network, volume, image)")
        stack.down()
    timings["total_s"] = round(time.monotonic() - started, 1)
    return timings


if __name__ == "__main__":
    print(json.dumps(smoke()))
