"""The bus's closed set of messages and their one encoding between processes (``app.session.bus``)."""

from __future__ import annotations

import orjson
import pytest

from app.session import Envelope, bus

MESSAGES: list[bus.Message] = [
    bus.Seq(5),
    bus.Seq(
        5, 3, Envelope(5, 2, 1, "open", {"tokens": {"a": {"x": 1}}}), [{"kind": "k", "seq": 4}, {"kind": "k", "seq": 5}]
    ),
    bus.Poll(),
    bus.Chat({"id": 1, "seq": 2, "channel": "players", "seat": None, "from": "Ann", "text": "hi", "at": "x"}),
    bus.Presence(),
    bus.Kick("abc"),
    bus.Kick("abc", moved=True),
    bus.Mark("m1", "Ann", "p1", "player", {"from": {"x": 0.0, "y": 0.0}, "to": {"x": 1.0, "y": 0.0}, "text": ""}, None),
    bus.Settings(),
    bus.Rematch("t2"),
]


@pytest.mark.parametrize("message", MESSAGES, ids=lambda m: type(m).__name__)
def test_every_message_travels_between_processes_unchanged(message: bus.Message) -> None:
    assert bus.decode(bus.encode(message)) == message


def test_every_kind_is_in_the_set() -> None:
    assert {type(m) for m in MESSAGES} == set(bus.KINDS.values())
    assert set(bus.KINDS) == {"seq", "poll", "chat", "presence", "kick", "mark", "settings", "rematch"}


def test_a_seq_without_its_state_is_announced_alone() -> None:
    carried = MESSAGES[1]
    assert isinstance(carried, bus.Seq)
    assert orjson.loads(bus.encode(carried, carry=False)) == {"t": "seq", "seq": 5}
    assert bus.decode(bus.encode(carried, carry=False)) == bus.Seq(5)
    assert orjson.loads(bus.encode(carried))["env"]["state"] == {"tokens": {"a": {"x": 1}}}
    assert orjson.loads(bus.encode(bus.Mark("m", "Ann", None, "spectator", None, None)))["from"] == "Ann"


def test_anything_else_is_refused() -> None:
    with pytest.raises(ValueError):
        bus.decode(b'{"t": "gossip"}')
