"""Refusals name terrain and models the way the table shows them: a piece's label or type and
where it lies to the inch, never an internal id like "t-mx31g3of"; the codes stay as they were."""

import pytest

from app.core.errors import BadOptions, IllegalAction
from app.systems.hgb.board import piece_problem, terrain_name
from tests.systems.hgb.play import SYSTEM, Table
from tests.systems.hgb.test_movement import BUNKER, move, table


def test_terrain_is_named_by_label_or_type_and_place():
    assert (
        terrain_name({"id": "t-mx31g3of", "type": "forest", "polygon": [[10, 10], [14, 10], [14, 14], [10, 14]]})
        == "The forest near (12, 12)"
    )
    assert (
        terrain_name({"id": "t-1", "type": "hill", "level": 2, "label": "Ridge", "polygon": [[0, 0], [6, 0], [6, 3]]})
        == "Ridge (hill), level 2, near (4, 1)"
    )


def test_an_off_table_piece_is_refused_without_its_id():
    piece = {"id": "t-mx31g3of", "type": "rough", "polygon": [[47, 1], [49, 1], [48, 3]]}
    code, message = piece_problem(piece) or ("", "")
    assert code == "off_board" and "t-mx31g3of" not in message
    assert message.startswith("The rough near (48, 2) reaches off the 48 inch table")
    with pytest.raises(BadOptions) as err:
        SYSTEM.validate_options({"terrain": [piece]})
    assert "t-mx31g3of" not in err.value.message
    t = Table({"map": "open"})
    with pytest.raises(IllegalAction) as placed:
        t.act("north", {"kind": "place_terrain", "id": "t-mx31g3of", "type": "rough", "polygon": piece["polygon"]})
    assert placed.value.code == "off_board" and "t-mx31g3of" not in placed.value.message


def test_a_move_through_a_building_names_the_building_not_its_id():
    with pytest.raises(IllegalAction) as err:
        move(table([BUNKER]), [[14, 20]])
    assert err.value.code == "impassable"
    assert "the building, level 3, near (13, 20)" in err.value.message and "(b)" not in err.value.message
