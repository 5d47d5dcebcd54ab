"""Building a new GKR game: map, units, decks, sponsor pile and Big Little Buddy."""

from __future__ import annotations

from typing import Any

from app.core.dice import Dice
from app.systems.gkr import turns
from app.systems.gkr.data import FACTION_IDS, SUPPORT_KINDS, resolve

BLB = "blb"


def seats_for(options: dict[str, Any]) -> list[str]:
    """Seats are named by faction: the chosen factions, else the first ``players`` of them."""
    if options.get("factions"):
        return list(options["factions"])
    return list(FACTION_IDS[: options.get("players", 4)])


def _deck(seat: str, data: dict[str, Any], cards: dict[str, Any]) -> list[str]:
    """A 25-card faction deck (composition 'Likely', NOTES.md): weapons, deploy, movement."""
    spec = data["deck"]
    kinds = (
        [("weapon", "primary")] * spec["primary"]
        + [("weapon", "secondary-1")] * spec["secondary"]
        + [("weapon", "secondary-2")] * spec["secondary"]
        + [("deploy", None)] * spec["deploy"]
        + [("movement", None)] * spec["movement"]
    )
    deck = []
    for n, (kind, slot) in enumerate(kinds, 1):
        cid = f"{seat}-{n:02d}"
        if kind == "weapon":
            cards[cid] = {
                "id": cid,
                "type": "weapon",
                "weapon": f"{seat}/{slot}",
                "name": data["weapons"][f"{seat}/{slot}"]["name"],
            }
        else:
            cards[cid] = {"id": cid, "type": kind, "name": data["cards"][kind]}
        deck.append(cid)
    return deck


def _sponsor_pile(data: dict[str, Any], cards: dict[str, Any]) -> list[str]:
    pile: list[str] = []
    for spec in data["sponsor"]:
        for _ in range(spec["count"]):
            cid = f"s{len(pile) + 1:02d}"
            cards[cid] = {
                "id": cid,
                "type": spec["type"],
                "name": spec["name"],
                "sponsor": True,
                **{k: spec[k] for k in ("energy", "repair") if k in spec},
            }
            pile.append(cid)
    return pile


def _units(seats: list[str], data: dict[str, Any]) -> dict[str, Any]:
    starts = data["map"]["starts"]
    units: dict[str, Any] = {}
    for seat in seats:
        start = starts[seat]
        units[f"{seat}:heavy"] = {
            "id": f"{seat}:heavy",
            "kind": "heavy",
            "owner": seat,
            **start["heavy"],
            "facing": start["facing"],
            "on_board": True,
        }
        for kind in SUPPORT_KINDS:
            hp = data["support"]["units"][kind]["hp"]
            units[f"{seat}:{kind}"] = {
                "id": f"{seat}:{kind}",
                "kind": kind,
                "owner": seat,
                **start["support"][kind],
                "facing": start["facing"],
                "on_board": True,
                "hp": hp,
            }
    # BLB text, Setup: "Place the Big Little Buddy figure in the center of the Battlefield."
    centre = data["map"]["centre"]
    units[BLB] = {
        "id": BLB,
        "kind": BLB,
        "owner": None,
        **centre,
        "facing": 0,
        "on_board": True,
        "hp": data["blb"]["max_hp"],
    }
    return units


def setup(options: dict[str, Any], dice: Dice) -> dict[str, Any]:
    """The starting state: the board, the decks and hands, the first round's Deploy Phase."""
    data = resolve(options)
    seats = seats_for(options)
    cards: dict[str, Any] = {}
    players: dict[str, Any] = {}
    for seat in seats:
        deck = _deck(seat, data, cards)
        dice.shuffle(deck, purpose=f"shuffle {seat} deck")
        hand, deck = deck[: data["rules"]["hand_size"]], deck[data["rules"]["hand_size"] :]
        players[seat] = {
            "deck": deck,
            "hand": hand,
            "discard": [],
            "damage": [],
            "sponsor": [],
            "energy": data["rules"]["energy_per_round"],
            "tags": data["rules"]["tags_per_faction"],
            "demolished": 0,
            "eliminated": False,
            "moved": [],
            "tagged": [],
            "chosen": False,
        }
    # BLB text, Setup: "Shuffle the 5 Big Little Buddy Sponsor Cards into the Sponsor Card Draw Pile."
    pile = _sponsor_pile(data, cards)
    dice.shuffle(pile, purpose="shuffle sponsor pile")
    for seat in seats:
        for _ in range(data["rules"]["sponsor_cards_at_start"]):
            players[seat]["sponsor"].append(pile.pop(0))
    buildings = {
        b["id"]: {"id": b["id"], "q": b["q"], "r": b["r"], "tags": {}, "demolished": False, "by": None}
        for b in data["map"]["buildings"]
    }
    state: dict[str, Any] = {
        "data": data,
        "seats": seats,
        "round": 1,
        "phase": "deploy",
        "step": None,
        "queue": [],
        "units": _units(seats, data),
        "buildings": buildings,
        "players": players,
        "cards": cards,
        "sponsor_pile": pile,
        "sponsor_discard": [],
        # BLB text, Setup: his Unit Card and Weapon Cards lie next to the Game Board
        "blb": {"controller": None, "activated_round": None, "weapon": None},
        "firing_line": [],
        "resolve_index": 0,
        "awaiting": None,
        "pending_displace": None,
        "pending_steal": None,
        "records": [],
        "undo": None,
        "dispute": None,
        "result": None,
    }
    turns.start_round(state, dice, [])
    return state


#: keys a game saved before steal decisions and disputes lacks (None in a new game)
_LATER_KEYS = ("pending_steal", "undo", "dispute")


def upgrade(state: dict[str, Any]) -> dict[str, Any]:
    """``state`` in today's shape (``RuleSystem.upgrade``): a game saved before steal decisions
    and disputes lacks their keys; one saved before every game kept its result under ``result``
    has it under ``winner``. ``state`` itself when current, else a new dict."""
    if "winner" not in state and all(key in state for key in _LATER_KEYS):
        return state
    new = {k: v for k, v in state.items() if k != "winner"}
    for key in _LATER_KEYS:
        new.setdefault(key, None)
    if "winner" in state:
        new["result"] = state["winner"]
    return new
