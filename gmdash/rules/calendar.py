"""Calendars of game time: the Gloranthan year, and BRP's plain days or real dates
(docs/rules.md#calendar).

A date is a **day number**, counted from 0: on the Gloranthan calendar day 0 is Freezeday of
Disorder week, Sea Season of the year 0 S.T. (so the year `y` begins on day `294 * y`); on the
plain calendar day 0 is "Day 1" of the campaign; on the Gregorian calendar day 0 is Monday 1
January of the year 1 (Python's `date.toordinal() - 1`). On every calendar a week is seven days
and begins on a day number divisible by 7 (Freezeday, Day 1, Monday), so "the end of a week" is
the same arithmetic everywhere.

Pure arithmetic and text: no clock, no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from enum import StrEnum

DAYS_PER_WEEK = 7
WEEKS_PER_SEASON = 8
DAYS_PER_SEASON = DAYS_PER_WEEK * WEEKS_PER_SEASON
SEASONS_PER_YEAR = 5
SACRED_WEEKS_PER_YEAR = 2
DAYS_PER_YEAR = SEASONS_PER_YEAR * DAYS_PER_SEASON + SACRED_WEEKS_PER_YEAR * DAYS_PER_WEEK
"""294: five seasons of 56 days, then Sacred Time's 14."""
MAX_YEAR = 9999

DAYS = ("Freezeday", "Waterday", "Clayday", "Windsday", "Fireday", "Wildday", "Godsday")
"""The Gloranthan days of the week, Freezeday first (the spelling of the Foundry RQG system's
calendar data; "Godday" and "Claysday" are read too)."""
SHORT_DAYS = ("Freeze", "Water", "Clay", "Wind", "Fire", "Wild", "God")
WEEKS = ("Disorder", "Harmony", "Death", "Fertility", "Stasis", "Movement", "Illusion", "Truth")
"""The eight weeks of every season, Disorder first."""
SACRED_WEEKS = ("Luck", "Fate")
"""The two weeks of Sacred Time."""
SEASONS = ("Sea", "Fire", "Earth", "Dark", "Storm")
SACRED_TIME = "Sacred Time"
SACRED_SEASON = 5
"""The season number of Sacred Time (after the five seasons, 0 to 4)."""

GREGORIAN_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")  # fmt: skip
MAX_PLAIN_DAY = DAYS_PER_YEAR * MAX_YEAR
"""The last day number of every calendar (about 2.9 million days)."""


class CalendarKind(StrEnum):
    """Which calendar a campaign counts its days by."""

    GLORANTHA = "glorantha"
    DAYS = "days"
    """Day numbers: Day 1, Day 2... (BRP's default)."""
    GREGORIAN = "gregorian"
    """Real dates (BRP, when the game master sets one)."""


class CalendarError(ValueError):
    """A date or a holy day that cannot be read; the message says what is expected."""


