"""Parries and dodges after the first in a melee round: each costs a further fixed penalty.

docs/rules.md#combat-defences: RQG takes 20 percentiles off each defence after the first in
the round (parry and dodge counted together: the second at -20, the third at -40...); BRP takes
30 (-30, -60...). The chance never goes below 0 (the caller floors it).
"""

from __future__ import annotations

from gmdash.rules.ruleset import RuleSet

STEP: dict[RuleSet, int] = {RuleSet.RQG: 20, RuleSet.BRP: 30}
"""The penalty each earlier defence of the round adds, by rule set."""


def defence_penalty(prior: int, ruleset: RuleSet) -> int:
    """What comes off a defence's chance after `prior` parries or dodges this round (>= 0)."""
    if prior < 0:
        raise ValueError(f"a count of earlier defences, not {prior}")
    return prior * STEP[ruleset]


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def defence_note(prior: int, ruleset: RuleSet) -> str:
    """The penalty and why, as the dialog and the log show it: "-20 (2nd defence this round)";
    "" for the round's first defence."""
    penalty = defence_penalty(prior, ruleset)
    if not penalty:
        return ""
    return f"-{penalty} ({ordinal(prior + 1)} defence this round)"
