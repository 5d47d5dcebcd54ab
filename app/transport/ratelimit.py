"""The app's rate-limit buckets, keyed by token hash or client address (``Buckets``): HTTP
requests, rule helpers and QR codes, failed token guesses, and any bucket of another rate
(replays) by a key of its own."""

from __future__ import annotations

from app.core.bucket import TokenBucket
from app.core.errors import RateLimited
from app.process.config import Settings

FAILURE_COST = 5  # a failed token guess costs the address this many requests
MAX_KEYS = 100_000  # buckets kept at most: past it they are all dropped (all full again)


class Buckets:
    """The rate-limit buckets of one app, at the rates of its ``settings``."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._buckets: dict[str, TokenBucket] = {}

    def bucket(self, key: str, rate: float, burst: float) -> TokenBucket:
        """``key``'s bucket (made at ``rate`` and ``burst`` the first time)."""
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) > MAX_KEYS:
                self._buckets.clear()
            bucket = self._buckets[key] = TokenBucket(rate, burst)
        return bucket

    def take(self, key: str, cost: float) -> None:
        """Take ``cost`` from ``key``'s HTTP bucket (raises RateLimited when empty)."""
        settings = self.settings
        if not self.bucket(key, settings.http_rate, settings.http_burst).take(cost):
            raise RateLimited("Too many requests; slow down")

    def take_rules(self, who: str, cost: float) -> None:
        """Take ``cost`` from the rules bucket of ``who`` (a client address, or a computer player
        the server runs): rule helpers and QR codes, ``rules_rate`` per second, ``rules_burst`` at
        once, apart from its other requests; raises RateLimited."""
        settings = self.settings
        if not self.bucket("rules:" + who, settings.rules_rate, settings.rules_burst).take(cost):
            raise RateLimited(
                f"Too many rule helper or QR code requests from this address; at most {settings.rules_rate:g} "
                "a second (a long path or text counts as several)"
            )

    def charge_failure(self, address: str) -> None:
        """A failed token guess counts against the address's rate limit (raises RateLimited)."""
        self.take(address, FAILURE_COST)