# --- the Gloranthan calendar ------------------------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class GloranthanDate:
    """A day of the Gloranthan year: `season` 0-4 (Sea to Storm) or 5 (Sacred Time), `week`
    0-7 (0-1 in Sacred Time), `day` 0-6 (Freezeday to Godsday). Ordered as time runs."""

    year: int
    season: int
    week: int
    day: int

    def __post_init__(self) -> None:
        weeks = SACRED_WEEKS_PER_YEAR if self.season == SACRED_SEASON else WEEKS_PER_SEASON
        if not (
            0 <= self.year <= MAX_YEAR
            and 0 <= self.season <= SACRED_SEASON
            and 0 <= self.week < weeks
            and 0 <= self.day < DAYS_PER_WEEK
        ):
            raise CalendarError(f"no such Gloranthan day: {self.year}/{self.season}/"
                                f"{self.week}/{self.day}")  # fmt: skip

    @property
    def day_of_year(self) -> int:
        return (self.season * WEEKS_PER_SEASON + self.week) * DAYS_PER_WEEK + self.day

    @property
    def number(self) -> int:
        """The day number (see the module's docstring)."""
        return self.year * DAYS_PER_YEAR + self.day_of_year

    @classmethod
    def of(cls, number: int) -> GloranthanDate:
        """The date of day number `number`."""
        if not 0 <= number < (MAX_YEAR + 1) * DAYS_PER_YEAR:
            raise CalendarError(f"day {number} is outside the years 0 to {MAX_YEAR} S.T.")
        year, in_year = divmod(number, DAYS_PER_YEAR)
        weeks, day = divmod(in_year, DAYS_PER_WEEK)
        season, week = divmod(weeks, WEEKS_PER_SEASON)
        return cls(year, season, week, day)

    @property
    def day_name(self) -> str:
        return DAYS[self.day]

    @property
    def week_name(self) -> str:
        return (SACRED_WEEKS if self.season == SACRED_SEASON else WEEKS)[self.week]

    @property
    def season_name(self) -> str:
        """ "Storm Season", or "Sacred Time"."""
        return SACRED_TIME if self.season == SACRED_SEASON else f"{SEASONS[self.season]} Season"

    @property
    def season_word(self) -> str:
        """ "Storm", or "Sacred Time" (what `time now --json` calls the season)."""
        return SACRED_TIME if self.season == SACRED_SEASON else SEASONS[self.season]

    @property
    def text(self) -> str:
        """ "Windsday, Movement week, Storm Season 1625"."""
        return f"{self.day_name}, {self.week_name} week, {self.season_name} {self.year}"

    @property
    def numeric(self) -> str:
        """The numeric form day/week/season/year, each from 1: "4/6/5/1625"."""
        return f"{self.day + 1}/{self.week + 1}/{self.season + 1}/{self.year}"


# Words a date may be typed with, folded: each names a day, a week, or a season.
_DAY_WORDS = {name.casefold(): i for i, name in enumerate(DAYS)} | {
    "claysday": 2, "godday": 6, "freeze": 0, "water": 1, "clay": 2, "wind": 3, "wild": 5,
    "god": 6, "gods": 6,
}  # fmt: skip
_WEEK_WORDS = {name.casefold(): i for i, name in enumerate(WEEKS)} | {"motion": 5, "move": 5}
_SACRED_WEEK_WORDS = {name.casefold(): i for i, name in enumerate(SACRED_WEEKS)}
_SEASON_WORDS = {name.casefold(): i for i, name in enumerate(SEASONS)}
_FILLER = frozenset({"of", "the", "week", "season", "st", "s.t", "s.t.", "year", "in", "on"})
_NUMERIC = re.compile(r"^\s*(\d)\s*/\s*(\d)\s*/\s*(\d)\s*/\s*(\d{1,4})\s*$")
_WORD = re.compile(r"[a-z.]+|\d+")
EXAMPLE = "Windsday, Movement week, Storm Season 1625"


@dataclass(frozen=True, slots=True)
class DateParts:
    """What a text names: a day, a week (of the seasons, or of Sacred Time), a season, a year."""

    day: int | None = None
    week: int | None = None
    sacred_week: int | None = None
    season: int | None = None
    year: int | None = None


def date_parts(text: str, example: str = EXAMPLE) -> DateParts:
    """The day, week, season and year named in `text`, in any order; CalendarError for a word
    that names none (its message shows `example`) or a part named twice."""
    words = _WORD.findall(text.casefold().replace(",", " "))
    found: dict[str, int] = {}

    def put(key: str, value: int, word: str) -> None:
        if key in found:
            raise CalendarError(f"{word!r}: the {key.replace('_', ' ')} is named twice")
        found[key] = value

    index = 0
    while index < len(words):
        word = words[index]
        if word == "sacred" and index + 1 < len(words) and words[index + 1] == "time":
            put("season", SACRED_SEASON, "Sacred Time")
            index += 2
            continue
        if word.isdigit():
            year = int(word)
            if year > MAX_YEAR:
                raise CalendarError(f"the year {year} is past {MAX_YEAR} S.T.")
            put("year", year, word)
        elif word in _DAY_WORDS:
            put("day", _DAY_WORDS[word], word)
        elif word in _WEEK_WORDS:
            put("week", _WEEK_WORDS[word], word)
        elif word in _SACRED_WEEK_WORDS:
            put("sacred_week", _SACRED_WEEK_WORDS[word], word)
        elif word in _SEASON_WORDS:
            put("season", _SEASON_WORDS[word], word)
        elif word not in _FILLER:
            raise CalendarError(f"{word!r} is not a day, a week or a season (e.g. {example})")
        index += 1
    if "week" in found and "sacred_week" in found:
        raise CalendarError("a date has one week")
    return DateParts(day=found.get("day"), week=found.get("week"),
                  sacred_week=found.get("sacred_week"), season=found.get("season"),
                  year=found.get("year"))  # fmt: skip


