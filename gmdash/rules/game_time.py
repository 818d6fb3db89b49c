"""Game time: melee rounds, minutes, hours and days, counted in seconds (docs/rules.md#durations).

Every duration is kept in seconds of game time so that a combat round and "an hour passes"
count down the same clock. A melee round is 12 seconds (5 to a minute) in both rule sets.
"""

from __future__ import annotations

import re
from enum import StrEnum

ROUND_SECONDS = 12
"""One melee round (RQG: 12 strike ranks, about 12 seconds; the spirit-magic temporal duration of
2 minutes is 10 melee rounds)."""
MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR
WEEK = 7 * DAY
MAX_PASS = 52 * WEEK
"""The most time one "time passes" may cover (a year of game weeks)."""


class TimeUnit(StrEnum):
    """The units a duration is given in."""

    ROUNDS = "rounds"
    MINUTES = "minutes"
    HOURS = "hours"
    DAYS = "days"
    WEEKS = "weeks"

    @property
    def seconds(self) -> int:
        return _UNIT_SECONDS[self]


_UNIT_SECONDS = {
    TimeUnit.ROUNDS: ROUND_SECONDS,
    TimeUnit.MINUTES: MINUTE,
    TimeUnit.HOURS: HOUR,
    TimeUnit.DAYS: DAY,
    TimeUnit.WEEKS: WEEK,
}
_SUFFIXES = {
    "r": TimeUnit.ROUNDS, "rd": TimeUnit.ROUNDS, "rds": TimeUnit.ROUNDS,
    "round": TimeUnit.ROUNDS, "rounds": TimeUnit.ROUNDS, "mr": TimeUnit.ROUNDS,
    "m": TimeUnit.MINUTES, "min": TimeUnit.MINUTES, "mins": TimeUnit.MINUTES,
    "minute": TimeUnit.MINUTES, "minutes": TimeUnit.MINUTES,
    "h": TimeUnit.HOURS, "hr": TimeUnit.HOURS, "hrs": TimeUnit.HOURS,
    "hour": TimeUnit.HOURS, "hours": TimeUnit.HOURS,
    "d": TimeUnit.DAYS, "day": TimeUnit.DAYS, "days": TimeUnit.DAYS,
    "w": TimeUnit.WEEKS, "wk": TimeUnit.WEEKS, "week": TimeUnit.WEEKS, "weeks": TimeUnit.WEEKS,
}  # fmt: skip
_SPAN = re.compile(r"\s*(\d{1,6})\s*([a-z]+)\s*")


class TimeError(ValueError):
    """A span of time that cannot be read."""


def parse_span(text: str) -> int:
    """Seconds in `"10m"`, `"5 rounds"`, `"1h 30m"`, `"2d"`...; TimeError when unreadable."""
    cleaned = text.strip().casefold()
    if not cleaned:
        raise TimeError("give a span of time, e.g. 5 rounds, 10m, 2h, 1d")
    total, position = 0, 0
    while position < len(cleaned):
        match = _SPAN.match(cleaned, position)
        if match is None or match.group(2) not in _SUFFIXES:
            raise TimeError(
                f"not a span of time: {text.strip()!r} (e.g. 5 rounds, 10m, 2h, 1d, 1w)"
            )
        total += int(match.group(1)) * _SUFFIXES[match.group(2)].seconds
        position = match.end()
    if total <= 0:
        raise TimeError("a span of time must be longer than nothing")
    if total > MAX_PASS:
        raise TimeError("at most 52 weeks at once")
    return total


def describe_span(seconds: int) -> str:
    """A short reading of a span: `"3 rounds"`, `"12 min"`, `"1 h 30 min"`, `"2 d"`."""
    if seconds <= 0:
        return "ended"
    if seconds <= MINUTE * 2 and seconds % ROUND_SECONDS == 0:
        rounds = seconds // ROUND_SECONDS
        return f"{rounds} round" if rounds == 1 else f"{rounds} rounds"
    if seconds < HOUR:
        minutes, rest = divmod(seconds, MINUTE)
        rounds = -(-rest // ROUND_SECONDS)
        return f"{minutes} min" + (f" {rounds} rd" if rounds else "")
    if seconds < DAY:
        hours, rest = divmod(seconds, HOUR)
        minutes = -(-rest // MINUTE)
        return f"{hours} h" + (f" {minutes} min" if minutes else "")
    days, rest = divmod(seconds, DAY)
    hours = -(-rest // HOUR)
    return f"{days} d" + (f" {hours} h" if hours else "")
