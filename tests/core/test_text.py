"""The text rule: control characters and lone surrogates are refused, whitespace only inside
free JSON text, and every real character (a surrogate pair is one) passes."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ValidationError

from app.core.errors import MalformedAction
from app.core.text import SafeStr, SafeTree, check_tree, find_control, find_control_in_json, has_control


class _Named(BaseModel):
    name: SafeStr
    options: SafeTree = {}


@pytest.mark.parametrize("text", ["\ud800", "a\udfffb", "\udc00\ud800", "nul\x00", "c1\x85", "tab\t"])
def test_refused_in_a_name(text: str) -> None:
    assert has_control(text)
    with pytest.raises(ValidationError):
        _Named(name=text)


@pytest.mark.parametrize("text", ["Ann", "😀 Zoë", "日本語", "\u200b", "\ufffd"])
def test_every_real_character_passes(text: str) -> None:
    assert not has_control(text) and _Named(name=text, options={"label": text}).name == text


def test_free_json_text_allows_whitespace_but_no_surrogate() -> None:
    assert find_control({"a": ["line\nbreak\ttab\r"]}) is None
    assert find_control({"a": [1, {"b": "x\ud800"}]}) == "a[1].b"
    assert find_control({"k\udc00": 1}) == "'k\\udc00'"  # a key is named by its repr
    with pytest.raises(MalformedAction):
        check_tree({"a": "\ud800"})
    with pytest.raises(ValidationError):
        _Named(name="x", options={"deep": {"er": ["\ud800"]}})


def test_json_that_orjson_refuses_is_read_for_its_surrogates() -> None:
    assert find_control_in_json(b'{"name": "\\ud800"}') == "name"
    assert find_control_in_json('{"a": ["\\udc00"]}') == "a[0]"
    assert find_control_in_json(b'{"name": "ok"') is None  # not JSON at all
    assert find_control_in_json(b"[" * 100_000) is None  # deeper than the parser goes
