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


# docs/rules.md#skill-categories, row by row: each category's characteristics, how each counts
# ("primary" or "secondary") and its sign. The oracle below reads the brackets of TABLE, not the
# functions under test.
SOURCES: dict[SkillCategory, tuple[tuple[str, str, int], ...]] = {
    SkillCategory.AGILITY: (
        ("STR", "secondary", 1), ("SIZ", "secondary", -1),
        ("DEX", "primary", 1), ("POW", "secondary", 1),
    ),
    SkillCategory.COMMUNICATION: (
        ("INT", "secondary", 1), ("POW", "secondary", 1), ("CHA", "primary", 1),
    ),
    SkillCategory.KNOWLEDGE: (("INT", "primary", 1), ("POW", "secondary", 1)),
    SkillCategory.MAGIC: (("POW", "primary", 1), ("CHA", "secondary", 1)),
    SkillCategory.MANIPULATION: (
        ("STR", "secondary", 1), ("DEX", "primary", 1),
        ("INT", "primary", 1), ("POW", "secondary", 1),
    ),
    SkillCategory.PERCEPTION: (("INT", "primary", 1), ("POW", "secondary", 1)),
    SkillCategory.STEALTH: (
        ("DEX", "primary", 1), ("SIZ", "primary", -1),
        ("INT", "primary", 1), ("POW", "secondary", -1),
    ),
    SkillCategory.OTHER: (),
}  # fmt: skip
# Melee, missile, natural weapons and shields use Manipulation's sources.
for _weapons in (SkillCategory.MELEE_WEAPONS, SkillCategory.MISSILE_WEAPONS,
                 SkillCategory.NATURAL_WEAPONS, SkillCategory.SHIELDS):  # fmt: skip
    SOURCES[_weapons] = SOURCES[SkillCategory.MANIPULATION]

NAMES = ("STR", "SIZ", "DEX", "INT", "POW", "CHA")


def bracket(value: int, kind: str) -> int:
    """The printed table's modifier for a characteristic value (1 to 28)."""
    for low, high, primary, secondary in TABLE:
        if low <= value <= high:
            return primary if kind == "primary" else secondary
    raise AssertionError(f"{value} is past the printed table")


def expected(stats: dict[str, int]) -> dict[SkillCategory, int]:
    return {
        category: sum(sign * bracket(stats[name], kind) for name, kind, sign in sources)
        for category, sources in SOURCES.items()
    }


def test_every_category_has_its_row() -> None:
    assert set(SOURCES) == set(SkillCategory)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("value", range(1, 29))
def test_each_characteristic_alone_moves_its_categories(name: str, value: int) -> None:
    # The others at 11 add nothing anywhere, so each category shows this one's term alone:
    # its kind and its sign (Agility's and Stealth's minus SIZ, Stealth's minus POW).
    stats = dict.fromkeys(NAMES, 11) | {name: value}
    assert category_modifiers(**stats) == expected(stats)


@pytest.mark.parametrize(
    "stats",
    [
        dict(zip(NAMES, values, strict=True))
        for values in (
            (3, 18, 16, 9, 4, 13),
            (18, 3, 5, 17, 21, 7),
            (21, 21, 21, 21, 21, 21),
            (1, 28, 1, 28, 1, 28),
            (28, 1, 28, 1, 28, 1),
        )
    ],
    ids=lambda stats: "-".join(map(str, stats.values())),
)
def test_terms_add_up(stats: dict[str, int]) -> None:
    assert category_modifiers(**stats) == expected(stats)
