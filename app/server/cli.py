"""The ``warboard`` command: serve, migrate, export, import, and looking after tables over time
(tables, close, prune, backup)."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from app.process.config import Settings, load

cli = typer.Typer(
    help="Warboard: a rules-enforcing live virtual tabletop for mecha wargames.",
    no_args_is_help=True,
    add_completion=False,
)
#: the largest file ``warboard import`` reads unless told otherwise (a long HGB game's export: a few MB)
MAX_IMPORT_MB = 64
DatabaseUrl = Annotated[
    str | None,
    typer.Option("--database-url", help="SQLAlchemy URL (default: WARBOARD_DATABASE_URL or the embedded SQLite file)"),
]


def _settings(database_url: str | None) -> Settings:
    settings = load()
    return dataclasses.replace(settings, database_url=database_url) if database_url else settings


def terminal_qr(text: str) -> str:
    import io

    import qrcode

    qr = qrcode.QRCode(border=1)
    qr.add_data(text)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    return out.getvalue()


@cli.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to bind")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port")] = 8000,
    database_url: DatabaseUrl = None,
    lan: Annotated[
        bool, typer.Option("--lan", help="Bind all interfaces and print the LAN address and a QR code of the lobby")
    ] = False,
    log_format: Annotated[
        str,
        typer.Option(
            "--log-format", envvar="WARBOARD_LOG_FORMAT", help="Log lines as 'text' or 'json' (one object a line)"
        ),
    ] = "text",
) -> None:
    """Apply migrations, then serve the lobby, the API and the websockets."""
    import logging
    import os

    from app import __version__
    from app.process import logs
    from app.storage.migrate import DatabaseProblem, upgrade

    if log_format not in logs.FORMATS:
        typer.echo(f"--log-format is one of {', '.join(logs.FORMATS)}, not {log_format!r}", err=True)
        raise typer.Exit(2)
    logs.configure(log_format)
    log = logging.getLogger("warboard.server")
    settings = _settings(database_url)
    os.environ["WARBOARD_DATABASE_URL"] = settings.database_url
    try:
        upgrade(settings.database_url)
    except DatabaseProblem as exc:
        typer.echo(f"warboard serve: {exc}", err=True)
        raise typer.Exit(1) from None
    addresses: list[str] = []
    if lan:
        from app.web.lan import lan_addresses

        host = "0.0.0.0"
        addresses = lan_addresses()  # the default route's first: the one the QR code gives phones
        for address in addresses:
            typer.echo(f"Warboard on your LAN: http://{address}:{port}/")
        if addresses:
            typer.echo(f"Also announced on the LAN as http://warboard.local:{port}/ (mDNS)")
            typer.echo(terminal_qr(f"http://{addresses[0]}:{port}/"))
        else:
            typer.echo("No LAN address found; serving on all interfaces anyway.")
    from app.server.factory import create_app

    # The address this process's own computer players connect to (app.bots.hosted.restore)
    loopback = {"0.0.0.0": "127.0.0.1", "::": "[::1]"}.get(host, f"[{host}]" if ":" in host else host)
    os.environ["WARBOARD_SELF_URL"] = f"http://{loopback}:{port}"

    # The database writer runs on its own thread: hand the GIL over sooner than every 5 ms,
    # so that a commit that is done does not wait behind the event loop (and vice versa).
    sys.setswitchinterval(0.0005)
    # Garbage collections walk only what was made since the last one (app/process/collector.py).
    from app.process import collector

    collector.install()

    from app.server import stopping
    from app.transport import deadline

    log.info(
        "Warboard %s serving http://%s:%d/ (database: %s, bus: %s, pid %d)",
        __version__,
        f"[{host}]" if ":" in host else host,
        port,
        _database_kind(settings.database_url),
        settings.bus_url.split(":", 1)[0],
        os.getpid(),
    )
    # Per-message deflate is off on purpose: compressing every broadcast costs far more CPU
    # than it saves on a LAN or a fast link (see the README's benchmark).
    stopping.run(
        create_app(settings, announce=(addresses, port) if addresses else None),
        host=host,
        port=port,
        # A connection must send each request's headers within WARBOARD_HEADER_TIMEOUT seconds
        # (408 and closed): uvicorn alone lets a slow client hold its connections forever.
        http=deadline.protocol(float(os.environ.get("WARBOARD_HEADER_TIMEOUT", deadline.DEFAULT_TIMEOUT))),
        ws=deadline.CountedWebSockets,  # uvicorn's "websockets-sansio", counting connections
        ws_per_message_deflate=False,
        ws_max_size=settings.max_body,
        log_level="warning",
        log_config=None,  # the lines of app.process.logs (configured above)
        access_log=False,
        lifespan="on",
        # The client address comes from X-Forwarded-For only when the peer is a trusted
        # proxy (WARBOARD_TRUSTED_PROXIES: addresses or networks, comma-separated).
        proxy_headers=True,
        forwarded_allow_ips=os.environ.get("WARBOARD_TRUSTED_PROXIES", "127.0.0.1,::1"),
    )


def _database_kind(url: str) -> str:
    """The database's kind and where it is, never its password: ``sqlite data/warboard.sqlite3``,
    ``postgresql db:5432/warboard``."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    kind = parsed.get_backend_name()
    if kind == "sqlite":
        return f"sqlite {parsed.database or ':memory:'}"
    return f"{kind} {parsed.host or 'localhost'}{f':{parsed.port}' if parsed.port else ''}/{parsed.database or ''}"


