"""A bounded schemathesis pass over every operation of /openapi.json against a real server
(issue 17): no 5xx, every status and body as documented, schema-invalid input refused. About
ten cases per operation (a few hundred in all); the launch review ran tens of thousands."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import checks

from tests.conftest import UNPACED, Server

CASES = 10  # per operation
CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_schema_conformance,
    checks.negative_data_rejection,
]


@pytest.fixture(scope="module")
def st_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path: Path = tmp_path_factory.mktemp("schemathesis") / "warboard.sqlite3"
    srv = Server(f"sqlite:///{path}", env=UNPACED).start()
    yield srv
    srv.stop()


def test_the_api_keeps_its_schema(st_server: Server) -> None:
    api = schemathesis.openapi.from_url(f"{st_server.url}/openapi.json")
    failures: list[str] = []
    operations = 0
    calls: list[int] = []
    for result in api.get_all_operations():
        operation = result.ok()
        operations += 1

        @given(operation.as_strategy())
        @settings(
            max_examples=CASES, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck)
        )
        def run(case: schemathesis.Case) -> None:
            calls.append(case.call_and_validate(checks=CHECKS).status_code)

        try:
            run()
        except Exception as exc:
            failures.append(f"{operation.label}: {str(exc)[:1500]}")
    assert operations >= 25 and len(calls) >= 200, (operations, len(calls))
    assert not any(code >= 500 for code in calls)
    assert not failures, "\n\n".join(failures)
