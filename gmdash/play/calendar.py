"""The campaign's calendar for every front end: today's date and holy days, the days ahead, and
the game master's changes (set the date, set a cult's holy days), each a `CalendarSet`.

Queries take the campaign's state and do no I/O: the header's date line is one call of cheap
arithmetic. (docs/rules.md#calendar, #holy-days.)
"""

from __future__ import annotations

from dataclasses import dataclass

from gmdash.model.calendar import CalendarSettings, with_cult_days
from gmdash.model.calendar_events import CalendarSet
from gmdash.model.errors import ValidationError
from gmdash.model.state import CampaignState
from gmdash.play.campaign import CampaignService
from gmdash.rules.calendar import (
    DAYS_PER_WEEK,
    GREGORIAN_DAYS,
    CalendarError,
    CalendarKind,
    GloranthanDate,
    date_text,
    gregorian,
    parse_date,
)
from gmdash.rules.game_time import DAY
from gmdash.rules.holy_days import CultHolyDays, HolyDay, HolyDayLevel, parse_patterns
from gmdash.rules.ruleset import OptionalRule, RuleSet

MAX_DAYS_AHEAD = 294
"""The most days one look ahead lists (a Gloranthan year)."""


@dataclass(frozen=True, slots=True)
class HolyDayHere:
    """A cult's holy day on a date, with the roster's members of the cult (names)."""

    holy_day: HolyDay
    who: tuple[str, ...]

    @property
    def text(self) -> str:
        """ "Orlanth Adventurous: high holy day (Harvald Stormbrow)"."""
        who = f" ({', '.join(self.who)})" if self.who else ""
        return f"{self.holy_day.text}{who}"

    def to_dict(self) -> dict[str, object]:
        return {"cult": self.holy_day.cult, "level": self.holy_day.level.value,
                "who": list(self.who)}  # fmt: skip


@dataclass(frozen=True, slots=True)
class DayAhead:
    """One day of the calendar: its number, its date in words, its holy days."""

    number: int
    text: str
    holy_days: tuple[HolyDayHere, ...]
    today: bool = False
    week_starts: bool = False


def kinds_for(ruleset: RuleSet) -> tuple[CalendarKind, ...]:
    """The calendars a campaign may use: RQG counts Gloranthan dates; BRP day numbers, real
    dates, or (a BRP game in Glorantha) Gloranthan ones."""
    if ruleset is RuleSet.RQG:
        return (CalendarKind.GLORANTHA,)
    return (CalendarKind.DAYS, CalendarKind.GREGORIAN, CalendarKind.GLORANTHA)


def has_holy_days(state: CampaignState) -> bool:
    """Whether holy days count: a Gloranthan calendar, and Rune points (RQG, or BRP with the
    option: docs/rules.md#brp-campaigns)."""
    campaign = state.campaign
    return campaign.dates.kind is CalendarKind.GLORANTHA and campaign.edition.uses(
        OptionalRule.RUNE_POINTS
    )


def roster_cults(state: CampaignState) -> dict[str, tuple[str, list[str]]]:
    """The cults of the roster's sheets by name folded: (the name as on the first sheet, the
    ids of those who belong to it), in roster order."""
    found: dict[str, tuple[str, list[str]]] = {}
    for sheet in state.characters.values():
        for cult in sheet.cults:
            _, members = found.setdefault(cult.name.casefold(), (cult.name, []))
            if sheet.id not in members:
                members.append(sheet.id)
    return found


def holy_days_on(state: CampaignState, number: int) -> tuple[HolyDayHere, ...]:
    """The holy days of the roster's cults on day `number` (none when holy days do not count),
    highest first."""
    if not has_holy_days(state):
        return ()
    when = GloranthanDate.of(number)
    settings = state.campaign.dates
    found: list[HolyDayHere] = []
    for name, members in roster_cults(state).values():
        level = settings.cult_days(name).level_on(when)
        if level is not None:
            who = tuple(state.characters[cid].name for cid in members)
            found.append(HolyDayHere(HolyDay(name, level), who))
    found.sort(key=lambda h: (-h.holy_day.level.rank, h.holy_day.cult.casefold()))
    return tuple(found)


def today_text(state: CampaignState) -> str:
    """Today in words: "Windsday, Movement week, Storm Season 1625"."""
    return date_text(state.campaign.dates.kind, state.today)


def date_line(state: CampaignState) -> str:
    """The header's date: today and its holy days ("Windsday, Movement week, Storm Season 1625
    · Orlanth Adventurous: high holy day")."""
    holy = holy_days_on(state, state.today)
    return " · ".join([today_text(state), *(h.holy_day.text for h in holy)])


