"""The Jinja templates of the HTML pages (``templates/``), shared by every router that renders one.

Every page names its static files by their hashed addresses (``asset('css/warboard.css')``),
carries the import map of every module (``importmap()``) and preloads the modules it loads
(``preloads('js/table.js', ...)``): ``app.web.assets``."""

from __future__ import annotations

from fastapi.templating import Jinja2Templates

from app.process.config import ROOT
from app.web.assets import assets

templates = Jinja2Templates(directory=str(ROOT / "templates"))
templates.env.globals.update(
    asset=assets.url, importmap=assets.importmap, preloads=assets.preloads, bundle=assets.bundle
)
