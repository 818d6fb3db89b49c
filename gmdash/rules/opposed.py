"""Opposed rolls under both rule sets (docs/rules.md#opposed)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from gmdash.rules.levels import Level, level_of
from gmdash.rules.ruleset import RuleSet


class Outcome(StrEnum):
    """Who wins an opposed roll."""

    A = "a"
    B = "b"
    TIE = "tie"
    BOTH_FAIL = "both_fail"


@dataclass(frozen=True, slots=True)
class OpposedResult:
    """Each side's effective chance, roll, rolled level and level after opposition."""

    chance_a: int
    roll_a: int
    level_a: Level
    chance_b: int
    roll_b: int
    level_b: Level
    outcome: Outcome
    effective_a: Level  # the level that counts after opposition (BRP shifts levels)
    effective_b: Level
    double_effect: bool = False  # BRP: a special against a failure achieves double the effect


def reduce_over_100(chance_a: int, chance_b: int) -> tuple[int, int]:
    """RQG: when the higher chance exceeds 100, subtract the excess from both."""
    excess = max(chance_a, chance_b) - 100
    if excess <= 0:
        return chance_a, chance_b
    return chance_a - excess, chance_b - excess


def resolve_opposed(
    chance_a: int, roll_a: int, chance_b: int, roll_b: int, ruleset: RuleSet = RuleSet.RQG
) -> OpposedResult:
    """Resolve an opposed roll from the two raw chances and the two D100 rolls."""
    if ruleset is RuleSet.RQG:
        chance_a, chance_b = reduce_over_100(chance_a, chance_b)
    level_a = level_of(chance_a, roll_a, ruleset)
    level_b = level_of(chance_b, roll_b, ruleset)
    if ruleset is RuleSet.RQG:
        outcome = _rqg_outcome(level_a, roll_a, level_b, roll_b)
        return OpposedResult(
            chance_a, roll_a, level_a, chance_b, roll_b, level_b, outcome, level_a, level_b
        )
    return _brp_result(chance_a, roll_a, level_a, chance_b, roll_b, level_b)


def _rqg_outcome(level_a: Level, roll_a: int, level_b: Level, roll_b: int) -> Outcome:
    if not level_a.is_success and not level_b.is_success:
        return Outcome.BOTH_FAIL
    if level_a.rank != level_b.rank:
        return Outcome.A if level_a.rank > level_b.rank else Outcome.B
    if level_a is Level.CRITICAL or roll_a == roll_b:
        return Outcome.TIE
    return Outcome.A if roll_a > roll_b else Outcome.B


def _brp_result(
    chance_a: int, roll_a: int, level_a: Level, chance_b: int, roll_b: int, level_b: Level
) -> OpposedResult:
    effective_a, effective_b = level_a, level_b
    double_effect = False
    if not level_a.is_success and not level_b.is_success:
        outcome = Outcome.BOTH_FAIL
    elif level_a.is_success != level_b.is_success:
        outcome = Outcome.A if level_a.is_success else Outcome.B
        double_effect = Level.SPECIAL in (level_a, level_b)
    elif level_a is Level.SPECIAL and level_b is Level.SPECIAL:
        outcome = Outcome.BOTH_FAIL  # each loses two levels: both become failures
        effective_a = effective_b = Level.FAILURE
    elif level_a is not level_b:
        # special against success: the special counts as a success, the success as a failure
        outcome = Outcome.A if level_a is Level.SPECIAL else Outcome.B
        effective_a = Level.SUCCESS if outcome is Outcome.A else Level.FAILURE
        effective_b = Level.SUCCESS if outcome is Outcome.B else Level.FAILURE
    elif chance_a == chance_b:
        outcome = Outcome.TIE  # stalemate
    else:
        outcome = Outcome.A if chance_a > chance_b else Outcome.B
        effective_a = Level.SUCCESS if outcome is Outcome.A else Level.FAILURE
        effective_b = Level.SUCCESS if outcome is Outcome.B else Level.FAILURE
    return OpposedResult(
        chance_a,
        roll_a,
        level_a,
        chance_b,
        roll_b,
        level_b,
        outcome,
        effective_a,
        effective_b,
        double_effect,
    )


def opposed_odds(
    chance_a: int, chance_b: int, ruleset: RuleSet = RuleSet.RQG
) -> dict[Outcome, Fraction]:
    """The exact probability of each outcome over all 10,000 pairs of rolls."""
    if ruleset is RuleSet.RQG:
        chance_a, chance_b = reduce_over_100(chance_a, chance_b)
    levels_a = [level_of(chance_a, roll, ruleset) for roll in range(1, 101)]
    levels_b = [level_of(chance_b, roll, ruleset) for roll in range(1, 101)]
    counts = dict.fromkeys(Outcome, 0)
    for roll_a, level_a in enumerate(levels_a, start=1):
        for roll_b, level_b in enumerate(levels_b, start=1):
            if ruleset is RuleSet.RQG:
                outcome = _rqg_outcome(level_a, roll_a, level_b, roll_b)
            else:
                outcome = _brp_result(chance_a, roll_a, level_a, chance_b, roll_b, level_b).outcome
            counts[outcome] += 1
    return {outcome: Fraction(n, 10_000) for outcome, n in counts.items()}
