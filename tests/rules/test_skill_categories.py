"""RQG skill category modifiers (docs/rules.md#skill-categories), against the published table."""

from __future__ import annotations

import pytest

from gmdash.rules.skill_categories import (
    SkillCategory,
    category_modifiers,
    primary_modifier,
    secondary_modifier,
)

# The published table, by characteristic bracket: (low, high, primary, secondary).
TABLE = [
    (1, 4, -10, -5),
    (5, 8, -5, 0),
    (9, 12, 0, 0),
    (13, 16, 5, 0),
    (17, 20, 10, 5),
    (21, 24, 15, 10),
    (25, 28, 20, 15),
]


@pytest.mark.parametrize(("low", "high", "primary", "secondary"), TABLE)
def test_each_bracket_of_the_table(low: int, high: int, primary: int, secondary: int) -> None:
    for value in range(low, high + 1):
        assert primary_modifier(value) == primary
        assert secondary_modifier(value) == secondary


def test_an_average_human_has_none() -> None:
    mods = category_modifiers(STR=11, SIZ=11, DEX=11, INT=11, POW=11, CHA=11)
    assert set(mods.values()) == {0}


def test_a_quick_clever_adventurer() -> None:
    # DEX 17 (primary +10), INT 14 (+5), POW 18 (secondary +5), SIZ 15 (secondary 0, primary +5)
    mods = category_modifiers(STR=10, SIZ=15, DEX=17, INT=14, POW=18, CHA=9)
    assert mods[SkillCategory.AGILITY] == 0 - 0 + 10 + 5
    assert mods[SkillCategory.MANIPULATION] == 0 + 10 + 5 + 5
    assert mods[SkillCategory.MELEE_WEAPONS] == mods[SkillCategory.MANIPULATION]
    assert mods[SkillCategory.STEALTH] == 10 - 5 + 5 - 5
    assert mods[SkillCategory.MAGIC] == 10 + 0
    assert mods[SkillCategory.COMMUNICATION] == 0 + 5 + 0
    assert mods[SkillCategory.OTHER] == 0