@cli.command()
def migrate(
    database_url: DatabaseUrl = None,
    wait: Annotated[
        float,
        typer.Option(help="Seconds to keep trying while a PostgreSQL server is out of reach or starting", min=0),
    ] = 0.0,
) -> None:
    """Create or upgrade the database schema (the URL is printed with its password masked)."""
    from app.storage.migrate import DatabaseProblem, masked, upgrade

    settings = _settings(database_url)
    try:
        upgrade(settings.database_url, wait=wait, on_retry=lambda line: typer.echo(line, err=True))
    except DatabaseProblem as exc:
        typer.echo(f"warboard migrate: {exc}", err=True)
        raise typer.Exit(1) from None
    typer.echo(f"Database is up to date: {masked(settings.database_url)}")


@cli.command("export")
def export_table(
    table: str,
    database_url: DatabaseUrl = None,
    include_hidden: Annotated[
        bool,
        typer.Option(help="Export a game still in progress, hands and face-down choices included (operator only)"),
    ] = False,
) -> None:
    """Write a table (its log, seats and tokens as hashes) as JSON to standard output.

    A game in progress is refused unless --include-hidden is given: its log holds what the
    seats may not see yet. The dice seed is written only for a game that has ended or was closed."""
    from app.session import upkeep
    from app.storage import repository as repo
    from app.storage.db import make_engine

    engine = make_engine(_settings(database_url).database_url)
    with engine.connect() as conn:
        row = repo.get_table(conn, table)
        if row is None:
            typer.echo(f"There is no table {table!r}", err=True)
            raise typer.Exit(1)
        if row["status"] == "open" and not include_hidden:
            typer.echo(
                f"The game at table {table!r} is still in progress: its log holds hidden information "
                "(hands, face-down choices). Export it once it has ended or been closed, "
                "or pass --include-hidden to export it anyway as the server's operator.",
                err=True,
            )
            raise typer.Exit(1)
        sys.stdout.write(upkeep.export_text(conn, table))


@cli.command("import")
def import_table(
    file: Annotated[Path, typer.Argument(exists=True, dir_okay=False)],
    database_url: DatabaseUrl = None,
    max_mb: Annotated[int, typer.Option(help="Refuse a file larger than this many megabytes")] = MAX_IMPORT_MB,
) -> None:
    """Load a table written by ``warboard export``, once it holds together.

    The file is checked whole first (app/session/transfer.py: every row is of its one table,
    the seed matches its commitment, the log replays to its events); anything else is refused
    with the reason on standard error, and nothing is written."""
    from sqlalchemy.exc import SQLAlchemyError

    from app.session.transfer import BadExport, check_export, import_export, parse_export, read_export
    from app.storage.db import make_engine

    try:
        checked = check_export(parse_export(read_export(file, max_mb * 2**20)))
        engine = make_engine(_settings(database_url).database_url)
        with engine.begin() as conn:  # one transaction: every row, or none
            table_id = import_export(conn, checked)
    except BadExport as exc:
        typer.echo(f"Refused: {exc}", err=True)
        raise typer.Exit(1) from None
    except SQLAlchemyError as exc:  # no database there, or not migrated: nothing was written either
        reason = " ".join(str(getattr(exc, "orig", None) or exc).split())
        typer.echo(f"Nothing was imported: the database answered {reason}", err=True)
        raise typer.Exit(1) from None
    typer.echo(table_id)


@cli.command("tables")
def list_tables(
    database_url: DatabaseUrl = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object a table")] = False,
) -> None:
    """List every table: id, game, status, seats taken, idle since, and its log's size."""
    from app.session import upkeep
    from app.storage.db import make_engine

    found = upkeep.report(make_engine(_settings(database_url).database_url))
    if as_json:
        for row in found:
            typer.echo(json.dumps(row, default=str))
        return
    typer.echo(
        f"{'id':<24} {'game':<14} {'status':<9} {'seats':>5} {'idle':>8}  {'idle since (UTC)':<16} "
        f"{'events':>7} {'bytes':>10}"
    )
    for row in found:
        seats = f"{row['taken']}/{row['seats'] if row['seats'] is not None else '?'}"
        typer.echo(
            f"{row['id']:<24} {row['system']:<14} {row['status']:<9} {seats:>5} {upkeep.idle_words(row['idle_s']):>8}  "
            f"{row['idle_since']:%Y-%m-%d %H:%M} {row['events']:>7} {row['bytes']:>10}"
        )
    typer.echo(f"{len(found)} tables, {sum(r['events'] for r in found)} events, {sum(r['bytes'] for r in found)} bytes")


