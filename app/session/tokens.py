"""Bearer tokens: who is behind a token at a table, with a short cache.

Tokens are stored only as hashes. A seat's token is read from the database every time: the
host may remove the player, or the player move to another device, on any process, and the
seat's old token must stop working everywhere at once (it could read the seat's hand). The
host's and spectators' tokens are never revoked, so their answers (an actor, or none) are
cached for ``TOKEN_TTL`` seconds. The commit path checks a seat's token again inside its
transaction, and every process checks its sockets' tokens on each seat event
(``app.session.seats``).
"""

from __future__ import annotations

import time
from typing import Any

import anyio
from sqlalchemy import Engine

from app.core.errors import Unauthorized
from app.core.tokens import hash_token, matches
from app.session.records import Actor
from app.storage import repository as repo

TOKEN_TTL = 2.0
#: entries at most: at this size the expired ones go (they were only ever dropped all at once at
#: 50,000, so a server kept every spectator's and host's token it had seen, some 24 MB)
MAX_CACHED = 5_000


class Tokens:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._cache: dict[str, tuple[float, Actor | None]] = {}  # token hash -> (until, actor)

    async def authenticate(self, table_id: str, token: str | None) -> Actor:
        """The actor behind a bearer token at this table. Raises Unauthorized."""
        if not token:
            raise Unauthorized("This needs a token: 'Authorization: Bearer <token>'")
        token_hash = hash_token(token)
        hit = self._cache.get(token_hash)
        if hit is not None and hit[0] > time.monotonic():
            actor = hit[1]
        else:

            def read() -> dict[str, Any] | None:
                with self.engine.connect() as conn:
                    return repo.get_token(conn, token_hash)

            row = await anyio.to_thread.run_sync(read)
            actor = None
            if row is not None and not row["revoked"] and matches(token, row["token_hash"]):
                actor = Actor(row["table_id"], row["role"], row["seat"], row["name"], row["token_hash"])
            if actor is not None and actor.role != "player":  # a seat's token: never cached
                if len(self._cache) >= MAX_CACHED:
                    self._prune()
                self._cache[token_hash] = (time.monotonic() + TOKEN_TTL, actor)
        if actor is None or actor.table_id != table_id:
            raise Unauthorized("The token is not valid for this table")
        return actor

    def _prune(self) -> None:
        """Drop the entries past their time (and every entry if that leaves the cache full:
        more tokens used within ``TOKEN_TTL`` than it holds)."""
        now = time.monotonic()
        self._cache = {k: hit for k, hit in self._cache.items() if hit[0] > now}
        if len(self._cache) >= MAX_CACHED:
            self._cache.clear()

    def forget(self, token_hash: str) -> None:
        """Drop a revoked or moved token from the cache."""
        self._cache.pop(token_hash, None)

    def clear(self) -> None:
        self._cache.clear()
