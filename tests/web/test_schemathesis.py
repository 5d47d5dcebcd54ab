"""Schemathesis (4.x, pinned) over every operation of /openapi.json against a real server, in
all its phases: examples, coverage (each parameter's boundaries and the values just past them),
fuzzing and stateful (chains of calls along the links it infers: a table created, then joined,
read, acted on, closed). No 5xx; every status, header and body as documented; schema-invalid
input refused; a 405 with a full ``Allow``.

The hooks (``schemathesis_hooks.py``) give the generated cases real tables and tokens. The
suite runs ``WARBOARD_SCHEMATHESIS_CASES`` cases per operation in fuzzing and per scenario
count in stateful (8 by default: about 2,200 cases in all, the coverage phase's 1,800 being
fixed by the schema; half a minute); docs/testing.md records longer runs. ``-s`` prints the count.
"""

from __future__ import annotations

import collections
import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import Server

CASES = int(os.environ.get("WARBOARD_SCHEMATHESIS_CASES", "8"))  # per operation and phase
SEED = os.environ.get("WARBOARD_SCHEMATHESIS_SEED", "23")
PHASES = ("examples", "coverage", "fuzzing", "stateful")
CHECKS = (
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_headers_conformance",
    "response_schema_conformance",
    "negative_data_rejection",
    "unsupported_method",
    "allow_header_conformance",
    "use_after_free",
    "ensure_resource_availability",
)
HOOKS = Path(__file__).with_name("schemathesis_hooks.py")


def _cases_per_phase(ndjson: Path) -> dict[str, int]:
    counts: collections.Counter[str] = collections.Counter()
    for line in ndjson.read_text().splitlines():
        finished = json.loads(line).get("ScenarioFinished")
        if finished:
            counts[finished["phase"]] += len(finished["recorder"].get("cases", {}))
    return dict(counts)


def test_the_api_keeps_its_schema(fast_server: Server, tmp_path: Path) -> None:
    command = [
        str(Path(sys.executable).with_name("schemathesis")),
        "run",
        f"{fast_server.url}/openapi.json",
        "--phases",
        ",".join(PHASES),
        "--checks",
        ",".join(CHECKS),
        "--max-examples",
        str(CASES),
        "--seed",
        SEED,
        "--workers",
        "1",
        "--no-color",
        "--report",
        "json,ndjson",
        "--report-dir",
        str(tmp_path),
    ]
    env = {**os.environ, "SCHEMATHESIS_HOOKS": str(HOOKS)}
    run = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=3600, check=False)
    output = run.stdout[-20000:] + run.stderr[-5000:]
    report = json.loads(next(tmp_path.glob("json-*.json")).read_text())
    per_phase = _cases_per_phase(next(tmp_path.glob("ndjson-*.ndjson")))
    print(f"schemathesis: {report['test_cases']['generated']} cases {per_phase}, {report['running_time']:.0f} s")
    assert run.returncode == 0 and report["exit_code"] == 0, output
    assert not report["failures"] and not report["errors"], output
    assert report["operations"]["tested"] >= 40, report["operations"]
    for phase in ("coverage", "fuzzing", "stateful"):
        assert report["phases"][phase]["status"] == "success", (phase, report["phases"])
        assert per_phase.get(phase, 0) >= CASES, (phase, per_phase)
