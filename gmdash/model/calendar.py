"""A campaign's calendar: which one, the date its game time began on, the holy days the game
master set (docs/rules.md#calendar).

The campaign's moment is `start + clock` seconds of its calendar (`CampaignState.clock` counts
the game time since the campaign began), so the date follows every "time passes", and setting
the date moves `start` alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from gmdash.model import validate as v
from gmdash.model.errors import ValidationError
from gmdash.rules.calendar import (
    MAX_PLAIN_DAY,
    CalendarError,
    CalendarKind,
    GloranthanDate,
)
from gmdash.rules.game_time import DAY, HOUR
from gmdash.rules.holy_days import CultHolyDays, HolyDayLevel, parse_patterns, published
from gmdash.rules.ruleset import RuleSet

MAX_CULTS = 200
"""Cults whose holy days one campaign sets."""
DEFAULT_GLORANTHAN_START = GloranthanDate(1625, 4, 4, 0).number
"""The day a campaign begins on unless the game master sets another (the demo's too):
Freezeday, Stasis week, Storm Season 1625."""
START_HOUR = 8
"""A campaign's game time begins at 08:00 of its first day (the adventurers are up)."""


@dataclass(frozen=True, kw_only=True)
class CalendarSettings:
    """Which calendar, the moment (seconds of it) the campaign's game time began at, and the
    holy days the game master set, by cult name folded (`names`: as typed)."""

    kind: CalendarKind = CalendarKind.GLORANTHA
    start: int = DEFAULT_GLORANTHAN_START * DAY + START_HOUR * HOUR
    holy_days: Mapping[str, CultHolyDays] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)

    def cult_days(self, cult_name: str) -> CultHolyDays:
        """A cult's holy days: the game master's, else the published ones, else none."""
        key = cult_name.strip().casefold()
        if key in self.holy_days:
            return self.holy_days[key]
        return published(cult_name) or CultHolyDays()

    def set_by_gm(self, cult_name: str) -> bool:
        return cult_name.strip().casefold() in self.holy_days

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": str(self.kind),
            # as a day and a second of it: seconds since the year 0 are too many for one number
            "start_day": self.start // DAY,
            "start_second": self.start % DAY,
            "holy_days": {
                self.names.get(key, key): {
                    level.value: [pattern.text for pattern in days.of(level)]
                    for level in HolyDayLevel
                }
                for key, days in self.holy_days.items()
            },
        }

    @classmethod
    def from_dict(cls, data: object, where: str = "calendar") -> CalendarSettings:
        raw = v.mapping(where, data)
        kind = v.choice(f"{where}.kind", raw.get("kind", "glorantha"), CalendarKind)
        day = v.whole(f"{where}.start_day", raw.get("start_day"), low=0, high=MAX_PLAIN_DAY)
        second = v.whole(f"{where}.start_second", raw.get("start_second", 0), low=0,
                         high=DAY - 1)  # fmt: skip
        start = day * DAY + second
        days_raw = v.mapping(f"{where}.holy_days", raw.get("holy_days", {}))
        if len(days_raw) > MAX_CULTS:
            raise ValidationError(f"{where}.holy_days", f"at most {MAX_CULTS} cults")
        holy: dict[str, CultHolyDays] = {}
        names: dict[str, str] = {}
        for name, levels in days_raw.items():
            cult = v.name(f"{where}.holy_days", name)
            levels_raw = v.mapping(f"{where}.holy_days.{cult}", levels)
            try:
                days = CultHolyDays(
                    **{level.value: parse_patterns("; ".join(
                        v.text(f"{where}.holy_days.{cult}.{level.value}", item)
                        for item in v.items(f"{where}.holy_days.{cult}.{level.value}",
                                            levels_raw.get(level.value, []))))
                       for level in HolyDayLevel},
                    source="set by the game master",
                )  # fmt: skip
            except CalendarError as error:
                raise ValidationError(f"{where}.holy_days.{cult}", str(error)) from None
            holy[cult.casefold()] = days
            names[cult.casefold()] = cult
        return cls(kind=kind, start=start, holy_days=holy, names=names)


def default_calendar(ruleset: RuleSet) -> CalendarSettings:
    """A new campaign's calendar: RQG's Gloranthan year from the default start date; BRP's
    plain days from Day 1. An older campaign, saved before calendars, opens on it too."""
    if ruleset is RuleSet.BRP:
        return CalendarSettings(kind=CalendarKind.DAYS, start=START_HOUR * HOUR)
    return CalendarSettings()


def with_cult_days(
    settings: CalendarSettings, cult_name: str, days: CultHolyDays | None
) -> CalendarSettings:
    """`settings` with a cult's holy days set by the game master (None: back to the published
    ones, or none)."""
    key = cult_name.strip().casefold()
    holy = dict(settings.holy_days)
    names = dict(settings.names)
    if days is None:
        holy.pop(key, None)
        names.pop(key, None)
    else:
        if key not in holy and len(holy) >= MAX_CULTS:
            raise ValidationError("holy_days", f"at most {MAX_CULTS} cults")
        holy[key] = CultHolyDays(weekly=days.weekly, seasonal=days.seasonal, high=days.high,
                                 source="set by the game master")  # fmt: skip
        names[key] = cult_name.strip()
    return CalendarSettings(kind=settings.kind, start=settings.start, holy_days=holy,
                            names=names)  # fmt: skip


def gloranthan(settings: CalendarSettings, number: int) -> GloranthanDate | None:
    """The Gloranthan date of day `number`, on a Gloranthan calendar (None: another one)."""
    return GloranthanDate.of(number) if settings.kind is CalendarKind.GLORANTHA else None
