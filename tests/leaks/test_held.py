"""The leak suite's pass-and-play and Your games case, over the API: a device holding both seats
of a game with hands asks ``POST /api/my-games`` about them; the answer holds no card of any
hand or deck. And everything the table page fetches while the pass-and-play cover is up
(``COVER_FETCHES``, as tests/browser/test_pass_play_gkr.py records it from a real page, whose
own content under the cover tests/browser/test_pass_play.py and test_pass_play_gkr.py scan) holds
no card of either held seat's hand, no face-down choice, no deck and not the dice seed, at every
step of a GKR game of two held seats and a third."""

from __future__ import annotations

import json
import random
import re

import httpx

from tests.conftest import Server
from tests.kit.table import act, join, new_table, token_of
from tests.leaks.secrets import own, secrets
from tests.leaks.test_sealed import Game
from tests.leaks.test_sealed import choose as choose_any
from tests.systems.small_soldiers.test_api_game import choose

#: what the table page asks while the pass-and-play cover is up ("{id}": the table), as
#: tests/browser/test_pass_play_gkr.py records it from a real page
COVER_FETCHES = {
    "GET /tables/{id}",  # the page itself (the table's summary in its config)
    "POST /api/my-games",  # whose move it is, asked with every held seat's token
    "GET /api/tables/{id}/links",  # the invitation box
    "GET /api/tables/{id}/settings",  # the host panel (this device made the table)
    "GET /tables/{id}/qr.svg",  # the table link's QR code
    "GET /api/tables/{id}/clock",  # the clocks over the board (shown to everyone, spectators too)
}


def test_the_summaries_of_two_held_seats_hold_no_card(server: Server) -> None:
    with server.client() as client:
        tid = new_table(client, "small-soldiers", seed="held-1", options={"map_name": "skirmish", "advanced": True})[
            "id"
        ]
        heads = {s: join(client, tid, s, n) for s, n in (("gorgonites", "Ann"), ("commandos", "Bob"))}
        body = {"seats": [{"table": tid, "seat": s, "token": token_of(h)} for s, h in heads.items()]}
        for _step in range(12):
            views = {s: client.get(f"/api/tables/{tid}/view", headers=h).json()["view"] for s, h in heads.items()}
            answer = json.dumps(client.post("/api/my-games", json=body).json())
            cards = [c for v in views.values() for c in v["hand"]]
            assert cards
            for card in cards:
                assert card["id"] not in answer and card["name"] not in answer
            seat = next(s for s in heads if s in views[s]["turn"]["active"])
            assert act(client, tid, heads[seat], choose(views[seat], seat, "one-move")).status_code == 200


def cover_answers(client: httpx.Client, tid: str, held: dict[str, str]) -> dict[str, str]:
    """What the table page is answered while the cover is up, each of ``COVER_FETCHES`` asked as
    the page asks it (``held``: the device's seats and their tokens)."""
    out = {}
    for request in sorted(COVER_FETCHES):
        method, path = request.split(" ", 1)
        url = path.replace("{id}", tid)
        if method == "POST":
            body = {"seats": [{"table": tid, "seat": s, "token": t} for s, t in held.items()]}
            answer = client.post(url, json=body)
        else:
            answer = client.get(url)
        assert answer.status_code == 200, (request, answer.text)
        out[request] = answer.text
    return out


def found_in(text: str, secret: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(secret)}(?![\w-])", text) is not None


def test_behind_the_cover_the_page_fetches_nothing_hidden(server: Server) -> None:
    seed = "held-cover-gkr-1"
    options = {"players": 3}
    game = Game("gkr", options, seed)
    held_seats, other = game.seats[:2], game.seats[2]
    rng = random.Random(seed)
    with server.client() as client:
        tid = new_table(client, "gkr", seed=seed, options=options)["id"]
        heads = {s: join(client, tid, s, n) for s, n in zip(game.seats, ("Ann", "Bob", "Cy"), strict=True)}
        held = {s: token_of(heads[s]) for s in held_seats}
        covers = own_cards = 0
        for step in range(120):
            if game.over():
                break
            active = game.system.view(game.state, None)["turn"]["active"]
            if any(s in active for s in held_seats):  # a cover would be up for a seat of this device
                hidden = secrets("gkr", game.state, game.seats)[None]  # every hand, face-down card, deck
                mine = own("gkr", game.state, game.seats, held_seats[0])
                own_cards += len(mine)
                if covers == 0:  # the scan's control: the seat's own view does hold its cards
                    view = client.get(f"/api/tables/{tid}/view", headers=heads[held_seats[0]]).text
                    assert mine and all(found_in(view, c) for c in mine)
                for request, text in cover_answers(client, tid, held).items():
                    assert seed not in text, request
                    leaked = sorted(c for c in hidden if found_in(text, c))
                    assert leaked == [], f"step {step}: {request} holds {leaked}"
                covers += 1
            seat, action, _ = choose_any(game, rng, step, 10_000)
            assert act(client, tid, heads[seat], action).status_code == 200, (seat, action)
            assert game.try_apply(seat, action) is not None
    assert covers >= 30 and own_cards > 0  # the held seats had cards to leak, at every one of them
    assert other not in held
