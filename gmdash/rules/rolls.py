"""Resolving an ability roll: draw a D100 (or take the one typed at the table), read its level.

The D100 reads 1 to 100, 100 being "00" (docs/rules.md#d100).
"""

from __future__ import annotations

from dataclasses import dataclass

from gmdash.rules.levels import Level, level_of, levels_by_roll
from gmdash.rules.resistance import resistance_chance, resistance_level_chance
from gmdash.rules.rng import Rng
from gmdash.rules.ruleset import RuleSet


@dataclass(frozen=True, slots=True)
class RollResult:
    """An ability, characteristic or resistance roll: the chance rolled against, roll and level."""

    chance: int
    roll: int
    level: Level


def d100_text(roll: int) -> str:
    """A D100 as read at the table: 07, 42, 00 (for 100)."""
    return "00" if roll == 100 else f"{roll:02d}"


D100_READS = "a D100 result is 1 to 100 (00 is 100)"


def read_d100(text: str) -> int:
    """A D100 typed at the table: "01" to "99" (a leading zero or none: "05" and "5" are 5),
    "100", and "00" (or "000") for 100, the top face (docs/rules.md#d100). A lone "0" is no
    face of a D100 (a slip for "00" or for "10"?): it is refused, as are a sign, a fraction and
    anything above 100. ValueError says what a D100 reads."""
    clean = text.strip()
    body = clean.lstrip("0")
    if clean and not body and len(clean) > 1:
        return 100
    value = int(body) if body.isascii() and body.isdigit() and len(body) <= 3 else 0
    if not 1 <= value <= 100:
        shown = clean if len(clean) <= 12 else clean[:11] + "…"
        raise ValueError(f"{D100_READS}, not {shown!r}")
    return value


def roll_d100(rng: Rng) -> int:
    """A D100: 1 to 100, where 100 is read "00"."""
    return rng.randint(1, 100)


# The hot path of every roll (bench/rules.py): RollResult is frozen, so the result of each
# (chance, roll) is built once and shared, one cache per rule set as in levels.py.
_BRP = RuleSet.BRP
_CACHE_LIMIT = 512
_RESULTS: tuple[dict[int, tuple[RollResult, ...]], dict[int, tuple[RollResult, ...]]] = ({}, {})


def resolve(
    chance: int, rng: Rng, ruleset: RuleSet = RuleSet.RQG, *, result: int | None = None
) -> RollResult:
    """Roll against `chance`, or read `result` if the game master rolled physical dice."""
    roll = rng.randint(1, 100) if result is None else result  # roll_d100, inlined
    if type(chance) is not int or type(roll) is not int or not 1 <= roll <= 100:
        return RollResult(chance=chance, roll=roll, level=level_of(chance, roll, ruleset))
    cache = _RESULTS[ruleset is _BRP]
    results = cache.get(chance)
    if results is None:
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        levels = levels_by_roll(chance, ruleset)
        results = cache[chance] = tuple(
            RollResult(chance=chance, roll=roll, level=level)
            for roll, level in enumerate(levels, start=1)
        )
    return results[roll - 1]


def resolve_resistance(
    active: int,
    passive: int,
    rng: Rng,
    ruleset: RuleSet = RuleSet.RQG,
    *,
    result: int | None = None,
) -> RollResult:
    """A resistance roll: the table's chance, where 01-05 succeeds even on a '---' cell."""
    chance = resistance_chance(active, passive)
    rolled = resolve(resistance_level_chance(chance), rng, ruleset, result=result)
    return RollResult(chance=chance, roll=rolled.roll, level=rolled.level)
