"""Dice expressions (`3D6`, `2D6+6`, `1D8+1+1D4`, `-1D4`): parsing, rolling, exact distributions.

The notation and gmdash's limits on it: docs/rules.md#dice-expressions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from gmdash.rules.rng import Rng

MAX_DICE = 100  # in a whole expression; beyond this it is a typo, not a roll
MAX_SIDES = 100
MAX_TERMS = 20
MAX_CONSTANT = 10_000
MAX_LENGTH = 100  # characters; the longest sensible expression is far shorter

_TERM = re.compile(r"([+-]?)(\d*)(?:([dD])(\d*))?")


class DiceError(ValueError):
    """A dice expression that cannot be read or is absurd."""


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """`count` dice of `sides` faces (sides 0 means the constant `count`), added or subtracted."""

    sign: int
    count: int
    sides: int

    def __str__(self) -> str:
        body = f"{self.count}D{self.sides}" if self.sides else str(self.count)
        return ("-" if self.sign < 0 else "+") + body

    @property
    def bounds(self) -> tuple[int, int]:
        low, high = (self.count, self.count * self.sides) if self.sides else (self.count,) * 2
        return (low, high) if self.sign > 0 else (-high, -low)


@dataclass(frozen=True, slots=True)
class DiceRoll:
    """The outcome of rolling an expression: its total and each die as rolled (signed)."""

    total: int
    rolls: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """A parsed dice expression."""

    terms: tuple[DiceTerm, ...]

    def __str__(self) -> str:
        text = "".join(str(term) for term in self.terms)
        return text.removeprefix("+")

    @property
    def minimum(self) -> int:
        return sum(term.bounds[0] for term in self.terms)

    @property
    def maximum(self) -> int:
        return sum(term.bounds[1] for term in self.terms)

    @property
    def mean(self) -> Fraction:
        return sum((Fraction(sum(t.bounds), 2) for t in self.terms), Fraction(0))

    def roll(self, rng: Rng) -> DiceRoll:
        total = 0
        rolls: list[int] = []
        for term in self.terms:
            if term.sides == 0:
                total += term.sign * term.count
                continue
            for _ in range(term.count):
                face = term.sign * rng.randint(1, term.sides)
                rolls.append(face)
                total += face
        return DiceRoll(total=total, rolls=tuple(rolls))

    def distribution(self) -> dict[int, Fraction]:
        """The exact probability of every total, as fractions summing to 1."""
        # One die at a time by prefix sums, O(dice x range). A negative die -D(s) takes -s..-1,
        # the same as a positive D(s) shifted down by s + 1.
        low = 0
        ways = [1]  # ways[i]: the number of ways to reach the total low + i
        outcomes = 1
        for term in self.terms:
            if term.sides == 0:
                low += term.sign * term.count
                continue
            for _ in range(term.count):
                ways = _add_die(ways, term.sides)
                outcomes *= term.sides
                low += 1 if term.sign > 0 else -term.sides
        return {low + i: Fraction(n, outcomes) for i, n in enumerate(ways) if n}


def _add_die(ways: list[int], sides: int) -> list[int]:
    """Convolve a count list with one die of `sides` faces (totals shift up by 1)."""
    prefix = [0]
    for n in ways:
        prefix.append(prefix[-1] + n)
    size = len(ways) + sides - 1
    return [prefix[min(i + 1, len(ways))] - prefix[max(0, i - sides + 1)] for i in range(size)]


def parse_dice(text: str) -> DiceExpr:
    """Read a dice expression; raise DiceError with a clear message if it is malformed or absurd."""
    if len(text) > MAX_LENGTH:
        raise DiceError(f"dice expression too long ({len(text)} characters, at most {MAX_LENGTH})")
    source = re.sub(r"\s*([+-])\s*", r"\1", text.strip())
    if not source:
        raise DiceError("empty dice expression")
    if any(char.isspace() for char in source):
        raise DiceError(f"cannot read dice expression {text!r}: join terms with + or -")
    terms: list[DiceTerm] = []
    position = 0
    while position < len(source):
        match = _TERM.match(source, position)
        assert match is not None  # every part of the pattern is optional
        sign_text, count_text, d, sides_text = match.groups()
        piece = match.group(0).lstrip("+-")
        if (position > 0 and not sign_text) or (not count_text and not d):
            raise DiceError(f"cannot read dice expression {text!r} at {source[position:]!r}")
        sign = -1 if sign_text == "-" else 1
        if d:
            if not sides_text:
                raise DiceError(f"{piece!r} has no number of sides (write e.g. 2D6)")
            count = int(count_text) if count_text else 1
            sides = int(sides_text)
            if count < 1:
                raise DiceError(f"{piece!r} rolls no dice")
            if sides < 1:
                raise DiceError(f"{piece!r}: a die needs at least 1 side")
            if sides > MAX_SIDES:
                raise DiceError(f"D{sides} has too many sides (at most {MAX_SIDES})")
            terms.append(DiceTerm(sign, count, sides))
        else:
            constant = int(count_text)
            if constant > MAX_CONSTANT:
                raise DiceError(f"constant {constant} is too large (at most {MAX_CONSTANT})")
            terms.append(DiceTerm(sign, constant, 0))
        if len(terms) > MAX_TERMS:
            raise DiceError(f"too many terms in {text!r} (at most {MAX_TERMS})")
        position = match.end()
    dice = sum(term.count for term in terms if term.sides)
    if dice > MAX_DICE:
        raise DiceError(f"{dice} dice is too many (at most {MAX_DICE} in one expression)")
    return DiceExpr(tuple(terms))
