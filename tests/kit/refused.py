"""The rules tests' one check of a refusal: the action raises ``IllegalAction`` with this code.

with refused("off_board"):
    play(state, "p1", {"kind": "add_token", "token": "t", "x": 99, "y": 1})
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from app.core.errors import IllegalAction


@contextmanager
def refused(code: str) -> Iterator[None]:
    """The block raises ``IllegalAction`` (or a subclass) whose code is ``code``."""
    with pytest.raises(IllegalAction) as err:
        yield
    assert err.value.code == code
