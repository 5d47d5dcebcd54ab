"""The monitoring files in ``deploy/``: the Prometheus alert rules check and pass their own unit
tests with ``promtool`` (Debian's ``prometheus`` package; skipped, saying so, where it is not
installed), and every Warboard metric that the rules and the Grafana dashboard read is one that
``GET /metrics`` exposes (``app.process.prom``)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from app.process import prom

DEPLOY = Path(__file__).resolve().parent.parent / "deploy"
RULES = DEPLOY / "prometheus" / "alerts.yml"
DASHBOARD = DEPLOY / "grafana" / "warboard.json"
SUFFIXES = ("_total", "_bucket", "_count", "_sum", "_created")


def exposed() -> set[str]:
    names = set()
    for family in prom.REGISTRY.collect():
        names.add(family.name)
        names.update(family.name + suffix for suffix in SUFFIXES)
    return names


def read(expr: str) -> set[str]:
    return set(re.findall(r"\b(?:warboard|process)_[a-z_]+", expr))


def test_the_rules_and_the_dashboard_read_only_metrics_that_exist() -> None:
    rules = yaml.safe_load(RULES.read_text())["groups"][0]["rules"]
    dashboard = json.loads(DASHBOARD.read_text())
    expressions = [r["expr"] for r in rules] + [t["expr"] for p in dashboard["panels"] for t in p["targets"]]
    unknown = set().union(*(read(e) for e in expressions)) - exposed()
    assert not unknown, unknown
    assert {r["alert"] for r in rules} >= {"WarboardDown", "WarboardDependencyDown", "WarboardEventLoopLag"}
    assert len({p["id"] for p in dashboard["panels"]}) == len(dashboard["panels"])


@pytest.mark.parametrize(
    "command",
    [["check", "rules", "alerts.yml"], ["test", "rules", "alerts.test.yml"], ["check", "config", "prometheus.yml"]],
)
def test_promtool_checks_the_rules(command: list[str]) -> None:
    promtool = shutil.which("promtool")
    if promtool is None:
        pytest.skip("promtool is not installed (Debian: apt-get install prometheus)")
    done = subprocess.run([promtool, *command], cwd=DEPLOY / "prometheus", capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
