"""Modifiers applied to a chance before rolling (docs/rules.md#modifiers)."""

from __future__ import annotations

import pytest

from gmdash.rules import (
    AUGMENT_BONUS,
    RETRY_PENALTY,
    Difficulty,
    Level,
    RuleSet,
    apply_difficulty,
    augment_bonus,
    characteristic_chance,
    level_of,
    modified_chance,
)


@pytest.mark.parametrize("value", [1, 3, 10, 13, 18, 21, 30])
def test_characteristic_roll_is_value_times_1_to_10(value: int) -> None:
    for multiplier in range(1, 11):
        assert characteristic_chance(value, multiplier) == value * multiplier


def test_characteristic_roll_defaults_to_x5() -> None:
    assert characteristic_chance(13) == 65  # STR x5


@pytest.mark.parametrize("multiplier", [0, 11, -5, 20])
def test_characteristic_multiplier_outside_1_to_10_is_refused(multiplier: int) -> None:
    with pytest.raises(ValueError, match="1 to 10"):
        characteristic_chance(10, multiplier)


def test_characteristic_roll_01_05_succeeds_96_00_fails() -> None:
    almost_impossible = characteristic_chance(1, 1)  # 1%
    assert all(level_of(almost_impossible, roll).is_success for roll in range(1, 6))
    assert not level_of(almost_impossible, 6).is_success
    easy = characteristic_chance(21, 10)  # 210%
    assert not any(level_of(easy, roll).is_success for roll in range(96, 101))


@pytest.mark.parametrize(
    ("chance", "difficulty", "expected"),
    [
        (40, Difficulty.EASY, 80),
        (60, Difficulty.EASY, 120),  # "on effectue cependant le test même si > 100%"
        (95, Difficulty.EASY, 190),
        (40, Difficulty.NORMAL, 40),
        (40, Difficulty.DIFFICULT, 20),
        (45, Difficulty.DIFFICULT, 23),  # half, rounded up
        (1, Difficulty.DIFFICULT, 1),
        (99, Difficulty.DIFFICULT, 50),
        (0, Difficulty.DIFFICULT, 0),
    ],
)
def test_brp_difficulty(chance: int, difficulty: Difficulty, expected: int) -> None:
    assert apply_difficulty(chance, difficulty) == expected


def test_easy_over_100_is_still_rolled() -> None:
    assert Difficulty.EASY.needs_roll
    chance = apply_difficulty(60, Difficulty.EASY)
    assert level_of(chance, 96, RuleSet.BRP) is Level.FAILURE  # a failure remains possible
    assert level_of(chance, 24, RuleSet.BRP) is Level.SPECIAL  # 1/5 of 120


@pytest.mark.parametrize(
    ("difficulty", "needs_roll"),
    [
        (Difficulty.AUTOMATIC, False),
        (Difficulty.EASY, True),
        (Difficulty.NORMAL, True),
        (Difficulty.DIFFICULT, True),
        (Difficulty.IMPOSSIBLE, False),
    ],
)
def test_automatic_and_impossible_need_no_roll(difficulty: Difficulty, needs_roll: bool) -> None:
    assert difficulty.needs_roll is needs_roll


@pytest.mark.parametrize(
    ("level", "bonus"),
    [
        (Level.CRITICAL, 50),
        (Level.SPECIAL, 30),
        (Level.SUCCESS, 20),
        (Level.FAILURE, -20),
        (Level.FUMBLE, -50),
    ],
)
def test_augment(level: Level, bonus: int) -> None:
    assert augment_bonus(level) == bonus
    assert AUGMENT_BONUS[level] == bonus
    assert modified_chance(60, augment=level) == 60 + bonus


def test_augment_may_exceed_100() -> None:
    assert modified_chance(90, augment=Level.CRITICAL) == 140


def test_retry_is_minus_25() -> None:
    assert RETRY_PENALTY == 25
    assert modified_chance(60, retry=True) == 35
    assert modified_chance(20, retry=True) == -5  # below 0: cannot succeed


def test_flat_and_augment_come_before_difficulty() -> None:
    # (45 + 10 + 20) / 2 = 37.5 -> 38; difficulty first would give 23 + 30 = 53
    assert (
        modified_chance(45, flat=10, augment=Level.SUCCESS, difficulty=Difficulty.DIFFICULT) == 38
    )
    # (40 - 10) x 2 = 60; difficulty first would give 80 - 10 = 70
    assert modified_chance(40, flat=-10, difficulty=Difficulty.EASY) == 60
    # retry is a flat modifier too: (60 - 25) / 2 = 17.5 -> 18
    assert modified_chance(60, retry=True, difficulty=Difficulty.DIFFICULT) == 18
    # all flat pieces add up: 45 + 5 - 50 - 25
    assert modified_chance(45, flat=5, augment=Level.FUMBLE, retry=True) == -25
    assert modified_chance(45) == 45
