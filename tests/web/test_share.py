"""The replay's rounds and turns and a finished game's share file over HTTP, against a real
server (app/web/replay.py, app/web/share.py): ``GET .../turns``; ``GET .../share.html`` and
``.../log.json`` refused with 409 ``game_in_progress`` while the game is open, then one HTML file
with nothing to fetch, whose log ``warboard import`` reads into another server."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from app.session.transfer import check_export, parse_export
from tests.conftest import Server
from tests.kit.played import gkr_rounds
from tests.server.test_cli import warboard


def test_the_turns_list_the_rounds_and_follow_upto(server: Server) -> None:
    with server.client() as client:
        table = gkr_rounds(client, rounds=2, name="Turns API", close=False)
        tid = table["id"]
        whole = client.get(f"/api/tables/{tid}/turns").json()
        first = whole["turns"][2]["seq_from"]
        partway = client.get(f"/api/tables/{tid}/turns", params={"upto": first}).json()
        missing = client.get("/api/tables/nope/turns")
        bad = client.get(f"/api/tables/{tid}/turns", params={"upto": -1})
    turns = whole["turns"]
    assert whole["seq"] == turns[-1]["seq_to"] and turns[0]["seq_from"] == 0
    assert {t["round"] for t in turns} >= {1, 2}
    assert all(set(t) == {"round", "turn", "seat", "seq_from", "seq_to", "summary"} for t in turns)
    assert all(a["seq_to"] + 1 == b["seq_from"] for a, b in itertools.pairwise(turns))
    assert partway["seq"] == first and partway["turns"] == [
        *turns[:2],
        {**turns[2], "seq_to": first, "summary": partway["turns"][2]["summary"]},
    ]
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "unknown_table"
    assert bad.status_code == 422


def test_a_game_in_progress_has_no_share_file_and_no_log(server: Server) -> None:
    with server.client() as client:
        table = gkr_rounds(client, rounds=1, name="Not yet", close=False)
        for path in ("share.html", "log.json"):
            r = client.get(f"/api/tables/{table['id']}/{path}")
            assert r.status_code == 409, r.text
            assert r.json()["error"]["code"] == "game_in_progress"
            assert "seed" not in r.text
        assert client.get("/api/tables/nope/share.html").status_code == 404


def test_the_share_file_holds_everything_and_imports_elsewhere(server: Server, tmp_path: Path) -> None:
    with server.client() as client:
        table = gkr_rounds(client, rounds=2, name="Shared whole")
        tid = table["id"]
        r = client.get(f"/api/tables/{tid}/share.html")
        log = client.get(f"/api/tables/{tid}/log.json")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert f'filename="warboard-{tid}.html"' in r.headers["content-disposition"]
    html = r.text
    # nothing to fetch: no address to load, no external script, style, font or image
    assert not re.search(r"""<(script|link|img|iframe)[^>]*\s(src|href)=""", html)
    assert "http://" not in html.split("<style>")[0] and "url(http" not in html
    assert "default-src 'none'" in html
    assert len(re.findall(r"</script>", html)) == 3  # the data, the log and the viewer, none cut short
    assert parse_export(html.encode()) == parse_export(log.content)  # the same log, to the row
    assert check_export(parse_export(log.content)).table_id == tid
    shared = tmp_path / "shared.html"
    shared.write_text(html)
    target = f"sqlite:///{tmp_path / 'elsewhere.sqlite3'}"
    assert warboard("migrate", "--database-url", target).returncode == 0
    imported = warboard("import", str(shared), "--database-url", target)
    assert imported.returncode == 0, imported.stderr
    assert imported.stdout.strip() == tid
    not_shared = tmp_path / "page.html"
    not_shared.write_text("<!doctype html><p>hello</p>")
    refused = warboard("import", str(not_shared), "--database-url", target)
    assert refused.returncode == 1 and "not a shared Warboard game" in refused.stderr
