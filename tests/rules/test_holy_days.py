"""Holy days (docs/rules.md#holy-days): the published cults' on every day they fall on, the
game master's patterns read back, a cult without a published source left without."""

from __future__ import annotations

import pytest

from gmdash.rules.calendar import CalendarError, GloranthanDate, parse_gloranthan
from gmdash.rules.holy_days import (
    PUBLISHED,
    CultHolyDays,
    DayPattern,
    HolyDayLevel,
    holy_days_on,
    parse_pattern,
    parse_patterns,
    published,
)

SEASONS = ("Sea", "Fire", "Earth", "Dark", "Storm")


def on(text: str) -> GloranthanDate:
    return parse_gloranthan(text)


@pytest.mark.parametrize("season", SEASONS)
def test_orlanths_holy_days_every_season(season: str) -> None:
    orlanth = published("Orlanth Adventurous")  # a subcult: Orlanth's holy days
    assert orlanth is PUBLISHED["orlanth"]
    level = orlanth.level_on(on(f"Windsday, Movement week, {season} Season 1625"))
    assert level is (HolyDayLevel.HIGH if season == "Storm" else HolyDayLevel.SEASONAL)
    assert orlanth.level_on(on(f"Fireday, Movement week, {season} Season 1625")) is None
    assert orlanth.level_on(on(f"Windsday, Illusion week, {season} Season 1625")) is None


@pytest.mark.parametrize("week", ["Luck", "Fate"])
def test_orlanths_windsdays_of_sacred_time(week: str) -> None:
    orlanth = PUBLISHED["orlanth"]
    assert orlanth.level_on(on(f"Windsday, {week} week, Sacred Time 1625")) is HolyDayLevel.SEASONAL
    assert orlanth.level_on(on(f"Clayday, {week} week, Sacred Time 1625")) is None


def test_a_week_of_the_seasons_is_not_one_of_sacred_time() -> None:
    # Disorder week is the first week of a season; Luck week is the first of Sacred Time
    disorder = CultHolyDays(seasonal=parse_patterns("Windsday of Disorder week"))
    assert (
        disorder.level_on(on("Windsday, Disorder week, Dark Season 1625")) is HolyDayLevel.SEASONAL
    )
    assert disorder.level_on(on("Windsday, Luck week, Sacred Time 1625")) is None


def test_wahas_holy_days() -> None:
    waha = PUBLISHED["waha"]
    assert waha.level_on(on("Godsday, Death week, Sea Season 1625")) is HolyDayLevel.SEASONAL
    assert waha.level_on(on("Godsday, Death week, Dark Season 1625")) is HolyDayLevel.HIGH
    assert waha.level_on(on("Freezeday, Fertility week, Dark Season 1625")) is HolyDayLevel.HIGH
    assert waha.level_on(on("Freezeday, Fertility week, Sea Season 1625")) is None


@pytest.mark.parametrize("cult", ["Lhankor Mhy", "Ernalda", "Thed", "Seven Mothers", "Humakt"])
def test_a_cult_without_a_published_source_has_none(cult: str) -> None:
    assert published(cult) is None


def test_the_highest_holy_day_comes_first() -> None:
    cults = [("Waha", PUBLISHED["waha"]), ("Orlanth Adventurous", PUBLISHED["orlanth"]),
             ("Lhankor Mhy", CultHolyDays(weekly=parse_patterns("Windsday")))]  # fmt: skip
    found = holy_days_on(on("Windsday, Movement week, Storm Season 1625"), cults)
    assert [(h.cult, h.level) for h in found] == [("Orlanth Adventurous", HolyDayLevel.HIGH),
                                                  ("Lhankor Mhy", HolyDayLevel.WEEKLY)]  # fmt: skip
    assert found[0].text == "Orlanth Adventurous: high holy day"


@pytest.mark.parametrize(
    ("typed", "pattern", "text"),
    [
        ("Godsday", DayPattern(6), "Godsday"),
        ("godday of truth", DayPattern(6, 7), "Godsday of Truth week"),
        ("Truth week, Godsday, Dark", DayPattern(6, 7, 3), "Godsday of Truth week, Dark Season"),
        ("Windsday of Luck week", DayPattern(3, 0, 5), "Windsday of Luck week, Sacred Time"),
    ],
)
def test_a_pattern_reads_back(typed: str, pattern: DayPattern, text: str) -> None:
    assert parse_pattern(typed) == pattern
    assert pattern.text == text
    assert parse_pattern(pattern.text) == pattern


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("Movement week", "names no day"),
        ("Windsday, Storm Season", "name the week too"),
        ("Windsday, Movement week, Storm Season 1625", "no year"),
        ("Windsday of Movement week, Sacred Time", "Luck and Fate"),
        ("Windsday of Movemnt week", "'movemnt' is not"),
    ],
)
def test_a_bad_pattern_says_what_is_wrong(typed: str, message: str) -> None:
    with pytest.raises(CalendarError, match=message):
        parse_pattern(typed)


def test_patterns_separated_by_semicolons() -> None:
    assert parse_patterns("") == ()
    assert parse_patterns("Windsday; ; windsday; Fireday") == (DayPattern(3), DayPattern(4))
    with pytest.raises(CalendarError, match="at most 20"):
        parse_patterns(";".join(["Windsday of Movement week"] * 10 + [
            f"{day} of {week} week" for day in ("Freezeday", "Fireday") for week in ("Truth",
            "Death", "Harmony", "Stasis", "Illusion", "Disorder")]))  # fmt: skip


def test_the_levels_rank_weekly_seasonal_high() -> None:
    # docs/rules.md#holy-days: a day that is several holy days counts as its highest
    assert HolyDayLevel.WEEKLY.rank < HolyDayLevel.SEASONAL.rank < HolyDayLevel.HIGH.rank


def test_at_most_20_days_of_one_kind() -> None:
    days = ["Windsday", "Fireday", "Wildday", "Godsday", "Freezeday"] * 4
    weeks = ["Movement", "Truth", "Death", "Harmony"]
    twenty = "; ".join(f"{day} of {weeks[i // 5]} week" for i, day in enumerate(days))
    assert len(parse_patterns(twenty)) == 20
    with pytest.raises(CalendarError, match="at most 20"):
        parse_patterns(twenty + "; Clayday")


@pytest.mark.parametrize(("day", "week", "season"), [(7, None, None), (-1, None, None),
                                                     (0, 8, 1), (0, 2, 5), (0, -1, 1)])  # fmt: skip
def test_a_day_off_the_calendar_is_no_pattern(
    day: int, week: int | None, season: int | None
) -> None:
    # docs/rules.md#calendar: 7 days a week, 8 weeks a season, 2 weeks of Sacred Time
    with pytest.raises(CalendarError, match=r"no day|no week"):
        DayPattern(day, week, season)
    assert DayPattern(6, 7, 1).week == 7 and DayPattern(6, 1, 5).season == 5


def test_a_cult_with_no_holy_day_says_so() -> None:
    assert CultHolyDays().empty and CultHolyDays().describe() == "none set"
    for kind in ("weekly", "seasonal", "high"):
        cult = CultHolyDays(**{kind: (DayPattern(3),)})  # type: ignore[arg-type]
        assert not cult.empty
        assert cult.describe() == f"{kind}: Windsday"
