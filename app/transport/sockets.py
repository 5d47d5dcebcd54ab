"""Bounded sockets: how long a send may take, and how many websockets one token or one
address may hold open (``WARBOARD_SEND_TIMEOUT``, ``WARBOARD_WS_PER_TOKEN``,
``WARBOARD_WS_PER_ADDRESS``).

A send (or the close handshake) that does not complete within the deadline drops the
connection with 1013: a client that stops reading holds no queue and no presence. A socket
over a cap is refused with an ``error`` (``too_many_sockets``) and close code 4429.
"""

from __future__ import annotations

import os
from collections import Counter

from app.core.errors import RateLimited


def _number(name: str, default: float) -> float:
    return float(os.environ.get(name, default))


#: seconds a send to one websocket may take before the connection is dropped (1013)
SEND_TIMEOUT = _number("WARBOARD_SEND_TIMEOUT", 10.0)
#: seconds the close handshake may take before the connection is given up
CLOSE_TIMEOUT = _number("WARBOARD_CLOSE_TIMEOUT", 2.0)
#: open websockets per token, and per client address, in this process
PER_TOKEN = int(_number("WARBOARD_WS_PER_TOKEN", 30))
PER_ADDRESS = int(_number("WARBOARD_WS_PER_ADDRESS", 1000))
CLOSE_CODE = 4429


class SocketCounts:
    """Open websockets per token hash and per address; ``open`` refuses one over a cap."""

    def __init__(self, per_token: int = PER_TOKEN, per_address: int = PER_ADDRESS) -> None:
        self.per_token = per_token
        self.per_address = per_address
        self.tokens: Counter[str] = Counter()
        self.addresses: Counter[str] = Counter()

    def open(self, token_hash: str, address: str) -> None:
        if self.tokens[token_hash] >= self.per_token:
            raise RateLimited(
                f"This token already has {self.per_token} open websockets; close one first", code="too_many_sockets"
            )
        if self.addresses[address] >= self.per_address:
            raise RateLimited(f"This address already has {self.per_address} open websockets", code="too_many_sockets")
        self.tokens[token_hash] += 1
        self.addresses[address] += 1

    def close(self, token_hash: str, address: str) -> None:
        for counter, key in ((self.tokens, token_hash), (self.addresses, address)):
            counter[key] -= 1
            if counter[key] <= 0:
                del counter[key]
