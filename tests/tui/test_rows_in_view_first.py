"""Start-up makes the rows in view first: the roster's first characters and the log's last
lines, as many as the screen has lines; the rest right after the first frame (or before the
first key, if one comes sooner). A long roster or session log then costs the first frame what
a screenful does, and what follows sees whole lists."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from helpers import dashboard_app, region_text, screen_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.text import Text
from textual.app import App, ComposeResult

from gmdash.model.events import RollMade
from gmdash.play import log_reading, roster
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME, demo_state
from gmdash.tui.app import GmDashApp
from gmdash.tui.panes.log import LogPane, LogTable
from gmdash.tui.panes.roster import RosterPane
from gmdash.tui.widgets.row_table import RowTable

CHARACTERS = 120
ROLLS = 150


def _clock() -> object:
    now = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)

    def clock() -> datetime:
        nonlocal now
        now += timedelta(seconds=30)
        return now

    return clock


@pytest.fixture
def long_night(tmp_path: Path) -> Iterator[CampaignService]:
    """The demo with 120 characters and an open session of 150 rolls, some struck out."""
    state = demo_state()
    originals = list(state.characters.values())
    for number in range(len(originals) + 1, CHARACTERS + 1):
        model = originals[number % len(originals)]
        state.characters[f"c{number:04d}"] = replace(model, id=f"c{number:04d}",
                                                     name=f"{model.name} {number}")  # fmt: skip
    service = CampaignService.create(tmp_path, DEMO_NAME, state=state, clock=_clock(),
                                     durable=False)  # fmt: skip
    service.start_session()
    first = service.characters[0]
    for number in range(ROLLS):
        made = service.publish(RollMade(actor=first.name, character_id=first.id,
                                        label=f"Broadsword {number}", kind="ability", chance=60,
                                        roll=number % 100 + 1, level="success"))  # fmt: skip
        if number in (3, 77):
            service.strike_out(made.id, "a die off the table")
    yield service
    service.close()


def _first_frame(app: GmDashApp) -> dict[str, object]:
    """What the app's first frame showed: the rows each list had, the log's subtitle and the
    log pane's text (read as the app hears its first frame is drawn, before it makes the rest
    of the rows)."""
    seen: dict[str, object] = {}
    drawn = app._first_frame_drawn

    def first_frame_drawn() -> None:
        if not seen:
            log = app.query_one(LogPane)
            seen.update(roster=app.query_one(RosterPane).table.row_count,
                        log=log.table.row_count, subtitle=str(log.border_subtitle),
                        text=region_text(app, log))  # fmt: skip
        drawn()

    app._first_frame_drawn = first_frame_drawn  # type: ignore[method-assign]
    return seen


def _whole_rows(table: RowTable) -> list[str]:
    return [" ".join(cell.plain for cell in table.get_row_at(i)) for i in range(table.row_count)]


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_the_first_frame_makes_the_rows_in_view_and_the_rest_follow(
    long_night: CampaignService, size: tuple[int, int]
) -> None:
    app = dashboard_app(long_night)
    first = _first_frame(app)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        lines = size[1]
        assert first["roster"] == lines + 1 and first["log"] == lines + 1
        assert "session 1 · 153" in str(first["subtitle"])  # the whole count from the start
        log, pane = app.query_one(LogTable), app.query_one(LogPane)
        roster_table = app.query_one(RosterPane).table
        assert roster_table.row_count == CHARACTERS and log.row_count == ROLLS + 3
        assert roster_table.cursor_row == 0 and log.cursor_row == log.row_count - 1
        # the rows in view did not move when the others came before them (at 80x24 the log
        # turns compact at its first resize, after the first frame)
        shown = [line.rstrip(" ▁▂▃▄▅▆▇█│") for line in region_text(app, pane).splitlines()]
        before = [line.rstrip(" ▁▂▃▄▅▆▇█│") for line in str(first["text"]).splitlines()]
        assert shown[1:-1] == before[1:-1] or size == (80, 24)
        # and every line is the one a log read whole makes, in order, struck-out ones marked
        whole = log_reading.records(long_night, None)
        assert [r.event.id for r in pane.records] == [r.event.id for r in whole]
        assert [r.entry for r in pane.records] == [r.entry for r in whole]
        assert sum("(struck out)" in row for row in _whole_rows(log)) == 2
        ordered = [c.id for c in app.query_one(RosterPane).ordered()]
        assert roster_table.row_keys == ordered


async def test_a_key_before_the_rest_came_acts_on_whole_lists(
    long_night: CampaignService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A key typed ahead of the first frame's follow-up finds every row there."""
    monkeypatch.setattr(GmDashApp, "_first_frame_drawn", lambda self: None)
    app = dashboard_app(long_night)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.query_one(RosterPane).table
        assert table.row_count == 31  # nothing came after the first frame
        await pilot.press("end")
        assert table.row_count == CHARACTERS
        assert table.cursor_key == app.query_one(RosterPane).ordered()[-1].id
        assert app.query_one(LogTable).row_count == ROLLS + 3


