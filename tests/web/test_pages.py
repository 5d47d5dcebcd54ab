"""The HTML pages over HTTP, against a real server."""

from __future__ import annotations

import uuid

from tests.conftest import Server
from tests.kit.table import bearer, join, new_table


def test_lobby_renders_with_the_create_form(server: Server) -> None:
    with server.client() as client:
        table = new_table(client, name="Lobby <i>listed</i>")
        page = client.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert "Create a table" in page.text
    assert 'name="opt.board"' in page.text  # the sandbox's options, from its schema
    assert "Lobby &lt;i&gt;listed&lt;/i&gt;" in page.text
    assert "<i>listed</i>" not in page.text
    assert f'href="/tables/{table["id"]}"' in page.text


def test_lobby_rows_fragment_and_options_fragment(server: Server) -> None:
    with server.client() as client:
        table = new_table(client, name="Fragment table")
        rows = client.get("/lobby/tables")
        options = client.get("/lobby/options", params={"system": "sandbox"})
        unknown = client.get("/lobby/options", params={"system": "chess"})
    assert rows.status_code == 200 and table["id"] in rows.text and "<html" not in rows.text
    assert 'id="opt-radius"' in options.text and 'type="number"' in options.text
    assert "no options" in unknown.text


def test_qr_code_is_an_svg_of_the_lobby_link(server: Server) -> None:
    with server.client() as client:
        response = client.get("/lobby/qr.svg")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert "<svg" in response.text and "<path" in response.text


def test_table_page_and_404(server: Server) -> None:
    with server.client() as client:
        table = new_table(client, name="</script><script>alert(1)</script>")
        page = client.get(f"/tables/{table['id']}")
        replay = client.get(f"/tables/{table['id']}/replay")
        missing = client.get("/tables/no-such-table")
        missing_replay = client.get("/tables/no-such-table/replay")
    assert page.status_code == 200
    assert "/static/js/table.js" in page.text
    assert f"/tables/{table['id']}" in page.text  # the share link
    assert "<script>alert(1)</script>" not in page.text  # escaped in HTML and in the JSON config
    assert replay.status_code == 200 and 'id="scrubber"' in replay.text
    assert missing.status_code == 404 and "No such table" in missing.text
    assert missing_replay.status_code == 404


def test_create_from_form_redirects_to_the_table(server: Server) -> None:
    form = {
        "name": "Form table",
        "system": "sandbox",
        "visibility": "private",
        "opt.board": "hex",
        "opt.radius": "5",
        "opt.width": "48",
        "opt.height": "48",
        "opt.seats": "2",
    }
    with server.client() as client:
        response = client.post("/lobby/create", data=form)
        target = response.headers["hx-redirect"]
        table_id = target.split("/tables/", 1)[1].split("#", 1)[0]
        summary = client.get(f"/api/tables/{table_id}").json()
        bad = client.post("/lobby/create", data={**form, "opt.radius": "x"})
        unnamed = client.post("/lobby/create", data={**form, "name": " "})
        seeded = client.post("/lobby/create", data={**form, "seed": "friday"}).headers["hx-redirect"]
        seeded_id = seeded.split("/tables/", 1)[1].split("#", 1)[0]
        assert client.get(f"/api/tables/{seeded_id}").json()["seeded"] is True
        assert client.get(f"/api/tables/{table_id}").json()["seeded"] is False
    assert response.status_code == 204 and "#host=" in target
    assert summary["visibility"] == "private" and summary["board"] == "hex"
    assert summary["options"]["radius"] == 5 and len(summary["seats"]) == 2
    assert 'role="alert"' in bad.text and "Radius" in bad.text
    assert 'role="alert"' in unnamed.text


