"""No hidden card (a hand, the deck's order) reaches another seat or a spectator."""

from __future__ import annotations

import json

from app.core.dice import Dice
from app.core.events import redact

from .conftest import SYSTEM, random_play, started


def _play(options, seed, steps=400):
    """A seeded game driven by legal_actions; yields (state, events) after each action."""
    for _, state, events in random_play(started(options, seed=seed), Dice(seed), Dice(seed + "-pick"), steps):
        yield state, events


def _ids(cards):
    return {c["id"] for c in cards}


def test_views_and_events_never_show_another_seats_hand_or_the_deck_order():
    for options in ({"advanced": True}, {"advanced": True, "players": 4, "team_mode": "split"}):
        for state, events in _play(options, "hidden"):
            deck_ids = _ids(state["deck"])
            for viewer in [None, *state["seats"]]:
                secret = set(deck_ids)
                for side, hand in state["hands"].items():  # one hand per side (army)
                    if viewer is None or viewer.split("-")[0] != side:
                        secret |= _ids(hand)
                view = SYSTEM.view(state, viewer)
                seen = json.dumps(view) + json.dumps([redact(e, viewer) for e in events])
                leaked = [cid for cid in secret if f'"{cid}"' in seen]
                assert not leaked, (viewer, leaked)
                # the deck: its size and make-up, never its order
                assert "deck" not in view or set(view["deck"]) == {"count", "make_up"}


def test_own_hand_is_in_the_own_view():
    state = started({"advanced": True})
    assert SYSTEM.view(state, "commandos")["hand"] == state["hands"]["commandos"]
    assert SYSTEM.view(state, "gorgonites")["hand_counts"]["commandos"] == 5


def test_a_sides_hand_is_seen_by_the_seats_of_that_side_only():
    """Advanced Rules: "you and your opponent are each dealt a 5-card hand"; For a 4-Player Game:
    "Two players will work as a team commanding each army. They can discuss each move": the
    team shares its side's hand, which the other side and spectators never see."""
    for mode in ("alternate", "team", "split"):
        state = started({"advanced": True, "players": 4, "team_mode": mode})
        hand = state["hands"]["gorgonites"]
        for seat in ("gorgonites-1", "gorgonites-2"):
            assert SYSTEM.view(state, seat)["hand"] == hand
        for viewer in ("commandos-1", "commandos-2", None):
            view = SYSTEM.view(state, viewer)
            assert view["hand"] != hand and view["hand_counts"] == {"gorgonites": 5, "commandos": 5}
            assert not [c for c in _ids(hand) if f'"{c}"' in json.dumps(view)]


def test_legal_choices_only_for_the_seat_that_acts():
    state = started()
    assert SYSTEM.view(state, "gorgonites")["legal"] == {"spin": True}
    assert SYSTEM.view(state, "commandos")["legal"] == {} and SYSTEM.view(state, None)["legal"] == {}
    assert SYSTEM.view(state, "commandos")["prompt"] is None
