"""The one redaction point (``app.session.projection``): every outgoing path uses it, and previews are
sealed by construction."""

from __future__ import annotations

import re
from pathlib import Path

from app.core.errors import IllegalAction
from app.core.events import Event, private
from app.session.projection import Projection, Run
from app.systems import registry
from tests.conftest import Server
from tests.kit.table import act, join, new_table

APP = Path(__file__).resolve().parent.parent.parent / "app"
# A rule system's own view, redaction or legal list (made from the full state), called from
# anywhere but the projection.
DIRECT = re.compile(r"\bredact_event\(|\bsystem\.view\(|\bredact\(|\blegal_actions\(")
#: where a rule system's own view and legal list may be called: the projection, and the strong
#: computer player's search, which runs in the bot's process over worlds ``GET .../knowledge``
#: sealed for its own seat (tests/bots/test_search.py: its decision is the same on states that
#: differ only in what its seat may not see), and sends nothing but the action it chose
SEALED_ONLY = {"session/projection.py", "bots/search.py"}


def test_nothing_but_the_projection_redacts() -> None:
    """Issue: "Every byte that leaves the server for a viewer ... passes through one per-system
    projection. Nothing outside it can send state." Rule systems themselves may redact; a seat's
    legal list (``GET /legal``, what bots decide from) is read through the projection too."""
    offenders = []
    for path in APP.rglob("*.py"):
        rel = path.relative_to(APP).as_posix()
        if rel.startswith(("systems/", "core/")) or rel in SEALED_ONLY:
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if DIRECT.search(line):
                offenders.append(f"app/{rel}:{n}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


def projection() -> Projection:
    system = registry.get("sandbox")
    assert system is not None
    return Projection(system, seeded=False)


def runs(first: list[Event], again: list[Event], other: list[Event] | None = None, rolled: bool = False) -> list[Run]:
    """A preview's three runs: the first world on two dice streams, the second world."""
    return [Run(first, None, rolled), Run(again, None, rolled), Run(first if other is None else other, None, rolled)]


def test_preview_keeps_only_previewable_events_that_no_dice_decide() -> None:
    moved = {"kind": "token_moved", "token": "a", "x": 1.0, "y": 2.0}
    legal, shown, outcome, error = projection().preview("p1", *runs([moved], [dict(moved)]))
    assert legal and error is None
    assert shown == [{**moved, "seat": "p1"}] and outcome == "known"

    rolled_a, rolled_b = {"kind": "rolled", "faces": [1, 2]}, {"kind": "rolled", "faces": [6, 3]}
    _, shown, outcome, _ = projection().preview("p1", *runs([moved, rolled_a], [moved, rolled_b], rolled=True))
    assert shown == [{**moved, "seat": "p1"}] and outcome == "random"

    # The same on both runs (a draw from a known-to-the-server deck) but not a previewable kind.
    drawn = {"kind": "card_drawn", "card": "the real top card"}
    _, shown, outcome, _ = projection().preview("p1", *runs([drawn], [drawn]))
    assert shown == [] and outcome == "hidden"

    # A private event is never shown, even of a previewable kind.
    secret = private("token_moved", ["p1"], token="a")
    _, shown, outcome, _ = projection().preview("p1", *runs([secret], [secret]))
    assert shown == [] and outcome == "hidden"


def test_a_preview_that_depends_on_what_the_seat_does_not_see_is_hidden() -> None:
    """The second world deals what the seat does not see another way: where its run differs,
    the answer is "hidden" whatever the dice do, and only what both worlds agree on is shown."""
    moved = {"kind": "token_moved", "token": "a", "x": 1.0, "y": 2.0}
    rolled_a, rolled_b = {"kind": "rolled", "faces": [1, 2]}, {"kind": "rolled", "faces": [6, 3]}
    revealed_a, revealed_b = {"kind": "revealed", "card": "c01"}, {"kind": "revealed", "card": "c25"}
    for first, again, other in (
        ([moved, revealed_a], [moved, revealed_a], [moved, revealed_b]),
        ([moved, revealed_a, rolled_a], [moved, revealed_a, rolled_b], [moved, revealed_b, rolled_a]),
        ([moved], [moved], [moved, revealed_b]),
    ):
        _, shown, outcome, _ = projection().preview("p1", *runs(first, again, other, rolled=True))
        assert shown == [{**moved, "seat": "p1"}] and outcome == "hidden"
    moved_elsewhere = {**moved, "x": 9.0}
    _, shown, outcome, _ = projection().preview("p1", *runs([moved], [moved], [moved_elsewhere]))
    assert shown == [] and outcome == "hidden"


def test_a_refusal_that_depends_on_what_the_seat_does_not_see_is_hidden() -> None:
    """Legality and the reason are the first world's; "hidden" when the second world disagrees."""
    moved = {"kind": "token_moved", "token": "a", "x": 1.0, "y": 2.0}
    no, other_no = IllegalAction("No such token", code="no_token"), IllegalAction("Taken", code="taken")
    assert projection().preview("p1", Run([], no, False), Run([], no, False), Run([], no, False)) == (
        False,
        [],
        "known",
        no,
    )
    assert projection().preview("p1", Run([], no, False), Run([], no, False), Run([], other_no, False))[2] == "hidden"
    assert projection().preview("p1", Run([], no, False), Run([], no, False), Run([moved], None, False))[2] == "hidden"
    assert projection().preview("p1", *runs([moved], [moved])[:2], Run([], no, False)) == (True, [], "hidden", None)


def test_preview_over_http_says_when_dice_decide(server: Server) -> None:
    client = server.client()
    table = new_table(client)
    p1 = join(client, table["id"], "p1")
    add = {"kind": "add_token", "token": "a", "x": 1, "y": 1}
    body = client.post(f"/api/tables/{table['id']}/preview", headers=p1, json={"id": "x1", "action": add}).json()
    assert body["legal"] is True and body["outcome"] == "known"
    assert [e["kind"] for e in body["events"]] == ["token_added"]
    body = client.post(
        f"/api/tables/{table['id']}/preview", headers=p1, json={"id": "x2", "action": {"kind": "roll", "dice": "3d6"}}
    ).json()
    assert body == {"legal": True, "events": [], "outcome": "random", "error": None}


def test_only_the_host_makes_rulings(server: Server) -> None:
    """``POST /ruling`` applies a host ruling as the seat ``@host``; a seat's token is refused,
    and a system refuses what is not a ruling (the sandbox has none)."""
    client = server.client()
    table = new_table(client)
    p1 = join(client, table["id"], "p1")
    ruling = {"id": "r1", "action": {"kind": "roll", "dice": "1d6"}}
    response = client.post(f"/api/tables/{table['id']}/ruling", headers=p1, json=ruling)
    assert response.status_code == 403 and response.json()["error"]["code"] == "not_host"
    host = {"Authorization": f"Bearer {table['host_token']}"}
    response = client.post(f"/api/tables/{table['id']}/ruling", headers=host, json=ruling)
    assert response.status_code == 409 and response.json()["error"]["code"] == "not_a_ruling"
    assert act(client, table["id"], p1, {"kind": "roll", "dice": "1d6"}).status_code == 200
