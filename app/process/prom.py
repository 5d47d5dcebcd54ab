"""What one server process measures of itself, in Prometheus's text format (``GET /metrics``,
``app.web.health``), with the official client (``prometheus_client``).

The families live in a registry of their own (``REGISTRY``), counted where things happen:

- ``warboard_http_responses_total{status}``: every HTTP answer, by status code (``app.web.guard``);
- ``warboard_refusals_total{code, transport}``: errors answered to a client, by their stable
  code, over ``http`` or ``ws`` (a websocket ``error`` message);
- ``warboard_rate_limited_total{code, transport}``: the refusals of a rate limit (429 and the
  websocket's ``rate_limited`` / ``too_many_sockets``, and floods closed with 1008);
- ``warboard_outages_total{dependency}`` and ``warboard_dependency_down{dependency}``: the
  database or the bus going down (``app.process.outage``), and whether it is down now;
- ``warboard_event_loop_lag_seconds``: how late the loop-lag sampler woke (a histogram);
- ``warboard_commit_seconds{path}``: how long a write transaction took, from the caller's
  ``await`` to its durable commit (``on_loop``, ``writer`` or ``thread``; ``app.storage.writer``).

The rest is read when ``/metrics`` is asked (``app.web.health``): tables in the database by game
and status, this process's live tables and connections, updates sent and their bytes.
No table, seat or player is named: nothing here is hidden information.
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.process_collector import ProcessCollector

REGISTRY = CollectorRegistry(auto_describe=True)
ProcessCollector(registry=REGISTRY)  # process_cpu_seconds_total, process_resident_memory_bytes, ...

#: what a rate limit's refusal is called, whatever the transport
RATE_LIMIT_CODES = frozenset({"rate_limited", "too_many_sockets", "too_many_messages"})

http_responses = Counter("warboard_http_responses", "HTTP answers by status code", ["status"], registry=REGISTRY)
refusals = Counter(
    "warboard_refusals",
    "Requests and websocket messages refused, by error code and transport (http or ws)",
    ["code", "transport"],
    registry=REGISTRY,
)
rate_limited = Counter(
    "warboard_rate_limited",
    "Refusals of a rate limit, by error code and transport (http or ws)",
    ["code", "transport"],
    registry=REGISTRY,
)
outages = Counter(
    "warboard_outages", "The database or the bus went down (once per outage)", ["dependency"], registry=REGISTRY
)
down = Gauge("warboard_dependency_down", "1 while the database or the bus is down", ["dependency"], registry=REGISTRY)
loop_lag = Histogram(
    "warboard_event_loop_lag_seconds",
    "How late the event loop woke a task that slept 50 ms (every other table waited as long)",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
    registry=REGISTRY,
)
commit_seconds = Histogram(
    "warboard_commit_seconds",
    "A write transaction, from its caller's wait to its durable commit, by path",
    ["path"],
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
    registry=REGISTRY,
)
tables = Gauge(
    "warboard_tables",
    "Tables in the database, by game and status (open, finished, closed)",
    ["game", "status"],
    registry=REGISTRY,
)
live_tables = Gauge("warboard_live_tables", "Tables with a websocket on this process", registry=REGISTRY)
connections = Gauge("warboard_connections", "Open websockets on this process", registry=REGISTRY)
computers = Gauge("warboard_computer_players", "Computer players this process runs", registry=REGISTRY)
updates = Counter("warboard_updates_sent", "Websocket updates handed to connections", ["form"], registry=REGISTRY)
update_bytes = Counter(
    "warboard_update_bytes", "Bytes of websocket updates handed to connections", ["form"], registry=REGISTRY
)


def refused(code: str, transport: str) -> None:
    """An error went to a client: counted by code, and as a rate limit's when it is one."""
    refusals.labels(code, transport).inc()
    if code in RATE_LIMIT_CODES:
        rate_limited.labels(code, transport).inc()


def set_tables(counts: list[tuple[str, str, int]]) -> None:
    """The tables in the database now: (game, status, count) rows; a pair not given is 0."""
    tables.clear()
    for game, status, n in counts:
        tables.labels(game, status).set(n)
