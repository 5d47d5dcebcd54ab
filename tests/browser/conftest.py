"""Browser fixtures: Debian's Chromium driven by Playwright against the real server."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"


# Generous waits: the suite may share the machine with other busy test runs.
playwright_api.expect.set_options(timeout=15_000)


# Package scope: Playwright's sync API keeps an event loop running in this thread while it
# is open, which would break the asyncio tests that run after the browser tests.
@pytest.fixture(scope="package")
def browser() -> Iterator[playwright_api.Browser]:
    if not shutil.which(CHROMIUM):
        pytest.skip("Chromium is not installed (apt-get install -y chromium)")
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


# Every page reports what its Content-Security-Policy refused (issue 17): each browser test,
# whatever it clicks, drags or types, is also a test that the pages keep to the policy.
CSP_WATCH = """document.addEventListener("securitypolicyviolation", (e) =>
  console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));"""


def _csp_refusal(text: str) -> bool:
    return "CSP violation" in text or "Content Security Policy" in text


@pytest.fixture
def new_page(browser: playwright_api.Browser) -> Iterator[object]:
    """Open pages in separate contexts (each its own local storage, like separate people);
    fails the test on a JavaScript error or a CSP refusal on any of them."""
    contexts: list[playwright_api.BrowserContext] = []
    errors: list[str] = []
    refused: list[str] = []

    def open_page(width: int = 1280, height: int = 800, **kwargs: object) -> playwright_api.Page:
        context = browser.new_context(viewport={"width": width, "height": height}, **kwargs)  # type: ignore[arg-type]
        contexts.append(context)
        context.set_default_timeout(20_000)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.add_init_script(CSP_WATCH)
        page.on("console", lambda m: refused.append(m.text) if _csp_refusal(m.text) else None)
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors: {errors}"
    assert not refused, "CSP refusals:\n" + "\n".join(sorted(set(refused)))


@pytest.fixture(params=[(1280, 720), (390, 844)], ids=["laptop", "phone"])
def size(request: pytest.FixtureRequest) -> tuple[int, int]:
    """A laptop's screen and a phone's, for the tests that check both (a module's own ``size``
    fixture or parametrization takes its place)."""
    return request.param  # type: ignore[no-any-return]


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
