"""Injected randomness: every roll goes through an object, never the global random module.

Why: docs/rules.md#randomness.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol


class Rng(Protocol):
    """What the rules need from a source of randomness."""

    def randint(self, low: int, high: int) -> int:
        """A whole number in [low, high], both inclusive."""
        ...


class SeededRng:
    """A reproducible RNG: the same seed replays the same session."""

    def __init__(self, seed: int | str | None = None) -> None:
        self._random = random.Random(seed)

    def randint(self, low: int, high: int) -> int:
        return self._random.randint(low, high)


class ScriptedRng:
    """Returns the given values in order: physical dice typed at the table, and tests."""

    def __init__(self, values: Iterable[int]) -> None:
        self._values = list(values)
        self._next = 0

    def randint(self, low: int, high: int) -> int:
        if self._next >= len(self._values):
            raise ValueError("no more scripted dice results")
        value = self._values[self._next]
        self._next += 1
        if not low <= value <= high:
            raise ValueError(f"scripted result {value} is not between {low} and {high}")
        return value
