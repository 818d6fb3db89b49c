"""Levels of success of a D100 roll against a modified chance (docs/rules.md#levels)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from gmdash.rules.ruleset import RuleSet


class Level(StrEnum):
    """A level of success, best first."""

    CRITICAL = "critical"
    SPECIAL = "special"
    SUCCESS = "success"
    FAILURE = "failure"
    FUMBLE = "fumble"

    @property
    def is_success(self) -> bool:
        return self in _SUCCESSES

    @property
    def rank(self) -> int:
        """Higher is better: critical 4 ... fumble 0."""
        return _RANK[self]


_SUCCESSES = frozenset({Level.CRITICAL, Level.SPECIAL, Level.SUCCESS})
_RANK = {level: 4 - index for index, level in enumerate(Level)}


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The highest roll of each successful level and the lowest fumbling roll.

    `critical` is None under BRP (no critical level). `success` is 0 for a chance of 0 or less.
    """

    critical: int | None
    special: int
    success: int
    fumble: int


# Both functions below are on the hot path of every roll (bench/rules.py): their results are
# cached per chance, one cache per rule set (index: `ruleset is BRP`, the test the rules use, so
# no enum is hashed). Only whole-number chances and rolls are cached; anything else takes the
# plain path and behaves exactly as before. A cache that grows past its limit starts over.
_BRP = RuleSet.BRP
_CACHE_LIMIT = 1024
_THRESHOLDS: tuple[dict[int, Thresholds], dict[int, Thresholds]] = ({}, {})
_LEVELS: tuple[dict[int, tuple[Level, ...]], dict[int, tuple[Level, ...]]] = ({}, {})


def thresholds(chance: int, ruleset: RuleSet = RuleSet.RQG) -> Thresholds:
    """The seed's Ability Results table as numbers, for any chance (0 or less: no success)."""
    if type(chance) is not int:
        return _thresholds(chance, ruleset)
    cache = _THRESHOLDS[ruleset is _BRP]
    found = cache.get(chance)
    if found is None:
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        found = cache[chance] = _thresholds(chance, ruleset)
    return found


def _thresholds(chance: int, ruleset: RuleSet) -> Thresholds:
    if chance <= 0:
        return Thresholds(
            critical=None if ruleset is RuleSet.BRP else 0, special=0, success=0, fumble=96
        )
    # 96-00 always fails, so no level of success reaches past 95 (special would from C=478).
    critical = min(95, max(1, (chance + 10) // 20))
    special = min(95, max(1, (2 * chance + 5) // 10))
    success = min(95, max(5, chance))
    fumble = 100 - max(1, (100 - chance + 10) // 20) + 1 if chance < 96 else 100
    return Thresholds(
        critical=None if ruleset is RuleSet.BRP else critical,
        special=special,
        success=success,
        fumble=fumble,
    )


def level_of(chance: int, roll: int, ruleset: RuleSet = RuleSet.RQG) -> Level:
    """The best level a D100 roll (1..100, 100 for "00") reaches against `chance`."""
    if not 1 <= roll <= 100:
        raise ValueError(f"a D100 roll is 1 to 100 (00 is 100), not {roll}")
    if type(chance) is not int or type(roll) is not int:
        return _level_of(chance, roll, ruleset)
    return levels_by_roll(chance, ruleset)[roll - 1]


def levels_by_roll(chance: int, ruleset: RuleSet = RuleSet.RQG) -> tuple[Level, ...]:
    """The level of every roll 1..100 against a whole-number chance (index: roll - 1)."""
    cache = _LEVELS[ruleset is _BRP]
    found = cache.get(chance)
    if found is None:
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        found = cache[chance] = tuple(_level_of(chance, roll, ruleset) for roll in range(1, 101))
    return found


def _level_of(chance: int, roll: int, ruleset: RuleSet) -> Level:
    limits = thresholds(chance, ruleset)
    if chance <= 0:
        # A 0% ability cannot succeed; a fumble is still possible if it is rolled anyway.
        return Level.FUMBLE if roll >= limits.fumble else Level.FAILURE
    if limits.critical is not None and roll <= limits.critical:
        return Level.CRITICAL
    if roll <= limits.special:
        return Level.SPECIAL
    if roll <= limits.success:
        return Level.SUCCESS
    if roll >= limits.fumble:
        return Level.FUMBLE
    return Level.FAILURE


def level_odds(chance: int, ruleset: RuleSet = RuleSet.RQG) -> dict[Level, int]:
    """How many of the 100 D100 results give each level: the exact percentage of each level."""
    counts = dict.fromkeys(Level, 0)
    for roll in range(1, 101):
        counts[level_of(chance, roll, ruleset)] += 1
    return counts
