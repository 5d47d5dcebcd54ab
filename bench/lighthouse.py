"""Lighthouse on Warboard's pages (issue 25: fast pages): the lobby and a table page of each game.

Starts a ``warboard serve`` on a temporary SQLite database (or uses ``--url``), creates a table
of each game with every seat taken, and runs Lighthouse (pinned in package.json, installed by
``npm ci``) against Debian's Chromium (``CHROME_PATH``, /usr/bin/chromium unless set; never a
downloaded browser) on each page, as a visitor opening the link: performance and accessibility
scores, layout shift (CLS), total blocking time (TBT), largest contentful paint (LCP).

    .venv/bin/python -m bench.lighthouse               # mobile (Lighthouse's default: a mid phone, slow 4G)
    .venv/bin/python -m bench.lighthouse --desktop     # desktop preset
    .venv/bin/python -m bench.lighthouse --markdown    # the README's table

A benchmark, not a test: the scores move with the machine's load.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx

from bench.load import start_server

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
GAMES = [("hgb", {}), ("gkr", {"players": 2}), ("small-soldiers", {}), ("srbr", {}), ("sandbox", {})]
NAMES = ["Ann", "Bob", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hal"]


def make_tables(url: str) -> list[tuple[str, str]]:
    """(page name, address): the lobby, then a table of each game with every seat taken."""
    pages = [("lobby", f"{url}/")]
    with httpx.Client(base_url=url, timeout=30) as client:
        for system, options in GAMES:
            made = client.post("/api/tables", json={"system": system, "name": f"Bench {system}", "options": options})
            made.raise_for_status()
            table = made.json()
            for name, seat in zip(NAMES, table["seats"], strict=False):
                client.post(f"/api/tables/{table['id']}/join", json={"seat": seat, "name": name}).raise_for_status()
            pages.append((system, f"{url}/tables/{table['id']}"))
    return pages


def audit(address: str, desktop: bool, workdir: Path) -> dict[str, Any]:
    out = workdir / "report.json"
    command = [
        str(LIGHTHOUSE),
        address,
        "--quiet",
        "--output=json",
        f"--output-path={out}",
        "--only-categories=performance,accessibility",
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage",
        *(["--preset=desktop"] if desktop else []),
    ]
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    report = json.loads(out.read_text())
    audits, categories = report["audits"], report["categories"]
    return {
        "performance": round(100 * (categories["performance"]["score"] or 0)),
        "accessibility": round(100 * (categories["accessibility"]["score"] or 0)),
        "cls": round(audits["cumulative-layout-shift"]["numericValue"], 3),
        "tbt_ms": round(audits["total-blocking-time"]["numericValue"]),
        "lcp_ms": round(audits["largest-contentful-paint"]["numericValue"]),
        "fcp_ms": round(audits["first-contentful-paint"]["numericValue"]),
        "failed": sorted(
            a["id"]
            for a in audits.values()
            if a.get("score") is not None and a["score"] < 0.9 and a.get("scoreDisplayMode") in ("binary", "numeric")
        ),
    }


def markdown(results: dict[str, dict[str, Any]]) -> str:
    lines = [
        "| page | performance | accessibility | CLS | TBT | LCP | FCP |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for page, r in results.items():
        lines.append(
            f"| {page} | {r['performance']} | {r['accessibility']} | {r['cls']} | {r['tbt_ms']} ms "
            f"| {r['lcp_ms']} ms | {r['fcp_ms']} ms |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", help="a running server instead of one started here")
    parser.add_argument("--desktop", action="store_true", help="Lighthouse's desktop preset (default: mobile)")
    parser.add_argument("--only", default="", help="pages to audit, comma-separated (lobby, hgb, gkr, ...)")
    parser.add_argument("--markdown", action="store_true", help="print the results as a Markdown table")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        raise SystemExit("Lighthouse is not installed: run `make node_modules/.installed` (npm ci)")
    only = set(filter(None, args.only.split(",")))
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        proc, url = (None, args.url) if args.url else start_server(workdir)
        try:
            results: dict[str, dict[str, Any]] = {}
            for page, address in make_tables(url):
                if only and page not in only:
                    continue
                results[page] = audit(address, args.desktop, workdir)
                print(f"{page}: {json.dumps(results[page])}", file=sys.stderr, flush=True)
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(20)
    print(markdown(results) if args.markdown else json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
