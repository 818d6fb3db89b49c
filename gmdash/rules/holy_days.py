"""Holy days of the cults on the Gloranthan calendar (docs/rules.md#holy-days).

A cult has weekly, seasonal and high holy days. Each is a pattern of the calendar: a day of the
week ("Windsday": every week), a day of a week ("Windsday of Movement week": in each of the five
seasons; "Windsday of Luck week": in Sacred Time), or a day of a week of one season ("Windsday
of Movement week, Storm Season": once a year). `PUBLISHED` holds the holy days a published cult
description gives, each with its source; a cult not there has none until the game master sets
them (never guessed).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from gmdash.rules.calendar import (
    DAYS,
    SACRED_SEASON,
    SACRED_WEEKS,
    SEASONS,
    WEEKS,
    CalendarError,
    GloranthanDate,
    date_parts,
    season_and_week,
)

MAX_PATTERNS = 20
"""Patterns of one level of one cult (a cult has a handful)."""


class HolyDayLevel(StrEnum):
    """How holy a day is, lowest first."""

    WEEKLY = "weekly"
    SEASONAL = "seasonal"
    HIGH = "high"

    @property
    def rank(self) -> int:
        return _RANKS[self]

    @property
    def words(self) -> str:
        """ "weekly holy day", "seasonal holy day", "high holy day"."""
        return f"{self.value} holy day"


_RANKS = {HolyDayLevel.WEEKLY: 0, HolyDayLevel.SEASONAL: 1, HolyDayLevel.HIGH: 2}


@dataclass(frozen=True, slots=True)
class DayPattern:
    """Days of the year: `day` of the week (0-6), in `week` (None: every week) of `season`
    (None: every season; a week of Sacred Time implies Sacred Time)."""

    day: int
    week: int | None = None
    season: int | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.day < len(DAYS):
            raise CalendarError(f"no day {self.day} of the week")
        if self.season is not None and self.week is None:
            raise CalendarError("a holy day of one season names its week too")
        weeks = SACRED_WEEKS if self.season == SACRED_SEASON else WEEKS
        if self.week is not None and not 0 <= self.week < len(weeks):
            raise CalendarError(f"no week {self.week}")

    def matches(self, when: GloranthanDate) -> bool:
        if when.day != self.day:
            return False
        if self.week is None:
            return True
        if self.season is None:  # a week of the seasons, in each of them (not in Sacred Time)
            return when.season != SACRED_SEASON and when.week == self.week
        return when.season == self.season and when.week == self.week

    @property
    def text(self) -> str:
        """ "Windsday", "Windsday of Movement week", "Windsday of Luck week, Sacred Time",
        "Windsday of Movement week, Storm Season" (what `parse_pattern` reads back)."""
        if self.week is None:
            return DAYS[self.day]
        if self.season == SACRED_SEASON:
            return f"{DAYS[self.day]} of {SACRED_WEEKS[self.week]} week, Sacred Time"
        where = f"{DAYS[self.day]} of {WEEKS[self.week]} week"
        return where if self.season is None else f"{where}, {SEASONS[self.season]} Season"


def parse_pattern(text: str) -> DayPattern:
    """A pattern typed as `DayPattern.text` writes it (any order and case, commas or "of");
    CalendarError says what is wrong."""
    parts = date_parts(text, "Windsday of Movement week, Storm Season")
    if parts.year is not None:
        raise CalendarError(f"{text.strip()!r}: a holy day comes back every year (no year)")
    if parts.day is None:
        raise CalendarError(f"{text.strip()!r} names no day of the week (e.g. Windsday of "
                            "Movement week)")  # fmt: skip
    season, week = season_and_week(parts)
    if season is not None and week is None:
        raise CalendarError(f"{text.strip()!r}: name the week too (e.g. Windsday of Movement "
                            "week, Storm Season)")  # fmt: skip
    if parts.sacred_week is not None:
        return DayPattern(parts.day, week, SACRED_SEASON)
    return DayPattern(parts.day, week, season)


def parse_patterns(text: str) -> tuple[DayPattern, ...]:
    """Patterns separated by ";" ("" is none)."""
    found = tuple(parse_pattern(part) for part in text.split(";") if part.strip())
    if len(found) > MAX_PATTERNS:
        raise CalendarError(f"at most {MAX_PATTERNS} days of one kind")
    return tuple(dict.fromkeys(found))


@dataclass(frozen=True, slots=True)
class CultHolyDays:
    """A cult's holy days by level; `source` says where they come from."""

    weekly: tuple[DayPattern, ...] = ()
    seasonal: tuple[DayPattern, ...] = ()
    high: tuple[DayPattern, ...] = ()
    source: str = ""

    def of(self, level: HolyDayLevel) -> tuple[DayPattern, ...]:
        return {
            HolyDayLevel.WEEKLY: self.weekly,
            HolyDayLevel.SEASONAL: self.seasonal,
            HolyDayLevel.HIGH: self.high,
        }[level]

    @property
    def empty(self) -> bool:
        return not (self.weekly or self.seasonal or self.high)

    def level_on(self, when: GloranthanDate) -> HolyDayLevel | None:
        """The highest level of holy day `when` is for this cult (None: not a holy day)."""
        for level in (HolyDayLevel.HIGH, HolyDayLevel.SEASONAL, HolyDayLevel.WEEKLY):
            if any(pattern.matches(when) for pattern in self.of(level)):
                return level
        return None

    def describe(self) -> str:
        """ "seasonal: Windsday of Movement week; high: ..." ("none set" when empty)."""
        parts = [f"{level.value}: " + "; ".join(p.text for p in self.of(level))
                 for level in HolyDayLevel if self.of(level)]  # fmt: skip
        return " · ".join(parts) or "none set"


