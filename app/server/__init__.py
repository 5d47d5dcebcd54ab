"""The server at the top of the layers: the app factory (``factory.create_app``, which makes the
``Services`` once and hands each layer its part) and the ``warboard`` command (``cli``).
``app.main`` keeps ``uvicorn app.main:app`` working."""
