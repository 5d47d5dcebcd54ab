"""The API browsers, ``/docs`` (Swagger UI) and ``/redoc`` (ReDoc), served with no network beyond
this server: their scripts, style and icon come from the pinned ``fastapi-offline`` package's
copies, at ``/docs/assets/...``, never from a CDN (a LAN without internet gets working pages)."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from fastapi import APIRouter, FastAPI, Request
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html, get_swagger_ui_oauth2_redirect_html
from fastapi.responses import HTMLResponse
from starlette.staticfiles import StaticFiles

#: swagger-ui-bundle.js, swagger-ui.css, redoc.standalone.js and favicon.png, as the package ships them
ASSETS_DIR = Path(str(files("fastapi_offline") / "static"))
ASSETS = "/docs/assets"
DOCS = "/docs"
REDOC = "/redoc"
OAUTH2_REDIRECT = "/docs/oauth2-redirect"

router = APIRouter(include_in_schema=False)


@router.get(DOCS)
async def swagger_ui(request: Request) -> HTMLResponse:
    root = request.scope.get("root_path", "")
    return get_swagger_ui_html(
        openapi_url=f"{root}/openapi.json",
        title="Warboard API",
        oauth2_redirect_url=f"{root}{OAUTH2_REDIRECT}",
        swagger_js_url=f"{root}{ASSETS}/swagger-ui-bundle.js",
        swagger_css_url=f"{root}{ASSETS}/swagger-ui.css",
        swagger_favicon_url=f"{root}{ASSETS}/favicon.png",
    )


@router.get(OAUTH2_REDIRECT)
async def swagger_ui_redirect() -> HTMLResponse:
    return get_swagger_ui_oauth2_redirect_html()


@router.get(REDOC)
async def redoc(request: Request) -> HTMLResponse:
    root = request.scope.get("root_path", "")
    return get_redoc_html(
        openapi_url=f"{root}/openapi.json",
        title="Warboard API",
        redoc_js_url=f"{root}{ASSETS}/redoc.standalone.js",
        redoc_favicon_url=f"{root}{ASSETS}/favicon.png",
        with_google_fonts=False,
    )


def install(app: FastAPI) -> None:
    """Serve the two API browsers and their files (the app is made with ``docs_url=None`` and
    ``redoc_url=None``, so FastAPI's CDN-loading pages do not exist)."""
    app.include_router(router)
    app.mount(ASSETS, StaticFiles(directory=ASSETS_DIR), name="docs-assets")
