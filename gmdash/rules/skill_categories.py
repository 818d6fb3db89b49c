"""RQG skill category modifiers: what a character's characteristics add to every skill of a
category (docs/rules.md#skill-categories). Creatures have none."""

from __future__ import annotations

from enum import StrEnum


class SkillCategory(StrEnum):
    """The categories RQG sorts skills into (weapons and shields use Manipulation's modifier)."""

    AGILITY = "agility"
    COMMUNICATION = "communication"
    KNOWLEDGE = "knowledge"
    MAGIC = "magic"
    MANIPULATION = "manipulation"
    PERCEPTION = "perception"
    STEALTH = "stealth"
    MELEE_WEAPONS = "meleeWeapons"
    MISSILE_WEAPONS = "missileWeapons"
    SHIELDS = "shields"
    NATURAL_WEAPONS = "naturalWeapons"
    OTHER = "otherSkills"


def primary_modifier(value: int) -> int:
    """A characteristic that counts fully: 0 at 9-12, 5 points per 4 either way."""
    return (-(-value // 4) - 3) * 5


def secondary_modifier(value: int) -> int:
    """A characteristic that counts a little: -5 at 1-4, 0 at 5-16, then +5 per 4 above."""
    if value <= 4:
        return -5
    if value <= 16:
        return 0
    return (-(-value // 4) - 4) * 5


def category_modifiers(
    *, STR: int, SIZ: int, DEX: int, INT: int, POW: int, CHA: int
) -> dict[SkillCategory, int]:
    """Each category's modifier for these characteristics (a human adventurer's)."""
    manipulation = (
        secondary_modifier(STR) + primary_modifier(DEX) + primary_modifier(INT)
        + secondary_modifier(POW)
    )  # fmt: skip
    return {
        SkillCategory.AGILITY: secondary_modifier(STR) - secondary_modifier(SIZ)
        + primary_modifier(DEX) + secondary_modifier(POW),
        SkillCategory.COMMUNICATION: secondary_modifier(INT) + secondary_modifier(POW)
        + primary_modifier(CHA),
        SkillCategory.KNOWLEDGE: primary_modifier(INT) + secondary_modifier(POW),
        SkillCategory.MAGIC: primary_modifier(POW) + secondary_modifier(CHA),
        SkillCategory.MANIPULATION: manipulation,
        SkillCategory.PERCEPTION: primary_modifier(INT) + secondary_modifier(POW),
        SkillCategory.STEALTH: primary_modifier(DEX) - primary_modifier(SIZ)
        + primary_modifier(INT) - secondary_modifier(POW),
        SkillCategory.MELEE_WEAPONS: manipulation,
        SkillCategory.MISSILE_WEAPONS: manipulation,
        SkillCategory.SHIELDS: manipulation,
        SkillCategory.NATURAL_WEAPONS: manipulation,
        SkillCategory.OTHER: 0,
    }  # fmt: skip
