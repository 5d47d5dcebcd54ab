"""The schema. Events and actions are append-only; snapshots are only a cache."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
)

metadata = MetaData(
    naming_convention={
        "ix": "ix_%(column_0_label)s",
        "uq": "uq_%(table_name)s_%(column_0_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("system", String(40), nullable=False),
    Column("name", String(120), nullable=False),
    Column("options", JSON, nullable=False),
    Column("visibility", String(10), nullable=False),
    Column("status", String(12), nullable=False),
    Column("seq", BigInteger, nullable=False),
    Column("seed", String(200), nullable=False),
    Column("seeded", Boolean, nullable=False),
    Column("commitment", String(64), nullable=False),
    Column("outcome", JSON, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)
Index("ix_tables_lobby", tables.c.visibility, tables.c.updated_at)

tokens = Table(
    "tokens",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("role", String(10), nullable=False),  # host | player | spectator
    Column("seat", String(40), nullable=True),
    Column("name", String(80), nullable=False),
    Column("revoked", Boolean, nullable=False, default=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", String(40), primary_key=True),
    Column("state", String(10), nullable=False),  # taken | closed
    Column("name", String(80), nullable=False),
    Column("token_hash", String(64), nullable=True),
)

events = Table(
    "events",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", BigInteger, primary_key=True),
    Column("action_id", String(80), nullable=True),
    Column("seat", String(40), nullable=True),
    Column("kind", String(60), nullable=False),
    Column("data", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
Index("ix_events_kind", events.c.table_id, events.c.kind)  # a table's takebacks (every replay reads them)

actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("action_id", String(80), primary_key=True),
    Column("n", BigInteger, nullable=False),  # order of application
    Column("actor", String(40), nullable=True),  # seat, or None for the table/host
    Column("action", JSON, nullable=False),
    Column("first_seq", BigInteger, nullable=False),
    Column("last_seq", BigInteger, nullable=False),
    Column("dice_from", Integer, nullable=False),
    Column("rolls", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
Index("ix_actions_order", actions.c.table_id, actions.c.n, unique=True)

snapshots = Table(
    "snapshots",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", BigInteger, primary_key=True),
    Column("n", BigInteger, nullable=False),
    Column("envelope", JSON, nullable=False),
)

# --- table talk, seat links and per-table settings (migration 0002) ----------------------
chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("seq", BigInteger, nullable=False),  # the table's seq when it was said (for replays)
    Column("channel", String(12), nullable=False),  # players | spectators
    Column("seat", String(40), nullable=True),
    Column("name", String(80), nullable=False),
    Column("text", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

seat_links = Table(
    "seat_links",
    metadata,
    Column("key_hash", String(64), primary_key=True),
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("seat", String(40), nullable=False),
    Column("revoked", Boolean, nullable=False, default=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    # migration 0003: the seat's token when the link was issued (the link works only while it
    # still holds the seat), and whether the host issued it
    Column("holder", String(64), nullable=True),
    Column("by_host", Boolean, nullable=False, default=False, server_default=false()),
)

table_settings = Table(
    "table_settings",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("spectator_chat", Boolean, nullable=False, default=False),  # players see spectators' chat
    Column("delay_actions", Integer, nullable=False, default=0),
    Column("delay_seconds", Integer, nullable=False, default=0),
    Column("rematch_id", String(32), nullable=True),
    Column("takeback", String(8), nullable=False, default="ask", server_default="ask"),  # off | ask | free
    Column("guided", Boolean, nullable=False, default=False, server_default=false()),  # a guided game: hints shown
)
