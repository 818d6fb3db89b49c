"""What the roll dialogs compute before any dice fall: matches, modifiers, odds, typed numbers.

No Textual here: plain functions the dialogs call on every keystroke (and tests call directly).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from gmdash.look import LEVEL_STYLES
from gmdash.rules import (
    Level,
    RuleSet,
    d100_text,
    level_odds,
    thresholds,
)


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


# --- levels, as the dialogs show them ------------------------------------------------------

LEVEL_STYLE = {level: LEVEL_STYLES[level.value] for level in Level}
"""Styles of each level: one table for the CLI, the log, the dialogs and `.level-*` classes."""


def level_markup(level: Level | str, text: str | None = None) -> str:
    """`text` (default: the level's name) coloured by its level."""
    found = Level(level)
    return f"[{LEVEL_STYLE[found]}]{text if text is not None else str(found)}[/]"


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


def odds_markup(chance: int, ruleset: RuleSet) -> str:
    """Each level's rolls and exact odds against `chance` (rules.level_odds), one per line."""
    odds = level_odds(chance, ruleset)
    ranges = level_ranges(chance, ruleset)
    lines = []
    for level in Level:
        if ruleset is RuleSet.BRP and level is Level.CRITICAL:
            continue
        span = ranges[level]
        where = "—" if span is None else (
            d100_text(span[0]) if span[0] == span[1]
            else f"{d100_text(span[0])}–{d100_text(span[1])}"
        )  # fmt: skip
        lines.append(f"{level_markup(level, f'{level!s:<9}')} {where:>7}  {odds[level]:>3}%")
    wins = sum(n for level, n in odds.items() if level.is_success)
    lines.append(f"[b]any success {wins}%[/b]" + ("  (cannot succeed)" if chance <= 0 else ""))
    return "\n".join(lines)


def percent(value: Fraction) -> str:
    """An exact probability as a percentage with one decimal."""
    return f"{float(value) * 100:.1f}%"
