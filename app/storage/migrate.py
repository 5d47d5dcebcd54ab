"""Apply the Alembic migrations to a database (``warboard migrate``).

On PostgreSQL the upgrade runs under an advisory lock, so processes started together migrate
one after the other (the later ones find nothing to do) instead of racing. Before it, one plain
connection checks the server: it may be waited for while it starts (``wait``), and a database
that is not UTF8 (SQL_ASCII hands text back as bytes) is refused in one line.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from alembic import command
from alembic.config import Config
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from app.process.config import ROOT
from app.storage.db import is_sqlite, make_engine

MIGRATION_LOCK = 0x5741_5242  # "WARB": the advisory lock key held while migrating
RETRY_EVERY = 2.0  # seconds between two connection attempts while waiting for the server
#: connection errors a wait cannot mend: the server answered, and said no
_FINAL = ("password authentication failed", "does not exist", "no pg_hba.conf entry", "role ")


class DatabaseProblem(Exception):
    """The database cannot be migrated or served: out of reach, or refused. One line, with the
    URL's password masked."""


def masked(url: str) -> str:
    """``url`` with its password shown as ``***`` (as it may be printed or logged)."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", url)


def upgrade(database_url: str, wait: float = 0.0, on_retry: Callable[[str], None] | None = None) -> None:
    """Bring the schema to the newest revision.

    ``wait``: seconds to keep trying while a PostgreSQL server cannot be reached or is starting
    (``on_retry`` hears each failed attempt). Raises ``DatabaseProblem`` when it stays out of
    reach, refuses the login, or is not UTF8."""
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    config.attributes["database_url"] = database_url
    if is_sqlite(database_url):
        command.upgrade(config, "head")
        return
    check_server(database_url, wait, on_retry)
    engine = make_engine(database_url)
    try:
        with engine.connect() as conn:
            conn.execute(text("SET statement_timeout = 0; SET lock_timeout = 0"))
            conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": MIGRATION_LOCK})
            conn.commit()
            try:
                command.upgrade(config, "head")
            finally:
                conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": MIGRATION_LOCK})
                conn.commit()
    finally:
        engine.dispose()


def check_server(database_url: str, wait: float = 0.0, on_retry: Callable[[str], None] | None = None) -> None:
    """Connect once (retrying for ``wait`` seconds while the server is out of reach) and refuse a
    database whose encoding is not UTF8. Raises ``DatabaseProblem``."""
    import psycopg

    conninfo = make_url(database_url).set(drivername="postgresql").render_as_string(hide_password=False)
    deadline = time.monotonic() + wait
    while True:
        try:
            with psycopg.connect(conninfo, connect_timeout=5) as conn:
                row = conn.execute("SHOW server_encoding").fetchone()
            break
        except psycopg.OperationalError as exc:
            reason = " ".join(str(exc).split()) or type(exc).__name__
            if any(s in reason for s in _FINAL) or time.monotonic() + RETRY_EVERY > deadline:
                raise DatabaseProblem(f"cannot use the database {masked(database_url)}: {reason}") from None
            if on_retry is not None:
                on_retry(f"waiting for the database {masked(database_url)}: {reason}")
            time.sleep(RETRY_EVERY)
    encoding = row[0] if row else ""
    encoding = encoding.decode() if isinstance(encoding, bytes) else str(encoding)  # SQL_ASCII: bytes
    if encoding.upper() != "UTF8":
        name = make_url(database_url).database
        raise DatabaseProblem(
            f"the database {name} is encoded {encoding}; Warboard needs UTF8: create it with "
            f"CREATE DATABASE {name} ENCODING 'UTF8' TEMPLATE template0"
        )
