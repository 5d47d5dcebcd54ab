"""The statements of a usual move, run on SQLite's own cursor.

A move commits three statements (``repository.advance`` and ``append_new``). Through
SQLAlchemy each costs an execution context, events and result setup, several times what
SQLite itself spends, and all of it on the writer thread, which takes the interpreter lock from
the event loop meanwhile. On SQLite these statements are compiled once by SQLAlchemy (the same
SQL text, the same bind processors for dates and JSON that ``Connection.execute`` would use)
and then run on the driver's connection, inside the transaction the caller's ``Connection``
began. Other databases run them through ``Connection.execute`` as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import Connection, Executable
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler

Processor = Callable[[Any], Any] | None


class Direct:
    """One Core statement, run on the SQLite driver when the connection is SQLite's."""

    def __init__(self, statement: Executable, columns: Sequence[str] | None = None) -> None:
        self.statement = statement
        self.columns = list(columns) if columns is not None else None
        self._compiled_for: dict[Any, tuple[str, list[tuple[str, Processor]]]] = {}  # by dialect

    def _compiled(self, conn: Connection) -> tuple[str, list[tuple[str, Processor]]]:
        dialect = conn.dialect  # each engine's own (its JSON serializer is in its bind processors)
        done = self._compiled_for.get(dialect)
        if done is None:
            statement: ClauseElement = self.statement  # type: ignore[assignment]
            compiled = statement.compile(dialect=dialect, column_keys=self.columns)
            assert isinstance(compiled, SQLCompiler)
            binds: list[tuple[str, Processor]] = [
                (name, compiled.binds[name].type.dialect_impl(dialect).bind_processor(dialect))
                for name in compiled.positiontup or []
            ]
            done = (compiled.string, binds)
            self._compiled_for[dialect] = done
        return done

    def run(self, conn: Connection, params: dict[str, Any]) -> int:
        """Execute with ``params``; the number of rows it changed."""
        if conn.dialect.name != "sqlite":
            return int(conn.execute(self.statement, params).rowcount)
        sql, binds = self._compiled(conn)
        row = [params[name] if process is None else process(params[name]) for name, process in binds]
        return int(conn.connection.driver_connection.execute(sql, row).rowcount)  # type: ignore[union-attr]

    def run_many(self, conn: Connection, rows: list[dict[str, Any]]) -> None:
        if conn.dialect.name != "sqlite":
            conn.execute(self.statement, rows)
            return
        sql, binds = self._compiled(conn)
        conn.connection.driver_connection.executemany(  # type: ignore[union-attr]
            sql, [[p[name] if process is None else process(p[name]) for name, process in binds] for p in rows]
        )