FOUNDRY_CULTS = (
    "sun-dragon-cult/fvtt-system-rqg, src/i18n/en/rqgCompendiumContent.json at commit "
    "2baa66d6^ (the RQG cult description of Orlanth, `cult.orlanth.holyDays`)"
)
WAHA_SOURCE = (
    "the RQG core rules' Waha cult (Holy Days), as summarised at "
    "https://wizthewizard.hatenablog.com/entry/2023/12/31/112326"
)
WINDSDAY, GODSDAY, FREEZEDAY = 3, 6, 0
DEATH, FERTILITY, MOVEMENT = 2, 3, 5
LUCK, FATE = 0, 1
DARK, STORM = 3, 4

PUBLISHED: Mapping[str, CultHolyDays] = {
    # Each season's Windsday of Movement week and the Windsdays of Sacred Time are seasonal
    # holy days; Windsday of Movement week in Storm Season is the high holy day. The cult's
    # "floating" seasonal holy days are set by its priests, not by the calendar: not here.
    "orlanth": CultHolyDays(
        seasonal=(
            DayPattern(WINDSDAY, MOVEMENT),
            DayPattern(WINDSDAY, LUCK, SACRED_SEASON),
            DayPattern(WINDSDAY, FATE, SACRED_SEASON),
        ),
        high=(DayPattern(WINDSDAY, MOVEMENT, STORM),),
        source=FOUNDRY_CULTS,
    ),
    # Godsday of Death week each season; the high holy day runs from Godsday of Death week to
    # Freezeday of Fertility week in Dark Season.
    "waha": CultHolyDays(
        seasonal=(DayPattern(GODSDAY, DEATH),),
        high=(DayPattern(GODSDAY, DEATH, DARK), DayPattern(FREEZEDAY, FERTILITY, DARK)),
        source=WAHA_SOURCE,
    ),
}
"""Holy days from published cult descriptions, by the cult's name folded to lower case (the
days given by their numbers, not parsed at import: docs/rules.md#holy-days has them in words)."""


def published(cult_name: str) -> CultHolyDays | None:
    """The published holy days of a cult, found by its name or its first words ("Orlanth
    Adventurous" is a subcult of Orlanth); None when no published source was found."""
    words = cult_name.casefold().split()
    for cut in range(len(words), 0, -1):
        found = PUBLISHED.get(" ".join(words[:cut]))
        if found is not None:
            return found
    return None


@dataclass(frozen=True, slots=True)
class HolyDay:
    """A cult's holy day on a date."""

    cult: str
    level: HolyDayLevel

    @property
    def text(self) -> str:
        """ "Orlanth Adventurous: high holy day"."""
        return f"{self.cult}: {self.level.words}"


def holy_days_on(when: GloranthanDate, cults: Iterable[tuple[str, CultHolyDays]]) -> list[HolyDay]:
    """The holy days of `cults` (name, days) on `when`, highest level first, then by name."""
    found = [HolyDay(name, level) for name, days in cults
             if (level := days.level_on(when)) is not None]  # fmt: skip
    return sorted(found, key=lambda h: (-h.level.rank, h.cult.casefold()))
