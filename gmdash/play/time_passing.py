"""Game time passing, and what it brings on the rules' own schedule (docs/rules.md#calendar):

- effects count down and run out, magic points come back (as a melee round or `T` always did);
- at the end of each game week, natural healing per hit location (the RQG seed: « à la fin de
  chaque semaine de jeu »);
- the end of a season, and of Sacred Time (the year), named in the log;
- a cult's holy day comes: named in the log with its worshippers on the roster; their Rune points
  come back only when the game master confirms who worshipped (`worship`).

`plan` works a span out on a copy of the state, stop by stop (each day something happens on),
so every event carries the game date it happened on; `pass_time` publishes the plan as one
change. The dashboard (`T`, `ctrl+w`, a combat round) and the CLI (`gmdash time pass`) call
these, and behave alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from gmdash.model.calendar_events import CalendarMarked
from gmdash.model.derived import maxima
from gmdash.model.effect_events import TimePassed
from gmdash.model.errors import ValidationError
from gmdash.model.events import Event, PointsSpent
from gmdash.model.state import CampaignState
from gmdash.play import points
from gmdash.play.calendar import HolyDayHere, holy_days_on, roster_cults
from gmdash.play.campaign import CampaignService
from gmdash.play.change import one_change
from gmdash.play.wounds import weekly_heals
from gmdash.rules.calendar import (
    DAYS_PER_SEASON,
    DAYS_PER_WEEK,
    DAYS_PER_YEAR,
    CalendarKind,
    GloranthanDate,
    date_key,
    date_text,
    week_text,
)
from gmdash.rules.game_time import DAY, MAX_PASS, WEEK, describe_span
from gmdash.rules.holy_days import HolyDayLevel
from gmdash.rules.magic_recovery import recovered


@dataclass(frozen=True, slots=True)
class HolyDayMet:
    """A holy day a span of time reached: its day, its date in words, the cult's holy day."""

    number: int
    date: str
    here: HolyDayHere


@dataclass(frozen=True, slots=True)
class Passage:
    """A span of game time worked out: the events (in order), what they came to."""

    seconds: int
    events: tuple[Event, ...]
    holy_days: tuple[HolyDayMet, ...] = ()
    healed: Mapping[str, int] = field(default_factory=dict)
    """Hit points each character regained on the way (by id)."""

    @property
    def weeks_ended(self) -> int:
        return sum(1 for e in self.events if isinstance(e, CalendarMarked) and e.kind == "week")

    @property
    def ended(self) -> list[str]:
        """The effects that ran out, in words."""
        return [text for e in self.events if isinstance(e, TimePassed) for text in e.ended_text]

    @property
    def magic_points(self) -> dict[str, int]:
        """Magic points each character regained (by id)."""
        found: dict[str, int] = {}
        for event in self.events:
            if isinstance(event, PointsSpent) and event.pool == "magic" and event.amount < 0:
                found[event.character_id] = found.get(event.character_id, 0) - event.amount
        return found

    @property
    def marks(self) -> list[CalendarMarked]:
        return [e for e in self.events if isinstance(e, CalendarMarked)]


def segment(state: CampaignState, seconds: int, reason: str = "") -> list[Event]:
    """The events of `seconds` of game time with nothing of the calendar in them: effects
    counting down (those that run out named), then magic points regained at the published
    rate, never above full (docs/rules.md#magic-point-recovery)."""
    ended = [e for e in state.effects if e.left <= seconds]
    events: list[Event] = [
        TimePassed(seconds=seconds, reason=reason, ended=tuple(e.id for e in ended),
                   ended_text=tuple(f"{e.title} on {e.target_name}" for e in ended))
    ]  # fmt: skip
    ruleset = state.campaign.ruleset
    for sheet in state.characters.values():
        full = maxima(sheet.characteristics, ruleset).magic_points
        gained = recovered(full, sheet.magic_points, state.clock, state.clock + seconds)
        if gained > 0:
            events.append(PointsSpent(character_id=sheet.id, pool="magic", amount=-gained))
    return events


