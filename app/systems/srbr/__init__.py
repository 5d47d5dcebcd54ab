"""Samurai Robots Battle Royale: measuring sticks, body-part activation and reactions."""

from app.systems.srbr.system import SamuraiRobots

__all__ = ["SamuraiRobots"]