def days_ahead(state: CampaignState, first: int, count: int) -> list[DayAhead]:
    """`count` days from day number `first`, each with its holy days."""
    count = max(0, min(count, MAX_DAYS_AHEAD))
    kind = state.campaign.dates.kind
    today = state.today
    return [
        DayAhead(number=n, text=date_text(kind, n), holy_days=holy_days_on(state, n),
                 today=n == today, week_starts=n % DAYS_PER_WEEK == 0)
        for n in range(max(0, first), max(0, first) + count)
    ]  # fmt: skip


def next_holy_days(state: CampaignState, count: int = 3) -> list[DayAhead]:
    """The next days (after today, within a year) that are holy days of the roster's cults."""
    found: list[DayAhead] = []
    for day in days_ahead(state, state.today + 1, MAX_DAYS_AHEAD):
        if day.holy_days:
            found.append(day)
            if len(found) >= count:
                break
    return found


def time_of_day(state: CampaignState) -> str:
    """The hour of the day now, "08:00"."""
    seconds = state.moment % DAY
    return f"{seconds // 3600:02d}:{seconds % 3600 // 60:02d}"


# --- the game master's changes ---------------------------------------------------------------


def read_date(state: CampaignState, text: str) -> tuple[CalendarKind, int]:
    """The calendar and day `text` names, among those the campaign may use; ValidationError."""
    try:
        return parse_date(text, kinds_for(state.campaign.ruleset))
    except CalendarError as error:
        raise ValidationError("date", str(error)) from None


def set_date(service: CampaignService, text: str) -> CalendarSet:
    """Today becomes the date `text` names (the hour of the day kept); nothing heals or comes
    back: the calendar is set, not time passed. A BRP campaign may change calendar so."""
    state = service.state
    kind, number = read_date(state, text)
    settings = state.campaign.dates
    hour = state.moment % DAY
    start = number * DAY + hour - state.clock
    if start < 0:
        raise ValidationError("date", f"{date_text(kind, number)} is before this campaign's "
                              "game time could have begun")  # fmt: skip
    moved = CalendarSettings(kind=kind, start=start, holy_days=settings.holy_days,
                             names=settings.names)  # fmt: skip
    return service.publish(
        CalendarSet(calendar=moved, summary=f"the date is set to {date_text(kind, number)}")
    )


def read_holy_days(weekly: str, seasonal: str, high: str) -> CultHolyDays:
    """A cult's holy days typed by level (patterns separated by ";"); ValidationError names
    the level that cannot be read."""
    found = {}
    for level, text in (
        (HolyDayLevel.WEEKLY, weekly),
        (HolyDayLevel.SEASONAL, seasonal),
        (HolyDayLevel.HIGH, high),
    ):
        try:
            found[level.value] = parse_patterns(text)
        except CalendarError as error:
            raise ValidationError(level.value, str(error)) from None
    return CultHolyDays(**found, source="set by the game master")


def set_holy_days(
    service: CampaignService, cult_name: str, days: CultHolyDays | None
) -> CalendarSet:
    """The game master sets a cult's holy days (None: back to the published ones, or none)."""
    name = cult_name.strip()
    if not name:
        raise ValidationError("cult", "name the cult")
    if len(name) > 100:
        raise ValidationError("cult", "a cult's name is at most 100 characters")
    settings = with_cult_days(service.state.campaign.dates, name, days)
    what = "back to the published ones" if days is None else settings.cult_days(name).describe()
    return service.publish(CalendarSet(calendar=settings, summary=f"holy days of {name}: {what}"))


def date_parts(kind: CalendarKind, number: int) -> dict[str, object]:
    """A day as data: `year`, `season`, `week`, `day` (Gloranthan names; day numbers on the
    plain calendar, the season and year None there; a real date's year, ISO week, weekday)."""
    if kind is CalendarKind.GLORANTHA:
        when = GloranthanDate.of(number)
        return {"year": when.year, "season": when.season_word, "week": when.week_name,
                "day": when.day_name}  # fmt: skip
    if kind is CalendarKind.DAYS:
        return {"year": None, "season": None, "week": number // DAYS_PER_WEEK + 1,
                "day": number + 1}  # fmt: skip
    real = gregorian(number)
    return {"year": real.year, "season": None, "week": real.isocalendar().week,
            "day": GREGORIAN_DAYS[real.weekday()], "iso": real.isoformat()}  # fmt: skip


def today_data(state: CampaignState) -> dict[str, object]:
    """Today as `gmdash time now --json` gives it."""
    kind = state.campaign.dates.kind
    return {
        "date": date_parts(kind, state.today),
        "text": today_text(state),
        "time": time_of_day(state),
        "calendar": kind.value,
        "holy_days": [here.to_dict() for here in holy_days_on(state, state.today)],
        "elapsed_seconds": state.clock,
    }
