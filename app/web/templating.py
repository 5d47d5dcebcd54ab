"""The Jinja templates of the HTML pages (``templates/``), shared by every router that renders one."""

from __future__ import annotations

from fastapi.templating import Jinja2Templates

from app.process.config import ROOT

templates = Jinja2Templates(directory=str(ROOT / "templates"))
