"""The games' data files: one loader for every game's ``data/`` folder.

A game's defaults (rules, weapons, maps, forces...) are JSON files beside its code. Each file is
read once; a file with a pydantic model (``Strict``: an unknown field is refused) is checked by it
when it is first read and handed out as the model reads it. Every load is a fresh copy, which the
caller may change: a table keeps in its state the values it was created with.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any, cast

from pydantic import BaseModel


class DataFiles:
    """The data folder of one game: ``DataFiles(Path(__file__).parent / "data")``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def load(self, name: str, model: type[BaseModel] | None = None) -> dict[str, Any]:
        """A fresh copy of ``<folder>/<name>.json`` (``name`` may name a subfolder, ``maps/x``),
        checked by ``model`` when given (its dump, by alias, as JSON). Raises ``ValidationError``."""
        return cast("dict[str, Any]", json.loads(_text(self.folder / f"{name}.json", model)))

    def names(self, under: str) -> list[str]:
        """The files in the subfolder ``under``, without ``.json``, sorted."""
        return sorted(p.stem for p in (self.folder / under).glob("*.json"))


@cache
def _text(path: Path, model: type[BaseModel] | None) -> str:
    raw = json.loads(path.read_text(encoding="utf-8"))
    if model is not None:
        raw = model.model_validate(raw).model_dump(mode="json")
    return json.dumps(raw)


def merge(base: dict[str, Any], over: dict[str, Any] | None) -> dict[str, Any]:
    """A copy of ``base`` with ``over`` deep-merged into it: dicts merge, everything else
    (lists, numbers, strings) replaces. Neither argument is changed."""
    out = copy.deepcopy(base)
    for key, value in (over or {}).items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out
