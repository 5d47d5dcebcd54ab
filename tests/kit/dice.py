"""Scripted dice: the test says what the player rolls ("the attacker rolls 5 and 3").

``ScriptedDice([5, 3])`` hands a rule system the listed faces in order, each one taking the next
index of the stream and recorded in ``rolls`` like a real draw. What happens once the faces run out
is the test's choice:

- ``strict=False`` (the default): later draws come from the seeded stream of ``seed``, so a test
  scripts only the rolls it cares about;
- ``strict=True``: a further draw fails the test ("ran out of scripted dice"), so a test states
  every roll the action makes.

A scripted face must fit its die (1..sides): a shuffle or a random pick draws dice too, so a
test scripts the faces of every draw up to the last one it cares about.
"""

from __future__ import annotations

from collections.abc import Iterable

from app.core.dice import Dice


class ScriptedDice(Dice):
    """Dice that return the given faces first; then the seeded stream, or a failure when ``strict``."""

    def __init__(
        self,
        faces: Iterable[int] | None = None,
        *,
        strict: bool = False,
        seed: str = "scripted",
    ) -> None:
        super().__init__(seed)
        self.faces = list(faces or [])
        self.strict = strict

    def _draw(self, sides: int) -> int:
        if not self.faces:
            assert not self.strict, "the test ran out of scripted dice"
            return super()._draw(sides)
        face = self.faces.pop(0)
        assert 1 <= face <= sides, f"scripted face {face} for a d{sides}"
        self.index += 1
        return face
