"""How levels of success and hit locations read, shared by the CLI, the dashboard and `play`.

Plain Rich style strings, so that importing this loads neither Rich nor Textual.
"""

from __future__ import annotations

LEVEL_STYLES = {
    "critical": "bold magenta",
    "special": "bold cyan",
    "success": "bold green",
    "failure": "yellow",
    "fumble": "bold red",
}


def level_text(level: str) -> str:
    """A level as Rich markup in its colour."""
    style = LEVEL_STYLES.get(level, "")
    return f"[{style}]{level.upper()}[/]" if style else level.upper()


def location_label(location: str) -> str:
    """`right_arm` -> `Right arm`."""
    return location.replace("_", " ").capitalize()


OUTCOME_WORDS = {
    "rqg": {"tie": "a tie", "both_fail": "both fail"},
    # BRP's word for both failing, and for two equal successes of equal abilities (the seed, 3.3)
    "brp": {"tie": "stalemate (equal abilities)", "both_fail": "stalemate (both fail)"},
}


def outcome_text(outcome: str, ruleset: str, a: str = "A", b: str = "B") -> str:
    """An opposed roll's outcome (`a`, `b`, `tie`, `both_fail`) in the words of its rules."""
    if outcome == "a":
        return f"{a} wins"
    if outcome == "b":
        return f"{b} wins"
    return OUTCOME_WORDS.get(ruleset, OUTCOME_WORDS["rqg"]).get(outcome, outcome)


def outcome_odds_words(ruleset: str) -> tuple[str, str]:
    """How the odds of a tie and of both failing are named, in the words of the rules."""
    if ruleset == "brp":
        return "stalemate (equal)", "stalemate (both fail)"
    return "tie", "both fail"
