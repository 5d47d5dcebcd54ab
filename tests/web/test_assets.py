"""Fast pages (issue 25): compressed answers, static files under names that change with their
content (kept a year by browsers), an import map for the modules' own imports, and preloads."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import posixpath
import re
import time
from pathlib import Path

import httpx
import pytest

from app.web.assets import IMMUTABLE, Assets
from app.web.assets import assets as ASSETS
from tests.conftest import Server
from tests.kit.table import new_table

GAMES = [("sandbox", {}), ("small-soldiers", {}), ("gkr", {"players": 2}), ("hgb", {}), ("srbr", {})]
STATIC = re.compile(r'(?:href|src)="(/static/[^"]+)"')


def _importmap(html: str) -> tuple[str, dict[str, str]]:
    found = re.search(r'<script type="importmap">(.*?)</script>', html, re.S)
    assert found, "no import map"
    return found[1], json.loads(found[1])["imports"]


def _pages(client: httpx.Client) -> list[str]:
    paths = ["/", "/watch"]
    for system, options in GAMES:
        table = new_table(client, system=system, options=options)
        paths += [f"/tables/{table['id']}", f"/tables/{table['id']}/replay"]
    return paths


def test_every_static_address_a_page_names_is_hashed_and_kept_a_year(server: Server) -> None:
    with server.client() as client:
        for path in _pages(client):
            page = client.get(path)
            assert page.status_code == 200, path
            assert page.headers["content-encoding"] == "gzip", path
            assert page.headers["cache-control"] == "no-cache", path  # the page itself: never kept stale
            text, imports = _importmap(page.text)
            digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
            assert f"'sha256-{digest}'" in page.headers["content-security-policy"], path
            named = STATIC.findall(page.text)
            assert named, path
            for url in [*named, *imports.values()]:
                assert re.search(r"\.[0-9a-f]{12}\.\w+$", url), (path, url)
            for url in set(named):
                answer = client.get(url)
                assert answer.status_code == 200, url
                assert answer.headers["cache-control"] == IMMUTABLE, url
                if url.endswith((".js", ".css")) and len(answer.content) > 1024:
                    assert answer.headers["content-encoding"] == "gzip", url


def test_a_page_loads_one_bundle_holding_its_game(server: Server) -> None:
    """Each page runs one script (scripts/bundle.mjs): a table or replay page's holds the game's
    module too, so nothing is imported after it (no chain of requests)."""
    if ASSETS.bundle("table") is None:
        pytest.skip("the bundles are not built for these sources: `make setup` builds them")
    with server.client() as client:
        pages = [("/", "lobby"), ("/watch", "watch")]
        for system, options in GAMES:
            table = new_table(client, system=system, options=options)
            pages += [
                (f"/tables/{table['id']}", f"table-{system}"),
                (f"/tables/{table['id']}/replay", f"replay-{system}"),
            ]
        for path, bundle in pages:
            page = client.get(path).text
            scripts = re.findall(r'<script type="module" src="([^"]+)"', page)
            assert [re.sub(r"\.[0-9a-f]{12}\.js$", ".js", s) for s in scripts] == [f"/static/dist/{bundle}.js"], path
            assert "modulepreload" not in page, path
            assert client.get(scripts[0]).status_code == 200, path
            found = ASSETS.find(scripts[0].removeprefix("/static/"))
            assert found is not None and found[0].imports() == [], (path, "a static import")


def test_without_bundles_every_module_a_page_loads_is_in_the_import_map_and_preloaded() -> None:
    """The pages' fallback while the bundles are missing or stale: each module's imports, read
    from the hashed files, resolve through the import map to a hashed file; a table page
    preloads all of them, its game's too."""
    imports = json.loads(ASSETS.importmap())["imports"]
    entries = ["js/layout.js", "js/table.js", "js/systems/gkr.js"]
    preloaded = set(ASSETS.preloads(*entries))
    todo = [ASSETS.url(e) for e in entries]
    seen: set[str] = set()
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        seen.add(url)
        assert url in preloaded, url
        found = ASSETS.find(url.removeprefix("/static/"))
        assert found is not None, url
        for spec in re.findall(r"""\bfrom\s*["'](\.[^"']+)["']""", found[0].body.decode()):
            plain = posixpath.normpath(posixpath.join(posixpath.dirname(url), spec))
            assert plain in imports, (url, spec)
            todo.append(imports[plain])
    assert len(seen) > 20  # the table, the board, the game's panel


