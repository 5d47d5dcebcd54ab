"""Apply the Alembic migrations to a database (``warboard migrate``).

On PostgreSQL the upgrade runs under an advisory lock, so processes started together migrate
one after the other (the later ones find nothing to do) instead of racing.
"""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from sqlalchemy import text

from app.process.config import ROOT
from app.storage.db import is_sqlite, make_engine

MIGRATION_LOCK = 0x5741_5242  # "WARB": the advisory lock key held while migrating


def upgrade(database_url: str) -> None:
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    config.attributes["database_url"] = database_url
    if is_sqlite(database_url):
        command.upgrade(config, "head")
        return
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
