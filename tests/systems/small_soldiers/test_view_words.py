"""The view speaks the game's own words: the rulebook counts turns, so the table's header says
"Turn 51", not "Round 51"."""

from tests.systems.small_soldiers.conftest import SYSTEM, started


def test_the_turn_counter_is_called_a_turn():
    view = SYSTEM.view(started(), None)
    assert view["turn"]["round_label"] == "Turn"
    assert view["turn"]["round"] >= 1
