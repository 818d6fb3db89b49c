"""The calendar's arithmetic (docs/rules.md#calendar): every day, week and season name at its
place, the boundaries of weeks, seasons and Sacred Time, 294 days a year, dates read back."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmdash.rules.calendar import (
    DAYS,
    DAYS_PER_YEAR,
    MAX_PLAIN_DAY,
    MAX_YEAR,
    SACRED_SEASON,
    SACRED_WEEKS,
    SEASONS,
    WEEKS,
    CalendarError,
    CalendarKind,
    GloranthanDate,
    date_key,
    date_text,
    key_short,
    key_text,
    parse_date,
    parse_gloranthan,
    read_key,
    short_day,
    week_of,
    week_text,
)

YEAR_1625 = 1625 * 294
"""Freezeday, Disorder week, Sea Season 1625."""
ALL = (CalendarKind.DAYS, CalendarKind.GREGORIAN, CalendarKind.GLORANTHA)


def test_the_names_of_the_published_calendar() -> None:
    # sun-dragon-cult/fvtt-system-rqg, the calendar data of commit dd0aefd7 (see docs/rules.md)
    assert SEASONS == ("Sea", "Fire", "Earth", "Dark", "Storm")
    assert WEEKS == ("Disorder", "Harmony", "Death", "Fertility", "Stasis", "Movement",
                     "Illusion", "Truth")  # fmt: skip
    assert DAYS == ("Freezeday", "Waterday", "Clayday", "Windsday", "Fireday", "Wildday",
                    "Godsday")  # fmt: skip
    assert SACRED_WEEKS == ("Luck", "Fate")
    assert DAYS_PER_YEAR == 294 == 5 * 8 * 7 + 2 * 7


@pytest.mark.parametrize("day", range(7))
def test_every_day_of_the_week_in_order(day: int) -> None:
    when = GloranthanDate.of(YEAR_1625 + day)
    assert when.day_name == DAYS[day]
    assert (when.week_name, when.season_name, when.year) == ("Disorder", "Sea Season", 1625)
    assert short_day(CalendarKind.GLORANTHA, YEAR_1625 + day) == (
        "Freeze", "Water", "Clay", "Wind", "Fire", "Wild", "God")[day]  # fmt: skip


@pytest.mark.parametrize(("season", "name"), [*enumerate(SEASONS), (5, "Sacred Time")])
def test_every_season_begins_on_a_freezeday_of_its_first_week(season: int, name: str) -> None:
    first = YEAR_1625 + season * 56
    when = GloranthanDate.of(first)
    assert (when.day_name, when.week, when.season) == ("Freezeday", 0, season)
    assert when.season_word == name
    # the day before is the last of the season before (Godsday of Truth week)
    before = GloranthanDate.of(first - 1)
    assert before.day_name == "Godsday"
    assert before.week_name == ("Fate" if season == 0 else "Truth")
    assert before.season == (SACRED_SEASON if season == 0 else season - 1)
    assert before.year == (1624 if season == 0 else 1625)


@pytest.mark.parametrize(("week", "name"), enumerate(WEEKS))
def test_every_week_of_a_season(week: int, name: str) -> None:
    storm = YEAR_1625 + 4 * 56
    first = GloranthanDate.of(storm + week * 7)
    last = GloranthanDate.of(storm + week * 7 + 6)
    assert (first.week_name, first.day_name) == (name, "Freezeday")
    assert (last.week_name, last.day_name) == (name, "Godsday")
    assert week_text(CalendarKind.GLORANTHA, storm + week * 7 + 3) == f"{name} week"


@pytest.mark.parametrize(
    ("offset", "text"),
    [
        (280, "Freezeday, Luck week, Sacred Time 1625"),
        (287, "Freezeday, Fate week, Sacred Time 1625"),
        (293, "Godsday, Fate week, Sacred Time 1625"),
        (294, "Freezeday, Disorder week, Sea Season 1626"),
        (4 * 56 + 5 * 7 + 3, "Windsday, Movement week, Storm Season 1625"),
    ],
)
def test_sacred_time_closes_the_year(offset: int, text: str) -> None:
    assert date_text(CalendarKind.GLORANTHA, YEAR_1625 + offset) == text
    assert parse_gloranthan(text).number == YEAR_1625 + offset


def test_a_year_is_294_days_and_weeks_never_straddle_a_year() -> None:
    assert GloranthanDate.of(YEAR_1625 + 294).year == 1626
    assert GloranthanDate.of(YEAR_1625 + 293).year == 1625
    assert (YEAR_1625 % 7, 294 % 7) == (0, 0)  # every year begins a week


@pytest.mark.parametrize(
    ("typed", "text"),
    [
        (
            "Windsday, Movement week, Storm Season 1625",
            "Windsday, Movement week, Storm Season 1625",
        ),
        ("windsday movement storm 1625 S.T.", "Windsday, Movement week, Storm Season 1625"),
        (
            "Storm Season, Movement week, Windsday, 1625",
            "Windsday, Movement week, Storm Season 1625",
        ),
        (
            "Windsday of Motion week, Storm Season 1625",
            "Windsday, Movement week, Storm Season 1625",
        ),
        ("4/6/5/1625", "Windsday, Movement week, Storm Season 1625"),
        ("Godday, Fate week 1625", "Godsday, Fate week, Sacred Time 1625"),
        ("Claysday, Luck week, Sacred Time 1625", "Clayday, Luck week, Sacred Time 1625"),
        ("1/1/6/1625", "Freezeday, Luck week, Sacred Time 1625"),
    ],
)
def test_a_date_reads_in_any_order_and_spelling(typed: str, text: str) -> None:
    assert parse_gloranthan(typed).text == text


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("Windsday, Movement week 1625", "lacks the season"),
        ("Movement week, Storm Season 1625", "lacks the day"),
        ("Windsday, Storm Season 1625", "lacks the week"),
        ("Windsday, Movement week, Storm Season", "lacks the year"),
        ("Windsday, Luck week, Storm Season 1625", "a week of Sacred Time"),
        ("Windsday, Movement week, Sacred Time 1625", "Luck and Fate"),
        ("Windsday, Movement week, Storm Season 10000", "past 9999"),
        ("Windsday, Movement week, Thursday 1625", "'thursday' is not a day"),
        ("Windsday, Fireday, Movement week, Storm Season 1625", "named twice"),
        ("8/6/5/1625", "no such day"),
        ("4/3/6/1625", "no such day"),
    ],
)
def test_a_bad_date_says_what_is_wrong(typed: str, message: str) -> None:
    with pytest.raises(CalendarError, match=message):
        parse_gloranthan(typed)


def test_brp_day_numbers_and_real_dates() -> None:
    assert parse_date("Day 12", ALL) == (CalendarKind.DAYS, 11)
    assert date_text(CalendarKind.DAYS, 11) == "Day 12"
    assert short_day(CalendarKind.DAYS, 11) == "D12"
    assert (
        week_text(CalendarKind.DAYS, 6) == "week 1" and week_text(CalendarKind.DAYS, 7) == "week 2"
    )
    kind, number = parse_date("2024-03-14", ALL)
    assert kind is CalendarKind.GREGORIAN
    assert date_text(kind, number) == "Thursday 14 March 2024"
    assert short_day(kind, number) == "Thu 14"
    assert week_text(kind, number) == "the week of 11 March"  # Monday to Sunday
    monday = parse_date("2024-03-11", ALL)[1]
    assert monday % 7 == 0 and week_of(monday) == week_of(monday + 6) != week_of(monday + 7)
    with pytest.raises(CalendarError, match="not a real date"):
        parse_date("2024-02-30", ALL)
    with pytest.raises(CalendarError, match="Day 12 or 2024-03-14"):
        parse_date("Windsday", (CalendarKind.DAYS, CalendarKind.GREGORIAN))
    with pytest.raises(CalendarError, match="give a date"):
        parse_date("  ", ALL)
    # an RQG campaign reads only Gloranthan dates: the message says what a date is
    with pytest.raises(CalendarError, match="'Day 12' is not a date of this calendar"):
        parse_date("Day 12", (CalendarKind.GLORANTHA,))


@pytest.mark.parametrize(
    ("kind", "number", "key"),
    [
        (CalendarKind.GLORANTHA, YEAR_1625 + 4 * 56 + 38, "1625.5.6.4"),
        (CalendarKind.GLORANTHA, YEAR_1625 + 293, "1625.6.2.7"),
        (CalendarKind.DAYS, 11, "d12"),
        (CalendarKind.GREGORIAN, date(2024, 3, 14).toordinal() - 1, "2024-03-14"),
    ],
)
def test_the_stamp_of_a_logged_day(kind: CalendarKind, number: int, key: str) -> None:
    assert date_key(kind, number) == key
    assert read_key(key) == (kind, number)
    assert key_text(key) == date_text(kind, number)
    assert key_short(key) == short_day(kind, number)


@pytest.mark.parametrize("key", ["", "1625.7.1.1", "1625.6.3.1", "d0", "2024-13-01", "x"])
def test_what_is_not_a_stamp_reads_as_nothing(key: str) -> None:
    assert key_text(key) == "" and key_short(key) == ""


days = st.integers(min_value=0, max_value=(MAX_YEAR + 1) * DAYS_PER_YEAR - 1)


@given(days)
def test_a_day_number_and_its_date_are_one(number: int) -> None:
    when = GloranthanDate.of(number)
    assert when.number == number
    assert parse_gloranthan(when.text) == when
    assert parse_gloranthan(when.numeric) == when
    assert read_key(date_key(CalendarKind.GLORANTHA, number)) == (CalendarKind.GLORANTHA, number)


@given(days, days)
def test_dates_are_ordered_as_their_days(one: int, other: int) -> None:
    assert (GloranthanDate.of(one) < GloranthanDate.of(other)) == (one < other)


@given(days)
def test_the_next_day_follows_the_calendar(number: int) -> None:
    today = GloranthanDate.of(number)
    if number + 1 >= (MAX_YEAR + 1) * DAYS_PER_YEAR:
        return
    tomorrow = GloranthanDate.of(number + 1)
    assert tomorrow.day == (today.day + 1) % 7
    if today.day < 6:
        assert (tomorrow.week, tomorrow.season, tomorrow.year) == (today.week, today.season,
                                                                   today.year)  # fmt: skip
    if (tomorrow.season, tomorrow.week, tomorrow.day) == (0, 0, 0):
        assert (today.season, today.week, tomorrow.year) == (SACRED_SEASON, 1, today.year + 1)


@given(st.integers(min_value=0, max_value=3_000_000))
def test_plain_days_and_real_dates_read_back(number: int) -> None:
    for kind in (CalendarKind.DAYS, CalendarKind.GREGORIAN):
        if kind is CalendarKind.GREGORIAN and number >= date.max.toordinal():
            continue
        assert read_key(date_key(kind, number)) == (kind, number)


# Day and week names typed short (docs/rules.md#calendar): each word and the index it names.
# ("Fire" alone is Fire Season, so Fireday is typed in full.)
DAY_WORDS = [("freeze", 0), ("Freezeday", 0), ("water", 1), ("Waterday", 1), ("clay", 2),
             ("claysday", 2), ("Clayday", 2), ("wind", 3), ("Windsday", 3), ("Fireday", 4),
             ("wild", 5), ("Wildday", 5), ("god", 6), ("gods", 6), ("godday", 6),
             ("Godsday", 6)]  # fmt: skip


@pytest.mark.parametrize(("word", "day"), DAY_WORDS)
def test_each_day_word(word: str, day: int) -> None:
    when = parse_gloranthan(f"{word}, Movement week, Storm Season 1625")
    assert (when.day, when.week, when.season, when.year) == (day, 5, 4, 1625)


@pytest.mark.parametrize(("word", "week"), [("motion", 5), ("move", 5), ("Truth", 7)])
def test_each_week_word(word: str, week: int) -> None:
    when = parse_gloranthan(f"Clayday, {word} week, Storm Season 1625")
    assert (when.day, when.week, when.season) == (2, week, 4)


def test_a_gloranthan_campaign_hears_what_is_wrong_with_its_date() -> None:
    # one calendar: the Gloranthan reader's own reason; several: the examples of each
    bad = "Fireday, Storm Season 1625, Sea Season"
    with pytest.raises(CalendarError, match="'sea': the season is named twice"):
        parse_date(bad, (CalendarKind.GLORANTHA,))
    with pytest.raises(CalendarError, match=r"^not a date: .* or Day 12\)$"):
        parse_date(bad, (CalendarKind.GLORANTHA, CalendarKind.DAYS))


def test_a_date_is_at_most_100_characters() -> None:
    # gmdash's own bound on typed text, as for dice (docs/rules.md#dice-expressions): 100 is read
    assert parse_date("Day" + " " * 95 + "12", ALL) == (CalendarKind.DAYS, 11)
    with pytest.raises(CalendarError, match="at most 100 characters"):
        parse_date("Day" + " " * 96 + "12", ALL)


def test_sacred_without_time_is_no_season() -> None:
    # docs/rules.md#calendar: the sixth season is "Sacred Time", two words; "sacred" alone,
    # even as the last word typed, names nothing
    with pytest.raises(CalendarError, match="'sacred' is not a day"):
        parse_gloranthan("Clayday, Luck week, 1625 Sacred")


@pytest.mark.parametrize(
    ("typed", "number"), [("Day 1", 0), ("Day 2", 1), (f"Day {MAX_PLAIN_DAY}", MAX_PLAIN_DAY - 1)]
)
def test_plain_days_count_from_day_1(typed: str, number: int) -> None:
    # docs/rules.md#calendar: BRP's plain calendar counts Day 1, Day 2...
    assert parse_date(typed, ALL) == (CalendarKind.DAYS, number)


@pytest.mark.parametrize("typed", ["Day 0", f"Day {MAX_PLAIN_DAY + 1}"])
def test_plain_days_out_of_the_count_are_refused(typed: str) -> None:
    with pytest.raises(CalendarError, match="from Day 1 to Day"):
        parse_date(typed, ALL)


def test_the_last_day_of_the_calendar_is_in_year_9999() -> None:
    # the years 0 to 9999 S.T. ("past 9999" is refused); day 0 is the first day of year 0
    last = (MAX_YEAR + 1) * DAYS_PER_YEAR - 1
    assert GloranthanDate.of(last) == GloranthanDate(MAX_YEAR, SACRED_SEASON, 1, 6)
    assert GloranthanDate.of(0) == GloranthanDate(0, 0, 0, 0)
    for outside in (last + 1, -1):
        with pytest.raises(CalendarError, match="outside the years"):
            GloranthanDate.of(outside)
