"""Casting: chances, costs for every level of result, strike ranks (docs/rules.md#magic)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmdash.rules.levels import Level
from gmdash.rules.magic import (
    CastingCost,
    brp_spell_cost,
    rune_casting_chance,
    rune_magic_cost,
    rune_spell_sr,
    spell_cost,
    spirit_casting_chance,
    spirit_magic_cost,
    spirit_magic_limit,
    spirit_spell_sr,
)
from gmdash.rules.ruleset import RuleSet

C, S, OK, F, FU = Level.CRITICAL, Level.SPECIAL, Level.SUCCESS, Level.FAILURE, Level.FUMBLE


@pytest.mark.parametrize(
    ("pow_", "modifier", "chance"),
    [(13, 0, 65), (13, 20, 85), (4, -30, 0), (21, 0, 105), (1, 0, 5)],
)
def test_spirit_casting_chance_is_pow_times_5(pow_: int, modifier: int, chance: int) -> None:
    # docs/rules.md#casting-chance
    assert spirit_casting_chance(pow_, modifier) == chance


def test_rune_casting_chance_is_the_affinity() -> None:
    assert rune_casting_chance(75) == 75
    assert rune_casting_chance(75, 20) == 95
    assert rune_casting_chance(10, -20) == 0


# docs/rules.md#spirit-magic-cost: (level, points, boost) -> magic points spent
@pytest.mark.parametrize(
    ("level", "points", "boost", "spent"),
    [(C, 2, 0, 2), (S, 2, 0, 2), (OK, 2, 0, 2), (F, 2, 0, 0), (FU, 2, 0, 0),
     (C, 3, 2, 5), (OK, 1, 1, 2), (F, 4, 3, 0), (FU, 4, 3, 0)],
)  # fmt: skip
def test_spirit_magic_cost_by_level(level: Level, points: int, boost: int, spent: int) -> None:
    assert spirit_magic_cost(level, points, boost) == CastingCost(magic=spent)
    if boost == 0:  # no boost unless one is given
        assert spirit_magic_cost(level, points) == CastingCost(magic=spent)


# docs/rules.md#rune-magic-cost: (level, rune points, boost) -> (magic, rune) spent
@pytest.mark.parametrize(
    ("level", "rune", "boost", "magic_spent", "rune_spent"),
    [(C, 2, 0, 0, 0), (S, 2, 0, 0, 2), (OK, 2, 0, 0, 2), (F, 2, 0, 0, 0), (FU, 2, 0, 0, 2),
     (C, 1, 3, 3, 0), (S, 1, 3, 3, 1), (OK, 3, 2, 2, 3), (F, 3, 2, 1, 0), (FU, 3, 2, 1, 3),
     (F, 1, 1, 1, 0), (FU, 1, 0, 0, 1)],
)  # fmt: skip
def test_rune_magic_cost_by_level(
    level: Level, rune: int, boost: int, magic_spent: int, rune_spent: int
) -> None:
    assert rune_magic_cost(level, rune, boost) == CastingCost(magic=magic_spent, rune=rune_spent)
    if boost == 0:
        assert rune_magic_cost(level, rune) == CastingCost(magic=magic_spent, rune=rune_spent)


# docs/rules.md#brp-spell-cost
@pytest.mark.parametrize(
    ("level", "points", "spent"),
    [(S, 3, 3), (OK, 3, 3), (F, 3, 1), (FU, 3, 1), (OK, 1, 1), (F, 1, 1)],
)
def test_brp_spell_cost_by_level(level: Level, points: int, spent: int) -> None:
    assert brp_spell_cost(level, points) == CastingCost(magic=spent)


def test_spell_cost_picks_the_rule_of_the_kind_of_spell() -> None:
    assert spell_cost(RuleSet.RQG, F, 3) == CastingCost()
    assert spell_cost(RuleSet.BRP, F, 3, 1) == CastingCost(magic=1)
    assert spell_cost(RuleSet.BRP, OK, 3, 1) == CastingCost(magic=4)
    assert spell_cost(RuleSet.RQG, FU, 2, 1, rune=True) == CastingCost(magic=1, rune=2)


@given(
    st.sampled_from(list(Level)),
    st.integers(min_value=1, max_value=99),
    st.integers(min_value=0, max_value=99),
    st.sampled_from(list(RuleSet)),
    st.booleans(),
)
def test_a_cast_never_costs_more_than_was_put_in(
    level: Level, points: int, boost: int, ruleset: RuleSet, rune: bool
) -> None:
    cost = spell_cost(ruleset, level, points, boost, rune=rune)
    assert cost.magic >= 0 and cost.rune >= 0
    if rune:
        assert cost.magic <= boost and cost.rune <= points
    else:
        assert cost.rune == 0 and cost.magic <= points + boost
    # a failure never costs more than a success
    better = spell_cost(ruleset, Level.SUCCESS, points, boost, rune=rune)
    assert cost.magic <= better.magic


def test_spirit_magic_limit_is_cha() -> None:
    # docs/rules.md#spirit-magic-limit
    assert [spirit_magic_limit(cha) for cha in (3, 12, 18)] == [3, 12, 18]


# docs/rules.md#spell-strike-ranks
@pytest.mark.parametrize(
    ("dex_sr", "points", "boost", "sr"),
    [(3, 1, 0, 3), (3, 2, 0, 4), (3, 4, 0, 6), (2, 1, 2, 4), (5, 3, 1, 8)],
)
def test_spirit_spell_strike_rank(dex_sr: int, points: int, boost: int, sr: int) -> None:
    assert spirit_spell_sr(dex_sr, points, boost) == sr


def test_rune_spell_strike_rank_ignores_its_points() -> None:
    assert rune_spell_sr(3) == 3
    assert rune_spell_sr(3, boost=2) == 5


def test_nothing_given_adds_nothing() -> None:
    # docs/rules.md#casting-chance: POW x 5 plus modifiers; #spell-strike-ranks: DEX SR + 1 per
    # point past the first + 1 per boosting point: none given, none added
    assert spirit_casting_chance(13) == 65
    assert spirit_spell_sr(3, 2) == 4
    assert spell_cost(RuleSet.RQG, OK, 2) == CastingCost(magic=2)
    assert spell_cost(RuleSet.BRP, OK, 2) == brp_spell_cost(OK, 2)
