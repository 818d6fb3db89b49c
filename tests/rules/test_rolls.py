"""The D100 behind every ability roll: what range it asks the injected RNG for.

The rules core never draws a number itself; these tests watch what it asks for, so a D100 that
could come up 0 or 101 fails here rather than as a rare wrong level at the table.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmdash.rules import (
    Level,
    RuleSet,
    SeededRng,
    d100_text,
    read_d100,
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


# A D100 typed at the table (docs/rules.md#d100): the one reading the roll dialogs, the
# resistance pane and the CLI's --result share. "00" is the top face, 100; a lone "0" is no face.
TYPED_D100 = [
    ("01", 1), ("1", 1), ("05", 5), ("5", 5), ("007", 7), ("42", 42), ("99", 99),
    ("100", 100), ("0100", 100), ("00", 100), ("000", 100), (" 42 ", 42), ("\t07\n", 7),
]  # fmt: skip
NOT_A_D100 = ["0", "101", "999", "1000", "-3", "+5", "-0", "+00", "4.5", "1e2", "x", "", " ",
              "0x10", "1 0", "00 7", "\u00b2", "\u0665", "9" * 5000]  # fmt: skip


@pytest.mark.parametrize(("typed", "value"), TYPED_D100)
def test_read_d100(typed: str, value: int) -> None:
    assert read_d100(typed) == value


@pytest.mark.parametrize("typed", NOT_A_D100)
def test_read_d100_refuses_with_what_a_d100_reads(typed: str) -> None:
    with pytest.raises(ValueError, match=r"1 to 100 \(00 is 100\)"):
        read_d100(typed)


@given(st.integers(1, 100))
def test_read_d100_reads_back_every_face_as_shown(roll: int) -> None:
    assert read_d100(d100_text(roll)) == roll
    assert read_d100(str(roll)) == roll


@given(st.text(max_size=6))
def test_read_d100_gives_1_to_100_or_refuses(typed: str) -> None:
    try:
        value = read_d100(typed)
    except ValueError:
        return
    assert 1 <= value <= 100


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("x" * 12, "'" + "x" * 12 + "'"),
        ("x" * 13, "'" + "x" * 11 + "…'"),
        ("1234567890123", "'12345678901…'"),
    ],
)
def test_a_long_refused_d100_is_shown_cut(typed: str, shown: str) -> None:
    # the message quotes what was typed, up to 12 characters, longer cut to 11 and an ellipsis
    with pytest.raises(ValueError) as refused:
        read_d100(typed)
    assert str(refused.value).endswith(f"not {shown}")


@pytest.mark.parametrize("ruleset", list(RuleSet))
def test_a_result_not_whole_reads_as_its_value(ruleset: RuleSet) -> None:
    # only whole-number chances and rolls are cached (rolls.py): another number reads the same
    rolled = resolve(50, SeededRng(1), ruleset, result=30.0)  # type: ignore[arg-type]
    assert rolled.level is resolve(50, SeededRng(1), ruleset, result=30).level
