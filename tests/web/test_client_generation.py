"""A typed client generated from /openapi.json keeps every model and operation (issue 30):
openapi-python-client (pinned in pyproject's dependency group ``client``, installed by
``make setup`` in .venv/client) warns of nothing but the QR code's SVG answer, which it cannot
type; every component is a model, every operation a function. And what the client trusts holds:
titles are the components' names, operations are named by hand with a description and an
example that fits their schema, actions are typed with the systems' unions, the token is a
bearer security scheme, and the small answers (/links, /healthz) are typed."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.routing import APIRoute
from fastapi.utils import generate_unique_id
from jsonschema import Draft202012Validator

from app import systems
from app.server.factory import create_app
from app.systems.schemas import prefix
from tests.conftest import ROOT, Server
from tests.kit.table import new_table

GENERATOR = ROOT / ".venv" / "client" / "bin" / "openapi-python-client"
#: the one warning a generated client may carry: the QR code is an SVG image, not JSON
KNOWN = "WARNING parsing POST /api/qr within tables."


@pytest.fixture(scope="module")
def app() -> Any:
    return create_app()


@pytest.fixture(scope="module")
def spec(app: Any) -> dict[str, Any]:
    return app.openapi()  # type: ignore[no-any-return]


def operations(spec: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(method, path, op) for path, item in spec["paths"].items() for method, op in item.items()]


def schema_of(spec: dict[str, Any], node: dict[str, Any]) -> Draft202012Validator:
    return Draft202012Validator({**node, "components": spec["components"]})


def warnings_of(output: str) -> list[str]:
    """The generator's warnings: each line that starts WARNING, Unable, Cannot or Could not."""
    return [line.strip() for line in output.splitlines() if re.match(r"\s*(WARNING|Unable|Cannot|Could not)", line)]


