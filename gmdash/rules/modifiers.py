"""Modifiers applied to a chance before rolling (docs/rules.md#modifiers)."""

from __future__ import annotations

from enum import StrEnum

from gmdash.rules.levels import Level

RETRY_PENALTY = 25
CHARACTERISTIC_MULTIPLIERS = range(1, 11)
DEFAULT_CHARACTERISTIC_MULTIPLIER = 5

AUGMENT_BONUS: dict[Level, int] = {
    Level.CRITICAL: 50,
    Level.SPECIAL: 30,
    Level.SUCCESS: 20,
    Level.FAILURE: -20,
    Level.FUMBLE: -50,
}


class Difficulty(StrEnum):
    """BRP difficulty of a task."""

    AUTOMATIC = "automatic"
    EASY = "easy"
    NORMAL = "normal"
    DIFFICULT = "difficult"
    IMPOSSIBLE = "impossible"

    @property
    def needs_roll(self) -> bool:
        return self not in (Difficulty.AUTOMATIC, Difficulty.IMPOSSIBLE)


def apply_difficulty(chance: int, difficulty: Difficulty) -> int:
    """The chance after a BRP difficulty. Automatic and impossible need no roll: see needs_roll."""
    if difficulty is Difficulty.EASY:
        return chance * 2
    if difficulty is Difficulty.DIFFICULT:
        return -(-chance // 2)  # half, rounded up
    return chance


def characteristic_chance(value: int, multiplier: int = DEFAULT_CHARACTERISTIC_MULTIPLIER) -> int:
    """A characteristic roll: value x1 (almost impossible) to x10 (easy); x5 is the norm."""
    if multiplier not in CHARACTERISTIC_MULTIPLIERS:
        raise ValueError(f"a characteristic multiplier is 1 to 10, not {multiplier}")
    return value * multiplier


def augment_bonus(level: Level) -> int:
    """What an augmenting ability's result adds to the augmented chance (RQG)."""
    return AUGMENT_BONUS[level]


def modified_chance(
    base: int,
    *,
    flat: int = 0,
    augment: Level | None = None,
    retry: bool = False,
    difficulty: Difficulty = Difficulty.NORMAL,
) -> int:
    """Apply modifiers in the rules' order: flat, augment and retry, then difficulty."""
    chance = base + flat
    if augment is not None:
        chance += augment_bonus(augment)
    if retry:
        chance -= RETRY_PENALTY
    return apply_difficulty(chance, difficulty)
