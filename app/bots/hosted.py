"""Computer players run inside the server as background tasks (the default): ``Computers``, the
server's registry of them, and seating, removing, carrying over and restoring them. The host's
routes that call these are ``app.web.computers``.

``POST /api/tables/{id}/bots {"seat": "..."}`` (host token) takes the free seat under the name
``Computer`` and starts a :class:`~app.bots.client.BotClient` for it against this same server
over its public API (websocket and HTTP, with the seat's own token): the bot gets exactly what a
human in that seat gets. ``DELETE /api/tables/{id}/bots/{seat}`` stops it and frees the seat
(the host's kick, then reopen).

A computer seat survives a restart: beside the seat's token the server keeps a marker row
(``tokens`` with role ``computer``, its hash derived from the seat's current token hash, so
it names that one token: a kick, a rejoin or a new player in the seat leaves it pointing at
nothing). At start-up (:func:`restore`) every seat still held by its marked token gets a
fresh token (the old one is revoked, as a rejoin link does) and a bot running again; the bot
resumes from the welcome of its seat's stream. The marker row also keeps the computer's level
(its ``name``: ``Computer`` for the easy level, ``Computer (strong)`` for the strong one), so a
strong player resumes strong.

The strong level (``app.bots.search``) thinks in a process of its own at a low priority
(``app.session.rules_process``, kind ``thinking``), never on the event loop, for at most
``WARBOARD_BOT_SECONDS`` (1.5) CPU seconds a decision, on the games its seat may know
(``GET /api/tables/{id}/knowledge`` with its own token). ``warboard serve`` tells the app its own
address (``WARBOARD_SELF_URL``) so the bots can reach it.

Each one costs the server a websocket, legal lists and CPU for as long as its game lasts, so a
server runs at most ``MAX_BOTS`` of them, and the computer players started from one client
address that are still playing are at most ``PER_ADDRESS``: beyond either, 409
``too_many_bots`` and nothing is changed. After a restart no more than ``MAX_BOTS`` resume (the
tables played last first); the others' seats stay marked and wait for a later start.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
from typing import Any

from sqlalchemy import Connection, and_, select, update

from app.bots import search
from app.bots.client import BotClient, Thinker
from app.core.errors import Conflict, NotFound
from app.core.tokens import hash_token
from app.process.tasks import cancel_all
from app.session import Actor, Session, rules_process
from app.session.seats import move_seat
from app.storage import repository as repo
from app.storage.models import seats, tables, tokens

log = logging.getLogger("warboard.bots")

BOT_NAME = "Computer"
#: seconds a bot seat "thinks" before acting, so humans can follow (WARBOARD_BOT_DELAY)
DELAY = float(os.environ.get("WARBOARD_BOT_DELAY", "0.8"))
#: computer players this server runs at most (WARBOARD_BOTS_MAX)
MAX_BOTS = int(os.environ.get("WARBOARD_BOTS_MAX", "32"))
#: computer players started from one client address and still playing (WARBOARD_BOTS_PER_ADDRESS)
PER_ADDRESS = int(os.environ.get("WARBOARD_BOTS_PER_ADDRESS", "8"))
#: the marker row's role in ``tokens`` (never a credential: nobody holds its token)
ROLE = "computer"
#: CPU seconds a strong computer player thinks about one decision at most (WARBOARD_BOT_SECONDS)
SECONDS = float(os.environ.get("WARBOARD_BOT_SECONDS", "1.5"))
#: computer seats keep every frame and answer they read (WARBOARD_BOT_KEEP_INPUTS=1; the leak
#: tests read them): off by default, so a long game's computer holds only its current view
KEEP_INPUTS = os.environ.get("WARBOARD_BOT_KEEP_INPUTS") == "1"
#: the levels a host may pick (``search.LEVELS``): today's player, and the one that searches
LEVELS = search.LEVELS


def marker_name(level: str) -> str:
    """The marker row's ``name`` for a computer of ``level``."""
    return BOT_NAME if level == "easy" else f"{BOT_NAME} ({level})"


def level_of(name: str) -> str:
    """The level a marker row's ``name`` keeps (rows from before the levels: easy)."""
    return next((lv for lv in LEVELS if marker_name(lv) == name), "easy")


async def think(
    knowledge: bytes, actions: list[dict[str, Any]], seed: str, seq: int
) -> tuple[int, dict[str, Any] | None]:
    """A strong decision, worked out in the thinking process (off the event loop, at a low
    priority), the seat's knowledge read there too."""
    budget = search.Budget(seconds=SECONDS)
    return await rules_process.run("thinking", search.think_about, knowledge, actions, seed, seq, budget)