def test_share_url_prefers_a_reachable_lan_address(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from concurrent.futures import ThreadPoolExecutor

    import anyio
    from starlette.requests import Request

    from app.web import lan

    def request(host: str) -> Request:
        return Request(
            {
                "type": "http",
                "scheme": "http",
                "server": (host, 8000),
                "path": "/",
                "root_path": "",
                "query_string": b"",
                "headers": [(b"host", f"{host}:8000".encode())],
            }
        )

    def share(host: str) -> str:  # in a thread: the browser tests keep an event loop running here
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(anyio.run, lan.share_url, request(host)).result()

    monkeypatch.setattr(lan, "lan_addresses", lambda: ["192.168.1.20"])
    monkeypatch.setattr(lan, "answers", lambda address, port: True)
    assert share("127.0.0.1") == "http://192.168.1.20:8000/"
    assert share("10.0.0.5") == "http://10.0.0.5:8000/"
    monkeypatch.setattr(lan, "answers", lambda address, port: False)  # bound to loopback only
    assert share("127.0.0.1") == "http://127.0.0.1:8000/"


def test_a_seeded_table_is_marked_predictable_dice_wherever_it_is_shown(server: Server) -> None:
    """Issue 10: "a seeded table is marked "predictable dice" in the lobby, on the table page and
    in the spectator view" (whoever chose the seed can predict every roll); a table with a
    secret seed is not."""
    with server.client() as client:
        seeded, secret = new_table(client, name="Chosen seed", seed="the host's seed"), new_table(client, name="Secret")
        for table in (seeded, secret):
            join(client, table["id"], "p1")  # a game being played, so /watch lists it
        lobby, rows, watch = client.get("/"), client.get("/lobby/tables"), client.get("/watch")
        pages = {
            t["id"]: [client.get(f"/tables/{t['id']}").text, client.get(f"/tables/{t['id']}?watch=1").text]
            for t in (seeded, secret)
        }
        api_watch = {g["id"]: g["seeded"] for g in client.get("/api/watch").json()}
        spectator = client.post(f"/api/tables/{seeded['id']}/spectate", json={}).json()["token"]
        view = client.get(f"/api/tables/{seeded['id']}/view", headers=bearer(spectator)).json()["view"]

    def row(html: str, table_id: str) -> str:
        start = html.index(f'data-table="{table_id}"')
        return html[start : html.index("</tr>", start)]

    for html in (lobby.text, rows.text, watch.text):
        assert "predictable dice" in row(html, seeded["id"]) and "predictable dice" not in row(html, secret["id"])
    for page in pages[seeded["id"]]:  # the table page, for a player and for a spectator (?watch=1)
        assert 'id="predictable-dice"' in page and "the host's seed" not in page
    for page in pages[secret["id"]]:
        assert 'id="predictable-dice"' not in page
    # the server is shared with other tests: only these two tables are ours
    assert (api_watch[seeded["id"]], api_watch[secret["id"]]) == (True, False)
    assert view["_table"]["predictable_dice"] is True


def test_the_create_form_sits_every_player_of_pass_and_play(server: Server) -> None:
    """Pass and play from the create form: the names fill the first seats, the computers the last;
    the fragment carries each seat's token; a form that does not fit is refused, no table made."""
    form = {
        "name": f"Kitchen {uuid.uuid4().hex[:8]}",
        "system": "gkr",
        "opt.players": "3",
        "player_name": "Ann",
        "pass_play": "on",
        "other_player": ["Bob", "", ""],
        "computers": "1",
    }
    with server.client() as client:
        target = client.post("/lobby/create", data=form).headers["hx-redirect"]
        tid = target.split("/tables/", 1)[1].split("#", 1)[0]
        seats = {s["seat"]: s["name"] for s in client.get(f"/api/tables/{tid}").json()["seats"]}
        fragment = dict(part.split("=", 1) for part in target.split("#", 1)[1].split("&"))
        held = dict(pair.split(":", 1) for pair in fragment["pass"].split(","))
        views = {
            s: client.get(f"/api/tables/{tid}/view", headers={"Authorization": f"Bearer {t}"}) for s, t in held.items()
        }
        refusals = {
            "too many": client.post("/lobby/create", data={**form, "other_player": ["Bob", "Cy", ""]}),
            "no other": client.post("/lobby/create", data={**form, "other_player": ["", "", ""]}),
            "no name": client.post("/lobby/create", data={**form, "player_name": ""}),
            "bad name": client.post("/lobby/create", data={**form, "other_player": ["x" * 81]}),
        }
        # the lobby lists public tables, the last changed first (at most 200): only the one made
        made = [t["id"] for t in client.get("/api/tables").json() if t["name"] == form["name"]]
    assert seats == {"diamondback": "Ann", "king-wolf": "Bob", "thunderhappy": "Computer"}
    assert set(held) == {"diamondback", "king-wolf"} and "player" not in fragment
    assert all(v.status_code == 200 and v.json()["view"]["you"] == s for s, v in views.items())
    assert (
        "this game has 3 seats; 3 players on this device and 1 computer player do not fit" in refusals["too many"].text
    )
    assert "at least one other player" in refusals["no other"].text
    assert "type your name first" in refusals["no name"].text
    assert "Second player&#39;s name" in refusals["bad name"].text
    for answer in refusals.values():
        assert answer.status_code == 200 and 'role="alert"' in answer.text and "hx-redirect" not in answer.headers
    assert made == [tid]
