"""An update's fan-out: rendered once per distinct viewer, written once per viewer's frame.

``render`` makes each viewer's update text from the table's new state and its events (each seat;
all spectators share one): a JSON Patch against the viewer's last view when every receiving
connection holds that view (``base``), else the whole view. Viewers who see the same share one
text and one diff. ``deliver`` makes each text's websocket frame once and hands it to every
connection of that viewer, and counts what went out (``GET /metrics.json``).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Protocol

import orjson

from app.core import patches
from app.core.events import Event
from app.session import Envelope
from app.session.projection import Projection
from app.transport import metrics, outgoing
from app.transport.frames import frame

Viewer = str | None
#: each viewer's update: its text and whether it is a patch
Texts = dict[Viewer, tuple[str, bool]]
#: the last view sent to a viewer, and its seq: the base of the viewer's next patch
Last = tuple[int, dict[str, Any]]


class Receiver(Protocol):
    """What the fan-out uses of a connection (``app.transport.connection.Connection``)."""

    @property
    def viewer(self) -> Viewer: ...

    def offer(self, text: str, data: bytes | None = None) -> None: ...


def render(
    projection: Projection, env: Envelope, events: list[Event], bases: dict[Viewer, Last | None], base: int | None
) -> dict[Viewer, tuple[str, bool, dict[str, Any]]]:
    """Each viewer of ``bases`` (its last view, or none) gets its update at ``env``: (text, is it a
    patch, the view it carries). A patch only when ``base`` is given and the viewer's last view is
    the one at ``base``. Off the event loop for heavy views (``Projection.run``)."""
    out = {}
    # Viewers who see the same (a sandbox's seats; byte for byte, and patching the very same
    # base) share one patch and one text: the diff and the text are made once.
    made: dict[tuple[bytes, bytes, int], tuple[str, bool, dict[str, Any]]] = {}
    # One object per distinct view: viewers who see the same keep the same base, so their next
    # patch is one diff too (welcomes give each its own copy at first).
    shared: dict[bytes, dict[str, Any]] = {}
    for viewer, last in bases.items():
        view = projection.view(env, viewer)
        seen = orjson.dumps(view)
        view = shared.setdefault(seen, view)
        redacted = projection.events(events, viewer)
        patched = base is not None and last is not None and last[0] == base < env.seq
        key = (seen, orjson.dumps(redacted), id(last[1]) if patched and last else 0)
        if key in made:
            out[viewer] = made[key]
        elif patched and last is not None:
            patch = patches.diff(last[1], view)
            out[viewer] = made[key] = (outgoing.patch_update(env.seq, base or 0, redacted, patch), True, view)
        else:
            out[viewer] = made[key] = (outgoing.update(env.seq, redacted, view), False, view)
    return out


def deliver(conns: Collection[Receiver], texts: Texts) -> None:
    """Hand each connection its viewer's update, and count them (``GET /metrics.json``)."""
    receivers: dict[Viewer, int] = {}
    made: dict[Viewer, tuple[str, bytes, int]] = {}
    for conn in conns:
        viewer = conn.viewer
        out = made.get(viewer)
        if out is None:  # one frame per viewer, written to each of its connections
            text = texts[viewer][0]
            data = text.encode()
            out = made[viewer] = (text, frame(data), len(data))
        conn.offer(out[0], out[1])
        receivers[viewer] = receivers.get(viewer, 0) + 1
    for viewer, n in receivers.items():
        metrics.updates.count(made[viewer][2], n, texts[viewer][1])
