"""What time brings, on the rules' own schedule (docs/rules.md#calendar): the end of each game
week heals, seasons and Sacred Time end in the log, holy days come and worship brings Rune
points back; every event carries the game date it happened on."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import FakeClock

from gmdash.model.calendar_events import CalendarMarked, CalendarSet
from gmdash.model.effect_events import TimePassed
from gmdash.model.errors import ValidationError
from gmdash.model.events import DamageApplied, Event, HealingApplied, PointsSpent
from gmdash.play import calendar, effects, roster, time_passing
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME, demo_state
from gmdash.rules import RuleSet
from gmdash.rules.calendar import key_text
from gmdash.rules.game_time import DAY, HOUR, WEEK
from gmdash.rules.holy_days import HolyDayLevel
from gmdash.rules.ruleset import OptionalRule
from gmdash.store.documents import SCHEMA_VERSION

HARVALD, IRVALA, KORRATH = "c0001", "c0002", "c0003"
ORLANTH_POOL = "rune:Orlanth Adventurous"


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[CampaignService]:
    with CampaignService.create(tmp_path, DEMO_NAME, state=demo_state(), clock=FakeClock(),
                                durable=False) as service:  # fmt: skip
        yield service


def logged(svc: CampaignService) -> list[Event]:
    seen: list[Event] = []
    svc.bus.subscribe(Event, seen.append)
    return seen


def test_the_demo_begins_in_1625_at_eight_in_the_morning(svc: CampaignService) -> None:
    assert calendar.today_text(svc.state) == "Freezeday, Stasis week, Storm Season 1625"
    assert calendar.time_of_day(svc.state) == "08:00"
    assert calendar.today_data(svc.state) == {
        "date": {"year": 1625, "season": "Storm", "week": "Stasis", "day": "Freezeday"},
        "text": "Freezeday, Stasis week, Storm Season 1625", "time": "08:00",
        "calendar": "glorantha", "holy_days": [], "elapsed_seconds": 0,
    }  # fmt: skip


def test_each_week_that_ends_heals_each_location_once(svc: CampaignService) -> None:
    svc.publish(DamageApplied(character_id=HARVALD, amount=5, location="chest"))
    svc.publish(DamageApplied(character_id=HARVALD, amount=4, location="left_arm"))
    seen = logged(svc)
    passage = time_passing.pass_time(svc, 2 * WEEK)
    heals = [(e.location, e.amount, key_text(e.game_date)) for e in seen
             if isinstance(e, HealingApplied)]  # fmt: skip
    # CON 14: 3 a week at each location, at the end of Stasis week, then of Movement week
    assert heals == [
        ("chest", 3, "Freezeday, Movement week, Storm Season 1625"),
        ("left_arm", 3, "Freezeday, Movement week, Storm Season 1625"),
        ("chest", 3, "Freezeday, Illusion week, Storm Season 1625"),
        ("left_arm", 3, "Freezeday, Illusion week, Storm Season 1625"),
    ]  # fmt: skip
    # the chest's 5 and the arm's 4 are whole again: 3 + 2, 3 + 1
    assert svc.character(HARVALD).locations == demo_state().characters[HARVALD].locations
    assert passage.healed == {HARVALD: 9} and passage.weeks_ended == 2
    weeks = [e.text for e in seen if isinstance(e, CalendarMarked) and e.kind == "week"]
    assert weeks == ["Stasis week ends: a week's natural healing",
                     "Movement week ends: a week's natural healing"]  # fmt: skip
    # the time is logged in the pieces it passed in, and adds up to the span
    assert sum(e.seconds for e in seen if isinstance(e, TimePassed)) == 2 * WEEK
    assert svc.state.clock == 2 * WEEK
    assert calendar.today_text(svc.state) == "Freezeday, Illusion week, Storm Season 1625"


def test_a_span_that_crosses_no_week_end_heals_nothing(svc: CampaignService) -> None:
    svc.publish(DamageApplied(character_id=HARVALD, amount=5, location="chest"))
    time_passing.pass_time(svc, 6 * DAY)  # Freezeday 08:00 to Godsday 08:00
    assert svc.character(HARVALD).locations["chest"] == 1
    seen = logged(svc)
    passage = time_passing.pass_time(svc, 17 * HOUR)  # Godsday 08:00 to Freezeday 01:00
    assert [e.location for e in seen if isinstance(e, HealingApplied)] == ["chest"]
    assert passage.weeks_ended == 1


def test_a_week_passes_is_seven_days_and_one_healing(svc: CampaignService) -> None:
    svc.publish(DamageApplied(character_id=HARVALD, amount=5, location="chest"))
    time_passing.pass_time(svc, 3 * DAY)  # mid-week
    healed = roster.weekly_healing(svc, 1)
    assert [(e.location, e.amount) for e in healed] == [("chest", 3)]
    assert svc.state.clock == 3 * DAY + WEEK
    with pytest.raises(ValidationError):
        time_passing.pass_weeks(svc, 53)


def test_seasons_and_sacred_time_end_in_the_log(svc: CampaignService) -> None:
    seen = logged(svc)
    time_passing.pass_time(svc, 52 * WEEK)
    marks = [(e.kind, e.text, key_text(e.game_date)) for e in seen
             if isinstance(e, CalendarMarked) and e.kind in ("season", "year")]  # fmt: skip
    assert marks[:6] == [
        ("season", "Storm Season ends: Sacred Time begins",
         "Freezeday, Luck week, Sacred Time 1625"),
        ("year", "Sacred Time ends: the year 1626 S.T. begins",
         "Freezeday, Disorder week, Sea Season 1626"),
        ("season", "Sea Season ends: Fire Season begins",
         "Freezeday, Disorder week, Fire Season 1626"),
        ("season", "Fire Season ends: Earth Season begins",
         "Freezeday, Disorder week, Earth Season 1626"),
        ("season", "Earth Season ends: Dark Season begins",
         "Freezeday, Disorder week, Dark Season 1626"),
        ("season", "Dark Season ends: Storm Season begins",
         "Freezeday, Disorder week, Storm Season 1626"),
    ]  # fmt: skip
    # 364 days from Stasis week of Storm Season: into the year 1627
    assert marks[6:] == [
        ("season", "Storm Season ends: Sacred Time begins",
         "Freezeday, Luck week, Sacred Time 1626"),
        ("year", "Sacred Time ends: the year 1627 S.T. begins",
         "Freezeday, Disorder week, Sea Season 1627"),
    ]  # fmt: skip
    assert sum(1 for e in seen if isinstance(e, CalendarMarked) and e.kind == "week") == 52


def test_a_holy_day_comes_and_worship_brings_the_rune_points_back(svc: CampaignService) -> None:
    svc.publish(PointsSpent(character_id=HARVALD, pool=ORLANTH_POOL, amount=2))
    seen = logged(svc)
    passage = time_passing.pass_time(svc, WEEK + 3 * DAY)
    holy = [e for e in seen if isinstance(e, CalendarMarked) and e.kind == "holy_day"]
    assert [(e.text, e.who, key_text(e.game_date)) for e in holy] == [
        ("Orlanth Adventurous: high holy day", ("Harvald Stormbrow",),
         "Windsday, Movement week, Storm Season 1625")
    ]  # fmt: skip
    # time alone brings no Rune points back
    assert svc.character(HARVALD).cults[0].rune_points == 1
    offers = time_passing.worship_offers(svc.state, passage.holy_days)
    assert [(o.name, o.cult, o.level, o.points, o.full) for o in offers] == [
        ("Harvald Stormbrow", "Orlanth Adventurous", HolyDayLevel.HIGH, 1, 3)
    ]  # fmt: skip
    time_passing.worship(svc, offers)
    assert svc.character(HARVALD).cults[0].rune_points == 3
    worship = [e for e in seen if isinstance(e, CalendarMarked) and e.kind == "worship"]
    assert [e.text for e in worship] == [
        "worship at the high holy day of Orlanth Adventurous (Windsday, Movement week, Storm "
        "Season 1625)"
    ]  # fmt: skip
    assert svc.entry(worship[0]).label.endswith("(Harvald Stormbrow)")
    # full now: the next holy days have nothing to offer
    again = time_passing.pass_time(svc, 2 * WEEK)
    assert time_passing.worship_offers(svc.state, again.holy_days) == []


def test_today_a_holy_day_shows_in_the_date_line(svc: CampaignService) -> None:
    calendar.set_date(svc, "Windsday, Movement week, Storm Season 1625")
    assert calendar.date_line(svc.state) == (
        "Windsday, Movement week, Storm Season 1625 · Orlanth Adventurous: high holy day"
    )
    data = calendar.today_data(svc.state)
    assert data["holy_days"] == [{"cult": "Orlanth Adventurous", "level": "high",
                                  "who": ["Harvald Stormbrow"]}]  # fmt: skip


def test_setting_the_date_lets_no_time_pass(svc: CampaignService) -> None:
    svc.publish(DamageApplied(character_id=HARVALD, amount=5, location="chest"))
    time_passing.pass_time(svc, 5 * HOUR)
    seen = logged(svc)
    event = calendar.set_date(svc, "Godsday, Fate week, Sacred Time 1630")
    assert isinstance(event, CalendarSet) and seen == [event]
    assert calendar.today_text(svc.state) == "Godsday, Fate week, Sacred Time 1630"
    assert calendar.time_of_day(svc.state) == "13:00"  # the hour kept
    assert svc.state.clock == 5 * HOUR and svc.character(HARVALD).locations["chest"] == 1
    assert svc.entry(event).label == "the date is set to Godsday, Fate week, Sacred Time 1630"
    with pytest.raises(ValidationError, match="not a whole date"):
        calendar.set_date(svc, "Windsday 1625")
    with pytest.raises(ValidationError, match="not a date of this calendar"):
        calendar.set_date(svc, "Day 3")  # an RQG campaign counts Gloranthan days


def test_the_game_master_sets_a_cults_holy_days(svc: CampaignService) -> None:
    days = calendar.read_holy_days("Godsday", "", "Godsday of Truth week, Dark Season")
    calendar.set_holy_days(svc, "Lhankor Mhy", days)
    settings = svc.state.campaign.dates
    assert settings.cult_days("lhankor mhy").describe() == (
        "weekly: Godsday · high: Godsday of Truth week, Dark Season"
    )
    coming = calendar.next_holy_days(svc.state, 1)
    assert coming[0].text == "Godsday, Stasis week, Storm Season 1625"
    assert coming[0].holy_days[0].text == "Lhankor Mhy: weekly holy day (Irvala Greyquill)"
    # kept in the campaign: a reopened campaign has them
    svc.close()
    with CampaignService.open(svc.store.folder.parent, DEMO_NAME) as again:
        assert again.state.campaign.dates.cult_days("Lhankor Mhy") == days
        calendar.set_holy_days(again, "Lhankor Mhy", None)
        assert again.state.campaign.dates.cult_days("Lhankor Mhy").empty
    with pytest.raises(ValidationError, match="high"):
        calendar.read_holy_days("", "", "Godsday of Truth week, Sacred Time")


def test_every_event_carries_its_game_date_and_reopens_with_it(svc: CampaignService) -> None:
    svc.start_session()
    roster.damage(svc, HARVALD, "chest", 6)
    time_passing.pass_time(svc, 2 * DAY)
    roster.damage(svc, HARVALD, "head", 6)
    days = [key_text(e.game_date) for e in svc.events()]
    assert days[0] == days[1] == "Freezeday, Stasis week, Storm Season 1625"
    assert days[-1] == "Clayday, Stasis week, Storm Season 1625"
    entries = svc.log()
    assert entries[-1].game_date == "Clayday, Stasis week, Storm Season 1625"
    assert entries[-1].game_day == "Clay"


def test_a_brp_campaign_counts_plain_days_and_heals_by_the_same_schedule(tmp_path: Path) -> None:
    with CampaignService.create(tmp_path, "Night", RuleSet.BRP, durable=False) as svc:
        assert calendar.today_text(svc.state) == "Day 1"
        assert not calendar.has_holy_days(svc.state)
        seen = logged(svc)
        time_passing.pass_time(svc, WEEK)
        marks = [e.text for e in seen if isinstance(e, CalendarMarked)]
        assert marks == ["Week 1 ends: a week's natural healing (no one to heal)"]
        assert calendar.today_text(svc.state) == "Day 8"
        calendar.set_date(svc, "2024-03-14")
        assert calendar.today_data(svc.state)["date"] == {
            "year": 2024, "season": None, "week": 11, "day": "Thursday", "iso": "2024-03-14"
        }  # fmt: skip
        seen.clear()
        time_passing.pass_time(svc, 4 * DAY)
        assert [e.text for e in seen if isinstance(e, CalendarMarked)] == [
            "The week of 11 March ends: a week's natural healing (no one to heal)"
        ]
        calendar.set_date(svc, "Windsday, Movement week, Storm Season 1625")  # a BRP Glorantha
        assert not calendar.has_holy_days(svc.state)  # no Rune points in this campaign


def test_a_brp_campaign_with_rune_points_on_a_gloranthan_calendar_has_holy_days(
    tmp_path: Path,
) -> None:
    with CampaignService.create(tmp_path, "Night", RuleSet.BRP, durable=False,
                                optional=(OptionalRule.RUNE_POINTS,)) as svc:  # fmt: skip
        calendar.set_date(svc, "Windsday, Movement week, Storm Season 1625")
        assert calendar.has_holy_days(svc.state)


def test_the_previews_plan_nothing_is_published(svc: CampaignService) -> None:
    svc.publish(DamageApplied(character_id=HARVALD, amount=5, location="chest"))
    before = svc.state.to_dict()
    passage = time_passing.plan(svc.state, 2 * WEEK)
    assert svc.state.to_dict() == before
    lines = time_passing.summary_lines(passage, {HARVALD: "Harvald"}, "later")
    assert lines[:2] == ["14 d pass: now later.", "2 weeks end: natural healing (Harvald +5 HP)."]
    assert "Windsday, Movement week, Storm Season 1625: Orlanth Adventurous: high holy day " \
           "(Harvald Stormbrow)." in lines  # fmt: skip
    with pytest.raises(ValidationError):
        time_passing.plan(svc.state, 0)
    with pytest.raises(ValidationError, match="not a span"):
        effects.pass_time_text(svc, "soon")


def test_a_campaign_saved_before_calendars_opens_on_the_default_start_once(
    tmp_path: Path,
) -> None:
    with CampaignService.create(tmp_path, DEMO_NAME, state=demo_state(), durable=False) as svc:
        time_passing.pass_time(svc, 3 * DAY)
        folder = svc.store.folder
    snapshot = folder / "campaign.json"
    data = json.loads(snapshot.read_bytes().split(b"\n")[0])  # the document, not its checksum
    data["meta"]["1"]["schema_version"] = 3  # as gmdash wrote it before calendars (no checksum)
    del data["state"]["1"]["campaign"]["calendar"]
    snapshot.write_text(json.dumps(data), encoding="utf-8")
    with CampaignService.open(tmp_path, DEMO_NAME) as old:
        # its three days of game time, from the default start date
        assert calendar.today_text(old.state) == "Windsday, Stasis week, Storm Season 1625"
        assert old.state.clock == 3 * DAY
    again = json.loads(snapshot.read_bytes().split(b"\n")[0])
    assert again["meta"]["1"]["schema_version"] == SCHEMA_VERSION
    assert again["state"]["1"]["campaign"]["calendar"] == {
        "kind": "glorantha", "start_day": 1625 * 294 + 4 * 56 + 4 * 7, "start_second": 8 * 3600,
        "holy_days": {},
    }  # fmt: skip
