"""Resolving an ability roll: draw a D100 (or take the one typed at the table), read its level."""

from __future__ import annotations

from dataclasses import dataclass

from gmdash.rules.levels import Level, level_of
from gmdash.rules.rng import Rng
from gmdash.rules.ruleset import RuleSet


@dataclass(frozen=True, slots=True)
class RollResult:
    """An ability, characteristic or resistance roll: the chance rolled against, roll and level."""

    chance: int
    roll: int
    level: Level


def roll_d100(rng: Rng) -> int:
    """A D100: 1 to 100, where 100 is read "00"."""
    return rng.randint(1, 100)


def resolve(
    chance: int, rng: Rng, ruleset: RuleSet = RuleSet.RQG, *, result: int | None = None
) -> RollResult:
    """Roll against `chance`, or read `result` if the game master rolled physical dice."""
    roll = roll_d100(rng) if result is None else result
    return RollResult(chance=chance, roll=roll, level=level_of(chance, roll, ruleset))
