"""The resistance calculator: stepping, typing, presets, live odds, the logged roll, the table."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import Button, Input, Select, Static

from gmdash import rules
from gmdash.model.events import Event, PointsSpent, RollMade
from gmdash.play.campaign import CampaignService, create_demo
from gmdash.rules import ScriptedRng, SeededRng
from gmdash.tui.app import GmDashApp
from gmdash.tui.dialogs.resistance_actors import ActorsDialog
from gmdash.tui.panes.log import LogPane
from gmdash.tui.panes.resistance import (
    ACTIVE,
    PASSIVE,
    RESULT,
    ResistancePane,
    ResistanceTable,
    render_table,
    window,
)
from gmdash.tui.panes.roster import RosterPane
from gmdash.tui.panes.strike_ranks import StrikeRankPane


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=30)
        return self.now


@pytest.fixture
def service(tmp_path: Path) -> AsyncIterator[CampaignService]:
    svc = create_demo(tmp_path, clock=Clock())
    yield svc
    svc.close()


def events_of(service: CampaignService) -> list[Event]:
    seen: list[Event] = []
    service.bus.subscribe(Event, seen.append)
    return seen


def text_of(app: GmDashApp, selector: str) -> str:
    widget = app.query_one(selector)
    assert isinstance(widget, Static | ResistanceTable)
    content = widget.content
    return content.plain if isinstance(content, Text) else str(content)


async def test_stepping_and_switching_sides(service: CampaignService) -> None:
    app = GmDashApp(service, rng=SeededRng(7), clock=service.clock)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("3")
        pane = app.query_one(ResistancePane)
        assert pane.has_focus
        assert (pane.active, pane.passive, pane.side) == (13, 15, ACTIVE)
        await pilot.press("up", "up")
        assert pane.active == 15
        await pilot.press("right", "down")
        assert (pane.side, pane.passive) == (PASSIVE, 14)
        await pilot.press("right")
        assert pane.side == RESULT
        await pilot.press("right")
        assert pane.side == ACTIVE
        await pilot.press("left")
        assert pane.side == RESULT
        await pilot.press("left", "down", "down")
        assert pane.passive == 12
        # values stay >= 1
        pane.switch_to(ACTIVE)
        for _ in range(20):
            await pilot.press("down")
        assert pane.active == 1
        assert "STR 1 vs SIZ 12" in pane.label


async def test_typing_values_and_bad_input(service: CampaignService) -> None:
    app = GmDashApp(service, rng=SeededRng(7), clock=service.clock)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("3")
        pane = app.query_one(ResistancePane)
        await pilot.press("equals_sign", "1", "8")
        assert pane.active == 18 and pane.typing
        assert "enter keeps" in text_of(app, "#res-values")
        await pilot.press("enter")  # keeps the value; typing ends
        assert pane.active == 18 and not pane.typing
        await pilot.press("right", "v", "9")
        assert pane.passive == 9
        assert pane.chance == 95
        await pilot.press("backspace")  # erases the typed digit: the value stays
        assert pane.passive == 9
        await pilot.press("0")
        assert pane.passive == 9 and "1 or more" in pane.error
        # a zero typed changes nothing; enter refuses it and typing goes on: nothing rolled
        seen = events_of(service)
        await pilot.press("enter")
        await pilot.pause()
        assert not [e for e in seen if isinstance(e, RollMade)]
        assert pane.typing and "1 or more" in pane.error
        await pilot.press("backspace", "7")
        assert pane.passive == 7 and pane.error == ""
        await pilot.press("1", "2", "3")
        assert pane.passive == 712 and "3 digits" in pane.error
        await pilot.press("escape")  # cancels: back to the value before typing
        assert pane.passive == 15 and pane.error == "" and not pane.typing
        assert pane.has_focus
        # the typed D100 result: 00 is 100, 101 is refused
        await pilot.press("right", "equals_sign", "0", "0")
        assert pane.result == 100
        await pilot.press("backspace", "backspace", "1", "0", "1")
        assert pane.result == 10 and "1 to 100 (00 is 100)" in pane.error
        await pilot.press("escape")
        assert pane.result is None and not pane.typing


async def test_digits_outside_typing_mode_focus_the_panes(service: CampaignService) -> None:
    """Keys 1-4 focus the panes from anywhere, the resistance pane included."""
    app = GmDashApp(service, rng=SeededRng(7), clock=service.clock)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("3")
        pane = app.query_one(ResistancePane)
        assert pane.has_focus
        await pilot.press("4")
        assert app.query_one(LogPane).table.has_focus
        await pilot.press("3", "1")
        assert app.query_one(RosterPane).table.has_focus
        await pilot.press("3", "2")
        assert app.query_one(StrikeRankPane).main_widget().has_focus
        await pilot.press("3", "5", "0", "9")  # other digits do nothing there
        assert pane.has_focus and (pane.active, pane.passive, pane.result) == (13, 15, None)
        # in typing mode digits type; enter ends it and 4 focuses the log again
        await pilot.press("v", "4")
        assert pane.active == 4 and pane.has_focus
        await pilot.press("enter", "4")
        assert app.query_one(LogPane).table.has_focus
        assert pane.active == 4 and not pane.typing
        # leaving the pane while typing keeps the typed value
        await pilot.press("3", "right", "v", "9", "tab")
        assert pane.passive == 9 and not pane.typing


async def test_typed_result_then_enter_rolls(service: CampaignService) -> None:
    app = GmDashApp(service, rng=ScriptedRng([]), clock=service.clock)
    seen = events_of(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("3", "left", "v", "0", "7", "enter")
        await pilot.pause()
        assert not [e for e in seen if isinstance(e, RollMade)]  # the first enter keeps it
        pane = app.query_one(ResistancePane)
        assert pane.result == 7 and not pane.typing
        await pilot.press("enter")  # the second one rolls it
        await pilot.pause()
        rolls = [e for e in seen if isinstance(e, RollMade)]
        assert [r.roll for r in rolls] == [7] and rolls[0].details.get("typed") is True


async def test_presets_cycle_and_label(service: CampaignService) -> None:
    app = GmDashApp(service, rng=SeededRng(7), clock=service.clock)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("3")
        pane = app.query_one(ResistancePane)
        titles = [pane.preset.title]
        for _ in range(6):
            await pilot.press("p")
            titles.append(pane.preset.title)
        assert titles == ["STR vs SIZ", "MP vs MP", "POW vs POW", "CON vs potency",
                          "CON vs CON", "DEX vs DEX", "STR vs SIZ"]  # fmt: skip
        await pilot.press("p", "p", "p")
        assert pane.label == "CON 13 vs potency 15"
        assert "CON" in text_of(app, "#res-values") and "potency" in text_of(app, "#res-values")
        assert "CON vs potency" in str(pane.border_subtitle)


async def test_brp_offers_app_vs_app(tmp_path: Path) -> None:
    svc = CampaignService.create(tmp_path, "Brp night", rules.RuleSet.BRP, clock=Clock())
    try:
        app = GmDashApp(svc, rng=SeededRng(7), clock=svc.clock)
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.press("3")
            pane = app.query_one(ResistancePane)
            for _ in range(6):
                await pilot.press("p")
            assert pane.preset.title == "APP vs APP"
            # BRP has no critical level
            assert "crit" not in text_of(app, "#res-values")
    finally:
        svc.close()


async def test_odds_are_live_and_exact(service: CampaignService) -> None:
    app = GmDashApp(service, rng=SeededRng(7), clock=service.clock)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("3")
        pane = app.query_one(ResistancePane)
        odds = text_of(app, "#res-values").splitlines()[1]  # under the values line
        assert odds.startswith("40%")
        expected = rules.level_odds(40)
        assert f"crit {expected[rules.Level.CRITICAL]}" in odds
        assert f"fail {expected[rules.Level.FAILURE]}" in odds
        # a '---' cell: 01-05 still succeed, 96-00 fail
        await pilot.press("=", "2", "enter", "right", "=", "1", "8", "enter")
        assert pane.chance == -30
        assert "only 01-05 succeed" in text_of(app, "#res-values")
        counts = pane.odds()
        successes = sum(counts[lv] for lv in rules.Level if lv.is_success)
        assert successes == 5
        assert counts == rules.level_odds(1)


async def test_enter_rolls_and_logs(service: CampaignService) -> None:
    app = GmDashApp(service, rng=ScriptedRng([12, 99]), clock=service.clock)
    seen = events_of(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("3", "enter")
        await pilot.pause()
        rolls = [e for e in seen if isinstance(e, RollMade)]
        assert len(rolls) == 1
        roll = rolls[0]
        assert (roll.kind, roll.label, roll.chance, roll.roll, roll.level) == (
            "resistance", "STR 13 vs SIZ 15", 40, 12, "success"
        )  # fmt: skip
        assert roll.details["active"] == 13 and roll.details["passive"] == 15
        assert service.current_session is not None  # a session was opened for the roll
        assert "12" in text_of(app, "#res-result") and "SUCCESS" in text_of(app, "#res-result")
        # a typed physical result is read, not rolled, and cleared afterwards
        pane = app.query_one(ResistancePane)
        await pilot.press("right", "right", "v", "0", "3", "enter")
        await pilot.press("enter")
        await pilot.pause()
        rolls = [e for e in seen if isinstance(e, RollMade)]
        assert rolls[-1].roll == 3 and rolls[-1].level == "special"
        assert rolls[-1].details.get("typed") is True
        assert pane.result is None
        await pilot.press("enter")  # the app's dice again: 99 fumbles at 40%
        await pilot.pause()
        rolls = [e for e in seen if isinstance(e, RollMade)]
        assert rolls[-1].roll == 99 and rolls[-1].level == "fumble"
        assert "FUMBLE" in text_of(app, "#res-result")
        await pilot.press("ctrl+z")  # undo strikes the roll out; the result says so
        await pilot.pause()
        assert "struck out" in text_of(app, "#res-result")


async def test_dash_cell_roll_of_03_succeeds(service: CampaignService) -> None:
    app = GmDashApp(service, rng=ScriptedRng([3]), clock=service.clock)
    seen = events_of(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("3", "v", "2", "enter", "right", "v", "1", "8", "enter", "enter")
        await pilot.pause()
        roll = [e for e in seen if isinstance(e, RollMade)][-1]
        assert roll.chance == -30 and roll.level in {"success", "special", "critical"}


def test_window_stays_inside_the_table() -> None:
    assert window(1, 5) == range(1, 6)
    assert window(21, 5) == range(17, 22)
    assert window(11, 5) == range(9, 14)
    assert window(10, 40) == range(1, 22)


def test_render_table_highlights_the_cell() -> None:
    text = render_table(13, 15, 200, 40)
    lines = text.plain.splitlines()
    assert len(lines) == 22  # header + 21 rows: the whole table
    header = lines[0].split()
    assert header[0] == "P\\A" and header[1:] == [str(a) for a in range(1, 22)]
    row15 = lines[15].split()
    assert row15[0] == "15" and row15[13] == "40"  # column 13, row 15
    assert lines[21].split()[1] == "---"  # active 1 vs passive 21: -50
    highlighted = [
        text.plain[span.start : span.end] for span in text.spans if "yellow" in str(span.style)
    ]
    assert highlighted == [" 40"[-3:]]


async def test_table_highlight_clamps_and_says_so(service: CampaignService) -> None:
    app = GmDashApp(service, rng=SeededRng(7), clock=service.clock)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("3", "v", "2", "5")
        pane = app.query_one(ResistancePane)
        assert pane.active == 25 and pane.chance == 100
        assert "STR 25 off the table: at 21" in text_of(app, "#res-values")
        table = app.query_one(ResistanceTable)
        assert (table.active, table.passive) == (25, 15)
        drawn = text_of(app, "#res-table")
        assert "21" in drawn.splitlines()[0].split()


async def test_fits_at_100x30_and_maximised(service: CampaignService) -> None:
    app = GmDashApp(service, rng=SeededRng(7), clock=service.clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("3")
        pane = app.query_one(ResistancePane)
        assert pane.size.width <= 34
        small = text_of(app, "#res-table").splitlines()
        assert 3 <= len(small) < 22
        assert any(line.split()[0] == "15" for line in small[1:])  # the current row shows
        await pilot.press("m")
        await pilot.pause()
        full = text_of(app, "#res-table").splitlines()
        assert len(full) == 22
        assert len(full[0].split()) == 22


async def test_two_actors_give_their_current_values(service: CampaignService) -> None:
    # Harvald (MP 13) against Gorehorn (MP 9): 70%; a spent point shows at once. The values
    # asked for follow the preset (p: MP vs MP)
    rolls: list[RollMade] = []
    service.bus.subscribe(RollMade, rolls.append)
    app = GmDashApp(service, rng=SeededRng(7), clock=service.clock)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("3", "p", "a")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ActorsDialog)
        dialog.query_one("#active", Input).value = "harv"
        dialog.query_one("#passive", Input).value = "gore"
        await pilot.pause()
        assert "Harvald Stormbrow MP 13 vs Gorehorn MP 9" in str(
            dialog.query_one("#preview", Static).render()
        )
        await pilot.press("ctrl+s")
        await pilot.pause()
        pane = app.query_one(ResistancePane)
        assert (pane.active, pane.passive, pane.chance) == (13, 9, 70)
        assert "Harvald Stormbrow" in text_of(app, "#res-values")
        service.publish(PointsSpent(character_id="c0001", pool="magic", amount=3))
        await pilot.pause()
        assert (pane.active, pane.chance) == (10, 55)
        await pilot.press("enter")
        await pilot.pause()
        assert rolls[-1].label == "Harvald Stormbrow MP 10 vs Gorehorn MP 9"
        assert rolls[-1].details["active_id"] == "c0001"
        await pilot.press("up")  # a value stepped by hand is a plain number again
        assert pane.actors is None and pane.label == "MP 11 vs MP 9"


async def test_an_actor_without_the_value_is_refused(service: CampaignService) -> None:
    app = GmDashApp(service, rng=SeededRng(7), clock=service.clock)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("3", "a")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ActorsDialog)
        dialog.query_one("#active", Input).value = "nobody"
        await pilot.pause()
        assert dialog.query_one("#ok", Button).disabled
        await pilot.press("escape")
        assert app.query_one(ResistancePane).actors is None


async def test_the_actors_preview_follows_each_side_s_value(service: CampaignService) -> None:
    """Issue 30: the preview named the values first shown after either select changed."""
    app = GmDashApp(service, rng=SeededRng(7), clock=service.clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3", "a", *"Harvald", "tab", "tab", *"Korrath")
        dialog = app.screen
        assert isinstance(dialog, ActorsDialog)

        def preview() -> str:
            return str(dialog.query_one("#preview", Static).render())

        assert "Harvald Stormbrow STR 16 vs Korrath Sandstrider SIZ 13" in preview()
        dialog.query_one("#passive-key", Select).value = "STR"
        await pilot.pause()
        assert "Harvald Stormbrow STR 16 vs Korrath Sandstrider STR 14" in preview()
        dialog.query_one("#active-key", Select).value = "POW"
        await pilot.pause()
        assert "Harvald Stormbrow POW 13 vs Korrath Sandstrider STR 14" in preview()
        await pilot.press("ctrl+s")
        pane = app.query_one(ResistancePane)
        assert (pane.active, pane.passive) == (13, 14)
        assert "Korrath Sandstrider STR 14" in text_of(app, "#res-values").replace("\n", " ")
