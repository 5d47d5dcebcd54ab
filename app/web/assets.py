"""The static files (``static/``) under names that change with their content.

Every file is served at its plain address (``/static/js/table.js``: revalidated on each use,
``Cache-Control: no-cache`` with an ETag) and at a hashed one (``/static/js/table.<12 hex>.js``:
``public, max-age=31536000, immutable``). The pages name only hashed addresses: ``url()`` for
stylesheets and scripts, and an import map (``importmap()``, inline in ``base.html``, allowed by
the CSP through its hash) that sends every module's plain address to its hashed one, so modules
that import each other by relative address (``./log.js``) load the hashed files without any file
being rewritten. ``preloads()`` lists a page's modules and everything they import, for
``<link rel="modulepreload">`` (no request waterfall). A hashed address whose hash is not the
file's current one (a stale page) or an unknown file answers 404.

Each page's modules are also bundled into one file under ``static/dist/`` (``scripts/bundle.mjs``,
run by the Makefile: ``table-hgb.js`` is the table page with HGB's module). ``bundle()`` names a
page's bundle only while ``static/dist/inputs.json`` matches every source it was built from (the
hash of each); a page without a current bundle loads the source modules as above.

Text files are kept gzip-compressed beside their bytes (compressed once, never per request).
The files are read once and read again when one changes on disk (checked at most once a second).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import mimetypes
import os
import posixpath
import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from app.process.config import ROOT

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
HASHED = re.compile(r"^(?P<stem>.+)\.(?P<digest>[0-9a-f]{12})(?P<ext>\.[A-Za-z0-9]+)$")
#: static imports and re-exports by relative or absolute address (``import("x")`` loads later)
IMPORT = re.compile(r"""(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["']([./][^"']+)["']""")
TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".json": "application/json",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".html": "text/html; charset=utf-8",
}
MODULES = (".js", ".mjs")
BUNDLES = "dist"  # under static/: the pages' bundles and inputs.json (scripts/bundle.mjs)
COMPRESS_FROM = 256  # bytes: below this, gzip's header costs more than it saves


@dataclass(frozen=True)
class Asset:
    path: str  # under static/, with "/"
    stamp: tuple[int, int]  # (mtime_ns, size) when read
    body: bytes
    gzipped: bytes | None
    digest: str
    media_type: str

    @property
    def url(self) -> str:
        stem, ext = posixpath.splitext(self.path)
        return f"/static/{stem}.{self.digest}{ext}"

    def imports(self) -> list[str]:
        """The files this module imports statically, as paths under static/."""
        if not self.path.endswith(MODULES):
            return []
        text = self.body.decode("utf-8", "replace")
        found = []
        for spec in IMPORT.findall(text):
            if spec.startswith("/static/"):
                found.append(spec[len("/static/") :])
            elif spec.startswith("."):
                found.append(posixpath.normpath(posixpath.join(posixpath.dirname(self.path), spec)))
        return found


def _read(root: Path, path: str, stamp: tuple[int, int]) -> Asset:
    body = (root / path).read_bytes()
    ext = posixpath.splitext(path)[1].lower()
    media_type = TYPES.get(ext) or mimetypes.guess_type(path)[0] or "application/octet-stream"
    gzipped = None
    if (media_type.startswith("text/") or ext in TYPES) and len(body) >= COMPRESS_FROM:
        packed = gzip.compress(body, compresslevel=9, mtime=0)
        gzipped = packed if len(packed) < len(body) else None
    return Asset(path, stamp, body, gzipped, hashlib.sha256(body).hexdigest()[:12], media_type)


class Assets:
    """The files under ``root``, their hashed addresses, the pages' import map; an ASGI app."""

    def __init__(self, root: Path, recheck: float = 1.0) -> None:
        self.root = root
        self.recheck = recheck
        self._files: dict[str, Asset] = {}
        self._checked = -1e9
        self._lock = threading.Lock()
        self._map = ""
        self._map_hash = ""
        self._bundled = False

    # --- what the disk holds -------------------------------------------------------------
    def files(self) -> dict[str, Asset]:
        """The files as last scanned. The first call scans at once (``create_app`` makes it at
        start-up), as every call does with ``recheck`` 0; after that a file changed on disk is
        seen within ``recheck`` seconds, by a scan on a thread of its own. Never on the event
        loop, where every request asks for the files (the CSP's import map hash): a walk of the
        folder is a system call per file, each one releasing the interpreter lock and waiting to
        take it back behind any busy thread, and under heavy requests it held the loop
        40-110 ms once a second."""
        now = time.monotonic()
        if now - self._checked >= self.recheck:
            if self.recheck <= 0 or not self._files:
                with self._lock:
                    self._scan()
                    self._checked = time.monotonic()
            elif self._lock.acquire(blocking=False):  # one scan at a time; released by the scan
                self._checked = now
                threading.Thread(target=self._rescan, name="warboard-assets", daemon=True).start()
        return self._files

    def _rescan(self) -> None:
        try:
            self._scan()
            self._checked = time.monotonic()
        finally:
            self._lock.release()

    def _scan(self) -> None:
        found: dict[str, Asset] = {}
        for folder, dirs, names in os.walk(self.root):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in names:
                if name.startswith("."):
                    continue
                full = os.path.join(folder, name)
                info = os.stat(full)
                path = Path(full).relative_to(self.root).as_posix()
                stamp = (info.st_mtime_ns, info.st_size)
                old = self._files.get(path)
                found[path] = old if old is not None and old.stamp == stamp else _read(self.root, path, stamp)
        if found.keys() != self._files.keys() or any(found[p] is not self._files[p] for p in found):
            imports = {f"/static/{p}": a.url for p, a in sorted(found.items()) if p.endswith(MODULES)}
            text = json.dumps({"imports": imports}, separators=(",", ":"))
            self._map = text
            self._map_hash = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
            self._files = found
            self._bundled = _current(found)

    # --- what the pages name -------------------------------------------------------------
    def url(self, path: str) -> str:
        """The hashed address of ``path`` (under static/, or an address /static/...)."""
        path = path.removeprefix("/static/")
        found = self.files().get(path)
        return found.url if found else f"/static/{path}"

    def importmap(self) -> str:
        self.files()
        return self._map

    def script_hash(self) -> str:
        """The CSP source that allows the inline import map: ``'sha256-...'``."""
        self.files()
        return f"'sha256-{self._map_hash}'"

    def bundle(self, page: str, panel: str | None = None) -> str | None:
        """The hashed address of ``page``'s bundle (with the game whose module is ``panel``), or
        None when the bundles are missing or older than the sources (the page loads those)."""
        files = self.files()
        if not self._bundled:
            return None
        game = posixpath.splitext(posixpath.basename(panel))[0] if panel else ""
        found = files.get(f"{BUNDLES}/{page}-{game}.js" if game else f"{BUNDLES}/{page}.js")
        return found.url if found else None

    def text(self, path: str, current_bundle: bool = False) -> str | None:
        """The text of the file ``path`` under static/ (to inline it: a shared game's page), or
        None when there is none; with ``current_bundle``, None too while the bundles are stale."""
        found = self.files().get(path)
        if found is None or (current_bundle and not self._bundled):
            return None
        return found.body.decode("utf-8")

    def preloads(self, *entries: str | None) -> list[str]:
        """The hashed address of every module the entries load, their imports' imports first."""
        files = self.files()
        order: list[str] = []
        seen: set[str] = set()

        def visit(path: str) -> None:
            if path in seen or path not in files:
                return
            seen.add(path)
            for child in files[path].imports():
                visit(child)
            order.append(files[path].url)

        for entry in entries:
            if entry:
                visit(entry.removeprefix("/static/"))
        return order

    # --- serving -------------------------------------------------------------------------
    def find(self, path: str) -> tuple[Asset, bool] | None:
        """The file a request path names, and whether the name is hashed (immutable)."""
        files = self.files()
        if path in files:
            return files[path], False
        match = HASHED.match(path)
        if match:
            found = files.get(match["stem"] + match["ext"])
            if found is not None and found.digest == match["digest"]:
                return found, True
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            raise HTTPException(404)
        if scope["method"] not in ("GET", "HEAD"):
            raise HTTPException(405, headers={"Allow": "GET, HEAD"})
        path = scope["path"]
        root_path = scope.get("root_path", "")
        if root_path and path.startswith(root_path):  # Starlette's Mount keeps the full path
            path = path[len(root_path) :]
        found = self.find(path.lstrip("/"))
        if found is None:
            raise HTTPException(404)
        asset, hashed = found
        headers = {"cache-control": IMMUTABLE if hashed else REVALIDATE, "etag": f'"{asset.digest}"'}
        request_headers = dict(scope.get("headers", ()))
        if asset.gzipped is not None:
            headers["vary"] = "Accept-Encoding"
        if request_headers.get(b"if-none-match", b"").decode("latin-1").strip() == headers["etag"]:
            await Response(status_code=304, headers=headers)(scope, receive, send)
            return
        body = asset.body
        if asset.gzipped is not None and b"gzip" in request_headers.get(b"accept-encoding", b""):
            body = asset.gzipped
            headers["content-encoding"] = "gzip"
        response = Response(body if scope["method"] == "GET" else b"", media_type=asset.media_type, headers=headers)
        if scope["method"] == "HEAD":
            response.headers["content-length"] = str(len(body))
        await response(scope, receive, send)


def _current(files: dict[str, Asset]) -> bool:
    """Whether the bundles were built from the sources as they are now."""
    record = files.get(f"{BUNDLES}/inputs.json")
    if record is None:
        return False
    try:
        inputs = json.loads(record.body)["inputs"]
    except (ValueError, KeyError, TypeError):
        return False
    return bool(inputs) and all(isinstance(d, str) and p in files and files[p].digest == d for p, d in inputs.items())


#: the one set of static files every app serves and every page names
assets = Assets(ROOT / "static")
