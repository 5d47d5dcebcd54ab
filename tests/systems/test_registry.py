"""The registry of rule systems (``app.systems``): every shipped system registers, and one that
cannot import stops the start-up instead of leaving the server without it."""

from __future__ import annotations

import pytest

import app.systems as registry_module


def test_every_shipped_system_is_registered() -> None:
    ids = set(registry_module.registry.systems)
    assert len(ids) == len(registry_module.SYSTEMS)
    assert {"sandbox", "small-soldiers", "hgb", "gkr", "srbr"} <= ids


def test_a_system_that_fails_to_import_stops_the_start_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry_module, "SYSTEMS", (("app.systems.no_such_system", "Nothing"),))
    with pytest.raises(ImportError, match=r"app\.systems\.no_such_system failed to import"):
        registry_module._load()


def test_a_system_module_without_its_class_stops_the_start_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry_module, "SYSTEMS", (("app.systems.sandbox", "NoSuchClass"),))
    with pytest.raises(ImportError, match="has no class NoSuchClass"):
        registry_module._load()
