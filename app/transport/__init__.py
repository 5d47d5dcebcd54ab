"""Realtime: the websocket endpoint (``ws``), what a client sends (``incoming``) and what the
server sends (``outgoing``), the buses (``bus`` in memory, ``redis_bus`` across processes), and
the per-table fan-out: the ``hub`` follows the table and renders and delivers its updates
(``fanout``) to its connections (``connection``, written as ready-made ``frames``), beside the
table's social life (``room``)."""
