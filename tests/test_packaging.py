"""The wheel carries what Warboard reads at run time and declares what it imports: an installed
Warboard, run outside the checkout, migrates its database and serves its pages, static files and
health checks.

The wheel is built as ``docker build`` builds it (``pip wheel .``; skipped if the build backend
cannot be fetched) and installed into a fresh virtual environment (``python -m venv``, nothing
in it). That environment sees only the distributions the wheel's ``Requires-Dist`` names, and
theirs (linked from the checkout's environment, so the test needs no network), so a module the
app imports but the wheel does not declare fails the test as it would fail ``pip install``.
``warboard serve`` runs through the wheel's own console-script entry point, from an empty
directory.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import time
import zipfile
from email.parser import Parser
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

import httpx
import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.conftest import ROOT, free_port
from tests.kit.services import wait_ready


def _closure(requires: list[str]) -> set[str]:
    """Every distribution the requirements reach (extras followed), by canonical name."""
    seen: set[str] = set()
    todo = [(Requirement(r), frozenset[str]()) for r in requires]
    while todo:
        req, extras = todo.pop()
        if req.marker is not None and not any(req.marker.evaluate({"extra": e}) for e in extras or {""}):
            continue
        name = canonicalize_name(req.name)
        key = f"{name}[{','.join(sorted(req.extras))}]"
        if key in seen:
            continue
        seen.add(key)
        try:
            dist = distribution(name)
        except PackageNotFoundError:
            pytest.fail(f"{name} is required by the wheel but not installed in the checkout's environment")
        todo.extend((Requirement(r), frozenset(req.extras)) for r in dist.requires or [])
    return {k.split("[")[0] for k in seen}


def _clean_venv(where: Path) -> Path:
    """A new virtual environment from the base interpreter, with nothing installed; its site-packages."""
    subprocess.run([sys._base_executable, "-m", "venv", "--without-pip", str(where)], check=True)  # type: ignore[attr-defined]
    (site,) = (where / "lib").glob("python3*/site-packages")
    assert not list(site.iterdir()), "a fresh venv has an empty site-packages"
    return site


def _link_distribution(name: str, site: Path) -> None:
    """Make one installed distribution of the checkout's environment visible in ``site``."""
    dist = distribution(name)
    assert dist.files is not None, f"{name} has no RECORD"
    here = Path(sysconfig.get_paths()["purelib"])
    for top in {f.parts[0] for f in dist.files if f.parts[0] != ".."}:
        source = Path(str(dist.locate_file(top)))
        if source.exists() and source.parent in (here, Path(sysconfig.get_paths()["platlib"])):
            target = site / top
            if not target.exists():
                target.symlink_to(source)


def test_the_installed_wheel_serves_from_outside_the_checkout(tmp_path: Path) -> None:
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path / "dist"), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if built.returncode != 0:
        pytest.skip(f"the wheel could not be built here: {built.stderr[-300:]}")
    (wheel,) = (tmp_path / "dist").glob("warboard-*.whl")
    site = _clean_venv(tmp_path / "venv")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        z.extractall(site)
        (meta,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        requires = Parser().parsestr(z.read(meta).decode()).get_all("Requires-Dist") or []
    for needed in ("app/_bundle/alembic.ini", "app/_bundle/templates/lobby.html", "app/_bundle/static/js/table.js"):
        assert needed in names, needed
    assert any(n.startswith("app/_bundle/migrations/versions/") for n in names)
    needed_dists = _closure([r for r in requires if "extra ==" not in r])
    assert "warboard" not in needed_dists
    for name in needed_dists:
        _link_distribution(name, site)
    python = tmp_path / "venv" / "bin" / "python"
    run = tmp_path / "run"
    run.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WARBOARD_", "PYTHON", "VIRTUAL_ENV"))}
    isolated = [str(python), "-I"]  # no PYTHONPATH, no user site, not the current directory

    def printed(code: str) -> list[str]:
        """What ``code`` prints, run by the installed Python from ``run``, one word an item."""
        return subprocess.run(
            [*isolated, "-c", code], cwd=run, env=env, capture_output=True, text=True, check=True
        ).stdout.split()

    where = printed("import app.process.config as c, sys; print(c.__file__); print(c.ROOT); print(sys.prefix)")
    assert where[0].startswith(str(site)) and where[1] == str(site / "app" / "_bundle"), where
    assert where[2] == str(tmp_path / "venv"), where
    # the checkout's own packages (tests, bench) are not reachable
    checkout = printed("import importlib.util as u; print(u.find_spec('tests'), u.find_spec('hypothesis'))")
    assert checkout == ["None", "None"], checkout
    port = free_port()
    serve = "from importlib.metadata import entry_points; (ep,) = entry_points(group='console_scripts', name='warboard'); ep.load()()"
    proc = subprocess.Popen(
        [*isolated, "-c", serve, "serve", "--port", str(port)],
        cwd=run,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        stderr = proc.stderr
        assert stderr is not None
        wait_ready(
            f"{url}/readyz",
            proc,
            lambda: stderr.read().decode()[-2000:],
            time.monotonic() + 30,
            "the installed server did not become ready",
            pause=0.2,
        )
        assert httpx.get(f"{url}/", timeout=5).status_code == 200
        assert httpx.get(f"{url}/static/js/table.js", timeout=5).status_code == 200
        assert httpx.get(f"{url}/healthz", timeout=5).json()["ok"] is True
        created = httpx.post(f"{url}/api/tables", json={"system": "sandbox", "name": "Wheel"}, timeout=5)
        assert created.status_code == 201, created.text
        assert (run / "data" / "warboard.sqlite3").is_file()  # the default database sits beside the caller
    finally:
        proc.terminate()
        proc.wait(10)
