"""The ``warboard`` command: serve, migrate, export, import."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path
from typing import Annotated

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
) -> None:
    """Apply migrations, then serve the lobby, the API and the websockets."""
    import os

    import uvicorn

    from app.storage.migrate import upgrade

    settings = _settings(database_url)
    os.environ["WARBOARD_DATABASE_URL"] = settings.database_url
    upgrade(settings.database_url)
    if lan:
        from app.web.lan import lan_addresses

        host = "0.0.0.0"
        addresses = lan_addresses()
        for address in addresses:
            typer.echo(f"Warboard on your LAN: http://{address}:{port}/")
        if addresses:
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

    from app.transport import deadline

    # Per-message deflate is off on purpose: compressing every broadcast costs far more CPU
    # than it saves on a LAN or a fast link (see the README's benchmark).
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        # A connection must send each request's headers within WARBOARD_HEADER_TIMEOUT seconds
        # (408 and closed): uvicorn alone lets a slow client hold its connections forever.
        http=deadline.protocol(float(os.environ.get("WARBOARD_HEADER_TIMEOUT", deadline.DEFAULT_TIMEOUT))),
        ws="websockets-sansio",
        ws_per_message_deflate=False,
        ws_max_size=settings.max_body,
        log_level="warning",
        access_log=False,
        lifespan="on",
        # The client address comes from X-Forwarded-For only when the peer is a trusted
        # proxy (WARBOARD_TRUSTED_PROXIES: addresses or networks, comma-separated).
        proxy_headers=True,
        forwarded_allow_ips=os.environ.get("WARBOARD_TRUSTED_PROXIES", "127.0.0.1,::1"),
    )


@cli.command()
def migrate(database_url: DatabaseUrl = None) -> None:
    """Create or upgrade the database schema."""
    from app.storage.migrate import upgrade

    settings = _settings(database_url)
    upgrade(settings.database_url)
    typer.echo(f"Database is up to date: {settings.database_url}")


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
        json.dump(repo.dump_table(conn, table), sys.stdout, indent=1)
    sys.stdout.write("\n")


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
