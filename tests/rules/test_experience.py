"""The experience roll (docs/rules.md#experience-roll; BRP seed 3.5)."""

from __future__ import annotations

import pytest

from gmdash.rules import ExperienceResult, experience_roll, improves
from gmdash.rules.experience import FREE_TICKS_AFTER_LONG_GAP


@pytest.mark.parametrize(
    ("value", "roll", "improved"),
    [
        (35, 36, True),  # BRP seed: a skill at 35% improves on 36-00
        (35, 100, True),
        (35, 35, False),  # greater than, not equal
        (35, 1, False),
        (35, 5, False),  # 01-05 is no automatic success here
        (0, 1, True),
        (99, 100, True),
        (100, 100, True),  # a roll of 100 always succeeds ...
        (120, 100, True),  # ... even over 100%
        (100, 99, False),
        (120, 99, False),
        (95, 96, True),
    ],
)
def test_improves(value: int, roll: int, improved: bool) -> None:
    assert improves(value, roll) is improved


@pytest.mark.parametrize(("value", "successes"), [(35, 65), (0, 100), (50, 50), (99, 1), (100, 1)])
def test_count_of_improving_rolls(value: int, successes: int) -> None:
    assert sum(improves(value, roll) for roll in range(1, 101)) == successes


def test_value_over_100_only_00_improves() -> None:
    for value in (100, 101, 150, 300):
        assert [roll for roll in range(1, 101) if improves(value, roll)] == [100]


@pytest.mark.parametrize(
    ("value", "roll", "gain", "expected"),
    [
        (35, 50, 4, ExperienceResult(35, 50, True, 4, 39)),
        (35, 20, 4, ExperienceResult(35, 20, False, 0, 35)),
        (120, 100, 6, ExperienceResult(120, 100, True, 6, 126)),
        (10, 11, 1, ExperienceResult(10, 11, True, 1, 11)),
    ],
)
def test_experience_roll_adds_1d6_on_success(
    value: int, roll: int, gain: int, expected: ExperienceResult
) -> None:
    assert experience_roll(value, roll, gain) == expected


@pytest.mark.parametrize("roll", [0, 101, -3])
def test_experience_roll_is_a_d100(roll: int) -> None:
    with pytest.raises(ValueError, match="1 to 100"):
        improves(50, roll)


@pytest.mark.parametrize("gain", [0, 7, -1])
def test_experience_gain_is_1d6(gain: int) -> None:
    with pytest.raises(ValueError, match="1D6"):
        experience_roll(50, 70, gain)


def test_four_free_ticks_after_a_long_gap() -> None:
    # docs/rules.md, "Long gaps and teachers": "the game master may grant four free ticks"
    assert FREE_TICKS_AFTER_LONG_GAP == 4
