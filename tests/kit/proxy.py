"""``deploy/nginx.conf`` run by the machine's nginx in front of test servers, changed only where
the machine differs from the compose network: the app services' names become the test servers'
addresses, it listens on a free loopback port and logs to files."""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.conftest import ROOT, free_port
from tests.kit.services import wait_ready

CONF = ROOT / "deploy" / "nginx.conf"


def nginx_binary() -> str | None:
    return shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)


def nginx_conf(tmp: Path, app_ports: list[int], port: int) -> Path:
    """The deployment's configuration with ``warboard-1`` and ``warboard-2`` at ``app_ports``
    (one port: both names at it)."""
    text = CONF.read_text()
    text = re.sub(r"warboard-([12]):8000", lambda m: f"127.0.0.1:{app_ports[(int(m[1]) - 1) % len(app_ports)]}", text)
    text = text.replace("listen 80;", f"listen 127.0.0.1:{port};")
    text = text.replace("error_log /dev/stderr crit;", f"error_log {tmp}/error.log crit;\npid {tmp}/nginx.pid;")
    text = text.replace("access_log /dev/stdout noquery;", f"access_log {tmp}/access.log noquery;")
    for temp in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
        text = text.replace("http {", f"http {{\n    {temp}_temp_path {tmp}/{temp};", 1)
    assert "warboard-" not in text and "/dev/std" not in text
    path = tmp / "nginx.conf"
    path.write_text(text)
    return path


@contextmanager
def running_nginx(nginx: str, logs: Path, app_ports: list[int]) -> Iterator[str]:
    """nginx with the deployment's configuration in front of ``app_ports``: its URL."""
    port = free_port()
    logs.mkdir(exist_ok=True)
    conf = nginx_conf(logs, app_ports, port)
    checked = subprocess.run([nginx, "-t", "-p", str(logs), "-c", str(conf)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    proc = subprocess.Popen([nginx, "-p", str(logs), "-c", str(conf), "-g", "daemon off;"], stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    try:
        stderr = proc.stderr
        assert stderr is not None
        wait_ready(
            f"{url}/healthz", proc, lambda: stderr.read().decode(), time.monotonic() + 10, "nginx did not answer"
        )
        yield url
    finally:
        proc.terminate()
        proc.wait(10)
