"""What the browser client needs from the view: board, pieces, turn, prompt and game keys."""

from __future__ import annotations

from tests.systems.gkr.helpers import DB, GKR, KW, TH, act, activate, new, pass_until


def test_board_cells_buildings_and_centre():
    view = GKR.view(new(), None)
    board = view["board"]
    assert board["kind"] == "hex" and board["centre"] == {"q": 0, "r": 0}
    terrains = {c["terrain"] for c in board["cells"]}
    assert terrains == {"street", "building", "centre"}
    assert len(board["buildings"]) == 10
    assert all({"id", "q", "r", "tags", "tag_total", "demolished"} <= set(b) for b in board["buildings"])


def test_buildings_show_their_tags():
    state, _ = pass_until(new(), "tagging")
    state["units"]["diamondback:heavy"].update(q=1, r=0)
    state, _ = act(state, DB, {"kind": "tag", "unit": "diamondback:heavy", "building": "b1"})
    b1 = next(b for b in GKR.view(state, KW)["board"]["buildings"] if b["id"] == "b1")
    assert b1["tags"] == {DB: 1} and b1["tag_total"] == 1


def test_pieces_with_facing_owner_and_blb_marker():
    state = activate(new(), DB)
    pieces = {p["id"]: p for p in GKR.view(state, None)["pieces"]}
    assert len(pieces) == 13  # 3 x (Heavy Hitter + 3 Support Units) + Big Little Buddy
    assert pieces["diamondback:heavy"]["facing"] == 60 and pieces["king-wolf:heavy"]["facing"] == 240
    assert pieces["blb"]["tag"] == DB and "controlled by DiamondBack" in pieces["blb"]["status"]
    assert pieces["king-wolf:recon"]["owner"] == KW and pieces["king-wolf:recon"]["color"]


def test_deck_and_damage_counts_for_everyone():
    state = new()
    state["players"][KW]["damage"] = [state["players"][KW]["deck"].pop(0)]
    for viewer in (DB, KW, TH, None):
        kw = GKR.view(state, viewer)["players"][KW]
        assert (kw["deck_count"], kw["damage_count"], kw["hand_count"], kw["hp"]) == (18, 1, 6, 24)


def test_firing_line_face_down_then_revealed():
    state, _ = pass_until(new(), "combat")
    state["units"]["diamondback:heavy"].update(q=0, r=0, facing=0)
    state["units"]["king-wolf:heavy"].update(q=1, r=0)
    card = next(c for c in state["players"][DB]["hand"] if state["cards"][c]["type"] == "weapon")
    state, _ = act(
        state,
        DB,
        {"kind": "choose_weapons", "weapons": [{"source": "card", "card": card, "target_unit": "king-wolf:heavy"}]},
    )
    assert GKR.view(state, TH)["firing_line"] == [{"owner": DB, "hidden": True}]
    assert GKR.view(state, DB)["firing_line"][0]["card"] == card
    state, _ = act(state, KW, {"kind": "choose_weapons", "weapons": []})
    state, _ = act(state, TH, {"kind": "choose_weapons", "weapons": []})
    seen = GKR.view(state, TH)["firing_line"][0]
    assert seen["revealed"] and seen["weapon"]["name"] and "card" not in seen


def test_turn_and_prompt():
    state = new()
    view = GKR.view(state, DB)
    assert view["turn"]["active"] == [DB] and view["prompt"]["text"]
    assert GKR.view(state, KW)["prompt"] is None
    assert "prompt" not in GKR.view(state, None)
