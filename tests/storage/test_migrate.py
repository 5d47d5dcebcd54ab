"""``warboard migrate`` and the check before it: the password never printed, a server that is
not up yet waited for, a database that is not UTF8 refused in one line (issue 28)."""

from __future__ import annotations

import subprocess
import sys
import time

import psycopg
import pytest

from app.storage.migrate import DatabaseProblem, check_server, masked
from tests.conftest import ROOT, free_port
from tests.kit.services import ADMIN_URL, admin, drop_database, fresh_database, postgres_answers

needs_postgres = pytest.mark.skipif(not postgres_answers(), reason="needs PostgreSQL (WARBOARD_TEST_POSTGRES_URL)")


def warboard(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app.server.cli", *args], cwd=ROOT, capture_output=True, text=True, timeout=60
    )


def with_password(url: str, password: str) -> str:
    """``url`` (``postgresql://user@host...``) with a password (the test server trusts any)."""
    scheme, rest = url.split("://", 1)
    user, at, where = rest.partition("@")
    return f"{scheme}://{user}:{password}@{where}" if at else url


def test_a_url_is_shown_with_its_password_masked() -> None:
    assert (
        masked("postgresql://warboard:s3cret@postgres:5432/warboard")
        == "postgresql://warboard:***@postgres:5432/warboard"
    )
    assert (
        masked("postgresql+psycopg://u:p%40ss@db/w?sslmode=require")
        == "postgresql+psycopg://u:***@db/w?sslmode=require"
    )
    assert masked("sqlite:///data/warboard.sqlite3") == "sqlite:///data/warboard.sqlite3"
    assert masked("postgresql://warboard@postgres/warboard") == "postgresql://warboard@postgres/warboard"
    assert "hunter2" not in masked("not a url://me:hunter2@host/db")


@needs_postgres
def test_migrate_never_prints_the_password() -> None:
    url = with_password(fresh_database("warboard_masked"), "Sup3rSecretPw")
    try:
        done = warboard("migrate", "--database-url", url)
        assert done.returncode == 0, done.stderr
        assert "Sup3rSecretPw" not in done.stdout + done.stderr
        assert "Database is up to date: postgresql://" in done.stdout and ":***@" in done.stdout
    finally:
        drop_database("warboard_masked")


@needs_postgres
def test_a_sql_ascii_database_is_refused_in_one_line_and_left_as_it_was() -> None:
    name = "warboard_sql_ascii"
    drop_database(name)
    with admin() as conn:
        conn.execute(f"CREATE DATABASE {name} ENCODING 'SQL_ASCII' TEMPLATE template0")
    url = with_password(ADMIN_URL.rsplit("/", 1)[0] + f"/{name}", "Sup3rSecretPw")
    try:
        refused = warboard("migrate", "--database-url", url)
        assert refused.returncode == 1
        assert refused.stdout == ""
        assert refused.stderr.strip().splitlines() == [
            f"warboard migrate: the database {name} is encoded SQL_ASCII; Warboard needs UTF8: "
            f"create it with CREATE DATABASE {name} ENCODING 'UTF8' TEMPLATE template0"
        ]
        served = warboard("serve", "--port", str(free_port()), "--database-url", url)
        assert served.returncode == 1 and len(served.stderr.strip().splitlines()) == 1, served.stderr
        assert "SQL_ASCII" in served.stderr
        with psycopg.connect(url, autocommit=True) as conn:  # no table was made
            assert conn.execute("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'").fetchone() == (0,)
    finally:
        drop_database(name)


def test_a_server_out_of_reach_is_waited_for_then_named_in_one_line() -> None:
    url = f"postgresql://warboard:Sup3rSecretPw@127.0.0.1:{free_port()}/warboard"
    heard: list[str] = []
    started = time.monotonic()
    with pytest.raises(DatabaseProblem) as problem:
        check_server(url, wait=3, on_retry=heard.append)
    assert 2 <= time.monotonic() - started < 15
    assert heard and all("waiting for the database" in line and "Sup3rSecretPw" not in line for line in heard)
    assert "\n" not in str(problem.value) and "Sup3rSecretPw" not in str(problem.value)
    assert "postgresql://warboard:***@127.0.0.1" in str(problem.value)
    failed = warboard("migrate", "--database-url", url)  # no wait asked: one attempt, one line
    assert failed.returncode == 1 and failed.stderr.count("\n") == 1, failed.stderr
    assert "Sup3rSecretPw" not in failed.stderr


@needs_postgres
def test_a_refused_login_is_not_waited_for() -> None:
    url = ADMIN_URL.rsplit("/", 1)[0] + "/warboard_no_such_database"
    started = time.monotonic()
    with pytest.raises(DatabaseProblem, match="does not exist"):
        check_server(url, wait=30)
    assert time.monotonic() - started < 5
