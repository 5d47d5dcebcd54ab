"""The text scan's judge (tests/browser/words.py ``id_findings``), on plain texts: no browser."""

from __future__ import annotations

from tests.browser.words import Text, id_findings


def found(*texts: str, **kw: object) -> list[str]:
    return [f.what for f in id_findings([Text("test", t) for t in texts], **kw)]  # type: ignore[arg-type]


def test_ids_are_found() -> None:
    assert found("Game over: p2 won", seats={"p1": "Player 1", "p2": "Player 2"}) == ["seat id 'p2'"]
    assert found("You: diamondback", seats={"diamondback": "Diamondback"}) == ["seat id 'diamondback'"]
    assert found("flag_captured") == ["snake_case 'flag_captured'"]
    assert found("moves to (1, -3)") == ["a raw coordinate '(1, -3)'"]
    assert found("at q=1") == ["a raw coordinate 'q=1'"]
    assert found("Blb range (NOTES.md)") == ["'NOTES.md'"]
    assert found("Combat Group cg1 fires at b3", pieces={"b3": "Building 3"}) == ["piece id 'b3'"]


def test_words_pass() -> None:
    seats = {"p1": "Player 1", "gorgonites": "Gorgonites"}
    assert found("Ann (Player 1) sat down", "Gorgonites to act", "Round 1 · 3.5 in", seats=seats) == []
    # a piece whose id is its label, a seat id allowed as an English word, a skipped text
    assert found("Scout moves", pieces={"Scout": "Scout"}) == []
    assert found("Up (north), 270°", seats={"north": "Northern"}, allow=["north"]) == []
    assert found("peace_river", allow_texts=[r"^peace_river$"]) == []
    assert found("the p10 token", seats={"p1": "Player 1"}) == []  # a whole word only
