"""The create form generated from each system's options schema: ordinary options as widgets with
their defaults, data overrides in the Advanced disclosure, the spectator delay applied at once."""

from __future__ import annotations

import re
from typing import Any

import pytest

from app import systems
from app.web.forms import option_fields, parse_options
from tests.conftest import Server

SYSTEMS = sorted(systems.registry.systems)


def submitted(system_id: str, prefix: str = "") -> dict[str, Any]:
    """What a browser posts for the untouched form: every widget's default."""
    form: dict[str, Any] = {}
    for f in option_fields(system_id):
        key = prefix + f["name"]
        if f["input"] == "checkbox":
            if f["default"]:
                form[key] = "on"
        elif f["input"] == "checks":
            if f["default"]:
                form[key] = list(f["default"])
        else:
            form[key] = "" if f["default"] is None else str(f["default"])
    return form


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_ordinary_options_are_widgets_and_data_sits_in_advanced(system_id: str) -> None:
    fields = option_fields(system_id)
    assert fields
    for f in fields:
        if f["input"] == "json":
            assert f["advanced"], f["name"]  # no raw JSON among the ordinary options
        assert not re.search(r"[a-z][A-Z]", f["label"]), f["label"]  # no class names like MapData
        if f["input"] == "number" and f["default"] is not None:
            assert f["min"] is None or f["min"] <= f["default"], f["name"]


def test_choices_numbers_toggles_and_warboard_defaults() -> None:
    gkr = {f["name"]: f for f in option_fields("gkr")}
    assert gkr["map"]["input"] == "select" and gkr["map"]["warboard_default"]
    assert gkr["energy_per_round"]["input"] == "number" and gkr["energy_per_round"]["default"] == 5
    assert (gkr["energy_per_round"]["min"], gkr["energy_per_round"]["max"]) == (1, 20)
    assert gkr["factions"]["input"] == "checks" and not gkr["factions"]["advanced"]
    assert gkr["deck.primary"]["advanced"] and gkr["deck.primary"]["default"] == 5
    assert gkr["manual.energy"]["input"] == "checkbox" and gkr["manual.energy"]["advanced"]
    hgb = {f["name"]: f for f in option_fields("hgb")}
    assert hgb["north.faction"]["input"] == "select" and not hgb["north.faction"]["advanced"]
    assert hgb["north.faction"]["label"] == "North edge force: Faction"
    ss = {f["name"]: f for f in option_fields("small-soldiers")}
    assert ss["advanced"]["input"] == "checkbox" and ss["map"]["label"] == "Map" and ss["map"]["advanced"]


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_the_untouched_form_gives_the_defaults(system_id: str) -> None:
    options = parse_options(system_id, submitted(system_id))
    model = systems.get(system_id).describe()["options"]  # type: ignore[union-attr]
    assert set(options) <= set(model["properties"])


def test_nested_values_come_back_typed() -> None:
    raw = {
        **submitted("gkr"),
        "deck.primary": "6",
        "deck.movement": "6",
        "factions": ["king-wolf", "diamondback"],
        "manual.energy": "on",
        "players": "2",
    }
    options = parse_options("gkr", raw)
    assert options["deck"]["primary"] == 6 and options["manual"]["energy"] is True
    assert options["factions"] == ["diamondback", "king-wolf"] and options["players"] == 2
    assert "weapon_overrides" not in options  # an untouched data box keeps the game's data
    ss = parse_options("small-soldiers", {**submitted("small-soldiers"), "players": "4"})
    assert ss["players"] == 4 and "map" not in ss
    with pytest.raises(ValueError, match="Deck: Primary"):
        parse_options("gkr", {**raw, "deck.primary": "lots"})


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_game_is_created_from_its_untouched_form_with_a_spectator_delay(server: Server, system_id: str) -> None:
    form = {
        "name": f"Form {system_id}",
        "system": system_id,
        "visibility": "public",
        "delay_actions": "3",
        "delay_seconds": "0",
        **submitted(system_id, "opt."),
    }
    with server.client() as client:
        response = client.post("/lobby/create", data=form)
        assert response.status_code == 204, response.text
        tid = response.headers["hx-redirect"].split("/tables/", 1)[1].split("#", 1)[0]
        assert client.get(f"/api/tables/{tid}").json()["system"] == system_id
        settings = client.get(f"/api/tables/{tid}/settings").json()
        assert settings["delay_actions"] == 3 and settings["delay_seconds"] == 0
        bad = client.post("/lobby/create", data={**form, "delay_actions": "999"})
        assert 'role="alert"' in bad.text and "Spectator delay" in bad.text


def test_labels_and_choices_read_as_words() -> None:
    """Issue 25: no "Blb Range", no "(NOTES.md)", factions as their names (the value stays the
    id), the sandbox's radius only for a hex board."""
    gkr = {f["name"]: f for f in option_fields("gkr")}
    assert gkr["blb_range"]["label"] == "Big Little Buddy's movement range"
    assert gkr["energy_per_round"]["label"] == "Energy per round"
    assert gkr["factions"]["choice_labels"]["king-wolf"] == "King Wolf"
    for system_id in SYSTEMS:
        for f in option_fields(system_id):
            assert "NOTES.md" not in f["description"] and "True" not in f["description"], f
            assert not re.search(r"\b[a-z]+_[a-z_]+\b", f["label"]), f["label"]
            for label in (f.get("choice_labels") or {}).values():
                assert not re.search(r"\b[a-z]+_[a-z_]+\b", label), label
    hgb = {f["name"]: f for f in option_fields("hgb")}
    assert hgb["north.faction"]["choices"] == ["north", "south", "peace_river"]
    assert hgb["north.faction"]["choice_labels"]["peace_river"] == "Peace River"
    assert hgb["south.faction"]["choice_labels"]["south"] == "Southern"
    sandbox = {f["name"]: f for f in option_fields("sandbox")}
    assert sandbox["radius"]["shown_when"] == "board=hex" and sandbox["width"]["shown_when"] == "board=tabletop"
    assert sandbox["board"]["shown_when"] == ""
