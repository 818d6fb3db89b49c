"""Full points of a sheet (hit points, per location, magic and rune points) from the rules core."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from gmdash.model.character import Character
from gmdash.rules import HUMANOID, Characteristics, DerivedAttributes, HitTable, RuleSet, derive


@dataclass(frozen=True, slots=True)
class Maxima:
    """The values a fully rested character returns to."""

    hit_points: int
    locations: dict[str, int]
    magic_points: int
    rune_points: int


def maxima(
    characteristics: Mapping[str, int], ruleset: RuleSet, table: HitTable = HUMANOID
) -> Maxima:
    """Maximum points for these characteristics under `ruleset`, on a body of `table`."""
    chars = Characteristics(
        STR=characteristics["STR"],
        CON=characteristics["CON"],
        SIZ=characteristics["SIZ"],
        DEX=characteristics["DEX"],
        INT=characteristics["INT"],
        POW=characteristics["POW"],
        CHA=characteristics.get("CHA"),
        APP=characteristics.get("APP"),
    )
    derived = derive(chars, ruleset, table)
    return Maxima(
        hit_points=derived.hit_points,
        locations={str(loc): hp for loc, hp in derived.locations.items()},
        magic_points=derived.magic_points,
        rune_points=derived.rune_points or 0,
    )


def sheet_maxima(character: Character, ruleset: RuleSet) -> Maxima:
    """The full points of a sheet, on its own hit-location table."""
    return maxima(character.characteristics, ruleset, character.table)


def derived_of(character: Character, ruleset: RuleSet) -> DerivedAttributes:
    """Everything the rules derive from a sheet's characteristics."""
    chars = character.characteristics
    return derive(
        Characteristics(
            STR=chars["STR"], CON=chars["CON"], SIZ=chars["SIZ"], DEX=chars["DEX"],
            INT=chars["INT"], POW=chars["POW"], CHA=chars.get("CHA"), APP=chars.get("APP"),
        ),
        ruleset,
        character.table,
    )  # fmt: skip
