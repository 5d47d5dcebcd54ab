"""GKR: Heavy Hitters with Big Little Buddy (see README.md)."""

from app.systems.gkr.system import GKR

__all__ = ["GKR"]