def _session(database_url: str | None) -> Any:
    """A Session on the configured database and bus (its updates reach the servers over Redis)."""
    from app.session import Session
    from app.storage.db import make_engine
    from app.transport.bus import from_url

    settings = _settings(database_url)
    return Session(make_engine(settings.database_url), from_url(settings.bus_url))


async def _done(session: Any) -> None:
    session.writer.close()
    await session.bus.close()


@cli.command("close")
def close_table(table: str, database_url: DatabaseUrl = None) -> None:
    """Close a table as its host would: the game ends and its dice seed becomes public."""
    import asyncio

    from app.core.errors import WarboardError
    from app.session import upkeep

    async def run() -> int:
        session = _session(database_url)
        try:
            return (await upkeep.close(session, table)).seq
        finally:
            await _done(session)

    try:
        seq = asyncio.run(run())
    except WarboardError as exc:
        typer.echo(f"Not closed: {exc.message} ({exc.code})", err=True)
        raise typer.Exit(1) from None
    typer.echo(f"Closed {table} at seq {seq}")


@cli.command()
def prune(
    older_than: Annotated[float, typer.Option("--older-than", help="Days a table has been idle", min=0)],
    finished: Annotated[
        bool, typer.Option("--finished", help="Only tables whose game ended (finished or closed)")
    ] = False,
    abandoned: Annotated[bool, typer.Option("--abandoned", help="Only tables whose game is still open")] = False,
    archive: Annotated[
        Path, typer.Option("--archive", help="Folder of the export files written before a table is removed")
    ] = Path("data/archive"),
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Only list what would be pruned")] = False,
    database_url: DatabaseUrl = None,
) -> None:
    """Archive, then remove, the tables idle for more than --older-than days.

    Both kinds unless one is named: --finished (the game ended or was closed) or --abandoned
    (still open; closed first, so its archive holds its dice seed). Each archive is
    ARCHIVE/<id>.json, as `warboard export` writes it; `warboard import` loads it back."""
    import asyncio

    from app.session import upkeep
    from app.storage.db import make_engine

    both = finished == abandoned
    engine = make_engine(_settings(database_url).database_url)
    done = upkeep.prunable(engine, older_than, archive, ended=both or finished, abandoned=both or abandoned)

    async def close_open() -> None:
        session = _session(database_url)
        try:
            for table in done:
                if table.status == "open":
                    await upkeep.close(session, table.id)
        finally:
            await _done(session)

    if not dry_run:
        asyncio.run(close_open())
        for table in done:
            upkeep.archive_and_remove(engine, table)
    for table in done:
        typer.echo(f"{'would prune' if dry_run else 'pruned'} {table.id} ({table.status}) -> {table.archive}")
    typer.echo(f"{len(done)} tables {'would be ' if dry_run else ''}pruned")


@cli.command()
def backup(
    file: Annotated[Path, typer.Argument(help="The copy to write (a new file)")],
    database_url: DatabaseUrl = None,
) -> None:
    """Copy the SQLite database while the server runs (SQLite's online backup API).

    PostgreSQL: use pg_dump (see the README)."""
    from app.storage.db import make_engine
    from app.storage.upkeep import backup_sqlite, sqlite_path

    path = sqlite_path(make_engine(_settings(database_url).database_url))
    if path is None:
        typer.echo("Not a SQLite file: back up PostgreSQL with pg_dump (see the README)", err=True)
        raise typer.Exit(2)
    try:
        count = backup_sqlite(path, file)
    except (FileExistsError, OSError, RuntimeError) as exc:
        typer.echo(f"No backup: {exc}", err=True)
        raise typer.Exit(1) from None
    typer.echo(f"Backed up {path} to {file}: {count} tables")


@cli.command()
def bot(
    url: Annotated[str, typer.Argument(help="Server URL, e.g. http://127.0.0.1:8000")],
    table: Annotated[str, typer.Argument(help="Table id")],
    token: Annotated[str | None, typer.Option(help="A seat token (else --seat joins a free seat)")] = None,
    seat: Annotated[str | None, typer.Option(help="Free seat to join as 'Computer'")] = None,
    seed: Annotated[str, typer.Option(help="The bot's seed (its choices are deterministic)")] = "bot",
    delay: Annotated[float, typer.Option(help="Seconds to think before each action")] = 0.8,
    record: Annotated[str | None, typer.Option(help="Append every input and decision as JSON lines")] = None,
) -> None:
    """Run one computer player as a separate process against a server (a client like any other)."""
    import asyncio

    import httpx

    from app.bots.client import BotClient

    if token is None:
        if seat is None:
            typer.echo("Give --token or --seat", err=True)
            raise typer.Exit(2)
        joined = httpx.post(f"{url.rstrip('/')}/api/tables/{table}/join", json={"seat": seat, "name": "Computer"})
        if joined.status_code != 200:
            typer.echo(joined.text, err=True)
            raise typer.Exit(1)
        token = joined.json()["token"]
    client = BotClient(url, table, token, seed=seed, delay=delay, record=record)
    asyncio.run(client.run())
    typer.echo(f"{client.seat}: {client.sent} actions, {client.refused} refused")


def main() -> None:
    cli()


if __name__ == "__main__":
    main()
