"""Apply the Alembic migrations to a database (``warboard migrate``)."""

from __future__ import annotations

from alembic import command
from alembic.config import Config

from app.config import ROOT


def upgrade(database_url: str) -> None:
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    config.attributes["database_url"] = database_url
    command.upgrade(config, "head")
