"""Schema 1 -> 2: weapons get their special kind, use and full hit points, once."""

from __future__ import annotations

import json
from pathlib import Path

from gmdash.model.character import Weapon
from gmdash.store.documents import CAMPAIGN_FORMAT, SCHEMA_VERSION, SESSION_FORMAT, parse_document

OLD_JAVELIN = {"name": "Javelin", "skill": "Javelin", "damage": "1D10", "sr": 3, "hit_points": 8}
OLD_SLING = {"name": "Sling", "skill": "Sling", "damage": "1D8", "sr": 1, "hit_points": 4}


def _v1(kind: str, body: dict[str, object]) -> bytes:
    return json.dumps({"meta": {"1": {"format": kind, "schema_version": 1}}, **body}).encode()


def test_a_campaign_of_schema_1_gets_weapon_kinds(tmp_path: Path) -> None:
    state = {
        "characters": [{"name": "Vasana", "weapons": [OLD_JAVELIN, OLD_SLING]}],
        "combat": {"combatants": [{"foe": {"weapons": [OLD_SLING]}}]},
    }
    tables = parse_document(
        tmp_path / "c.json", _v1(CAMPAIGN_FORMAT, {"state": {"1": state}}), CAMPAIGN_FORMAT
    )
    assert tables["meta"]["1"]["schema_version"] == SCHEMA_VERSION == 5
    javelin, sling = tables["state"]["1"]["characters"][0]["weapons"]
    assert (javelin["use"], javelin["special"], javelin["max_hit_points"]) == (
        "thrown",
        "impale",
        8,
    )
    assert (sling["use"], sling["special"]) == ("missile", "crush")
    foe_sling = tables["state"]["1"]["combat"]["combatants"][0]["foe"]["weapons"][0]
    assert foe_sling["use"] == "missile"


def test_kinds_set_by_hand_are_kept(tmp_path: Path) -> None:
    mine = {**OLD_SLING, "use": "thrown", "special": "impale", "max_hit_points": 6}
    tables = parse_document(
        tmp_path / "c.json", _v1(CAMPAIGN_FORMAT, {"state": {"1": {"w": [mine]}}}), CAMPAIGN_FORMAT
    )
    assert tables["state"]["1"]["w"] == [mine]


def test_logged_events_migrate_too(tmp_path: Path) -> None:
    event = {"type": "CharacterAdded", "character": {"weapons": [OLD_JAVELIN]}}
    tables = parse_document(
        tmp_path / "s.json", _v1(SESSION_FORMAT, {"events": {"1": event}}), SESSION_FORMAT
    )
    assert tables["events"]["1"]["character"]["weapons"][0]["use"] == "thrown"


def test_a_sheet_read_without_the_fields_guesses_them() -> None:
    weapon = Weapon.from_dict(OLD_JAVELIN)
    assert (weapon.use, weapon.special, weapon.max_hit_points) == ("thrown", "impale", 8)
