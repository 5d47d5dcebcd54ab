"""docker-compose.yml as written: the defects the compose path had (issue 28) stay fixed. No
Docker daemon needed (test_stack.py runs the stack itself)."""

from __future__ import annotations

import os
import shutil
import subprocess
from typing import Any

import pytest
import yaml

from tests.conftest import ROOT

APP = ("migrate", "warboard-1", "warboard-2")


def services() -> dict[str, Any]:
    return dict(yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"])


def test_one_image_is_built_once_and_shared_by_the_app_services() -> None:
    found = services()
    assert [name for name, s in found.items() if "build" in s] == ["migrate"]
    assert {found[name]["image"] for name in APP} == {"${WARBOARD_IMAGE:-warboard:local}"}


def test_postgres_is_healthy_only_when_it_answers_over_tcp() -> None:
    check = services()["postgres"]["healthcheck"]["test"]
    assert check[:2] == ["CMD", "pg_isready"] and check[check.index("-h") + 1] == "127.0.0.1"


def test_migrate_waits_for_the_database_and_the_app_waits_for_migrate() -> None:
    found = services()
    assert found["migrate"]["command"][:2] == ["warboard", "migrate"] and "--wait" in found["migrate"]["command"]
    for name in ("warboard-1", "warboard-2"):
        assert found[name]["depends_on"]["migrate"] == {"condition": "service_completed_successfully"}


def test_no_service_asks_for_more_files_than_dockerd_may_give() -> None:
    assert not any("ulimits" in s for s in services().values())


def test_the_proxy_runs_deploy_nginx_conf_with_the_app_services_at_fixed_addresses() -> None:
    found = services()
    proxy = found["proxy"]
    assert "./deploy/nginx.conf:/etc/nginx/nginx.conf:ro" in proxy["volumes"]
    hosts = dict(entry.split(":", 1) for entry in proxy["extra_hosts"])
    for name in ("warboard-1", "warboard-2"):
        assert hosts[name] == found[name]["networks"]["warboard"]["ipv4_address"]
    assert f"{name}:8000" in (ROOT / "deploy" / "nginx.conf").read_text()


@pytest.mark.skipif(shutil.which("docker-compose") is None, reason="no docker-compose (1.29) on this machine")
def test_docker_compose_1_29_reads_the_file() -> None:
    env = {**os.environ, "POSTGRES_PASSWORD": "x"}
    checked = subprocess.run(["docker-compose", "config", "-q"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