async def test_a_change_before_the_rest_came_finds_whole_lists(
    long_night: CampaignService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An event from the bus (a roll made by the players' view, say) completes both lists
    before it is shown: a strike-out of a line not made yet still marks it."""
    monkeypatch.setattr(GmDashApp, "_first_frame_drawn", lambda self: None)
    app = dashboard_app(long_night)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        pane = app.query_one(LogPane)
        oldest = next(r.event.id for r in log_reading.records(long_night, None) if r.is_roll)
        long_night.strike_out(oldest, "late")
        await pilot.pause()
        assert pane.table.row_count == ROLLS + 4  # every line, and the strike-out's own
        assert pane.records[pane._index[oldest]].entry.struck
        who = long_night.characters[CHARACTERS - 1]
        roster.edit_character(long_night, replace(who, hit_points=who.hit_points - 1))
        await pilot.pause()
        table = app.query_one(RosterPane).table
        assert table.row_count == CHARACTERS
        hit_points = table.get_row_at(table.get_row_index(who.id))[2].plain
        assert hit_points.split()[-1].startswith(f"{who.hit_points - 1}/")


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(split=st.integers(min_value=0, max_value=ROLLS + 5), undo=st.booleans())
def test_a_log_read_from_its_end_makes_the_lines_a_reading_in_order_makes(
    long_night: CampaignService, split: int, undo: bool
) -> None:
    """Whatever the split, the last lines then the first are the lines read in order (the
    service's own reading, event after event), a strike-out and an undo naming their line."""
    if undo and long_night.undo_history:
        long_night.undo()
    reading = log_reading.LogReading(long_night)
    split = min(split, len(reading))
    last = reading.records(split)
    first = reading.records(0, split)
    in_order = long_night.entries(long_night.events())
    assert [r.entry for r in first + last] == in_order
    assert [r.event.id for r in first + last] == [e.id for e in long_night.events()]


class OneTable(App[None]):
    CSS = "RowTable { height: 8; }"

    def compose(self) -> ComposeResult:
        yield RowTable(wrap=True)


async def test_rows_put_before_keep_the_cursor_and_the_rows_in_view() -> None:
    app = OneTable()
    async with app.run_test(size=(30, 10)) as pilot:
        table = app.query_one(RowTable)
        table.add_column("n", key="n")
        table.add_column("what", key="what", flex=True)
        table.add_lazy_rows([(f"k{n}", [str(n), f"line {n}"],
                              lambda n=n: [Text(str(n)), Text(f"line {n}")])  # type: ignore[misc]
                             for n in range(20, 40)])  # fmt: skip
        table.move_cursor(row=19)
        await pilot.pause()
        before = screen_text(app).splitlines()
        table.prepend_lazy_rows([(f"k{n}", [str(n), f"an older line {n}"],
                                  lambda n=n: [Text(str(n)), Text(f"an older line {n}")])  # type: ignore[misc]
                                 for n in range(100, 120)])  # fmt: skip
        await pilot.pause()
        assert table.row_count == 40 and table.cursor_key == "k39" and table.cursor_row == 39
        assert table.get_row_index("k20") == 20 and table.get_row_at(0)[0].plain == "100"
        # the number column is wider now: the rows in view are the same rows, the last at the
        # bottom
        after = screen_text(app).splitlines()
        assert [row[:-2].split() for row in after[1:]] == [row[:-2].split() for row in before[1:]]
        with pytest.raises(ValueError, match="duplicate"):
            table.prepend_lazy_rows([("k30", ["3"], lambda: [Text("3"), Text("")])])
        assert table.row_count == 40
        await pilot.press("home")
        assert table.cursor_key == "k100" and table.scroll_offset.y == 0
