"""HTTP: the JSON API (docs/api/http.md), the pages, the websocket route (``live``), the computer players'
routes (``computers``) and the app's services (``services``), read by every route through
``services(app)``."""
