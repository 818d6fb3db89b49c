"""Dice expressions: parsing, errors, rolling and exact distributions (docs/rules.md#dice)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from gmdash.rules import DiceError, DiceRoll, ScriptedRng, parse_dice


@pytest.mark.parametrize(
    ("text", "shown", "low", "high", "mean"),
    [
        ("3D6", "3D6", 3, 18, Fraction(21, 2)),  # a human characteristic
        ("2D6+6", "2D6+6", 8, 18, Fraction(13)),  # SIZ and INT
        ("1D8+1+1D4", "1D8+1+1D4", 3, 13, Fraction(8)),  # a weapon plus its damage bonus
        ("D100", "1D100", 1, 100, Fraction(101, 2)),
        ("-1D4", "-1D4", -4, -1, Fraction(-5, 2)),  # a negative damage bonus
        ("1D6", "1D6", 1, 6, Fraction(7, 2)),  # the experience gain
        ("1D20", "1D20", 1, 20, Fraction(21, 2)),  # hit location
        ("2D6-1D4", "2D6-1D4", -2, 11, Fraction(9, 2)),
        ("1D8-1", "1D8-1", 0, 7, Fraction(7, 2)),
        ("5", "5", 5, 5, Fraction(5)),
        ("+3D6", "3D6", 3, 18, Fraction(21, 2)),
        ("1D1", "1D1", 1, 1, Fraction(1)),  # the smallest die there is
        ("3D1+1", "3D1+1", 4, 4, Fraction(4)),
    ],
)
def test_parse(text: str, shown: str, low: int, high: int, mean: Fraction) -> None:
    expr = parse_dice(text)
    assert str(expr) == shown
    assert (expr.minimum, expr.maximum, expr.mean) == (low, high, mean)


@pytest.mark.parametrize(
    ("text", "same_as"),
    [
        ("3d6", "3D6"),
        ("d100", "D100"),
        ("2d6+6", "2D6+6"),
        ("2D6 + 6", "2D6+6"),
        ("  2D6  +  6  ", "2D6+6"),
        ("1d8 + 1 + 1d4", "1D8+1+1D4"),
        ("1D8 - 1", "1D8-1"),
        ("- 1D4", "-1D4"),
    ],
)
def test_case_and_spaces_do_not_matter(text: str, same_as: str) -> None:
    assert parse_dice(text) == parse_dice(same_as)
    assert str(parse_dice(text)) == str(parse_dice(same_as))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2D", r"'2D' has no number of sides"),
        ("D", r"no number of sides"),
        ("1D0", r"'1D0': a die needs at least 1 side"),
        ("10000D6", r"10000 dice is too many \(at most 100"),
        ("50D6+51D6", r"101 dice is too many"),
        ("", r"empty dice expression"),
        ("   ", r"empty dice expression"),
        ("garbage", r"cannot read dice expression 'garbage'"),
        ("3D6x", r"cannot read dice expression '3D6x' at 'x'"),
        ("3D6 2", r"join terms with \+ or -"),
        ("3D6++2", r"cannot read dice expression"),
        ("1D6+", r"cannot read dice expression"),
        ("0D6", r"rolls no dice"),
        ("1D1000", r"too many sides"),
        ("99999", r"too large"),
    ],
)
def test_errors_are_clear(text: str, message: str) -> None:
    with pytest.raises(DiceError, match=message):
        parse_dice(text)


def test_dice_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        parse_dice("2D")


def _count(*faces: int, constant: int = 0, minus: tuple[int, ...] = ()) -> dict[int, Fraction]:
    """The exact distribution by enumerating every combination of faces (no gmdash)."""
    dice = [range(1, f + 1) for f in faces] + [range(-f, 0) for f in minus]
    combos = list(product(*dice))
    counts = Counter(sum(c) + constant for c in combos)
    return {total: Fraction(n, len(combos)) for total, n in counts.items()}


def test_3d6_exact_distribution() -> None:
    dist = parse_dice("3D6").distribution()
    assert dist[10] == Fraction(27, 216)
    assert dist[11] == Fraction(27, 216)
    assert dist[3] == dist[18] == Fraction(1, 216)
    assert dist[4] == Fraction(3, 216)
    assert dist[9] == dist[12] == Fraction(25, 216)
    assert sorted(dist) == list(range(3, 19))
    assert dist == _count(6, 6, 6)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2D6+6", _count(6, 6, constant=6)),
        ("1D8+1+1D4", _count(8, 4, constant=1)),
        ("-1D4", _count(minus=(4,))),
        ("2D6-1D4", _count(6, 6, minus=(4,))),
        ("D100", _count(100)),
        ("1D20", _count(20)),
        ("7", {7: Fraction(1)}),
    ],
)
def test_exact_distributions(text: str, expected: dict[int, Fraction]) -> None:
    dist = parse_dice(text).distribution()
    assert dist == expected
    assert sum(dist.values()) == 1


@pytest.mark.parametrize(
    ("text", "faces", "total", "rolls"),
    [
        ("3D6", [1, 2, 3], 6, (1, 2, 3)),
        ("2D6+6", [6, 6], 18, (6, 6)),
        ("1D8+1+1D4", [8, 4], 13, (8, 4)),
        ("-1D4", [3], -3, (-3,)),
        ("2D6-1D4", [1, 1, 4], -2, (1, 1, -4)),
        ("D100", [100], 100, (100,)),
        ("5", [], 5, ()),
        ("1D1", [1], 1, (1,)),
    ],
)
def test_roll_with_scripted_dice(
    text: str, faces: list[int], total: int, rolls: tuple[int, ...]
) -> None:
    assert parse_dice(text).roll(ScriptedRng(faces)) == DiceRoll(total=total, rolls=rolls)


def test_scripted_dice_out_of_range_are_refused() -> None:
    with pytest.raises(ValueError, match="between 1 and 6"):
        parse_dice("1D6").roll(ScriptedRng([7]))
    with pytest.raises(ValueError, match="no more scripted"):
        parse_dice("3D6").roll(ScriptedRng([1, 2]))


# --- the limits, at their edges (docs/rules.md#dice-expressions) -----------------------------


@pytest.mark.parametrize(
    ("allowed", "refused", "message"),
    [
        ("100D6", "101D6", r"101 dice is too many \(at most 100"),
        ("60D6+40D4", "60D6+41D4", r"101 dice is too many"),
        ("1D100", "1D101", r"D101 has too many sides \(at most 100"),
        ("10000", "10001", r"constant 10001 is too large \(at most 10000"),
        ("+".join(["1"] * 20), "+".join(["1"] * 21), r"too many terms .* \(at most 20"),
        # 100 characters (spaces around the signs are allowed, and counted), then 101
        (
            "1D6" + " " * 95 + "+1",
            "1D6" + " " * 96 + "+1",
            r"too long \(101 characters, at most 100",
        ),
    ],
)
def test_limits_are_inclusive(allowed: str, refused: str, message: str) -> None:
    assert str(parse_dice(allowed)) == allowed.replace(" ", "")
    with pytest.raises(DiceError, match=message):
        parse_dice(refused)
