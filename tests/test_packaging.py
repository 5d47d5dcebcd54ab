"""The wheel carries what Warboard reads at run time: an installed Warboard, run outside the
checkout, migrates its database and serves its pages, static files and health checks.

The wheel is built as ``docker build`` builds it (``pip wheel .``; skipped if the build
backend cannot be fetched); its files are put on the path ahead of the checkout's, with the
checkout's pinned dependencies, and ``warboard serve`` runs from an empty directory.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import httpx

from tests.conftest import ROOT, free_port


def test_the_installed_wheel_serves_from_outside_the_checkout(tmp_path: Path) -> None:
    import pytest

    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path / "dist"), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if built.returncode != 0:
        pytest.skip(f"the wheel could not be built here: {built.stderr[-300:]}")
    (wheel,) = (tmp_path / "dist").glob("warboard-*.whl")
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        z.extractall(site)
    for needed in ("app/_bundle/alembic.ini", "app/_bundle/templates/lobby.html", "app/_bundle/static/js/table.js"):
        assert needed in names, needed
    assert any(n.startswith("app/_bundle/migrations/versions/") for n in names)
    run = tmp_path / "run"
    run.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site), "WARBOARD_DATABASE_URL": ""}
    env.pop("WARBOARD_DATABASE_URL")
    where = subprocess.run(
        [sys.executable, "-c", "import app.config as c; print(c.__file__); print(c.ROOT)"],
        cwd=run,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert where[0].startswith(str(site)) and where[1] == str(site / "app" / "_bundle"), where
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-c", "from app.cli import main; main()", "serve", "--port", str(port)],
        cwd=run,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None, proc.stderr.read().decode()[-2000:]  # type: ignore[union-attr]
            try:
                if httpx.get(f"{url}/readyz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the installed server did not become ready"
            time.sleep(0.2)
        assert httpx.get(f"{url}/", timeout=5).status_code == 200
        assert httpx.get(f"{url}/static/js/table.js", timeout=5).status_code == 200
        assert httpx.get(f"{url}/healthz", timeout=5).json()["ok"] is True
        assert (run / "data" / "warboard.sqlite3").is_file()  # the default database sits beside the caller
    finally:
        proc.terminate()
        proc.wait(10)
