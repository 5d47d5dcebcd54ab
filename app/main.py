"""The ASGI application, ``app`` (``uvicorn app.main:app``), made by ``app.server.factory``.

Run it with ``warboard serve`` (app/server/cli.py): its log configuration keeps tokens
(``?token=`` in websocket addresses) out of the logs. A bare ``uvicorn app.main:app`` logs every
request line, tokens included; use it only with ``--no-access-log``."""

from app.server.factory import create_app

app = create_app()