def season_and_week(parts: DateParts) -> tuple[int | None, int | None]:
    """(season, week) of the parts, Sacred Time's weeks implying Sacred Time; CalendarError
    when the week is not one of the season's."""
    season = parts.season
    if parts.sacred_week is not None:
        if season is not None and season != SACRED_SEASON:
            raise CalendarError(f"{SACRED_WEEKS[parts.sacred_week]} week is a week of Sacred "
                                "Time, not of a season")  # fmt: skip
        return SACRED_SEASON, parts.sacred_week
    if parts.week is not None and season == SACRED_SEASON:
        raise CalendarError("Sacred Time has two weeks: Luck and Fate")
    return season, parts.week


def parse_gloranthan(text: str) -> GloranthanDate:
    """A date as "Windsday, Movement week, Storm Season 1625" (any order, any case, "S.T."
    allowed; "Luck week, Sacred Time") or as "4/6/5/1625" (day/week/season/year from 1)."""
    numeric = _NUMERIC.match(text)
    if numeric:
        day_n, week_n, season_n, year_n = (int(g) for g in numeric.groups())
        try:
            return GloranthanDate(year_n, season_n - 1, week_n - 1, day_n - 1)
        except CalendarError:
            raise CalendarError(f"no such day: {text.strip()!r} (day 1-7 / week 1-8 / season "
                                "1-6 / year)") from None  # fmt: skip
    parts = date_parts(text)
    season, week = season_and_week(parts)
    missing = [name for name, value in (("the day", parts.day), ("the week", week),
                                        ("the season", season), ("the year", parts.year))
               if value is None]  # fmt: skip
    if missing:
        raise CalendarError(f"not a whole date: {text.strip()!r} lacks {', '.join(missing)} "
                            f"(e.g. {EXAMPLE})")  # fmt: skip
    assert parts.day is not None and parts.year is not None and season is not None
    assert week is not None
    return GloranthanDate(parts.year, season, week, parts.day)


# --- the plain and the Gregorian calendars -----------------------------------------------------

_PLAIN = re.compile(r"^\s*day\s+(\d{1,7})\s*$", re.IGNORECASE)
_ISO = re.compile(r"^\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*$")


def gregorian(number: int) -> date:
    """The real date of Gregorian day number `number`."""
    return date.fromordinal(number + 1)


def gregorian_number(when: date) -> int:
    return when.toordinal() - 1


def parse_date(text: str, kinds: tuple[CalendarKind, ...]) -> tuple[CalendarKind, int]:
    """The calendar and day number `text` names, among `kinds`: a Gloranthan date, "Day 12",
    or "2024-03-14"; CalendarError with what was expected."""
    cleaned = text.strip()
    if not cleaned:
        raise CalendarError(f"give a date (e.g. {_examples(kinds)})")
    if len(cleaned) > 100:
        raise CalendarError("a date is at most 100 characters")
    plain = _PLAIN.match(cleaned)
    if plain and CalendarKind.DAYS in kinds:
        day = int(plain.group(1))
        if not 1 <= day <= MAX_PLAIN_DAY:
            raise CalendarError(f"days are counted from Day 1 to Day {MAX_PLAIN_DAY}")
        return CalendarKind.DAYS, day - 1
    iso = _ISO.match(cleaned)
    if iso and CalendarKind.GREGORIAN in kinds:
        try:
            when = date(*(int(g) for g in iso.groups()))
        except ValueError as error:
            raise CalendarError(f"not a real date: {cleaned!r} ({error})") from None
        return CalendarKind.GREGORIAN, gregorian_number(when)
    if plain or iso:
        raise CalendarError(f"{cleaned!r} is not a date of this calendar (e.g. "
                            f"{_examples(kinds)})")  # fmt: skip
    if CalendarKind.GLORANTHA in kinds:
        try:
            return CalendarKind.GLORANTHA, parse_gloranthan(cleaned).number
        except CalendarError:
            if kinds == (CalendarKind.GLORANTHA,):
                raise
    raise CalendarError(f"not a date: {cleaned!r} (e.g. {_examples(kinds)})")


