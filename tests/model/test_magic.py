"""Magic on the sheet: spells and cults read, written, exported, migrated and spent from."""

from __future__ import annotations

import contextlib
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from helpers import sheet
from hypothesis import given
from hypothesis import strategies as st

from gmdash.formats.character_file import (
    CHARACTER_SCHEMA_VERSION,
    export_character,
    ignored_fields,
    import_payload,
)
from gmdash.formats.sheet_fit import convert, mismatches
from gmdash.model import Character, ValidationError
from gmdash.model.campaign import Campaign
from gmdash.model.events import PointsSpent
from gmdash.model.magic import Cult, CultRank, RuneSpell, Spell, cult_pool, pool_cult
from gmdash.model.state import CampaignState
from gmdash.rules.ruleset import Edition, OptionalRule, RuleSet
from gmdash.store.documents import CAMPAIGN_FORMAT, SCHEMA_VERSION, parse_document

ORLANTH = Cult(
    name="Orlanth Adventurous",
    rank=CultRank.INITIATE,
    rune_points=3,
    rune_points_max=3,
    runes=("Air", "Movement"),
    spells=(
        RuneSpell(name="Lightning", points=1, stackable=True, runes=("Air",)),
        RuneSpell(name="Command Sylph", points=3, one_use=True),
    ),
)


def magical(**changes: Any) -> Character:
    return replace(
        sheet(),
        spells=(Spell(name="Bladesharp", points=2, variable=True), Spell(name="Heal", points=2)),
        cults=(ORLANTH,),
        **changes,
    )


def test_spells_and_cults_round_trip_through_json() -> None:
    original = magical()
    assert Character.from_dict(json.loads(json.dumps(original.to_dict()))) == original


def test_a_sheet_written_before_magic_reads_with_none() -> None:
    old = sheet().to_dict()
    del old["spells"], old["cults"]
    read = Character.from_dict(old)
    assert read.spells == () and read.cults == ()
    assert (read.rune_points, read.rune_points_max) == (3, 3)  # the "no cult" pool


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        ("spells.0.points", 0, "spells[0].points"),
        ("spells.0.name", " ", "spells[0].name"),
        ("spells.1.name", "bladesharp", "spells[1].name"),
        ("spells.0.chance", -1, "spells[0].chance"),
        ("cults.0.rune_points", 4, "cults[0].rune_points"),
        ("cults.0.rank", "pope", "cults[0].rank"),
        ("cults.0.spells.1.name", "LIGHTNING", "cults[0].spells[1].name"),
        ("cults.0.spells.0.points", 100, "cults[0].spells[0].points"),
        ("cults.0.spells.0.one_use", "yes", "cults[0].spells[0].one_use"),
    ],
)
def test_bad_magic_is_refused_naming_the_field(path: str, value: object, field: str) -> None:
    data: Any = magical().to_dict()
    target = data
    keys = path.split(".")
    for key in keys[:-1]:
        target = target[int(key)] if key.isdigit() else target[key]
    target[keys[-1]] = value
    with pytest.raises(ValidationError) as caught:
        Character.from_dict(data)
    assert caught.value.field == field


def test_a_cult_without_current_rune_points_is_full() -> None:
    raw = ORLANTH.to_dict()
    del raw["rune_points"]
    assert Cult.from_dict(raw).rune_points == 3


def test_all_rune_points_add_every_pool() -> None:
    ostra = magical(rune_points=1, rune_points_max=2)
    assert ostra.all_rune_points == (4, 5)


def test_lookups_ignore_case() -> None:
    ostra = magical()
    assert ostra.spell("BLADESHARP") == ostra.spells[0]
    cult = ostra.cult("orlanth adventurous")
    assert cult is ORLANTH and cult.spell("lightning") == ORLANTH.spells[0]
    assert ostra.spell("Fireblade") is None and ostra.cult("Humakt") is None


def test_pools_name_their_cult() -> None:
    assert pool_cult(cult_pool("Orlanth")) == "Orlanth"
    assert pool_cult("rune") is None and pool_cult("magic") is None


def _state(character: Character) -> CampaignState:
    state = CampaignState(campaign=Campaign(name="Test", slug="test"))
    state.characters[character.id] = character
    return state


