"""Sheets: round trips and validation errors that name the field."""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import sheet

from gmdash.formats.character_file import export_character, import_payload
from gmdash.model import Character, ValidationError, complete
from gmdash.rules import RuleSet


def test_round_trip_through_json() -> None:
    original = sheet()
    assert Character.from_dict(json.loads(json.dumps(original.to_dict()))) == original


def test_new_sheet_starts_full() -> None:
    ostra = sheet()
    # CON 12; SIZ 11 and POW 15 add nothing (docs/rules.md#rqg-hit-points)
    assert ostra.hit_points == 12
    assert ostra.magic_points == 15
    assert ostra.rune_points == ostra.rune_points_max == 3
    assert set(ostra.locations) == {
        "left_leg", "right_leg", "abdomen", "chest", "left_arm", "right_arm", "head"
    }  # fmt: skip


def _bad(path: str, value: Any) -> dict[str, Any]:
    data = sheet().to_dict()
    target: Any = data
    keys = path.split(".")
    for key in keys[:-1]:
        target = target[int(key)] if key.isdigit() else target[key]
    last = keys[-1]
    if value is _DELETE:
        del target[last]
    elif last.isdigit():
        target[int(last)] = value
    else:
        target[last] = value
    return data


_DELETE = object()


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        ("name", "  ", "name"),
        ("name", _DELETE, "name"),
        ("characteristics.STR", 0, "characteristics.STR"),
        ("characteristics.POW", 12.5, "characteristics.POW"),
        ("characteristics.CHA", "ten", "characteristics.CHA"),
        ("characteristics.CON", _DELETE, "characteristics.CON"),
        ("characteristics.LUCK", 10, "characteristics.LUCK"),
        ("abilities.1.value", 1000, "abilities[1].value"),
        ("abilities.1.value", -1, "abilities[1].value"),
        ("abilities.2.kind", "spell", "abilities[2].kind"),
        ("abilities.0.name", "", "abilities[0].name"),
        ("weapons.0.damage", "1D", "weapons[0].damage"),
        ("weapons.0.damage", "sword", "weapons[0].damage"),
        ("weapons.0.sr", 13, "weapons[0].sr"),
        ("kind", "monster", "kind"),
        ("locations.tail", 3, "locations.tail"),
        ("armour.head", -1, "armour.head"),
        ("magic_points", -2, "magic_points"),
        ("hit_points", True, "hit_points"),
    ],
)
def test_bad_field_is_named(path: str, value: Any, field: str) -> None:
    with pytest.raises(ValidationError) as caught:
        Character.from_dict(_bad(path, value))
    assert caught.value.field == field
    assert field in str(caught.value)


@pytest.mark.parametrize("value", [0, 999])
def test_ability_limits_are_inclusive(value: int) -> None:
    loaded = Character.from_dict(_bad("abilities.0.value", value))
    assert loaded.abilities[0].value == value
    assert loaded.abilities[1:] == sheet().abilities[1:]


def test_characteristics_have_no_cap() -> None:
    assert Character.from_dict(_bad("characteristics.STR", 40)).characteristics["STR"] == 40


def test_duplicate_ability_is_refused() -> None:
    data = sheet().to_dict()
    data["abilities"].append({"name": "dodge", "value": 3})  # type: ignore[attr-defined]
    with pytest.raises(ValidationError) as caught:
        Character.from_dict(data)
    assert caught.value.field == "abilities[4].name"


def test_export_then_import_keeps_the_sheet_but_not_the_id() -> None:
    exported = json.loads(json.dumps(export_character(sheet())))
    assert "id" not in exported["character"]
    again = complete(import_payload(exported), id="c0042", ruleset=RuleSet.RQG)
    assert again.to_dict() | {"id": "c0001"} == sheet().to_dict()


def test_import_fills_current_points() -> None:
    data = sheet().to_dict()
    for key in ("id", "hit_points", "locations", "magic_points", "rune_points", "rune_points_max"):
        del data[key]
    assert complete(data, id="c0001", ruleset=RuleSet.RQG) == sheet()


def test_import_refuses_foreign_and_future_files() -> None:
    with pytest.raises(ValidationError, match="format"):
        import_payload({"format": "other", "character": {}})
    with pytest.raises(ValidationError, match="schema_version"):
        import_payload({"format": "gmdash.character", "schema_version": 9, "character": {}})
