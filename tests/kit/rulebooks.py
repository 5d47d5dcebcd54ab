"""The rulebook texts, read where they are: beside the checkout (``../shared/rules``) or in the folder
``WARBOARD_RULEBOOKS`` names. They are not part of Warboard, so a clone of the project does not have
them; a test that reads one is marked ``rulebook`` and skips, saying why, when it is absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BESIDE = ROOT.parent / "shared" / "rules"


def folder() -> Path:
    """Where the rulebook texts are looked for."""
    named = os.environ.get("WARBOARD_RULEBOOKS")
    return Path(named) if named else BESIDE


def text(name: str) -> str:
    """The text of one rulebook file (``NOTES.md``, ``gkr-big-little-buddy.txt``...), or skip the
    calling test with the reason when it is not here."""
    path = folder() / name
    if not path.is_file():
        pytest.skip(
            f"rulebook text {name} not found in {folder()}: the rulebooks are not part of Warboard "
            "(set WARBOARD_RULEBOOKS to a folder holding them to run this check)"
        )
    return path.read_text()