def _examples(kinds: tuple[CalendarKind, ...]) -> str:
    shown = {CalendarKind.GLORANTHA: EXAMPLE, CalendarKind.DAYS: "Day 12",
             CalendarKind.GREGORIAN: "2024-03-14"}  # fmt: skip
    return " or ".join(shown[kind] for kind in kinds)


# --- any calendar ---------------------------------------------------------------------------


def date_text(kind: CalendarKind, number: int) -> str:
    """The day in words: "Windsday, Movement week, Storm Season 1625", "Day 12",
    "Thursday 14 March 2024"."""
    if kind is CalendarKind.GLORANTHA:
        return GloranthanDate.of(number).text
    if kind is CalendarKind.DAYS:
        return f"Day {number + 1}"
    when = gregorian(number)
    return f"{GREGORIAN_DAYS[when.weekday()]} {when.day} {MONTHS[when.month - 1]} {when.year}"


def short_day(kind: CalendarKind, number: int) -> str:
    """The day in a word, for a log row: "Wind", "D12", "Thu 14"."""
    if kind is CalendarKind.GLORANTHA:
        return SHORT_DAYS[number % DAYS_PER_WEEK]
    if kind is CalendarKind.DAYS:
        return f"D{number + 1}"
    when = gregorian(number)
    return f"{GREGORIAN_DAYS[when.weekday()][:3]} {when.day}"


def week_of(number: int) -> int:
    """The week a day falls in (the same count on every calendar: see the module)."""
    return number // DAYS_PER_WEEK


def week_text(kind: CalendarKind, number: int) -> str:
    """The week of day `number` in words: "Stasis week", "week 2", "the week of 11 March"."""
    first = week_of(number) * DAYS_PER_WEEK
    if kind is CalendarKind.GLORANTHA:
        return f"{GloranthanDate.of(first).week_name} week"
    if kind is CalendarKind.DAYS:
        return f"week {week_of(number) + 1}"
    when = gregorian(first)
    return f"the week of {when.day} {MONTHS[when.month - 1]}"


# --- the stamp of a logged event ----------------------------------------------------------------

_KEY_GLORANTHA = re.compile(r"^(\d{1,4})\.([1-6])\.([1-8])\.([1-7])$")
_KEY_DAYS = re.compile(r"^d(\d{1,7})$")
_KEY_GREGORIAN = re.compile(r"^(\d{4})-(\d\d)-(\d\d)$")


def date_key(kind: CalendarKind, number: int) -> str:
    """A day as a logged event keeps it, whatever the campaign's calendar becomes later:
    "1625.5.6.4" (year.season.week.day, from 1), "d12", "2024-03-14"."""
    if kind is CalendarKind.GLORANTHA:
        when = GloranthanDate.of(number)
        return f"{when.year}.{when.season + 1}.{when.week + 1}.{when.day + 1}"
    if kind is CalendarKind.DAYS:
        return f"d{number + 1}"
    return gregorian(number).isoformat()


def read_key(key: str) -> tuple[CalendarKind, int] | None:
    """The calendar and day number of a stamp (None: not a stamp)."""
    if match := _KEY_GLORANTHA.match(key):
        year, season, week, day = (int(g) for g in match.groups())
        try:
            when = GloranthanDate(year, season - 1, week - 1, day - 1)
        except CalendarError:
            return None
        return CalendarKind.GLORANTHA, when.number
    if match := _KEY_DAYS.match(key):
        day = int(match.group(1))
        return (CalendarKind.DAYS, day - 1) if day >= 1 else None
    if match := _KEY_GREGORIAN.match(key):
        try:
            return CalendarKind.GREGORIAN, gregorian_number(date.fromisoformat(key))
        except ValueError:
            return None
    return None


def key_text(key: str) -> str:
    """A stamp in words ("" for none, or one this code cannot read)."""
    found = read_key(key) if key else None
    return "" if found is None else date_text(*found)


def key_short(key: str) -> str:
    """A stamp's day in a word ("" for none)."""
    found = read_key(key) if key else None
    return "" if found is None else short_day(*found)
