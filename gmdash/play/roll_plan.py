"""What a roll dialog works out before any dice fall: the names that match what is typed, the
rolls giving each level, exact odds as a percentage, typed whole numbers.

Plain functions the dialogs call on every keystroke (and tests call directly).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from gmdash.rules import Level, RuleSet, thresholds


def parse_whole(text: str, what: str, low: int | None = None, high: int | None = None) -> int:
    """A typed whole number (a leading + allowed); ValueError naming `what`."""
    clean = text.strip().replace(" ", "")
    body = clean[1:] if clean[:1] in "+-" else clean
    if not body.isdigit():
        raise ValueError(f"{what}: type a whole number")
    value = int(clean)
    if low is not None and value < low:
        raise ValueError(f"{what}: at least {low}")
    if high is not None and value > high:
        raise ValueError(f"{what}: at most {high}")
    return value


def _score(name: str, wanted: str) -> int | None:
    """How well `wanted` matches `name`: 0 prefix, 1 word prefix, 2 substring, 3 in order."""
    folded = name.casefold()
    if folded.startswith(wanted):
        return 0
    if any(word.startswith(wanted) for word in folded.replace("(", " ").split()):
        return 1
    if wanted in folded:
        return 2
    position = 0
    for char in wanted:
        position = folded.find(char, position) + 1
        if position == 0:
            return None
    return 3


def narrow(names: Sequence[str], text: str) -> list[str]:
    """The names matching what was typed, best first: prefix, word prefix, substring, then the
    letters in order (fuzzy). Empty text keeps every name in its order."""
    wanted = text.strip().casefold()
    if not wanted:
        return list(names)
    scored = [(score, index, name) for index, name in enumerate(names)
              if (score := _score(name, wanted)) is not None]  # fmt: skip
    return [name for _, _, name in sorted(scored)]


def level_ranges(chance: int, ruleset: RuleSet) -> dict[Level, tuple[int, int] | None]:
    """The rolls giving exactly each level (first, last), None where no roll does."""
    limits = thresholds(chance, ruleset)
    critical = limits.critical or 0
    bounds = {
        Level.CRITICAL: (1, critical),
        Level.SPECIAL: (critical + 1, limits.special),
        Level.SUCCESS: (max(critical, limits.special) + 1, limits.success),
        Level.FAILURE: (max(limits.success + 1, 1), limits.fumble - 1),
        Level.FUMBLE: (limits.fumble, 100),
    }
    if ruleset is RuleSet.BRP:
        bounds[Level.CRITICAL] = (1, 0)
    return {level: (low, high) if low <= high else None for level, (low, high) in bounds.items()}


def percent(value: Fraction) -> str:
    """An exact probability as a percentage with one decimal."""
    return f"{float(value) * 100:.1f}%"
