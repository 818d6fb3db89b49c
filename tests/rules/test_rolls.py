"""The D100 behind every ability roll: what range it asks the injected RNG for.

The rules core never draws a number itself; these tests watch what it asks for, so a D100 that
could come up 0 or 101 fails here rather than as a rare wrong level at the table.
"""

from __future__ import annotations

import pytest

from gmdash.rules import (
    Level,
    RuleSet,
    SeededRng,
    d100_text,
    resolve,
    resolve_resistance,
    roll_d100,
)


class WatchedRng:
    """Answers every draw with its top face and remembers each range it was asked for."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, int]] = []

    def randint(self, low: int, high: int) -> int:
        self.asked.append((low, high))
        return high


def test_roll_d100_asks_for_1_to_100() -> None:
    rng = WatchedRng()
    assert roll_d100(rng) == 100
    assert rng.asked == [(1, 100)]


@pytest.mark.parametrize("ruleset", list(RuleSet))
def test_resolve_draws_1_to_100_and_reads_the_top_face_as_00(ruleset: RuleSet) -> None:
    rng = WatchedRng()
    rolled = resolve(50, rng, ruleset)
    assert rng.asked == [(1, 100)]
    assert (rolled.roll, rolled.level) == (100, Level.FUMBLE)


def test_resistance_rolls_draw_a_d100_too() -> None:
    rng = WatchedRng()
    assert resolve_resistance(10, 12, rng).roll == 100
    assert rng.asked == [(1, 100)]


def test_a_typed_result_draws_nothing() -> None:
    rng = WatchedRng()
    assert resolve(50, rng, result=7).roll == 7
    assert rng.asked == []


def test_seeded_d100_covers_1_to_100_only() -> None:
    rng = SeededRng(10)
    faces = {roll_d100(rng) for _ in range(5000)}
    assert faces == set(range(1, 101))


@pytest.mark.parametrize(("roll", "text"), [(1, "01"), (7, "07"), (42, "42"), (100, "00")])
def test_d100_text(roll: int, text: str) -> None:
    assert d100_text(roll) == text
