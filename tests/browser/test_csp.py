"""No Content-Security-Policy violation in Chromium while every game is played (issue 17).

Each system's table is opened in a seat (the seat's token handed to the page as a rejoining
browser would have it) while a seeded random game is played through the API for every seat, so
the page draws each update with its panel; then the replay page steps through it, and the lobby
and the Watch page load. Chromium reports every refusal to the page (``securitypolicyviolation``)
and the console; both are collected."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from playwright.sync_api import Page

from app import systems
from app.core.errors import WarboardError
from tests.browser.helpers import CONNECTED
from tests.conftest import Server
from tests.kit.table import new_table

pytestmark = pytest.mark.browser
GAMES = [("sandbox", {}), ("small-soldiers", {}), ("gkr", {"players": 2}), ("hgb", {}), ("srbr", {})]
ACTIONS = 25
WATCH = """document.addEventListener("securitypolicyviolation", (e) =>
  console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));"""


def _watch(page: Page, found: list[str]) -> None:
    page.add_init_script(WATCH)
    page.on(
        "console", lambda m: found.append(m.text) if ("CSP" in m.text or "Content Security Policy" in m.text) else None
    )


def _until_seq(page: Page, seq: int) -> None:
    """Wait for the replay to show ``seq`` (polled: wait_for_function evaluates a string, which
    the page's CSP rightly refuses)."""
    for _ in range(200):
        if page.evaluate("document.body.dataset.seq") == str(seq):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the replay never showed seq {seq}")


def _state(server: Server, table_id: str) -> Any:
    from app.session import Session
    from app.storage.db import make_engine
    from app.transport.bus import MemoryBus

    engine = make_engine(server.database_url)
    try:
        return Session(engine, MemoryBus()).rebuild(table_id)[0].state
    finally:
        engine.dispose()


@pytest.mark.parametrize(("system_id", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_no_csp_violation_while_playing(server: Server, new_page, system_id: str, options: dict[str, Any]) -> None:  # type: ignore[no-untyped-def]
    found: list[str] = []
    system = systems.get(system_id)
    assert system is not None
    with server.client() as client:
        table = new_table(client, system_id, options=options, seed=f"csp-{system_id}")
        table_id = table["id"]
        tokens: dict[str, str] = {}
        for seat in table["seats"]:
            joined = client.post(f"/api/tables/{table_id}/join", json={"seat": seat, "name": seat.upper()}).json()
            tokens[seat] = joined["token"]
        page = new_page()
        _watch(page, found)
        first = table["seats"][0]
        saved = json.dumps({"token": tokens[first], "role": "player", "seat": first, "name": first.upper()})
        page.add_init_script(
            f"localStorage.setItem('warboard:table:{table_id}', {json.dumps(saved)});"
            f"localStorage.setItem('warboard:host:{table_id}', {json.dumps(table['host_token'])});"
        )
        page.goto(f"{server.url}/tables/{table_id}")
        page.wait_for_selector(CONNECTED)
        rng = random.Random(system_id)
        played = 0
        for step in range(ACTIONS * 3):
            if played >= ACTIONS:
                break
            state = _state(server, table_id)
            if system.outcome(state) is not None:
                break
            pool = [(s, a) for s in table["seats"] for a in system.legal_actions(state, s)]
            if system_id == "sandbox":
                pool = [
                    (
                        table["seats"][step % 2],
                        {"kind": "add_token", "token": f"t{step}", "x": 2 + step % 9, "y": 3, "label": f"T{step}"},
                    )
                ]
            rng.shuffle(pool)
            for seat, action in pool[:10]:
                try:
                    system.parse_action(action)
                except WarboardError:
                    continue
                response = client.post(
                    f"/api/tables/{table_id}/actions",
                    json={"id": f"a{step}", "action": action},
                    headers={"Authorization": f"Bearer {tokens[seat]}"},
                )
                if response.status_code == 200:
                    played += 1
                    break
            else:
                break
            page.wait_for_timeout(60)
        assert played >= 3, played
        seq = client.get(f"/api/tables/{table_id}").json()["seq"]
        page.wait_for_timeout(500)  # the last updates drawn
        replay = new_page()
        _watch(replay, found)
        replay.goto(f"{server.url}/tables/{table_id}/replay")
        _until_seq(replay, seq)
        for _ in range(3):
            replay.click("#step-back")
        _until_seq(replay, seq - 3)
        for path in ("/", "/watch"):
            other = new_page()
            _watch(other, found)
            other.goto(f"{server.url}{path}")
            other.wait_for_load_state("networkidle")
    assert not found, "\n".join(sorted(set(found)))


def test_the_browser_tests_poll_with_functions_never_with_expressions() -> None:
    """Playwright's ``wait_for_function`` evaluates an expression again at every poll, in the page,
    where the CSP refuses ``eval`` (only its first check runs inside DevTools, which lifts the policy);
    a function is evaluated once. A test that polls with an expression fails only when its first check
    is false, so it is caught here instead of now and then in a full run."""
    import ast
    from pathlib import Path

    found = []
    for path in sorted(Path(__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "wait_for_function"):
                continue
            first = node.args[0] if node.args else None
            text = first.value if isinstance(first, ast.Constant) else None
            if isinstance(first, ast.JoinedStr):
                text = "".join(v.value for v in first.values if isinstance(v, ast.Constant))
            if not isinstance(text, str) or not ("=>" in text.split("\n")[0] or text.lstrip().startswith("function")):
                found.append(f"{path.name}:{node.lineno}")
    assert not found, f"wait_for_function with an expression (pass a function and arg=): {found}"
