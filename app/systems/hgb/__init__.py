"""Heavy Gear Blitz! (Quick Start) on an inch-measured tabletop."""

from app.systems.hgb.system import HeavyGearBlitz

__all__ = ["HeavyGearBlitz"]
