"""axe-core in the page: the serious and critical accessibility violations it finds.

axe-core is pinned in package.json (a devDependency ``npm ci`` installs, as ``make check`` does);
without node_modules the checks are skipped, saying why. Pages that run it are opened with
``bypass_csp=True``: the script is added inline, which the pages' policy would refuse."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")
#: the context option a page that runs axe is opened with (the script is added inline)
AXE_PAGE = {"bypass_csp": True}

RUN = """async () => {
  const r = await axe.run(document, {resultTypes: ["violations"]});
  return r.violations.filter((v) => ["serious", "critical"].includes(v.impact)).map((v) => ({
    id: v.id, impact: v.impact, help: v.help, count: v.nodes.length,
    nodes: v.nodes.slice(0, 4).map((n) => `${n.target.join(" ")}: ${n.failureSummary.replace(/\\s+/g, " ")}`),
  }));
}"""


def serious_violations(page: Page) -> list[dict[str, Any]]:
    """The serious and critical violations axe-core finds on the page as it is now."""
    if not AXE.exists():
        pytest.skip("axe-core is not installed (node_modules absent: run `npm ci`, as `make check` does)")
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN)  # type: ignore[no-any-return]


def summary(violations: list[dict[str, Any]]) -> str:
    return "\n".join(
        f"{v['id']} ({v['impact']}, {v['count']}): {v['help']}\n  " + "\n  ".join(v["nodes"]) for v in violations
    )
