"""The page's action outlives a database outage (issue 17: an action is acknowledged or
reported failed to its sender, never silently lost; the client uses its action id).

A player places a token while PostgreSQL refuses the server's database: the server answers
``unavailable`` and closes the socket (1011); the page keeps the action pending, reconnects
with backoff, and once the database is back sends it again with the same id. It lands exactly
once. Skipped where PostgreSQL does not answer.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import CONNECTED, open_seat, piece, place_token
from tests.conftest import UNPACED, Server
from tests.kit.table import new_table
from tests.web.test_outage import database_up, drop_database, fresh_database, postgres_answers

pytestmark = [
    pytest.mark.browser,
    pytest.mark.postgres,
    pytest.mark.skipif(not postgres_answers(), reason="needs PostgreSQL"),
]
DB_NAME = "warboard_outage_page"


def test_a_token_placed_while_the_database_is_down_lands_once_when_it_is_back(new_page) -> None:  # type: ignore[no-untyped-def]
    srv = Server(fresh_database(DB_NAME), env=UNPACED).start()
    try:
        with srv.client() as client:
            table = new_table(client)
        page = new_page()
        open_seat(page, srv.url, table["id"], "p1")
        place_token(page, "Before")
        database_up(False, DB_NAME)
        try:
            page.fill("#sb-label", "During")
            page.get_by_role("button", name="Place token").click()
            expect(page.locator(CONNECTED)).to_have_count(0)  # answered unavailable, the socket closed
            page.wait_for_timeout(1500)  # reconnecting meets the outage too
            expect(piece(page, "During")).to_have_count(0)
        finally:
            database_up(True, DB_NAME)
        expect(piece(page, "During")).to_have_count(1, timeout=30_000)  # sent again after the welcome
        page.wait_for_selector(CONNECTED)
        place_token(page, "After")
        with srv.client() as client:
            summary = client.get(f"/api/tables/{table['id']}").json()
            host = {"Authorization": f"Bearer {table['host_token']}"}
            events = client.get(f"/api/tables/{table['id']}/events", headers=host).json()["events"]
        labels = [e["token"].get("label") for e in events if e["kind"] == "token_added"]
        assert labels == ["Before", "During", "After"], labels  # once each, in order
        assert [e["seq"] for e in events] == list(range(summary["seq"] + 1))
    finally:
        srv.stop()
        database_up(True, DB_NAME)
        drop_database(DB_NAME)