def thinker(level: str) -> Thinker | None:
    return think if level == "strong" else None


Key = tuple[str, str]  # (table, seat)


class Computers:
    """The computer players this server runs, by (table, seat): their tasks, their clients
    (whose recorded inputs the leak tests read), the client address that started each (None:
    resumed at start-up; the caps count these) and their seat tokens' hashes (their rule helper
    calls, the HGB odds, each take from a bucket of their own: ``app.web.deps.rules_key``)."""

    def __init__(self) -> None:
        self.tasks: dict[Key, asyncio.Task[None]] = {}
        self.bots: dict[Key, BotClient] = {}
        self.owners: dict[Key, str | None] = {}
        self.tokens: dict[Key, str] = {}
        self.levels: dict[Key, str] = {}

    def check_room(self, address: str, wanted: int) -> None:
        """Raise Conflict (409 ``too_many_bots``) unless ``address`` may start ``wanted`` more."""
        if len(self.owners) + wanted > MAX_BOTS:
            raise Conflict(
                f"This server runs at most {MAX_BOTS} computer players and has {len(self.owners)}; "
                "remove one from a table or wait for a game to end",
                code="too_many_bots",
            )
        mine = sum(1 for owner in self.owners.values() if owner == address)
        if mine + wanted > PER_ADDRESS:
            raise Conflict(
                f"At most {PER_ADDRESS} computer players started from your address may play at once, and "
                f"{mine} are playing; remove one first",
                code="too_many_bots",
            )

    def plays_as(self, token_hash: str) -> bool:
        """Is ``token_hash`` the seat token of a computer player this server runs?"""
        return token_hash in self.tokens.values()

    def launch(self, base: str, table_id: str, seat: str, token: str, owner: str | None, level: str = "easy") -> None:
        bot = BotClient(
            base.rstrip("/"),
            table_id,
            token,
            seed=f"{table_id}:{seat}",
            delay=DELAY,
            thinker=thinker(level),
            keep=KEEP_INPUTS,
        )
        task = asyncio.create_task(_run(bot), name=f"bot {table_id} {seat}")
        key = (table_id, seat)
        self.tasks[key] = task
        self.bots[key] = bot
        self.owners[key] = owner
        self.tokens[key] = hash_token(token)
        self.levels[key] = level

        def finished(done: asyncio.Task[None]) -> None:  # its game ended or its seat went: room for another
            if self.tasks.get(key) is done:
                self.tasks.pop(key, None)
                self.owners.pop(key, None)
                self.tokens.pop(key, None)
                self.levels.pop(key, None)

        task.add_done_callback(finished)

    def forget(self, key: Key) -> asyncio.Task[None] | None:
        """Take a computer player off the registry; its task, if it runs."""
        self.bots.pop(key, None)
        self.owners.pop(key, None)
        self.tokens.pop(key, None)
        self.levels.pop(key, None)
        return self.tasks.pop(key, None)

    async def stop_all(self) -> None:
        await cancel_all(list(self.tasks.values()), 2.0, "computer players")


def _marker(seat_token_hash: str) -> str:
    return hash_token(f"computer:{seat_token_hash}")


def _mark(conn: Connection, table_id: str, seat: str, seat_token_hash: str, level: str = "easy") -> None:
    repo.insert_token(conn, _marker(seat_token_hash), table_id, ROLE, seat, marker_name(level))


def _unmark(conn: Connection, table_id: str, seat: str) -> None:
    conn.execute(
        update(tokens)
        .where(and_(tokens.c.table_id == table_id, tokens.c.seat == seat, tokens.c.role == ROLE))
        .values(revoked=True)
    )


async def start_bot(
    computers: Computers, session: Session, base: str, address: str, table_id: str, seat: str, level: str = "easy"
) -> None:
    """Seat a computer player of ``level`` in the free ``seat`` and run it as a background task,
    against the server at ``base``, on behalf of the client at ``address``. Raises Conflict
    (``too_many_bots``) over the caps, before anything changes."""
    owners, key = computers.owners, (table_id, seat)
    if key in owners:
        raise Conflict(f"Seat {seat!r} is taken by {BOT_NAME}", code="seat_taken")
    computers.check_room(address, 1)
    owners[key] = address  # its place is held while it joins
    try:
        joined = await session.join(table_id, seat, BOT_NAME)
        await session.writer.run(lambda conn: _mark(conn, table_id, seat, hash_token(joined["token"]), level))
    except BaseException:
        owners.pop(key, None)
        raise
    computers.launch(base, table_id, seat, joined["token"], owners[key], level)


