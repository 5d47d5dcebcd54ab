"""Alembic environment: the URL is Warboard's own setting; batch mode for SQLite."""

from __future__ import annotations

from alembic import context

from app.process.config import load
from app.storage.db import make_engine, normalize_url
from app.storage.models import metadata

config = context.config
url = config.attributes.get("database_url") or load().database_url


def run_offline() -> None:
    context.configure(url=normalize_url(url), target_metadata=metadata, render_as_batch=True,
                      literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    engine = config.attributes.get("engine") or make_engine(url)
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        connection.commit()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
