"""What keeps the dashboard's frames small while rolls stream in (issue 34's many writers):
a full log grows by a row without the screen laid out again, its scroll and scrollbar right;
the pane with the focus is lit, and its keys shown, in the frame that shows the focus moved;
a pane's lower border is drawn again only when its text changed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import dashboard_app, demo_session, screen_text
from rich.text import Text
from textual.app import App, ComposeResult

from gmdash.play.campaign import CampaignService
from gmdash.tui.keybar import KeyBar
from gmdash.tui.panes.base import Pane, pane_of
from gmdash.tui.panes.roster import RosterPane
from gmdash.tui.widgets.row_table import RowTable

from .test_widgets import shown

HEIGHT = 10


class GrowingLog(App[None]):
    """A row table as the log pane has it: as high as its rows, at most HEIGHT lines, its
    cursor following the last row; and how often the screen was laid out."""

    CSS = f"#box {{ height: {HEIGHT}; }} RowTable {{ height: auto; max-height: 100%; }}"

    def __init__(self) -> None:
        super().__init__()
        self.layouts = 0

    def compose(self) -> ComposeResult:
        from textual.containers import Vertical

        with Vertical(id="box"):
            table = RowTable(id="table")
            table.add_column("n", key="n")
            table.add_column("roll", key="roll", flex=True)
            yield table

    def on_mount(self) -> None:
        self.screen.screen_layout_refresh_signal.subscribe(self, self._laid_out)

    def _laid_out(self, _: object) -> None:
        self.layouts += 1

    @property
    def table(self) -> RowTable:
        return self.query_one(RowTable)

    def add(self, n: int) -> None:
        table = self.table
        at_bottom = table.row_count == 0 or table.cursor_row == table.row_count - 1
        table.add_rows([(f"r{n}", [Text(str(n)), f"roll number {n}"])])
        if at_bottom:
            table.move_cursor(row=table.row_count - 1)


async def test_a_full_log_grows_without_laying_the_screen_out_and_scrolls_right() -> None:
    app = GrowingLog()
    async with app.run_test(size=(40, 14)) as pilot:
        table = app.table
        for n in range(HEIGHT + 5):  # past its greatest height: the scrollbar comes
            app.add(n)
            await pilot.pause()
        assert table.show_vertical_scrollbar and table.size.height == HEIGHT
        laid_out = app.layouts
        for n in range(HEIGHT + 5, HEIGHT + 25):
            app.add(n)
            await pilot.pause()
            lines = table.virtual_size.height
            assert lines == n + 2  # the rows and the header
            assert table.vertical_scrollbar.window_virtual_size == lines
            assert table.max_scroll_y == lines - HEIGHT and table.scroll_y == table.max_scroll_y
            assert f"roll number {n}" in shown(table)[-1]  # the new row in view, at the bottom
        assert app.layouts == laid_out  # twenty rows, and the screen never laid out again


async def test_the_log_shrinking_or_widening_is_laid_out_as_before() -> None:
    app = GrowingLog()
    async with app.run_test(size=(40, 14)) as pilot:
        table = app.table
        for n in range(HEIGHT + 5):
            app.add(n)
        await pilot.pause()
        laid_out = app.layouts
        table.add_rows([("wide", [Text("1234567"), "a roll"])])  # a wider first column
        table.move_cursor(row=table.row_count - 1)
        await pilot.pause()
        assert app.layouts > laid_out
        assert "1234567" in "\n".join(shown(table))
        table.clear()
        table.add_rows([("one", [Text("1"), "the only roll"])])
        await pilot.pause()
        assert not table.show_vertical_scrollbar and table.size.height == 2  # header and row


@pytest.fixture
def night(tmp_path: Path) -> Iterator[CampaignService]:
    with demo_session(tmp_path) as service:
        yield service


async def test_the_focused_pane_is_lit_and_its_keys_shown_in_the_frame_that_shows_the_focus(
    night: CampaignService,
) -> None:
    app = dashboard_app(night)
    frames: list[tuple[str | None, set[str], str | None]] = []

    def post_display_hook() -> None:
        if app.screen is app.screen_stack[0]:
            pane = pane_of(app.focused)
            lit = {p.scope for p in app.query(Pane) if p.has_class("-focused")}
            frames.append((pane.scope if pane else None, lit, app.query_one(KeyBar).scope))

    app.post_display_hook = post_display_hook  # type: ignore[method-assign]
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        await pilot.press("4", "2", "3", "1", "4")  # typed at once
        await pilot.pause()
        text = screen_text(app)
    assert frames[-1][0] == "log"
    for focused, lit, keys in frames:
        assert lit == {focused} and keys == focused
    assert "Roll log" in text


async def test_a_roll_draws_the_roster_pane_again_only_when_its_text_changed(
    night: CampaignService,
) -> None:
    app = dashboard_app(night)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        roster = app.query_one(RosterPane)
        subtitle = roster.border_subtitle
        await pilot.press("4", "r", "S", "c", "a", "enter", "enter")  # a roll: the log grows
        await pilot.pause()
        assert roster.border_subtitle is subtitle  # not set again: the pane not drawn again
        await pilot.press("1", "down")
        await pilot.pause()
        assert roster.border_subtitle is not subtitle  # another character: the name changed