def test_a_generated_client_keeps_every_model_and_operation(spec: dict[str, Any], tmp_path: Path) -> None:
    assert GENERATOR.exists(), f"{GENERATOR} is missing: run `make setup`"
    source = tmp_path / "openapi.json"
    source.write_text(json.dumps(spec))
    out = tmp_path / "client"
    env = {**os.environ, "PATH": f"{GENERATOR.parent}{os.pathsep}{os.environ.get('PATH', '')}"}  # its ruff
    run = subprocess.run(
        [str(GENERATOR), "generate", "--path", str(source), "--output-path", str(out), "--meta", "none"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    output = run.stdout + run.stderr
    assert run.returncode == 0, output[-5000:]
    warned = warnings_of(output)
    assert KNOWN in warned, output[-8000:]  # the generator still says what it leaves out
    unexpected = [w for w in warned if w != KNOWN and "Unsupported content_type image/svg+xml" not in w]
    assert unexpected == [] and "Endpoint will not be generated" not in output, output[-8000:]
    models = set(re.findall(r'"(\w+)",', (out / "models" / "__init__.py").read_text()))
    objects = [name for name, s in spec["components"]["schemas"].items() if s.get("type") == "object"]
    assert len(objects) > 130 and not [n for n in objects if n not in models]
    functions = {p.stem for p in (out / "api").rglob("*.py") if p.stem != "__init__"}
    assert {op["operationId"] for _m, _p, op in operations(spec)} == functions


def test_every_title_is_its_components_name_and_no_name_holds_a_module_path(spec: dict[str, Any]) -> None:
    components = spec["components"]["schemas"]
    assert {name: s.get("title") for name, s in components.items() if s.get("title") != name} == {}
    assert [name for name in components if "__" in name] == []
    assert {"HgbAttackRequest", "GkrAttackRequest", "HgbOddsRequest", "GkrOddsRequest"} <= set(components)


def test_operations_are_named_by_hand_described_and_exemplified(app: Any, spec: dict[str, Any]) -> None:
    generated = {generate_unique_id(r) for r in app.routes if isinstance(r, APIRoute)}
    ids = [op["operationId"] for _m, _p, op in operations(spec)]
    assert len(ids) == len(set(ids)) >= 47 and not set(ids) & generated
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", i) for i in ids), ids
    assert {"create_table", "act", "read_legal", "preview_action", "make_ruling", "check_health"} <= set(ids)
    for method, path, op in operations(spec):
        assert op.get("description", "").strip(), (method, path)
        body = op.get("requestBody", {}).get("content", {}).get("application/json")
        status = next(s for s in op["responses"] if s.startswith("2"))
        answer = next(iter(op["responses"][status].get("content", {}).values()), {})
        assert (body or {}).get("example") is not None or answer.get("example") is not None, (method, path)
        if body and "example" in body:
            errors = [e.message for e in schema_of(spec, body["schema"]).iter_errors(body["example"])]
            assert not errors, (op["operationId"], errors[:3])
        if "example" in answer and "schema" in answer:
            errors = [e.message for e in schema_of(spec, answer["schema"]).iter_errors(answer["example"])]
            assert not errors, (op["operationId"], errors[:3])


def test_actions_are_typed_with_every_systems_union(spec: dict[str, Any]) -> None:
    components = spec["components"]["schemas"]
    unions = {f"#/components/schemas/{prefix(s)}Action" for s in systems.registry.systems}
    action = components["ActionRequest"]["properties"]["action"]
    assert {r["$ref"] for r in action["anyOf"]} == {*unions, "#/components/schemas/TableAction"}
    assert {r["$ref"] for r in components["LegalResponse"]["properties"]["actions"]["items"]["anyOf"]} == unions
    for path in ("/actions", "/preview", "/ruling"):
        body = spec["paths"][f"/api/tables/{{table_id}}{path}"]["post"]["requestBody"]["content"]["application/json"]
        assert body["schema"] == {"$ref": "#/components/schemas/ActionRequest"}
    members = {r["$ref"] for u in unions for r in components[u.rsplit("/", 1)[-1]]["oneOf"]}
    assert len(members) >= 60  # every action kind of every system is reached from an operation
    assert all(m.rsplit("/", 1)[-1] in components for m in members)
    request = schema_of(spec, {"$ref": "#/components/schemas/ActionRequest"})
    assert request.is_valid({"id": "a", "action": {"kind": "roll", "dice": "3d6"}})
    assert not request.is_valid({"id": "a", "action": {"kind": "no_such_kind"}})


def test_the_token_is_a_bearer_security_scheme(spec: dict[str, Any]) -> None:
    assert spec["components"]["securitySchemes"]["bearer"] == {
        **spec["components"]["securitySchemes"]["bearer"],
        "type": "http",
        "scheme": "bearer",
    }
    for method, path, op in operations(spec):
        names = [p["name"].lower() for p in op.get("parameters", [])]
        assert "authorization" not in names and "token" not in names, (method, path)
    security = {op["operationId"]: op.get("security") for _m, _p, op in operations(spec)}
    secured = {i for i, s in security.items() if s == [{"bearer": []}]}
    assert {"act", "read_view", "read_legal", "close_table", "add_computer"} <= secured
    assert security["read_table"] == security["read_chat"] == [{"bearer": []}, {}]  # the token is optional there
    assert not {"create_table", "list_systems", "rules_hgb_odds", "check_health"} & set(
        i for i, s in security.items() if s
    )


def test_the_examples_and_the_small_answers_hold_on_a_real_server(server: Server, spec: dict[str, Any]) -> None:
    def answers(response: httpx.Response, op: dict[str, Any]) -> None:
        schema = op["responses"]["200"]["content"]["application/json"]["schema"]
        errors = [e.message for e in schema_of(spec, schema).iter_errors(response.json())]
        assert not errors, (op["operationId"], errors[:3])

    with server.client() as client:
        for path, item in spec["paths"].items():
            if path.startswith("/api/rules/"):
                op = item["post"]
                example = op["requestBody"]["content"]["application/json"]["example"]
                answered = client.post(path, json=example)
                assert answered.status_code == 200, (path, answered.text)
                answers(answered, op)
        table = new_table(client, "sandbox")["id"]
        answers(client.get(f"/api/tables/{table}/links"), spec["paths"]["/api/tables/{table_id}/links"]["get"])
        answers(client.get("/healthz"), spec["paths"]["/healthz"]["get"])
        refused = client.get(f"/api/tables/{table}/view")
        assert refused.status_code == 401
        assert "Bearer" in refused.json()["error"]["message"] and "?token=" not in refused.json()["error"]["message"]
