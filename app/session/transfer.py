"""A table moved between servers: the file ``warboard export`` writes (``warboard-table/1``),
checked whole before ``warboard import`` writes any of it.

The file is one table's whole story, and an import writes it only if it holds together
(``check_export``, a plain function of the file; ``import_export`` adds what only the database
can answer, in the caller's transaction, then writes every row):

* it is what an export is: UTF-8 JSON (no NaN), at most ``--max-mb``; exactly the keys
  ``format``, ``table``, ``tokens``, ``seats``, ``actions`` and ``events`` (chat lines,
  settings, rejoin links and snapshots are not exported, so a file that holds them is refused,
  not partly read), and every row exactly its table's columns, of their types and lengths,
  without control characters;
* every row belongs to the one table the file describes, whose id is a table id;
* the game has ended (finished or closed), so the file carries the dice seed, and the seed's
  SHA-256 is the table's commitment;
* replaying the log through the table's rule system with that seed (``app.session.audit``)
  gives exactly the recorded events, rolls and seqs, the table's seq, status and outcome, and
  the seats as the log leaves them; the tokens are those the server would hold: one host token,
  each seat's live token its seat's own;
* the table id, and every token, is new to this server.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Boolean, Column, Connection, DateTime, Integer, String, Table, select
from sqlalchemy.exc import IntegrityError

from app.core.errors import NotFound
from app.core.text import find_control, has_control
from app.session.audit import BadExport, Replayed, as_json, replay_log, shown
from app.session.game import system_of
from app.storage import repository as repo
from app.storage.models import actions, events, seats, tables, tokens
from app.systems.base import RuleSystem

__all__ = ["BadExport", "Checked", "check_export", "import_export", "log_of_share", "parse_export", "read_export"]

FORMAT = "warboard-table/1"
#: the parts of the file and the schema table of their rows (``table`` is one row, the others lists)
PARTS: dict[str, Table] = {"table": tables, "tokens": tokens, "seats": seats, "actions": actions, "events": events}
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
TOKEN_HASH = re.compile(r"[0-9a-f]{64}")
CLOCK_SKEW = timedelta(days=1)  # how far ahead of this machine's clock the other server's may have been
#: the log's element in a shared game's file (app/web/share.py writes it; its JSON escapes every "<")
SHARED_LOG = re.compile(r'<script type="application/json" id="warboard-log">([^<]*)</script>')
ROLES = ("host", "player", "spectator", "computer")  # computer: a computer seat's marker (app.bots.hosted)


@dataclass(frozen=True)
class Checked:
    """A file that passed ``check_export``: its table's id and the file itself."""

    table_id: str
    dump: dict[str, Any]


def read_export(path: Path, max_bytes: int) -> bytes:
    """The file's bytes. Raises BadExport when it is larger than ``max_bytes``."""
    try:
        with path.open("rb") as f:
            data = f.read(max_bytes + 1)
    except OSError as exc:
        raise BadExport(f"{path} cannot be read: {exc.strerror or exc}") from None
    if len(data) > max_bytes:
        raise BadExport(f"{path} is larger than {max_bytes / 2**20:g} MB (--max-mb)")
    return data


