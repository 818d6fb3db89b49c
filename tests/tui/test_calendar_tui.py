"""The calendar on the dashboard: two game weeks pass over a wounded party with an Orlanth
initiate (each location heals at each week's end), the worship dialog at Orlanth's holy day
brings his Rune points back, the log, the journal and the header carry the game date; the
calendar (`W`) pages its weeks, sets the date and a cult's holy days. Every burst is typed with
no pause at all."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from helpers import dashboard_app, demo_service, fixed_clock, region_text, type_ahead
from textual.pilot import Pilot

from gmdash.formats import log_export
from gmdash.model.calendar_events import CalendarMarked, CalendarSet
from gmdash.model.events import DamageApplied, Event, HealingApplied, PointsSpent
from gmdash.play import log_reading
from gmdash.rules.calendar import key_text
from gmdash.tui.app import GmDashApp
from gmdash.tui.dialogs.log_entry import LogEntryDialog
from gmdash.tui.dialogs.week_view import WeekView
from gmdash.tui.dialogs.worship import WorshipDialog
from gmdash.tui.panes.log import LogTable

HARVALD, KORRATH = "c0001", "c0003"
ORLANTH = "rune:Orlanth Adventurous"
MOVEMENT = "Freezeday, Movement week, Storm Season 1625"
ILLUSION = "Freezeday, Illusion week, Storm Season 1625"
HOLY = "Windsday, Movement week, Storm Season 1625"


@asynccontextmanager
async def night(tmp_path: Path) -> AsyncIterator[tuple[GmDashApp, Pilot[int], list[Event]]]:
    """The demo, Harvald (Orlanth Adventurous) wounded in two places and 2 Rune points down,
    Korrath wounded; the dashboard at 160x50 and every event it publishes."""
    service = demo_service(tmp_path, fixed_clock)
    service.start_session()
    service.publish(DamageApplied(character_id=HARVALD, amount=5, location="chest"))
    service.publish(DamageApplied(character_id=HARVALD, amount=4, location="left_arm"))
    service.publish(DamageApplied(character_id=KORRATH, amount=2, location="right_leg"))
    service.publish(PointsSpent(character_id=HARVALD, pool=ORLANTH, amount=2))
    seen: list[Event] = []
    service.bus.subscribe(Event, seen.append)
    app = dashboard_app(service)
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            yield app, pilot, seen
    finally:
        service.close()


async def test_two_weeks_heal_each_week_and_worship_brings_the_rune_points_back(
    tmp_path: Path,
) -> None:
    async with night(tmp_path) as (app, pilot, seen):
        service = app.service
        assert "RQG · Freezeday, Stasis week, Storm Season 1625 · session 1" in app.sub_title
        # a week passes, twice: ctrl+w, 2 weeks, OK; the worship dialog comes, lists Harvald
        await type_ahead(pilot, "ctrl+w", "backspace", "2", "enter")
        assert isinstance(app.screen, WorshipDialog)
        assert "Harvald Stormbrow: Orlanth Adventurous 1/3 → 3, at the high holy day" in (
            region_text(app, app.screen.query_one("#dialog"))
        )
        await type_ahead(pilot, "enter")  # he worshipped
        assert not isinstance(app.screen, WorshipDialog)

        heals = [(e.character_id, e.location, key_text(e.game_date))
                 for e in seen if isinstance(e, HealingApplied)]  # fmt: skip
        # each wounded location heals at the end of each week (Harvald CON 14: 3 a week;
        # Korrath's leg, 2 points, is whole after the first)
        assert heals == [
            (HARVALD, "chest", MOVEMENT), (HARVALD, "left_arm", MOVEMENT),
            (KORRATH, "right_leg", MOVEMENT),
            (HARVALD, "chest", ILLUSION), (HARVALD, "left_arm", ILLUSION),
        ]  # fmt: skip
        harvald = service.character(HARVALD)
        assert harvald.hit_points == 15 and harvald.locations["chest"] == 6
        # the Rune points came back on Windsday of Movement week, by the worship confirmed
        assert harvald.cults[0].rune_points == 3
        back = [e for e in seen if isinstance(e, PointsSpent) and e.pool == ORLANTH]
        assert [(e.amount, key_text(e.game_date)) for e in back] == [(-2, HOLY)]
        marks = [(e.kind, key_text(e.game_date)) for e in seen if isinstance(e, CalendarMarked)]
        assert marks == [("week", MOVEMENT), ("holy_day", HOLY), ("week", ILLUSION),
                         ("worship", HOLY)]  # fmt: skip
        assert app.sub_title.startswith(f"RQG · {ILLUSION} · session 1")

        # the log shows where the date changed, and every entry's own in its detail
        table = app.query_one(LogTable)
        rows = [" ".join(" ".join(table.row_lines(i)).split()) for i in range(table.row_count)]
        assert any(f"of 14 d pass · now {MOVEMENT}" in row for row in rows)
        assert any("Orlanth Adventurous: high holy day (Harvald Stormbrow)" in row for row in rows)
        assert any("worship at the high holy day of Orlanth Adventurous" in row for row in rows)
        await type_ahead(pilot, "4", "enter")
        assert isinstance(app.screen, LogEntryDialog)
        detail = " ".join(region_text(app, app.screen.query_one("#dialog")).split())
        assert f"game date {HOLY}" in detail  # the last entry: Harvald's Rune points back
        await type_ahead(pilot, "escape")

    # the journal tells the night day by day of the game
    text = log_export.export(log_reading.records(service, "all"), "md", title="Night")
    assert f"#### {MOVEMENT} (in the game)" in text
    story = text[text.index(f"#### {HOLY} (in the game)") :]
    assert "Orlanth Adventurous: high holy day (Harvald Stormbrow)." in story.split("####")[1]
    assert f"| {ILLUSION} |" in text


async def test_the_calendar_pages_its_weeks_and_sets_the_date_and_holy_days(
    tmp_path: Path,
) -> None:
    async with night(tmp_path) as (app, pilot, seen):
        await type_ahead(pilot, "W")
        assert isinstance(app.screen, WeekView)

        def view() -> str:
            """The calendar's text, its lines joined (the box's sides left out)."""
            lines = region_text(app, app.screen.query_one("#dialog")).splitlines()
            return " ".join(" ".join(line.strip(" █") for line in lines).split())

        assert "Today: Freezeday, Stasis week, Storm Season 1625, 08:00" in view()
        assert "Next holy days: Windsday, Movement week, Storm Season 1625: Orlanth " \
               "Adventurous: high holy day (Harvald Stormbrow)" in view()  # fmt: skip
        await type_ahead(pilot, "n")
        assert "Movement week" in view()
        assert f"{HOLY} Orlanth Adventurous: high holy day (Harvald Stormbrow)" in view()
        await type_ahead(pilot, "p", "p")
        assert "Fertility week" in view()
        await type_ahead(pilot, "t")
        assert "Stasis week" in view()
        # the date, typed fast: no time passes, nothing heals
        await type_ahead(pilot, "d", "ctrl+u", *"Godsday, Death week, Sea Season 1626", "enter")
        assert isinstance(app.screen, WeekView)
        assert "Today: Godsday, Death week, Sea Season 1626, 08:00 · Waha: seasonal holy day" \
               in view()  # fmt: skip
        assert [type(e) for e in seen] == [CalendarSet]
        assert app.service.state.clock == 0
        # a cult's holy days: h, the cult by its number, then the three kinds
        await type_ahead(pilot, "h", "2", "ctrl+u", *"Godsday", "tab", "ctrl+u", "tab",
                         "ctrl+u", *"Godsday of Truth week, Dark Season", "enter")  # fmt: skip
        assert isinstance(app.screen, WeekView)
        lhankor = app.service.state.campaign.dates.cult_days("Lhankor Mhy")
        assert lhankor.describe() == "weekly: Godsday · high: Godsday of Truth week, Dark Season"
        assert "Lhankor Mhy: weekly holy day (Irvala Greyquill)" in view()
        await type_ahead(pilot, "escape")
        assert not isinstance(app.screen, WeekView)
        # the holiest first
        assert "Godsday, Death week, Sea Season 1626 · Waha: seasonal holy day · Lhankor Mhy: " \
               "weekly holy day" in app.sub_title  # fmt: skip


async def test_nobody_worships_when_the_dialog_is_escaped(tmp_path: Path) -> None:
    async with night(tmp_path) as (app, pilot, seen):
        # one burst: the escape typed ahead waits for the worship dialog, and answers it
        await type_ahead(pilot, "T", "ctrl+u", *"10d", "enter", "escape")
        assert not isinstance(app.screen, WorshipDialog)
        assert app.service.character(HARVALD).cults[0].rune_points == 1
        assert not any(isinstance(e, CalendarMarked) and e.kind == "worship" for e in seen)
        assert any(isinstance(e, CalendarMarked) and e.kind == "holy_day" for e in seen)


async def test_the_worship_dialog_typed_ahead_in_one_burst(tmp_path: Path) -> None:
    async with night(tmp_path) as (app, pilot, seen):
        # two weeks, untick everyone, tick him again, confirm: all typed before anything shows
        await type_ahead(pilot, "ctrl+w", "backspace", "2", "enter", "x", "space", "enter")
        assert not isinstance(app.screen, WorshipDialog)
        assert app.service.character(HARVALD).cults[0].rune_points == 3
        assert sum(1 for e in seen if isinstance(e, CalendarMarked) and e.kind == "worship") == 1