def _day_marks(state: CampaignState, number: int, holy: Sequence[HolyDayHere]) -> list[Event]:
    """What the start of day `number` brings, on the state as it is then: the week that ends
    (its healing), the season or Sacred Time that ends, the holy days `holy` that come."""
    kind = state.campaign.dates.kind
    found: list[Event] = []
    if number % DAYS_PER_WEEK == 0:
        heals = weekly_heals(list(state.characters.values()), state.campaign.ruleset, 1)
        week = week_text(kind, number - 1)
        healing = "a week's natural healing" + ("" if heals else " (no one to heal)")
        found.append(CalendarMarked(kind="week", text=f"{week[0].upper()}{week[1:]} ends: "
                                                      f"{healing}"))  # fmt: skip
        found.extend(heals)
    if kind is CalendarKind.GLORANTHA and number % DAYS_PER_YEAR % DAYS_PER_SEASON == 0:
        before, now = GloranthanDate.of(number - 1), GloranthanDate.of(number)
        if number % DAYS_PER_YEAR == 0:
            text = f"Sacred Time ends: the year {now.year} S.T. begins"
            found.append(CalendarMarked(kind="year", text=text))
        else:
            text = f"{before.season_name} ends: {now.season_name} begins"
            found.append(CalendarMarked(kind="season", text=text))
    for here in holy:
        found.append(CalendarMarked(kind="holy_day", text=here.holy_day.text, who=here.who))
    return found


