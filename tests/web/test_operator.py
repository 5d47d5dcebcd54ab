"""The operator page (``app.web.operator``) on a real server: absent without
``WARBOARD_OPERATOR_TOKEN`` (404), asks for the token (401, Basic), lists the tables with their
idle time and size, and closes an open one from its own page only."""

from __future__ import annotations

from pathlib import Path

import httpx

from tests.conftest import Server
from tests.kit.table import act, open_table

TOKEN = "op-7f3a9c1e5b"


def test_without_an_operator_token_there_is_no_page(server: Server) -> None:
    with server.client() as client:
        for answer in (client.get("/operator"), client.post("/operator/tables/x/close")):
            assert answer.status_code == 404 and answer.json()["error"]["code"] == "not_found"
        assert client.get("/operator", auth=("op", "anything")).status_code == 404


def test_the_operator_lists_the_tables_and_closes_one(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'warboard.sqlite3'}"
    with Server(url, env={"WARBOARD_OPERATOR_TOKEN": TOKEN}).start() as server, server.client() as client:
        seated = open_table(client, "sandbox", name="Friday night")
        act(client, seated.id, seated.headers("p1"), {"kind": "add_token", "token": "t", "x": 1, "y": 1})
        asked = client.get("/operator")
        assert asked.status_code == 401 and asked.headers["www-authenticate"].startswith("Basic realm=")
        assert asked.json()["error"]["code"] == "unauthorized"
        assert client.get("/operator", auth=("op", TOKEN + "x")).status_code == 401
        page = client.get("/operator", auth=("op", TOKEN))
        assert page.status_code == 200 and "Friday night" in page.text and seated.id in page.text
        assert f'action="/operator/tables/{seated.id}/close"' in page.text
        bearer = client.get("/operator", headers={"Authorization": f"Bearer {TOKEN}"})
        assert bearer.status_code == 200

        forged = client.post(
            f"/operator/tables/{seated.id}/close",
            auth=("op", TOKEN),
            headers={"Origin": "https://elsewhere.example", "Sec-Fetch-Site": "cross-site"},
        )
        assert forged.status_code == 403 and forged.json()["error"]["code"] == "forbidden"
        assert client.post(f"/operator/tables/{seated.id}/close").status_code == 401
        closed = client.post(
            f"/operator/tables/{seated.id}/close",
            auth=("op", TOKEN),
            headers={"Origin": server.url, "Sec-Fetch-Site": "same-origin"},
        )
        assert closed.status_code == 303 and closed.headers["location"] == f"/operator?closed={seated.id}"
        assert client.get(f"/api/tables/{seated.id}").json()["status"] == "closed"
        again = client.post(f"/operator/tables/{seated.id}/close", auth=("op", TOKEN))
        assert again.status_code == 409 and again.json()["error"]["code"] == "table_closed"
        missing = client.post("/operator/tables/nosuch/close", auth=("op", TOKEN))
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "unknown_table"
        after = client.get("/operator", auth=("op", TOKEN))
        assert f'action="/operator/tables/{seated.id}/close"' not in after.text


def test_guessing_the_operator_token_runs_into_the_rate_limit(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'warboard.sqlite3'}"
    env = {"WARBOARD_OPERATOR_TOKEN": TOKEN, "WARBOARD_HTTP_RATE": "1", "WARBOARD_HTTP_BURST": "20"}
    with Server(url, env=env).start() as server, httpx.Client(base_url=server.url) as client:
        answers = [client.get("/operator", auth=("op", f"guess{i}")).status_code for i in range(8)]
        assert answers[:3] == [401] * 3 and 429 in answers
