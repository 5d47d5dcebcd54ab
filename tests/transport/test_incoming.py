"""Client frames: the usual action frame is read without the model's validation, and must be
refused or accepted exactly as the model would; control characters are found whether they come
escaped (``\\u0000``), as whitespace escapes (allowed in action bodies, not in ids) or written as
they are (U+007F-U+009F)."""

from __future__ import annotations

import orjson
import pytest
from pydantic import ValidationError

from app.core.errors import WarboardError
from app.core.text import find_control
from app.transport import incoming as msg

FRAMES = [
    {"type": "action", "id": "a1", "action": {"kind": "move_token", "x": 1.5}},
    {"type": "action", "id": "x" * 80, "action": {}},
    {"type": "action", "id": "x" * 81, "action": {}},
    {"type": "action", "id": "", "action": {}},
    {"type": "action", "id": 7, "action": {}},
    {"type": "action", "id": "a", "action": []},
    {"type": "action", "id": "a", "action": None},
    {"type": "action", "id": "a"},
    {"type": "action", "id": "a", "action": {}, "extra": 1},
    {"type": "action", "id": "tab\there", "action": {}},
    {"type": "action", "id": "nul\x00", "action": {}},
    {"type": "action", "id": "c1\x85", "action": {}},
    {"type": "action", "id": "a", "action": {"label": "line\nbreak"}},
    {"type": "action", "id": "a", "action": {"label": "nul\x00"}},
    {"type": "action", "id": "a", "action": {"label": "c1\x9f"}},
    {"type": "action", "id": "a", "action": {"ke\x01y": 1}},
    {"type": "resync", "since": 3},
    {"type": "resync", "since": 2**62},
    {"type": "resync", "since": 2**62 + 1},
    {"type": "ping"},
    {"type": "chat", "text": "hello"},
]


def model_reading(data: dict[str, object]) -> object:
    """What the model alone makes of a frame: the message, or 'refused'."""
    if find_control(data) is not None:
        return "refused"
    try:
        return msg._client.validate_python(data)
    except ValidationError:
        return "refused"


@pytest.mark.parametrize("data", FRAMES, ids=[repr(f)[:40] for f in FRAMES])
def test_frames_are_read_as_the_model_reads_them(data: dict[str, object]) -> None:
    for text in (orjson.dumps(data).decode(), orjson.dumps(data)):
        try:
            got: object = msg.parse_client(text)
        except WarboardError as exc:
            assert exc.code == "malformed"
            got = "refused"
        assert got == model_reading(data)


def test_a_raw_control_character_is_not_json() -> None:
    with pytest.raises(WarboardError) as caught:
        msg.parse_client('{"type": "ping", "x": "\x00"}')
    assert caught.value.code == "malformed_json"