def plan(state: CampaignState, seconds: int, reason: str = "") -> Passage:
    """`seconds` of game time from now, worked out on a copy of `state` (nothing published):
    stopping at the start of each day that brings something, so that what it brings is worked
    out on the state as it is then (last week's healing before this week's)."""
    if not 1 <= seconds <= MAX_PASS:
        raise ValidationError("time", "a span of time is 1 second to 52 weeks")
    work = state.copy()
    start = work.moment
    end = start + seconds
    events: list[Event] = []
    met: list[HolyDayMet] = []
    now = start
    total = describe_span(seconds)
    kind = work.campaign.dates.kind
    for number in range(start // DAY + 1, end // DAY + 1):
        holy = holy_days_on(work, number)
        if number % DAYS_PER_WEEK and not holy:
            continue  # most days bring nothing (seasons end with a week)
        span = number * DAY - now
        events += _apply(work, segment(work, span, f"{describe_span(span)} of {total} pass"))
        now = number * DAY
        events += _apply(work, _day_marks(work, number, holy))
        met += [HolyDayMet(number, date_text(kind, number), here) for here in holy]
    rest = end - now
    if rest > 0:
        told = reason if now == start else f"{describe_span(rest)} of {total} pass"
        events += _apply(work, segment(work, rest, told))
    healed = {cid: work.characters[cid].hit_points - sheet.hit_points
              for cid, sheet in state.characters.items()
              if cid in work.characters
              and work.characters[cid].hit_points > sheet.hit_points}  # fmt: skip
    return Passage(seconds=seconds, events=tuple(events), holy_days=tuple(met), healed=healed)


def _apply(state: CampaignState, events: list[Event]) -> list[Event]:
    for event in events:
        state.apply(event)
    return events


def advance(service: CampaignService, seconds: int, reason: str = "") -> Passage:
    """Let `seconds` of game time pass inside the caller's change; the passage published."""
    passage = plan(service.state, seconds, reason)
    published = tuple(service.publish(event) for event in passage.events)
    return replace(passage, events=published)


@one_change
def pass_time(service: CampaignService, seconds: int, reason: str = "") -> Passage:
    """Let `seconds` of game time pass, as one change (docs/rules.md#calendar)."""
    return advance(service, seconds, reason or f"{describe_span(seconds)} pass")


def pass_weeks(service: CampaignService, weeks: int) -> Passage:
    """ "A week passes" (`ctrl+w`): seven days for each week; each week that ends on the way
    heals (so exactly one per week, wherever in the week it starts)."""
    if not 1 <= weeks <= MAX_PASS // WEEK:
        raise ValidationError("weeks", f"1 to {MAX_PASS // WEEK} weeks")
    told = "a week passes" if weeks == 1 else f"{weeks} weeks pass"
    return pass_time(service, weeks * WEEK, told)


# --- worship on a holy day --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WorshipOffer:
    """Someone who may worship at a holy day met: their cult's Rune points now and full."""

    character_id: str
    name: str
    cult: str
    level: HolyDayLevel
    date: str
    points: int
    full: int
    day: str = ""
    """The holy day's stamp (`rules.calendar.date_key`): what its worship is dated."""

    @property
    def holy_day_text(self) -> str:
        """ "high holy day of Orlanth Adventurous (Windsday, Movement week, Storm Season 1625)"."""
        return f"{self.level.words} of {self.cult} ({self.date})"


def worship_offers(state: CampaignState, met: Sequence[HolyDayMet]) -> list[WorshipOffer]:
    """Who may regain Rune points at the holy days `met` (each member of the cult on the
    roster whose cult's pool is not full), once each, at the holiest of those days."""
    best: dict[tuple[str, str], HolyDayMet] = {}
    cults = roster_cults(state)
    for day in met:
        key_cult = day.here.holy_day.cult.casefold()
        for cid in cults.get(key_cult, ("", []))[1]:
            key = (cid, key_cult)
            known = best.get(key)
            if known is None or day.here.holy_day.level.rank > known.here.holy_day.level.rank:
                best[key] = day
    offers: list[WorshipOffer] = []
    kind = state.campaign.dates.kind
    for (cid, _), day in best.items():
        sheet = state.characters.get(cid)
        cult = sheet.cult(day.here.holy_day.cult) if sheet is not None else None
        if sheet is None or cult is None or cult.rune_points >= cult.rune_points_max:
            continue
        offers.append(WorshipOffer(character_id=cid, name=sheet.name, cult=cult.name,
                                   level=day.here.holy_day.level, date=day.date,
                                   points=cult.rune_points, full=cult.rune_points_max,
                                   day=date_key(kind, day.number)))  # fmt: skip
    return offers


@one_change
def worship(service: CampaignService, chosen: Sequence[WorshipOffer]) -> list[Event]:
    """Those `chosen` worshipped at their cult's holy day: named in the log, and their cult's
    Rune points back to full (docs/rules.md#rest-and-worship), as one change. Dated the holy
    day they worshipped on, though the game master confirms it once the time has passed."""
    published: list[Event] = []
    by_day: dict[str, list[WorshipOffer]] = {}
    for offer in chosen:
        by_day.setdefault(offer.holy_day_text, []).append(offer)
    for text, offers in by_day.items():
        names = tuple(dict.fromkeys(o.name for o in offers))
        day = offers[0].day
        published.append(service.publish(CalendarMarked(
            kind="worship", text=f"worship at the {text}", who=names, game_date=day)))  # fmt: skip
        for offer in offers:
            sheet = service.character(offer.character_id)
            published += [service.publish(replace(event, game_date=day))
                          for event in points.worship_events(sheet, offer.cult)]  # fmt: skip
    return published


def summary_lines(passage: Passage, names: Mapping[str, str], now: str = "") -> list[str]:
    """What a passage brought, in a few lines (a preview, a notice, the CLI): `names` the
    roster's names by id, `now` the date it reached."""
    span = describe_span(passage.seconds)
    lines = [f"{span} pass" + (f": now {now}." if now else ".")]
    healed = passage.healed
    weeks = passage.weeks_ended
    if weeks:
        who = ", ".join(f"{names.get(cid, cid)} +{hp} HP" for cid, hp in healed.items())
        ended = "1 week ends" if weeks == 1 else f"{weeks} weeks end"
        lines.append(f"{ended}: natural healing" + (f" ({who})." if who else ", no one to heal."))
    for mark in passage.marks:
        if mark.kind in ("season", "year"):
            lines.append(f"{mark.text}.")
    if passage.ended:
        lines.append("Ends: " + ", ".join(passage.ended) + ".")
    magic = passage.magic_points
    if magic:
        back = ", ".join(f"{names.get(cid, cid)} +{n}" for cid, n in magic.items())
        lines.append(f"Magic points back: {back}.")
    for day in passage.holy_days:
        lines.append(f"{day.date}: {day.here.text}.")
    return lines
