"""The package README names every heading of the rulebook's contents, none silently dropped."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.systems import srbr
from tests.kit import rulebooks

README = Path(srbr.__file__).parent / "README.md"


def _flat(text: str) -> str:
    return " ".join(text.lower().replace("- ", " - ").split())


def contents_headings() -> list[str]:
    """The headings of the text's Table of Contents ("Table Size----3", two to a line at times)."""
    lines = rulebooks.text("samurai-robots-battle-royale.txt").splitlines()
    start = lines.index("Table of Contents") + 1
    end = next(i for i, line in enumerate(lines) if line.startswith("Samurai Robots Battle Royale") and i > start)
    parts = (p.strip(" -") for line in lines[start:end] for p in re.split(r"-{3,}\s*\d+\s*", line))
    return [p for p in parts if p]


def _section(readme: str, title: str) -> str:
    return readme.split(f"## {title}", 1)[1].split("\n## ", 1)[0]


@pytest.mark.rulebook
def test_every_heading_without_its_text_is_listed_as_not_implemented() -> None:
    """SRBR contents (e.g. "Only One Movement Type Per Turn----13", "Pilot-Survival Roll----11"):
    our copy stops after p. 4, so a heading of a later page has no text here. Each is named in the
    README's "Not implemented" list; one whose text we do have is named under "Headings with text
    but no rule" or is a rule the README's table gives."""
    readme = README.read_text()
    not_implemented = _flat(_section(readme, "Not implemented"))
    printed = _flat(_section(readme, "Headings with text but no rule"))
    headings = contents_headings()
    assert len(headings) > 90 and "Only One Movement Type Per Turn" in headings
    missing = [h for h in headings if _flat(h) not in not_implemented and _flat(h) not in printed]
    assert missing == []
