"""Sheets on any hit-location table: the table's name stored (and absent from old saves),
locations checked against it, damage, healing and conditions through the campaign."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import demo_session, sheet

from gmdash.drawing.status import status_words, useless_locations
from gmdash.model import Character, CharacterKind, ValidationError, new_character
from gmdash.model.derived import sheet_maxima
from gmdash.play import wounds
from gmdash.rules import RuleSet


def horse() -> Character:
    return new_character(
        id="c0100", name="Windmane", kind=CharacterKind.NPC, hit_table="quadruped",
        characteristics={"STR": 30, "CON": 14, "SIZ": 28, "DEX": 10, "INT": 4, "POW": 9,
                         "CHA": 5},
        armour={"head": 1, "forequarters": 2},
    )  # fmt: skip


def test_a_non_humanoid_sheet_round_trips_with_its_table() -> None:
    mount = horse()
    data = json.loads(json.dumps(mount.to_dict()))
    assert data["hit_table"] == "quadruped"
    assert set(data["locations"]) == {
        "right_hind_leg", "left_hind_leg", "hindquarters", "forequarters", "right_foreleg",
        "left_foreleg", "head",
    }  # fmt: skip
    assert Character.from_dict(data) == mount


def test_an_old_save_without_a_table_is_humanoid_and_writes_none() -> None:
    data = sheet().to_dict()
    assert "hit_table" not in data  # saves stay as they were: no schema change
    assert Character.from_dict(data).hit_table == "humanoid"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"hit_table": "octopus"}, "hit_table"),
        ({"hit_table": 3}, "hit_table"),
        ({"hit_table": "quadruped"}, "locations."),  # humanoid locations on a horse
    ],
)
def test_a_table_that_does_not_fit_is_refused(change: dict[str, Any], field: str) -> None:
    data = sheet().to_dict() | change
    with pytest.raises(ValidationError) as caught:
        Character.from_dict(data)
    assert caught.value.field.startswith(field)


def test_a_condition_on_a_location_the_body_lacks_is_refused() -> None:
    data = horse().to_dict() | {"conditions": ["useless:left_arm"]}
    with pytest.raises(ValidationError, match="condition"):
        Character.from_dict(data)


def test_damage_and_healing_on_a_horse_through_the_campaign(tmp_path: Path) -> None:
    with demo_session(tmp_path) as service:
        mount = service.add_character(horse())
        full = sheet_maxima(mount, RuleSet.RQG)
        hind = full.locations["hindquarters"]
        blow = wounds.wound(mount, RuleSet.RQG, "hindquarters", hind)
        assert "right hind leg and left hind leg useless" in blow.summary
        service.publish(blow.event)
        hurt = service.character(mount.id)
        assert hurt.locations["hindquarters"] == 0
        assert {"useless:right_hind_leg", "useless:left_hind_leg"} <= set(hurt.conditions)
        assert "useless R hind leg" in status_words(hurt, full)
        assert set(useless_locations(hurt)) == {"right_hind_leg", "left_hind_leg"}
        event, _ = wounds.heal(hurt, RuleSet.RQG, "hindquarters", hind)
        assert event is not None
        service.publish(event)
        healed = service.character(mount.id)
        assert healed.locations["hindquarters"] == hind
        assert not any(c.startswith("useless:") for c in healed.conditions)


def test_armour_counts_on_the_horses_own_locations() -> None:
    blow = wounds.wound(horse(), RuleSet.RQG, "forequarters", 5)
    assert blow.event.amount == 3  # 2 points of armour on the forequarters


def test_a_location_the_horse_lacks_is_one_clear_error() -> None:
    with pytest.raises(ValidationError, match="Windmane has no Left arm"):
        wounds.wound(horse(), RuleSet.RQG, "left_arm", 3)
    event, message = wounds.heal(horse(), RuleSet.RQG, "left_arm", 3)
    assert event is None and "has no" in message


def test_a_week_of_rest_heals_every_location_of_the_table(tmp_path: Path) -> None:
    with demo_session(tmp_path) as service:
        mount = service.add_character(horse())
        service.publish(wounds.wound(mount, RuleSet.RQG, "left_foreleg", 2).event)
        hurt = service.character(mount.id)
        heals = wounds.weekly_heals([hurt], RuleSet.RQG, 1)
        assert [e.location for e in heals] == ["left_foreleg"]