def test_a_cults_points_are_spent_from_its_own_pool_only() -> None:
    state = _state(magical())
    state.apply(PointsSpent(character_id="c0001", pool=cult_pool("Orlanth Adventurous"), amount=2))
    after = state.character("c0001")
    assert after.cults[0].rune_points == 1
    assert (after.rune_points, after.magic_points) == (3, 15)


def test_spending_more_than_a_cult_has_is_refused_and_changes_nothing() -> None:
    state = _state(magical())
    with pytest.raises(ValidationError, match="only 3 Orlanth Adventurous Rune points"):
        state.apply(
            PointsSpent(character_id="c0001", pool=cult_pool("Orlanth Adventurous"), amount=4)
        )
    assert state.character("c0001") == magical()


def test_a_cult_the_character_lacks_is_refused() -> None:
    state = _state(magical())
    with pytest.raises(ValidationError, match="not of the cult"):
        state.apply(PointsSpent(character_id="c0001", pool=cult_pool("Humakt"), amount=1))


@given(st.lists(st.integers(min_value=-5, max_value=5), max_size=30))
def test_a_cults_points_never_leave_zero_to_full(changes: list[int]) -> None:
    state = _state(magical())
    pool = cult_pool("Orlanth Adventurous")
    for amount in changes:
        with contextlib.suppress(ValidationError):
            state.apply(PointsSpent(character_id="c0001", pool=pool, amount=amount))
        cult = state.character("c0001").cults[0]
        assert 0 <= cult.rune_points <= cult.rune_points_max


def test_export_carries_magic_and_import_reads_it() -> None:
    exported = export_character(magical())
    assert exported["schema_version"] == CHARACTER_SCHEMA_VERSION == 2
    payload = import_payload(json.loads(json.dumps(exported)))
    assert payload["spells"][0]["name"] == "Bladesharp"
    assert payload["cults"][0]["spells"][1]["one_use"] is True
    assert ignored_fields(exported) == []


def test_a_version_1_export_still_imports() -> None:
    old = export_character(sheet())
    old["schema_version"] = 1
    del old["character"]["spells"], old["character"]["cults"]
    assert "spells" not in import_payload(old)


def test_unknown_magic_fields_are_reported_as_dropped() -> None:
    exported = export_character(magical())
    exported["character"]["spells"][0]["range"] = 50
    exported["character"]["cults"][0]["spells"][0]["duration"] = "15 min"
    assert ignored_fields(exported) == ["spells[0].range", "cults[0].spells[0].duration"]


def test_import_limits_on_spells_and_cults() -> None:
    exported = export_character(magical())
    exported["character"]["spells"] = [{"name": f"S{i}", "points": 1} for i in range(101)]
    with pytest.raises(ValidationError) as caught:
        import_payload(exported)
    assert caught.value.field == "spells"


def test_cults_do_not_fit_brp_without_rune_points() -> None:
    raw = magical().to_dict()
    raw["characteristics"]["APP"] = raw["characteristics"].pop("CHA")
    brp = Edition.of(RuleSet.BRP)
    assert mismatches(raw, brp) == [
        "it has runes (Air)", "it has passions (Honor)", "it has Rune points",
        "it has cults (Orlanth Adventurous)",
    ]  # fmt: skip
    done = convert(raw, brp)
    assert done.sheet["cults"] == []
    assert "cults dropped, with their Rune spells: Orlanth Adventurous" in done.changes
    # spirit spells become BRP spells at the chance they had: POW 15 x 5
    assert [s["chance"] for s in done.sheet["spells"]] == [75, 75]
    kept = convert(raw, Edition.of(RuleSet.BRP, [OptionalRule.RUNE_POINTS]))
    assert kept.sheet["cults"] == raw["cults"]


def test_a_version_2_save_migrates_keeping_its_single_pool() -> None:
    old = sheet().to_dict()
    del old["spells"], old["cults"]
    body = {"characters": {"1": old}}
    raw = json.dumps({"meta": {"1": {"format": CAMPAIGN_FORMAT, "schema_version": 2}}, **body})
    tables = parse_document(Path("campaign.json"), raw.encode(), CAMPAIGN_FORMAT)
    assert tables["meta"]["1"]["schema_version"] == SCHEMA_VERSION == 5
    read = Character.from_dict(tables["characters"]["1"])
    assert (read.rune_points, read.rune_points_max, read.cults) == (3, 3, ())
