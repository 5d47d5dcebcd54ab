"""/docs (Swagger UI) and /redoc (ReDoc) work on a network with nothing but this server: every
request to anywhere else is refused, and both pages still render the API's operations from files
Warboard serves itself (app/web/apidocs.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Page, Route, expect

from tests.browser.conftest import CSP_WATCH
from tests.conftest import Server


def _offline(page: Page, server: Server) -> list[str]:
    """Abort every request that is not to ``server``; the aborted addresses."""
    ours = urlsplit(server.url).netloc
    refused: list[str] = []

    def route(r: Route) -> None:
        if urlsplit(r.request.url).netloc == ours:
            r.continue_()
        else:
            refused.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    return refused


def test_swagger_ui_renders_the_operations_offline(
    server: Server, new_page: Callable[..., Page], size: tuple[int, int], artifacts: Path
) -> None:
    page = new_page(*size)
    refused = _offline(page, server)
    page.goto(f"{server.url}/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Warboard")
    expect(page.locator(".opblock-summary-path", has_text="/api/tables/{table_id}/actions").first).to_be_visible()
    assert page.locator(".opblock").count() > 30
    page.screenshot(path=str(artifacts / f"api-docs-{size[0]}x{size[1]}.png"))
    assert refused == [], f"/docs asked for {refused}"


#: ReDoc's sidebar shows its maker's logo from the maker's CDN; the policy refuses it and ReDoc
#: then leaves the image out (its own onError): the one refusal the page may cause
REDOCLY_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"


def test_redoc_renders_the_operations_offline(
    server: Server, browser: Browser, size: tuple[int, int], artifacts: Path
) -> None:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    try:
        page = context.new_page()
        errors: list[str] = []
        violations: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.add_init_script(CSP_WATCH)
        page.on("console", lambda m: violations.append(m.text) if "CSP violation" in m.text else None)
        refused = _offline(page, server)
        page.goto(f"{server.url}/redoc")
        expect(page.locator(".api-info h1")).to_contain_text("Warboard")
        expect(page.get_by_text("/api/tables/{table_id}/actions").first).to_be_attached()
        expect(page.get_by_alt_text("redocly logo")).to_have_count(0)
        page.screenshot(path=str(artifacts / f"api-redoc-{size[0]}x{size[1]}.png"))
    finally:
        context.close()
    assert refused == [], f"/redoc asked for {refused}"
    assert errors == [], f"JavaScript errors: {errors}"
    assert all(REDOCLY_LOGO in v for v in violations), f"CSP refusals: {violations}"
