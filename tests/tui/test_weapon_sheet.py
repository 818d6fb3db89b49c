"""Weapons on the sheet and in the form: kind, use, current and full HP, and the damage bonus
that applies to each weapon."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich.console import Console

from gmdash.model.character import Weapon
from gmdash.rules import RuleSet
from gmdash.rules.weapons import SpecialKind, WeaponUse
from gmdash.tui.dialogs.character_form import parse_weapons, weapon_lines
from gmdash.tui.widgets.character_sheet import sheet_renderable
from tests.helpers import sheet

JAVELIN = Weapon(name="Javelin", skill="Javelin", damage="1D10", sr=3, hit_points=8,
                 special=SpecialKind.IMPALE, use=WeaponUse.THROWN)  # fmt: skip
BOW = Weapon(name="Self Bow", skill="Bow", damage="1D6+1", sr=1, hit_points=5, max_hit_points=6,
             special=SpecialKind.IMPALE, use=WeaponUse.MISSILE)  # fmt: skip
SHIELD = Weapon(name="Medium Shield", skill="Shield", damage="1D4", sr=2, hit_points=0,
                max_hit_points=12, use=WeaponUse.SHIELD)  # fmt: skip


def _text(**changes: Any) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(sheet_renderable(replace(sheet(), **changes), RuleSet.RQG))
    return console.export_text()


def test_the_sheet_shows_the_bonus_that_applies_to_each_weapon() -> None:
    base = sheet()
    strong = {**base.characteristics, "STR": 16, "SIZ": 14}  # STR+SIZ 30: +1D4
    text = _text(characteristics=strong, weapons=(JAVELIN, BOW, SHIELD))
    assert "1D10+1D2" in text  # a javelin: half of +1D4
    assert "1D6+1 " in text and "1D6+1+" not in text  # a bow: none
    assert "1D4+1D4" in text  # a shield: all of it


def test_the_sheet_shows_kind_use_and_weapon_hp() -> None:
    text = _text(weapons=(JAVELIN, BOW, SHIELD))
    assert "impale thrown" in text and "impale missile" in text and "crush shield" in text
    assert "5/6" in text and "0/12 broken" in text


def test_the_sheet_lists_each_locations_wounds() -> None:
    base = sheet()
    locations = {**base.locations, "chest": base.locations["chest"] - 7}
    text = _text(locations=locations, wounds={"chest": (3, 4)})
    assert "wounds 3+4" in text


def test_form_lines_round_trip() -> None:
    weapons, error = parse_weapons(weapon_lines((JAVELIN, BOW, SHIELD)))
    assert error is None and weapons == [JAVELIN, BOW, SHIELD]


def test_form_fills_kind_and_use_from_the_name_when_left_out() -> None:
    weapons, error = parse_weapons("Sling | Sling | 1D8 | 1 | 4\nBroadsword | 1D8+1 | 2 | 6/12")
    assert error is None
    assert (weapons[0].special, weapons[0].use) == (SpecialKind.CRUSH, WeaponUse.MISSILE)
    assert (weapons[1].hit_points, weapons[1].max_hit_points) == (6, 12)
    assert weapons[1].special is SpecialKind.SLASH


def test_form_errors_name_the_line() -> None:
    assert parse_weapons("Club | Club | 1D6 | 2 | 8 | bash")[1] == (
        "line 1: kind is one of impale, slash, crush, not 'bash'"
    )
    assert "use is one of" in (parse_weapons("Club | Club | 1D6 | 2 | 8 | crush | fly")[1] or "")
    assert "HP" in (parse_weapons("Club | Club | 1D6 | 2 | 9/8")[1] or "")
