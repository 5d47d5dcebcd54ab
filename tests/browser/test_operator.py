"""The operator page in Chromium, at a laptop's and a phone's size: the browser asks for the
operator token (HTTP Basic), the tables are listed with their idle time and size, and the Close
button closes an open table."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import Server
from tests.kit.table import act, open_table

TOKEN = "op-browser-5d2e"


@pytest.fixture(scope="module")
def operated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("operator") / "warboard.sqlite3"
    with Server(f"sqlite:///{path}", env={"WARBOARD_OPERATOR_TOKEN": TOKEN}).start() as server:
        yield server


def test_the_operator_closes_a_table_from_the_page(
    operated: Server, new_page: Callable[..., Page], size: tuple[int, int], artifacts: Path
) -> None:
    with operated.client() as client:
        seated = open_table(client, "sandbox", name=f"Friday night {size[0]}")
        act(client, seated.id, seated.headers("p1"), {"kind": "add_token", "token": "t", "x": 1, "y": 1})
    page = new_page(*size, http_credentials={"username": "operator", "password": TOKEN})
    page.goto(f"{operated.url}/operator")
    row = page.locator("tr", has_text=seated.id)
    expect(row).to_contain_text("open")
    expect(row).to_contain_text("2/8")
    page.screenshot(path=str(artifacts / f"operator-{size[0]}x{size[1]}.png"), full_page=True)
    row.get_by_role("button", name=f"Close Friday night {size[0]} ({seated.id})").click()
    expect(page.get_by_role("status")).to_have_text(f"Table {seated.id} is closed.")
    expect(page.locator("tr", has_text=seated.id)).to_contain_text("closed")
    expect(page.locator("tr", has_text=seated.id).get_by_role("button")).to_have_count(0)
    page.screenshot(path=str(artifacts / f"operator-closed-{size[0]}x{size[1]}.png"), full_page=True)
