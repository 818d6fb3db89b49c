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
    derived = derive_from(characteristics, ruleset, table)
    return Maxima(
        hit_points=derived.hit_points,
        locations={str(loc): hp for loc, hp in derived.locations.items()},
        magic_points=derived.magic_points,
        rune_points=derived.rune_points or 0,
    )


def sheet_maxima(character: Character, ruleset: RuleSet) -> Maxima:
    """The full points of a sheet, on its own hit-location table."""
    return maxima(character.characteristics, ruleset, character.table)


def derive_from(
    characteristics: Mapping[str, int], ruleset: RuleSet, table: HitTable = HUMANOID
) -> DerivedAttributes:
    """Everything the rules derive from characteristics keyed by name (`STR`...; CHA or APP
    may be missing). KeyError names a missing one, ValueError a bad value."""
    chars = characteristics
    return derive(
        Characteristics(
            STR=chars["STR"], CON=chars["CON"], SIZ=chars["SIZ"], DEX=chars["DEX"],
            INT=chars["INT"], POW=chars["POW"], CHA=chars.get("CHA"), APP=chars.get("APP"),
        ),
        ruleset,
        table,
    )  # fmt: skip


def derived_of(character: Character, ruleset: RuleSet) -> DerivedAttributes:
    """Everything the rules derive from a sheet's characteristics."""
    return derive_from(character.characteristics, ruleset, character.table)
