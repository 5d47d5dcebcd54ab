"""A token bucket: ``rate`` per second sustained, ``burst`` at once."""

from __future__ import annotations

import time
from typing import Any

from app.core.errors import RateLimited

FAILURE_COST = 5  # a failed token guess costs the address this many requests


class TokenBucket:
    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def take(self, cost: float = 1.0) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False


def _bucket(state: Any, key: str, rate: float, burst: float) -> TokenBucket:
    """``key``'s bucket in the app's ``state`` (made at ``rate`` and ``burst`` the first time)."""
    buckets: dict[str, TokenBucket] = state.buckets
    bucket = buckets.get(key)
    if bucket is None:
        if len(buckets) > 100_000:
            buckets.clear()
        bucket = buckets[key] = TokenBucket(rate, burst)
    return bucket


def take(state: Any, key: str, cost: float) -> None:
    """Take ``cost`` from ``key``'s bucket in the app's ``state`` (raises RateLimited when empty)."""
    settings = state.settings
    if not _bucket(state, key, settings.http_rate, settings.http_burst).take(cost):
        raise RateLimited("Too many requests; slow down")


def take_rules(state: Any, who: str, cost: float) -> None:
    """Take ``cost`` from the rules bucket of ``who`` (a client address, or a computer player the
    server runs): rule helpers and QR codes, ``rules_rate`` per second, ``rules_burst`` at once,
    apart from its other requests; raises RateLimited."""
    settings = state.settings
    if not _bucket(state, "rules:" + who, settings.rules_rate, settings.rules_burst).take(cost):
        raise RateLimited(
            f"Too many rule helper or QR code requests from this address; at most {settings.rules_rate:g} "
            "a second (a long path or text counts as several)"
        )


def charge_failure(state: Any, address: str) -> None:
    """A failed token guess counts against the address's rate limit (raises RateLimited)."""
    take(state, address, FAILURE_COST)
