"""Access tokens: long random secrets, stored only as SHA-256 hashes, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    """A fresh token: 256 bits, URL-safe."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def matches(token: str, stored_hash: str) -> bool:
    return hmac.compare_digest(hash_token(token), stored_hash)


def new_id() -> str:
    """A table id: short, unguessable enough for a share link."""
    return secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")