async def carry_over(
    computers: Computers, session: Session, base: str, address: str, old_id: str, new_id: str
) -> list[str]:
    """A rematch keeps the computer seats of the old table for computers: each claims its kept
    seat at the new table and plays there, as far as the caps allow (a seat over them stays kept
    for a computer: the host may remove it, then seat a player). Returns the seats that play."""

    def computer_seats(conn: Connection) -> list[tuple[str, str]]:
        out = []
        for seat, row in repo.get_seats(conn, old_id).items():
            marker = repo.get_token(conn, _marker(row["token_hash"])) if row["token_hash"] else None
            if row["state"] == "taken" and marker is not None and not marker["revoked"] and marker["seat"] == seat:
                out.append((seat, level_of(marker["name"])))
        return out

    playing: list[str] = []
    for seat, level in await session.writer.run(computer_seats):
        try:
            computers.check_room(address, 1)
        except Conflict:
            log.warning("rematch %s: no room for the computer player of %s (the caps)", new_id, seat)
            break
        key = (new_id, seat)
        computers.owners[key] = address  # its place is held while it claims the seat
        try:
            claimed = await session.seats.claim(new_id, seat)
            mark = functools.partial(
                _mark, table_id=new_id, seat=seat, seat_token_hash=hash_token(claimed["token"]), level=level
            )
            await session.writer.run(mark)
        except BaseException:
            computers.owners.pop(key, None)
            raise
        computers.launch(base, new_id, seat, claimed["token"], address, level)
        playing.append(seat)
    return playing


async def remove_bot(computers: Computers, session: Session, host: Actor, seat: str) -> None:
    """Stop the computer player in ``seat`` of the host's table and free the seat (the host's
    kick, then reopen). Raises NotFound (``no_bot``) when no computer sits there."""
    table_id = host.table_id
    summary = await session.summary(table_id)
    entry: dict[str, Any] = next((s for s in summary["seats"] if s["seat"] == seat), {})
    task = computers.forget((table_id, seat))
    if task is None and entry.get("name") != BOT_NAME:
        raise NotFound(f"No computer player sits in {seat!r}", code="no_bot")
    if task is not None:
        task.cancel()
    await session.writer.run(lambda conn: _unmark(conn, table_id, seat))
    await session.host_action(host, "kick", seat)
    await session.host_action(host, "reopen", seat)


async def _run(bot: BotClient) -> None:
    for _ in range(30):  # reconnect after a dropped connection (or a server still starting), a few times
        try:
            await bot.run()
            return
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("computer player at %s %s: %r; connecting again", bot.table_id, bot.seat, exc)
            await asyncio.sleep(1.0)
        if bot.over():
            return


def _reseat(conn: Connection, limit: int) -> tuple[list[tuple[str, str, str, str]], int]:
    """The computer seats of tables still in play, those played last first: the first ``limit``
    get a fresh token, (table, seat, token, level) each; and how many more were left as they are."""
    rows = conn.execute(
        select(seats.c.table_id, seats.c.seat, seats.c.token_hash)
        .join(tables, tables.c.id == seats.c.table_id)
        .where(
            and_(
                seats.c.state == "taken",
                seats.c.name == BOT_NAME,
                seats.c.token_hash.is_not(None),
                tables.c.status.not_in(("closed", "finished")),
            )
        )
        .order_by(tables.c.updated_at.desc(), seats.c.table_id, seats.c.seat)
    ).all()
    out: list[tuple[str, str, str, str]] = []
    left = 0
    for table_id, seat, token_hash in rows:
        marker = repo.get_token(conn, _marker(token_hash))
        if marker is None or marker["revoked"] or marker["table_id"] != table_id or marker["seat"] != seat:
            continue  # a human who took the name, or a seat whose token changed since
        if len(out) >= limit:
            left += 1  # over the cap: its seat stays marked for a later start
            continue
        issued, _old = move_seat(conn, table_id, seat)
        repo.revoke_token(conn, marker["token_hash"])
        level = level_of(marker["name"])
        _mark(conn, table_id, seat, hash_token(issued["token"]), level)
        out.append((table_id, seat, issued["token"], level))
    return out, left


async def restore(computers: Computers, session: Session, base: str) -> int:
    """After a restart: run the bot of every computer seat again, at most ``MAX_BOTS`` in all
    (see the module's note)."""
    room = max(0, MAX_BOTS - len(computers.owners))
    reseated, left = await session.writer.run(lambda conn: _reseat(conn, room))
    for table_id, seat, token, level in reseated:
        log.info("computer player (%s) resumes at %s %s", level, table_id, seat)
        computers.launch(base, table_id, seat, token, None, level)
    if left:
        log.warning("%d computer players not resumed: this server runs at most %d (WARBOARD_BOTS_MAX)", left, MAX_BOTS)
    return len(reseated)
