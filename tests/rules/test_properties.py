"""Properties of the rules core that must hold for every input (hypothesis)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmdash.rules import (
    Characteristics,
    DiceExpr,
    Level,
    RollResult,
    RuleSet,
    ScriptedRng,
    SeededRng,
    Thresholds,
    damage_bonus,
    derive,
    dex_strike_rank,
    healing_rate,
    hit_points,
    level_odds,
    level_of,
    location_hit_points,
    opposed_odds,
    parse_dice,
    reduce_over_100,
    resistance_chance,
    resolve,
    siz_strike_rank,
    thresholds,
)

from .seed_tables import ABILITY_HIGHER, HIGHER_ROW_LIMIT, LevelRow, level_rows, read_row

# Local settings (no global profile: other suites keep theirs). Keeps this file to ~2.5 seconds.
examples = settings(max_examples=100, deadline=None)

chances = st.integers(min_value=-50, max_value=3000)
rolls = st.integers(min_value=1, max_value=100)
rulesets = st.sampled_from(list(RuleSet))
stats = st.integers(min_value=1, max_value=80)

# Best first, as docs/rules.md#levels lists them.
ORDER = [Level.CRITICAL, Level.SPECIAL, Level.SUCCESS, Level.FAILURE, Level.FUMBLE]


def test_levels_are_ordered_best_first() -> None:
    assert list(Level) == ORDER
    assert [level.rank for level in ORDER] == [4, 3, 2, 1, 0]
    assert [level.is_success for level in ORDER] == [True, True, True, False, False]


@examples
@given(chances, rolls, rolls, rulesets)
def test_a_higher_roll_never_gives_a_better_level(
    chance: int, roll_1: int, roll_2: int, ruleset: RuleSet
) -> None:
    low, high = sorted((roll_1, roll_2))
    assert level_of(chance, high, ruleset).rank <= level_of(chance, low, ruleset).rank


@examples
@given(chances, rulesets)
def test_levels_form_contiguous_bands_in_order(chance: int, ruleset: RuleSet) -> None:
    seen = [level_of(chance, roll, ruleset) for roll in range(1, 101)]
    ranks = [level.rank for level in seen]
    assert ranks == sorted(ranks, reverse=True)


@examples
@given(chances, chances, rolls, rulesets)
def test_a_higher_chance_never_gives_a_worse_level(
    chance_1: int, chance_2: int, roll: int, ruleset: RuleSet
) -> None:
    low, high = sorted((chance_1, chance_2))
    assert level_of(high, roll, ruleset).rank >= level_of(low, roll, ruleset).rank


@examples
@given(chances, rolls, rulesets)
def test_01_to_05_succeed_and_96_to_00_fail_for_any_positive_chance(
    chance: int, roll: int, ruleset: RuleSet
) -> None:
    level = level_of(chance, roll, ruleset)
    if chance > 0 and roll <= 5:
        assert level.is_success
    if roll >= 96:
        assert not level.is_success
    if roll == 100:
        assert level is Level.FUMBLE


@examples
@given(chances, rulesets)
def test_level_odds_sum_to_100_and_count_the_rolls(chance: int, ruleset: RuleSet) -> None:
    odds = level_odds(chance, ruleset)
    assert sum(odds.values()) == 100
    counted = Counter(level_of(chance, roll, ruleset) for roll in range(1, 101))
    assert odds == {level: counted[level] for level in Level}
    if ruleset is RuleSet.BRP:
        assert odds[Level.CRITICAL] == 0


@settings(max_examples=15, deadline=None)
@given(chances, chances, rulesets)
def test_opposed_odds_sum_to_1(chance_a: int, chance_b: int, ruleset: RuleSet) -> None:
    odds = opposed_odds(chance_a, chance_b, ruleset)
    assert sum(odds.values()) == 1
    assert all(p >= 0 for p in odds.values())


@examples
@given(chances, chances)
def test_reduce_over_100_keeps_the_difference(chance_a: int, chance_b: int) -> None:
    reduced_a, reduced_b = reduce_over_100(chance_a, chance_b)
    assert reduced_a - reduced_b == chance_a - chance_b
    assert max(reduced_a, reduced_b) == min(100, max(chance_a, chance_b))


@examples
@given(st.integers(-100, 100), st.integers(-100, 100))
def test_resistance_moves_by_5_per_point(active: int, passive: int) -> None:
    chance = resistance_chance(active, passive)
    assert resistance_chance(active + 1, passive) == chance + 5
    assert resistance_chance(active, passive + 1) == chance - 5
    assert resistance_chance(active + 1, passive + 1) == chance
    assert resistance_chance(passive, passive) == 50


# --- derived attributes -------------------------------------------------------------------------


def _chars(con: int, siz: int, power: int, strength: int = 10, dex: int = 10) -> Characteristics:
    return Characteristics(STR=strength, CON=con, SIZ=siz, DEX=dex, INT=10, POW=power)


def _dice_rank(bonus: str) -> Fraction:
    """Order damage bonuses by their mean."""
    return parse_dice(bonus).mean


@examples
@given(stats, stats, stats, rulesets, st.sampled_from([(1, 0, 0), (0, 1, 0), (0, 0, 1)]))
def test_hit_points_never_fall_as_a_characteristic_rises(
    con: int, siz: int, power: int, ruleset: RuleSet, bump: tuple[int, int, int]
) -> None:
    before = hit_points(_chars(con, siz, power), ruleset)
    after = hit_points(_chars(con + bump[0], siz + bump[1], power + bump[2]), ruleset)
    assert before <= after <= before + 1


@examples
@given(st.integers(1, 200))
def test_each_location_hp_is_monotone_in_total_hp(total: int) -> None:
    before, after = location_hit_points(total), location_hit_points(total + 1)
    assert before.keys() == after.keys()
    assert all(before[loc] <= after[loc] <= before[loc] + 1 for loc in before)


@examples
@given(st.integers(1, 200))
def test_healing_rate_is_monotone(con: int) -> None:
    assert healing_rate(con) <= healing_rate(con + 1) <= healing_rate(con) + 1
    assert healing_rate(con) >= 1


@examples
@given(st.integers(2, 300), rulesets)
def test_damage_bonus_never_falls(total: int, ruleset: RuleSet) -> None:
    assert _dice_rank(damage_bonus(total, ruleset)) <= _dice_rank(damage_bonus(total + 1, ruleset))


@examples
@given(stats)
def test_strike_ranks_never_rise(value: int) -> None:
    assert dex_strike_rank(value + 1) <= dex_strike_rank(value)
    assert siz_strike_rank(value + 1) <= siz_strike_rank(value)
    assert 0 <= dex_strike_rank(value) <= 5
    assert 0 <= siz_strike_rank(value) <= 3


@examples
@given(stats, stats, stats, rulesets)
def test_magic_points_are_pow(con: int, siz: int, power: int, ruleset: RuleSet) -> None:
    assert derive(_chars(con, siz, power), ruleset).magic_points == power
    assert derive(_chars(con, siz, power + 1), ruleset).magic_points == power + 1


# --- dice ---------------------------------------------------------------------------------------

terms = st.tuples(
    st.sampled_from(["+", "-"]), st.integers(1, 4), st.sampled_from([0, 3, 4, 6, 8, 10, 20])
)


def _text(parts: list[tuple[str, int, int]]) -> str:
    text = "".join(f"{sign}{n}D{sides}" if sides else f"{sign}{n}" for sign, n, sides in parts)
    return text.removeprefix("+")


@st.composite
def dice_exprs(draw: st.DrawFn) -> DiceExpr:
    return parse_dice(_text(draw(st.lists(terms, min_size=1, max_size=4))))


@examples
@given(dice_exprs())
def test_distribution_sums_to_1_and_matches_min_max_mean(expr: DiceExpr) -> None:
    dist = expr.distribution()
    assert sum(dist.values()) == 1
    assert all(p > 0 for p in dist.values())
    assert min(dist) == expr.minimum
    assert max(dist) == expr.maximum
    assert sum(total * p for total, p in dist.items()) == expr.mean


@examples
@given(dice_exprs(), st.integers(0, 2**32))
def test_every_rolled_total_is_within_min_and_max(expr: DiceExpr, seed: int) -> None:
    rng = SeededRng(seed)
    dist = expr.distribution()
    for _ in range(20):
        roll = expr.roll(rng)
        assert expr.minimum <= roll.total <= expr.maximum
        assert roll.total in dist
        constant = roll.total - sum(roll.rolls)
        assert constant == sum(t.sign * t.count for t in expr.terms if not t.sides)


@examples
@given(dice_exprs())
def test_text_round_trips(expr: DiceExpr) -> None:
    assert parse_dice(str(expr)) == expr


# --- the hot-path caches (levels.py, rolls.py) change nothing -----------------------------------
# The oracle is the seed's table (tests/rules/seed_tables.py), not the code: the printed rows up
# to 300%, the "(higher)" row past them, and no success at 0% or less (docs/rules.md#abilities).

PRINTED = level_rows()


def printed_row(chance: int) -> LevelRow:
    assert chance > 0
    if chance <= HIGHER_ROW_LIMIT:
        return PRINTED[chance - 1]
    row = read_row(ABILITY_HIGHER, chance)
    # docs/rules.md#levels-rqg: no level of success reaches past 95 (96-99 always fail)
    return replace(row, critical=min(95, row.critical), special=min(95, row.special))


@examples
@given(st.integers(-3000, 3000), rolls, rulesets)
def test_cached_levels_and_results_follow_the_table(
    chance: int, roll: int, ruleset: RuleSet
) -> None:
    rqg = ruleset is RuleSet.RQG
    level = level_of(chance, roll, ruleset)
    if chance > 0:
        row = printed_row(chance)
        assert level is Level(row.level(roll, with_critical=rqg))
        critical = row.critical if rqg else None
        assert thresholds(chance, ruleset) == Thresholds(
            critical, row.special, row.success, row.fumble
        )
    else:
        # docs/rules.md#abilities: at 0 or below no roll succeeds; 00 always fumbles
        assert not level.is_success
        assert level is (Level.FUMBLE if roll == 100 else level)
        assert level is Level.FAILURE or roll > 95
        assert (thresholds(chance, ruleset).special, thresholds(chance, ruleset).success) == (0, 0)
    expected = RollResult(chance=chance, roll=roll, level=level)
    assert resolve(chance, ScriptedRng([roll]), ruleset) == expected
    assert resolve(chance, ScriptedRng([]), ruleset, result=roll) == expected
    assert level_of(chance, roll, ruleset) is level  # asked again: from the cache, unchanged


def test_caches_survive_being_cleared() -> None:
    # more chances than any cache holds: each starts over and still answers right
    for chance in range(-1500, 1500, 1):
        assert level_of(chance, 1, RuleSet.BRP).is_success is (chance > 0)
        assert resolve(chance, ScriptedRng([100])).level is Level.FUMBLE


def test_a_roll_outside_1_to_100_is_still_refused() -> None:
    for bad in (0, 101):
        with pytest.raises(ValueError, match="1 to 100"):
            resolve(50, ScriptedRng([]), result=bad)
        with pytest.raises(ValueError, match="1 to 100"):
            level_of(50, bad)