def parse_export(data: bytes) -> Any:
    """The file's JSON (a shared game's HTML file: the log inside it, ``log_of_share``). Raises
    BadExport for what is not UTF-8 JSON, or holds NaN or infinities."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadExport("The file is not UTF-8 text") from None
    if text.lstrip().startswith("<"):
        text = log_of_share(text)

    def refuse(constant: str) -> Any:
        raise BadExport(f"The file holds {constant}, which is not a JSON number")

    try:
        return json.loads(text, parse_constant=refuse)
    except RecursionError:
        raise BadExport("The file is not JSON Warboard reads: nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, and integers of thousands of digits
        if isinstance(exc, BadExport):
            raise
        raise BadExport(f"The file is not JSON: {exc}") from None


def log_of_share(html: str) -> str:
    """The log inside a shared game's HTML file (``GET /api/tables/{id}/share.html``): the text
    of its ``<script type="application/json" id="warboard-log">``. Raises BadExport without one."""
    found = SHARED_LOG.search(html)
    if found is None:
        raise BadExport("The file is HTML but not a shared Warboard game: it holds no warboard-log script")
    return found.group(1)


def check_export(dump: Any) -> Checked:
    """Check a parsed export whole (the module's list), without a database. Raises BadExport."""
    if not isinstance(dump, dict) or dump.get("format") != FORMAT:
        raise BadExport(f"Not a Warboard table export: the file is not an object of format {FORMAT}")
    extra = sorted(set(dump) - {"format", *PARTS})
    if extra:
        raise BadExport(
            f"The file holds the unknown key {shown(extra[0])}: an export holds only format, {', '.join(PARTS)}"
        )
    for part in PARTS:
        if not isinstance(dump.get(part), dict if part == "table" else list):
            raise BadExport(f"The file's {part!r} is missing or not a{'n object' if part == 'table' else ' list'}")
    table = dump["table"]
    if table.get("seed") is None:
        raise BadExport(
            "This export is of a game in progress, so it has no dice seed (the seed stays secret until "
            "the game ends); export the table again once it has ended or been closed"
        )
    control = find_control(dump)
    if control is not None:
        raise BadExport(f"{control}: control characters (such as NUL) are not allowed in an export")
    _check_rows(dump)
    table_id = str(table["id"])
    if not TABLE_ID.fullmatch(table_id):
        raise BadExport(f"The table id {shown(table_id)} is not one (letters, digits, - and _, at most 32)")
    for part in PARTS:
        for i, row in enumerate(_rows(dump, part)):
            owner = row["id"] if part == "table" else row["table_id"]
            if owner != table_id:
                raise BadExport(f"{part}[{i}] belongs to table {shown(owner)}, not to the file's table {table_id!r}")
    system = _check_table(table)
    replayed = replay_log(system, table, dump["actions"], dump["events"])
    _check_end(table, replayed)
    _check_seats(dump, replayed, system.seats(table["options"]))
    return Checked(table_id, dump)


def import_export(conn: Connection, dump: Any) -> str:
    """Check ``dump`` (unless it is ``Checked`` already) and what only the database knows (the
    table id and every token are new here), then write every row in the caller's transaction.
    The table's id. Raises BadExport before writing anything, or, when a row collides with one
    written meanwhile, after some rows: the caller's transaction then rolls them back."""
    checked = dump if isinstance(dump, Checked) else check_export(dump)
    table_id = checked.table_id
    if repo.get_table(conn, table_id) is not None:
        raise BadExport(f"Table {table_id!r} already exists here; nothing was imported over it")
    hashes = [t["token_hash"] for t in checked.dump["tokens"]]
    for start in range(0, len(hashes), 500):
        query = select(tokens.c.token_hash, tokens.c.table_id).where(
            tokens.c.token_hash.in_(hashes[start : start + 500])
        )
        for known in conn.execute(query):
            raise BadExport(
                f"tokens[{hashes.index(known.token_hash)}] is a token this server already has, at table "
                f"{known.table_id!r}: a token belongs to one table"
            )
    try:
        return repo.load_table(conn, checked.dump)
    except IntegrityError:  # another import or table took the id, or a token, meanwhile
        raise BadExport(f"Table {table_id!r} or one of its tokens was written here meanwhile") from None


# --- the rows' shapes -----------------------------------------------------------------------


def _rows(dump: dict[str, Any], part: str) -> list[Any]:
    return [dump["table"]] if part == "table" else list(dump[part])


def _check_rows(dump: dict[str, Any]) -> None:
    """Every row has exactly its table's columns, each of its type and length."""
    for part, schema in PARTS.items():
        names = [c.name for c in schema.columns]
        for i, row in enumerate(_rows(dump, part)):
            where = part if part == "table" else f"{part}[{i}]"
            if not isinstance(row, dict):
                raise BadExport(f"{where} is not an object")
            extra = sorted(set(row) - set(names))
            if extra:
                raise BadExport(f"{where} holds the unknown key {shown(extra[0])}")
            missing = [n for n in names if n not in row]
            if missing:
                raise BadExport(f"{where} has no {missing[0]!r}")
            for column in schema.columns:
                _check_value(f"{where}.{column.name}", row[column.name], column)


def _check_value(where: str, value: Any, column: Column[Any]) -> None:
    kind = column.type
    if value is None:
        if not column.nullable or column.primary_key:
            raise BadExport(f"{where} is missing (null)")
        return
    if isinstance(kind, DateTime):
        try:
            when = datetime.fromisoformat(value)
        except (TypeError, ValueError):
            raise BadExport(f"{where} is {shown(value)}, not a date and time") from None
        # a date to come would keep the table first in the lobby (ordered by updated_at) for ever
        if (when if when.tzinfo else when.replace(tzinfo=UTC)) > datetime.now(UTC) + CLOCK_SKEW:
            raise BadExport(f"{where} is {shown(value)}, a date still to come")
    elif isinstance(kind, Boolean):
        if not isinstance(value, bool):
            raise BadExport(f"{where} is {shown(value)}, not true or false")
    elif isinstance(kind, Integer):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**63:
            raise BadExport(f"{where} is {shown(value)}, not a whole number from 0")
    elif isinstance(kind, String):
        if not isinstance(value, str):
            raise BadExport(f"{where} is {shown(value)}, not text")
        if kind.length is not None and len(value) > kind.length:
            raise BadExport(f"{where} is longer than {kind.length} characters")
        if has_control(value):
            raise BadExport(f"{where}: control characters are not allowed here")


# --- what the rows say ----------------------------------------------------------------------


def _check_table(table: dict[str, Any]) -> RuleSystem:
    """The table row's own facts; its rule system."""
    if table["status"] == "open":
        raise BadExport(
            "This export is of a game in progress (status 'open'): whoever made the file knows its dice seed, "
            "so every roll to come; export the table again once it has ended or been closed"
        )
    if hashlib.sha256(table["seed"].encode()).hexdigest() != table["commitment"]:
        raise BadExport("The dice seed does not match its commitment (the SHA-256 published when the table opened)")
    try:
        system = system_of(table["system"])
    except NotFound:
        raise BadExport(f"There is no game system {shown(table['system'])} here") from None
    if system.id != table["system"]:
        raise BadExport(f"The table's system {shown(table['system'])} is written {system.id!r} by the server")
    try:
        valid = system.validate_options(table["options"] if isinstance(table["options"], dict) else None)
    except Exception as exc:
        raise BadExport(f"The table's options are not {system.id!r} options: {exc}") from None
    if as_json(valid) != table["options"]:
        raise BadExport(f"The table's options are not {system.id!r} options as the server writes them")
    if table["visibility"] not in ("public", "private"):
        raise BadExport(f"The table's visibility {shown(table['visibility'])} is neither public nor private")
    if not table["name"]:
        raise BadExport("The table has no name")
    return system


def _check_end(table: dict[str, Any], replayed: Replayed) -> None:
    env = replayed.env
    if table["seq"] != env.seq:
        raise BadExport(f"The table's seq is {table['seq']}, but its log ends at seq {env.seq}")
    if table["status"] != env.status:
        raise BadExport(f"The table's status is {shown(table['status'])}, but its log leaves it {env.status!r}")
    if table["outcome"] != as_json(env.outcome):
        raise BadExport(f"The table's outcome {shown(table['outcome'])} is not the one its log reaches")


def _check_seats(dump: dict[str, Any], replayed: Replayed, seat_ids: list[str]) -> None:
    """The seat rows are the seats as the log leaves them, each taken seat held by its live
    player token; the tokens are one host token and the seats' (live or revoked), spectators'
    and computer seats' markers."""
    rows = {s["seat"]: s for s in dump["seats"]}
    if len(rows) != len(dump["seats"]):
        raise BadExport("seats: a seat has two rows")
    by_hash = {t["token_hash"]: t for t in dump["tokens"]}
    if len(by_hash) != len(dump["tokens"]):
        raise BadExport("tokens: a token is there twice")
    for seat in sorted(set(rows) | set(replayed.seats)):
        row = rows.get(seat)
        state, name = replayed.seats.get(seat, ("open", ""))
        if row is None or (row["state"], row["name"]) != (state, name):
            found = "no row" if row is None else f"{row['state']} by {shown(row['name'])}"
            raise BadExport(f"seats: seat {shown(seat)} is {found} in the file; its log leaves it {state} by {name!r}")
        token = by_hash.get(row["token_hash"]) if row["token_hash"] is not None else None
        holds = token is not None and (token["role"], token["seat"], token["revoked"], token["name"]) == (
            "player",
            seat,
            False,
            name,
        )
        kept = state == "taken" and row["token_hash"] is None  # a rematch's seat its player has not claimed
        if (holds or kept) != (state == "taken") or (state == "closed" and row["token_hash"] is not None):
            raise BadExport(f"seats: seat {seat!r} is not held by its player's live token")
    hosts = 0
    for i, token in enumerate(dump["tokens"]):
        if not TOKEN_HASH.fullmatch(token["token_hash"]) or token["role"] not in ROLES:
            raise BadExport(f"tokens[{i}] is not a token: a SHA-256 (hex) and a role ({', '.join(ROLES)})")
        seated = token["role"] in ("player", "computer")
        if seated != (token["seat"] is not None) or (seated and token["seat"] not in seat_ids):
            raise BadExport(f"tokens[{i}] is a {token['role']} token for {shown(token['seat'])}")
        hosts += token["role"] == "host"
        live_elsewhere = token["role"] == "player" and not token["revoked"]
        if live_elsewhere and rows.get(token["seat"], {}).get("token_hash") != token["token_hash"]:
            raise BadExport(
                f"tokens[{i}] is a live token for seat {token['seat']!r} that is not the seat's own "
                "(the server revokes a seat's token when it gives the seat another)"
            )
    if hosts != 1:
        raise BadExport(f"tokens: the table has {hosts} host tokens, where it has one")