def test_a_bundle_is_named_only_while_it_matches_its_sources(tmp_path: Path) -> None:
    (tmp_path / "js").mkdir()
    (tmp_path / "dist").mkdir()
    (tmp_path / "js" / "table.js").write_text("export const a = 1;\n")
    (tmp_path / "dist" / "table-hgb.js").write_text("const a = 1;\n")
    assets = Assets(tmp_path, recheck=0)
    assert assets.bundle("table", "/static/js/systems/hgb.js") is None  # no inputs.json
    digest = assets.url("js/table.js").split(".")[-2]
    (tmp_path / "dist" / "inputs.json").write_text(json.dumps({"inputs": {"js/table.js": digest}}))
    assert assets.bundle("table", "/static/js/systems/hgb.js") == assets.url("dist/table-hgb.js")
    assert assets.bundle("table") is None  # no bundle for a game without a module
    time.sleep(0.01)
    (tmp_path / "js" / "table.js").write_text("export const a = 2;\n")  # edited since the build
    assert assets.bundle("table", "/static/js/systems/hgb.js") is None
    (tmp_path / "dist" / "inputs.json").write_text("not json")
    assert assets.bundle("table", "/static/js/systems/hgb.js") is None


def test_stale_hashes_and_unknown_files_answer_404(server: Server) -> None:
    with server.client() as client:
        for path in (
            "/static/js/table.000000000000.js",
            "/static/js/nope.js",
            "/static/js/nope.0123456789ab.js",
            "/static/../app/main.py",
            "/static/%2e%2e/pyproject.toml",
        ):
            answer = client.get(path)
            assert answer.status_code == 404, path
            assert answer.json()["error"]["code"] == "not_found"
        plain = client.get("/static/js/table.js")
        assert plain.status_code == 200 and plain.headers["cache-control"] == "no-cache"
        again = client.get("/static/js/table.js", headers={"If-None-Match": plain.headers["etag"]})
        assert again.status_code == 304 and not again.content


def test_answers_are_compressed_only_when_asked_and_large_enough(server: Server) -> None:
    with server.client() as client:
        table = new_table(client)
        big = client.get("/api/systems")
        assert big.headers["content-encoding"] == "gzip" and "accept-encoding" in big.headers["vary"].lower()
        small = client.get(f"/api/tables/{table['id']}/nope")
        assert "content-encoding" not in small.headers
        raw = client.get("/static/css/warboard.css", headers={"Accept-Encoding": "identity"})
        assert "content-encoding" not in raw.headers and b"{" in raw.content


def test_a_changed_file_gets_a_new_name_and_the_old_one_answers_404(tmp_path: Path) -> None:
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "a.js").write_text('import { b } from "./b.js";\nexport const a = b;\n')
    (tmp_path / "js" / "b.js").write_text("export const b = 1;\n" * 40)
    assets = Assets(tmp_path, recheck=0)
    old = assets.url("js/b.js")
    assert assets.preloads("js/a.js") == [old, assets.url("js/a.js")]  # imports first
    map_before = assets.script_hash()
    time.sleep(0.01)
    (tmp_path / "js" / "b.js").write_text("export const b = 2;\n" * 40)
    new = assets.url("js/b.js")
    assert new != old and assets.script_hash() != map_before
    assert assets.find(new.removeprefix("/static/")) is not None
    assert assets.find(old.removeprefix("/static/")) is None
    found = assets.find("js/b.js")
    assert found is not None and gzip.decompress(found[0].gzipped or b"") == found[0].body


@pytest.mark.parametrize("method", ["POST", "DELETE"])
def test_static_files_take_only_get_and_head(server: Server, method: str) -> None:
    with server.client() as client:
        answer = client.request(method, "/static/js/table.js")
    assert answer.status_code == 405 and answer.headers["allow"] == "GET, HEAD"


def test_after_start_up_the_files_are_rescanned_on_a_thread_of_their_own(tmp_path: Path) -> None:
    """Every request asks for the files: a scan on the event loop held it 40-110 ms once a second
    under heavy requests. A changed file still shows within ``recheck`` seconds."""
    import threading

    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "a.js").write_text("export const a = 1;\n")
    assets = Assets(tmp_path, recheck=0.05)
    scans: list[str] = []
    scan = assets._scan

    def counted() -> None:
        scans.append(threading.current_thread().name)
        scan()

    assets._scan = counted  # type: ignore[method-assign]
    old = assets.url("js/a.js")
    assert scans == [threading.current_thread().name], "the first call scans at once"
    time.sleep(0.01)
    (tmp_path / "js" / "a.js").write_text("export const a = 2;\n")
    deadline = time.monotonic() + 5
    while assets.url("js/a.js") == old:
        assert time.monotonic() < deadline, "the changed file was never seen"
        time.sleep(0.02)
    assert set(scans[1:]) == {"warboard-assets"}, scans
