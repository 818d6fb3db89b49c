"""The experience roll at the end of an adventure (docs/rules.md#experience-roll)."""

from __future__ import annotations

from dataclasses import dataclass

FREE_TICKS_AFTER_LONG_GAP = 4
GAIN_DICE = "1D6"


@dataclass(frozen=True, slots=True)
class ExperienceResult:
    """An experience roll: D100 above the ability (or 100) improves it by the 1D6 gain."""

    value: int
    roll: int
    improved: bool
    gain: int
    new_value: int


def improves(value: int, roll: int) -> bool:
    """An experience roll succeeds when the D100 is greater than the ability; 100 always does."""
    if not 1 <= roll <= 100:
        raise ValueError(f"a D100 roll is 1 to 100 (00 is 100), not {roll}")
    return roll == 100 or roll > value


def experience_roll(value: int, roll: int, gain: int) -> ExperienceResult:
    """Resolve an experience roll; `gain` is the 1D6 rolled (used only on success)."""
    if not 1 <= gain <= 6:
        raise ValueError(f"the experience gain is 1D6 (1 to 6), not {gain}")
    improved = improves(value, roll)
    applied = gain if improved else 0
    return ExperienceResult(value, roll, improved, applied, value + applied)
