"""The registry of rule systems. The rest of the app finds a system only through here."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field

from app.systems.base import RuleSystem


@dataclass
class Registry:
    systems: dict[str, RuleSystem] = field(default_factory=dict)
    _by_alias: dict[str, str] = field(default_factory=dict)

    def register(self, system: RuleSystem) -> None:
        self.systems[system.id] = system
        for alias in system.aliases:
            self._by_alias[alias] = system.id

    def get(self, name: str) -> RuleSystem | None:
        return self.systems.get(self._by_alias.get(name, name))


#: module path and class name of every rule system shipped with Warboard
SYSTEMS = (
    ("app.systems.sandbox", "Sandbox"),
    ("app.systems.small_soldiers", "SmallSoldiers"),
    ("app.systems.hgb", "HeavyGearBlitz"),
    ("app.systems.gkr", "GKR"),
    ("app.systems.srbr", "SamuraiRobots"),
)


def _load() -> Registry:
    """Every shipped system, registered; a system that cannot import stops the start-up (a
    server must never run with a game silently missing)."""
    registry = Registry()
    for module_name, class_name in SYSTEMS:
        try:
            module = importlib.import_module(module_name)
        except Exception as exc:
            raise ImportError(f"rule system {module_name} failed to import: {exc!r}") from exc
        system_class = getattr(module, class_name, None)
        if system_class is None:
            raise ImportError(f"rule system {module_name} has no class {class_name}")
        registry.register(system_class())
    return registry


registry = _load()


def get(name: str) -> RuleSystem | None:
    return registry.get(name)
