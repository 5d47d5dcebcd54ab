"""The registry of rule systems. The rest of the app finds a system only through here."""

from __future__ import annotations

import importlib
import logging

from app.systems.base import Registry, RuleSystem

log = logging.getLogger(__name__)

#: module path and class name of every rule system shipped with Warboard
SYSTEMS = (
    ("app.systems.sandbox", "Sandbox"),
    ("app.systems.small_soldiers", "SmallSoldiers"),
    ("app.systems.hgb", "HeavyGearBlitz"),
    ("app.systems.gkr", "GKR"),
    ("app.systems.srbr", "SamuraiRobots"),
)


def _load() -> Registry:
    registry = Registry()
    for module_name, class_name in SYSTEMS:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                log.exception("system %s failed to import; not registered", module_name)
            continue
        except Exception:
            log.exception("system %s failed to import; not registered", module_name)
            continue
        system_class = getattr(module, class_name, None)
        if system_class is None:
            log.warning("%s has no %s; system not registered", module_name, class_name)
            continue
        registry.register(system_class())
    return registry


registry = _load()


def get(name: str) -> RuleSystem | None:
    return registry.get(name)
