"""The reference bot of docs/bot.md (docs/examples/bot.py) plays a Small Soldiers game to its end
against the server's easy computer player: run as a program, against a real server with the
default rate limits."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT, Server

BOT = ROOT / "docs" / "examples" / "bot.py"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path: Path = tmp_path_factory.mktemp("bot") / "warboard.sqlite3"
    with Server(f"sqlite:///{path}", env={"WARBOARD_BOT_DELAY": "0.05"}).start() as server:
        yield server


def test_the_reference_bot_plays_small_soldiers_to_the_end(served: Server) -> None:
    done = subprocess.run(
        [sys.executable, str(BOT), served.url, "small-soldiers"], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-3000:]
    table = json.loads(done.stdout)
    assert table["status"] == "finished"
    assert table["outcome"]


def test_the_bot_is_about_sixty_lines() -> None:
    assert len(BOT.read_text().splitlines()) <= 70
