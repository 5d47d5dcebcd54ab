"""docs/api/errors.md names every code the server can send, once, and no code nothing sends."""

from __future__ import annotations

import json
import re

from tests.conftest import ROOT
from tests.docs.codes import collect

PAGE = ROOT / "docs" / "api" / "errors.md"
ROW = re.compile(r"^\| `([a-z0-9_]+)` \| ([0-9x, ]+) \|", re.MULTILINE)


def table() -> list[str]:
    return [code for code, _ in ROW.findall(PAGE.read_text())]


def schema_codes() -> set[str]:
    """Codes a machine-readable schema under ``schema/`` enumerates for an error, if any."""
    found: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            code = node.get("properties", {}).get("code") if isinstance(node.get("properties"), dict) else None
            if isinstance(code, dict) and isinstance(code.get("enum"), list):
                found.update(c for c in code["enum"] if isinstance(c, str))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in sorted((ROOT / "schema").rglob("*.json")) if (ROOT / "schema").is_dir() else []:
        walk(json.loads(path.read_text()))
    return found


def test_every_code_the_server_sends_is_in_the_table() -> None:
    sent = set(collect()) | schema_codes()
    missing = sorted(sent - set(table()))
    assert not missing, f"codes the server sends that docs/api/errors.md does not name: {missing}"


def test_the_table_names_no_code_nothing_sends() -> None:
    extra = sorted(set(table()) - set(collect()) - schema_codes())
    assert not extra, f"docs/api/errors.md names codes nothing sends: {extra}"


def test_each_code_has_one_row() -> None:
    codes = table()
    assert len(codes) > 150
    assert len(codes) == len(set(codes))


def test_the_host_only_refusals_share_one_code() -> None:
    sent = collect()
    assert "host_only" not in sent
    # forbidden: the class's default, the 403 status's, and the operator page's foreign-site refusal
    assert {where.split(":")[0] for where in sent["forbidden"]} == {
        "app/core/errors.py",
        "app/web/errors.py",
        "app/web/operator.py",
    }
