"""Character import against the campaign's rules (issue 15): current points within the
character's own maxima, and a sheet of the other rule set refused or converted with a report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gmdash.model.errors import ValidationError
from gmdash.play.campaign import CampaignService
from gmdash.rules import OptionalRule, RuleSet

RQG_SHEET: dict[str, Any] = {
    "name": "Vasana",
    "characteristics": {"STR": 16, "CON": 14, "SIZ": 15, "DEX": 11, "INT": 12, "POW": 13,
                        "CHA": 14},
    "rune_points": 2,
    "rune_points_max": 3,
    "abilities": [{"name": "Air", "kind": "rune", "value": 75},
                  {"name": "Honor", "kind": "passion", "value": 60},
                  {"name": "Spot", "value": 40}],
}  # fmt: skip
BRP_SHEET: dict[str, Any] = {
    "name": "Jack",
    "characteristics": {"STR": 12, "CON": 11, "SIZ": 13, "INT": 14, "POW": 9, "DEX": 10,
                        "APP": 12},
    "abilities": [{"name": "Spot", "value": 40}],
}  # fmt: skip


def campaign(tmp_path: Path, ruleset: RuleSet, *optional: OptionalRule) -> CampaignService:
    return CampaignService.create(tmp_path, "Saga", ruleset, durable=False, optional=optional)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("hit_points", 999, "max HP, 15"),
        ("magic_points", 500, r"max MP \(POW\), 13"),
        ("rune_points", 4, "rune_points_max, 3"),
        ("locations", {"left_leg": 5, "right_leg": 5, "abdomen": 5, "chest": 60, "left_arm": 4,
                       "right_arm": 4, "head": 5}, "max HP, 6"),
    ],
)  # fmt: skip
def test_current_points_above_the_characters_maxima_are_refused(
    tmp_path: Path, field: str, value: object, message: str
) -> None:
    with campaign(tmp_path, RuleSet.RQG) as service:
        with pytest.raises(ValidationError, match=message) as raised:
            service.import_character({**RQG_SHEET, field: value})
        assert raised.value.field.startswith(field)
        assert service.characters == []
        sheet, changes = service.import_character({**RQG_SHEET, "hit_points": 10})
        assert sheet.hit_points == 10 and changes == []


def test_an_rqg_sheet_into_a_brp_campaign_is_refused_naming_what_does_not_fit(
    tmp_path: Path,
) -> None:
    with campaign(tmp_path, RuleSet.BRP) as service:
        with pytest.raises(ValidationError) as raised:
            service.import_character(RQG_SHEET)
        text = str(raised.value)
        for word in ("not a BRP character", "has CHA", "no APP", "runes (Air)",
                     "passions (Honor)", "Rune points", "--convert"):  # fmt: skip
            assert word in text, word
        assert service.characters == []


def test_converting_an_rqg_sheet_to_brp_reports_every_change(tmp_path: Path) -> None:
    with campaign(tmp_path, RuleSet.BRP) as service:
        sheet, changes = service.import_character(RQG_SHEET, convert=True)
    assert dict(sheet.characteristics) == {"STR": 16, "CON": 14, "SIZ": 15, "DEX": 11,
                                           "INT": 12, "POW": 13, "APP": 14}  # fmt: skip
    assert [a.name for a in sheet.abilities] == ["Spot"]
    assert (sheet.rune_points, sheet.rune_points_max) == (0, 0)
    assert sheet.hit_points == 15  # BRP: (14 + 15) / 2, rounded up
    assert changes == ["CHA 14 became APP 14", "runes dropped: Air", "passions dropped: Honor",
                       "Rune points dropped (3 at full)"]  # fmt: skip


def test_brp_optional_rules_keep_runes_passions_and_rune_points(tmp_path: Path) -> None:
    optional = (OptionalRule.RUNES, OptionalRule.PASSIONS, OptionalRule.RUNE_POINTS)
    with campaign(tmp_path, RuleSet.BRP, *optional) as service:
        sheet, changes = service.import_character(RQG_SHEET, convert=True)
    assert changes == ["CHA 14 became APP 14"]
    assert len(sheet.abilities) == 3 and sheet.rune_points_max == 3


def test_a_brp_sheet_into_rqg_converts_app_to_cha(tmp_path: Path) -> None:
    with campaign(tmp_path, RuleSet.RQG) as service:
        with pytest.raises(ValidationError, match="not a RQG character"):
            service.import_character(BRP_SHEET)
        sheet, changes = service.import_character(BRP_SHEET, convert=True)
    assert sheet.characteristics["CHA"] == 12 and "APP" not in sheet.characteristics
    assert changes == ["APP 12 became CHA 12"]


def test_conversion_brings_points_down_to_the_new_maxima(tmp_path: Path) -> None:
    # RQG HP 17 for CON 14, SIZ 15, POW 17: BRP's (14 + 15) / 2 is 15
    chars = {**RQG_SHEET["characteristics"], "POW": 17}
    strong = {**RQG_SHEET, "characteristics": chars, "hit_points": 16, "abilities": [],
              "rune_points": 0, "rune_points_max": 0}  # fmt: skip
    with campaign(tmp_path, RuleSet.BRP) as service:
        sheet, changes = service.import_character(strong, convert=True)
    assert sheet.hit_points == 15
    assert "hit_points 16 brought down to the new maximum 15" in changes
