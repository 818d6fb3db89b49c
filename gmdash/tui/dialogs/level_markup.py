"""The levels of a roll as the dialogs show them: coloured markup, and each level's rolls and
odds against a chance."""

from __future__ import annotations

from gmdash.level_words import LEVEL_STYLES
from gmdash.play.roll_plan import level_ranges
from gmdash.rules import Level, RuleSet, d100_text, level_odds

LEVEL_STYLE = {level: LEVEL_STYLES[level.value] for level in Level}
"""Styles of each level: one table for the CLI, the log, the dialogs and `.level-*` classes."""


def level_markup(level: Level | str, text: str | None = None) -> str:
    """`text` (default: the level's name) coloured by its level."""
    found = Level(level)
    return f"[{LEVEL_STYLE[found]}]{text if text is not None else str(found)}[/]"


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
