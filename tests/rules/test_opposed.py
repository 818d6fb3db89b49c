"""Opposed rolls under both rule sets (docs/rules.md#opposed; RQG seed "Test en Opposition",
BRP seed 3.3 "Compétences opposées")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmdash.rules import Level, Outcome, RuleSet, opposed_odds, reduce_over_100, resolve_opposed

RQG, BRP = RuleSet.RQG, RuleSet.BRP
A, B, TIE, BOTH_FAIL = Outcome.A, Outcome.B, Outcome.TIE, Outcome.BOTH_FAIL


@pytest.mark.parametrize(
    ("chances", "expected"),
    [
        ((120, 65), (100, 45)),  # the seed: Vasana's 65% shield against a 120% kopis
        ((65, 120), (45, 100)),
        ((120, 55), (100, 35)),  # the seed: Nathem at 120% against a 55% scout
        ((150, 150), (100, 100)),
        ((101, 10), (100, 9)),
        ((100, 50), (100, 50)),  # no excess
        ((60, 40), (60, 40)),
        ((130, 20), (100, -10)),  # may go to 0 or below: that side cannot succeed
    ],
    ids=str,
)
def test_reduce_over_100(chances: tuple[int, int], expected: tuple[int, int]) -> None:
    assert reduce_over_100(*chances) == expected


def test_rqg_opposed_uses_the_reduced_chances() -> None:
    # 120 vs 65 -> 100 vs 45: B's 50 fails at 45 (it would succeed at 65)
    result = resolve_opposed(120, 60, 65, 50, RQG)
    assert (result.chance_a, result.chance_b) == (100, 45)
    assert (result.level_a, result.level_b) == (Level.SUCCESS, Level.FAILURE)
    assert result.outcome is A


def test_brp_opposed_does_not_reduce() -> None:
    result = resolve_opposed(120, 60, 65, 50, BRP)
    assert (result.chance_a, result.chance_b) == (120, 65)
    assert result.level_b is Level.SUCCESS
    assert result.outcome is A  # success vs success: the higher ability wins


# (chance A, roll A, chance B, roll B, levels rolled, outcome)
RQG_CASES = [
    # the better level wins
    (60, 2, 60, 10, (Level.CRITICAL, Level.SPECIAL), A),
    (60, 10, 60, 50, (Level.SPECIAL, Level.SUCCESS), A),
    (60, 50, 60, 3, (Level.SUCCESS, Level.CRITICAL), B),
    (60, 50, 60, 70, (Level.SUCCESS, Level.FAILURE), A),
    (10, 10, 90, 100, (Level.SUCCESS, Level.FUMBLE), A),
    (30, 70, 30, 29, (Level.FAILURE, Level.SUCCESS), B),
    # same level, both successful: the higher roll wins
    (60, 40, 60, 50, (Level.SUCCESS, Level.SUCCESS), B),
    (80, 70, 40, 35, (Level.SUCCESS, Level.SUCCESS), A),  # ability does not matter
    (60, 12, 60, 5, (Level.SPECIAL, Level.SPECIAL), A),
    # equal rolls: a tie
    (60, 40, 50, 40, (Level.SUCCESS, Level.SUCCESS), TIE),
    (60, 8, 70, 8, (Level.SPECIAL, Level.SPECIAL), TIE),
    # two criticals: a tie, whatever the rolls
    (60, 1, 60, 3, (Level.CRITICAL, Level.CRITICAL), TIE),
    (100, 5, 40, 1, (Level.CRITICAL, Level.CRITICAL), TIE),
    # both fail: both lose (a fumble still loses to a plain failure, but nobody wins)
    (30, 50, 30, 60, (Level.FAILURE, Level.FAILURE), BOTH_FAIL),
    (30, 50, 30, 100, (Level.FAILURE, Level.FUMBLE), BOTH_FAIL),
    (30, 100, 30, 100, (Level.FUMBLE, Level.FUMBLE), BOTH_FAIL),
    (0, 3, 0, 1, (Level.FAILURE, Level.FAILURE), BOTH_FAIL),  # 0% cannot succeed
]


@pytest.mark.parametrize(("ca", "ra", "cb", "rb", "levels", "outcome"), RQG_CASES)
def test_rqg(
    ca: int, ra: int, cb: int, rb: int, levels: tuple[Level, Level], outcome: Outcome
) -> None:
    result = resolve_opposed(ca, ra, cb, rb, RQG)
    assert (result.level_a, result.level_b) == levels
    assert result.outcome is outcome
    assert (result.effective_a, result.effective_b) == levels  # RQG shifts no level
    assert not result.double_effect
    mirrored = resolve_opposed(cb, rb, ca, ra, RQG).outcome
    assert mirrored is {A: B, B: A}.get(outcome, outcome)


# (chance A, roll A, chance B, roll B, rolled, effective after opposition, outcome, double)
BRP_CASES = [
    # only one succeeds: that one wins
    (50, 30, 50, 70, (Level.SUCCESS, Level.FAILURE), (Level.SUCCESS, Level.FAILURE), A, False),
    (50, 100, 50, 50, (Level.FUMBLE, Level.SUCCESS), (Level.FUMBLE, Level.SUCCESS), B, False),
    # special vs success: the special wins and counts as a success, the success as a failure
    (50, 5, 50, 30, (Level.SPECIAL, Level.SUCCESS), (Level.SUCCESS, Level.FAILURE), A, False),
    (40, 30, 90, 18, (Level.SUCCESS, Level.SPECIAL), (Level.FAILURE, Level.SUCCESS), B, False),
    # special vs special: both become failures
    (
        50,
        5,
        50,
        10,
        (Level.SPECIAL, Level.SPECIAL),
        (Level.FAILURE, Level.FAILURE),
        BOTH_FAIL,
        False,
    ),
    # success vs success: the higher ability wins (not the higher roll, unlike RQG)
    (70, 20, 60, 50, (Level.SUCCESS, Level.SUCCESS), (Level.SUCCESS, Level.FAILURE), A, False),
    (40, 39, 41, 12, (Level.SUCCESS, Level.SUCCESS), (Level.FAILURE, Level.SUCCESS), B, False),
    # equal abilities: stalemate
    (60, 20, 60, 50, (Level.SUCCESS, Level.SUCCESS), (Level.SUCCESS, Level.SUCCESS), TIE, False),
    # special vs failure: the special achieves double the usual effect
    (50, 5, 50, 70, (Level.SPECIAL, Level.FAILURE), (Level.SPECIAL, Level.FAILURE), A, True),
    (50, 100, 50, 1, (Level.FUMBLE, Level.SPECIAL), (Level.FUMBLE, Level.SPECIAL), B, True),
    # both fail: neither achieves anything
    (
        30,
        50,
        30,
        60,
        (Level.FAILURE, Level.FAILURE),
        (Level.FAILURE, Level.FAILURE),
        BOTH_FAIL,
        False,
    ),
]


@pytest.mark.parametrize(
    ("ca", "ra", "cb", "rb", "levels", "effective", "outcome", "double"), BRP_CASES
)
def test_brp(
    ca: int,
    ra: int,
    cb: int,
    rb: int,
    levels: tuple[Level, Level],
    effective: tuple[Level, Level],
    outcome: Outcome,
    double: bool,
) -> None:
    result = resolve_opposed(ca, ra, cb, rb, BRP)
    assert (result.level_a, result.level_b) == levels  # as rolled: both specials still tick
    assert (result.effective_a, result.effective_b) == effective
    assert result.outcome is outcome
    assert result.double_effect is double


def test_brp_has_no_critical() -> None:
    result = resolve_opposed(60, 1, 60, 1, BRP)
    assert (result.level_a, result.level_b) == (Level.SPECIAL, Level.SPECIAL)
    assert result.outcome is BOTH_FAIL


def test_rqg_and_brp_differ_on_success_vs_success() -> None:
    assert resolve_opposed(70, 20, 60, 50, RQG).outcome is B  # the higher roll
    assert resolve_opposed(70, 20, 60, 50, BRP).outcome is A  # the higher ability


# Odds worked out by hand over the 10,000 pairs of rolls.
#  RQG 50 vs 50: crit 1-3, special 1-10, success 1-50. Both fail: 50 x 50 = 2500. Ties: equal
#  rolls both successful (50) + two criticals on different rolls (3 x 2 = 6) = 56. The rest is
#  split evenly by symmetry: (10000 - 2500 - 56) / 2 = 3722 each.
#  BRP 50 vs 50: special 1-10. Both fail 2500 + both special 100 -> 2600. Both plain success with
#  equal abilities: 40 x 40 = 1600 stalemates. A wins: A succeeds and B fails (50 x 50) + A
#  special vs B success (10 x 40) = 2900; B the same.
@pytest.mark.parametrize(
    ("ca", "cb", "ruleset", "odds"),
    [
        (50, 50, RQG, {A: 3722, B: 3722, TIE: 56, BOTH_FAIL: 2500}),
        (50, 50, BRP, {A: 2900, B: 2900, TIE: 1600, BOTH_FAIL: 2600}),
        (0, 50, RQG, {A: 0, B: 5000, TIE: 0, BOTH_FAIL: 5000}),
        (0, 50, BRP, {A: 0, B: 5000, TIE: 0, BOTH_FAIL: 5000}),
        (0, 0, RQG, {A: 0, B: 0, TIE: 0, BOTH_FAIL: 10000}),
        # 200 vs 100 -> 100 vs 0 under RQG: B cannot succeed; A succeeds on 1-95
        (200, 100, RQG, {A: 9500, B: 0, TIE: 0, BOTH_FAIL: 500}),
    ],
)
def test_opposed_odds_by_hand(ca: int, cb: int, ruleset: RuleSet, odds: dict[Outcome, int]) -> None:
    assert opposed_odds(ca, cb, ruleset) == {k: Fraction(v, 10_000) for k, v in odds.items()}
