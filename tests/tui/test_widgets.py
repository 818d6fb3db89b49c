"""The dashboard's own light widgets: the row table, the title bar, the sheet's grid, and the
breakpoint class set before the first frame."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import ClassVar

import pytest
from helpers import demo_service
from rich.console import Console
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip

from gmdash.rules import SeededRng
from gmdash.tui.app import GmDashApp
from gmdash.tui.breakpoints import breakpoint_class
from gmdash.tui.titlebar import TitleBar, title_line
from gmdash.tui.widgets.character_sheet import Grid
from gmdash.tui.widgets.lists import PagedOptionList, PagedSelectionList
from gmdash.tui.widgets.row_table import RowKeyError, RowTable

ROWS = 30


class TableHost(App[None]):
    """A row table of ROWS rows, 10 lines high, recording the highlighted keys."""

    CSS = "RowTable { height: 10; }"

    def __init__(self, *, show_header: bool = True) -> None:
        super().__init__()
        self.show_header = show_header
        self.highlighted: list[str] = []

    def compose(self) -> ComposeResult:
        table = RowTable(show_header=self.show_header, id="table")
        table.add_column("n", key="n")
        table.add_column("name", key="name", flex=True)
        table.add_column("%", key="pct")
        table.add_rows(
            (f"r{i}", [Text(str(i), justify="right"), f"row number {i}", f"{i}%"])
            for i in range(ROWS)
        )
        yield table

    def on_row_table_row_highlighted(self, message: RowTable.RowHighlighted) -> None:
        self.highlighted.append(message.row_key)

    @property
    def table(self) -> RowTable:
        return self.query_one(RowTable)


def shown(table: RowTable) -> list[str]:
    """The table's rows as drawn, trailing spaces dropped."""
    width, height = table.size
    rows = Region(0, 0, width - table.scrollbar_size_vertical, height)  # the scrollbar left out
    return [strip.text.rstrip() for strip in table.render_lines(rows)]


def cursor_background(table: RowTable) -> object:
    """The background the cursor's row is drawn with, as the table draws it now."""
    width = table.size.width
    line = table.render_lines(Region(0, 1 + table.cursor_row, width, 1))[0]  # under the header
    return next(seg.style.bgcolor for seg in line if seg.text.strip() and seg.style)


class CountingTable(RowTable):
    """A row table that notes each line it makes (Textual asks for the lines it lacks)."""

    made: ClassVar[list[int]] = []

    def render_line(self, y: int) -> Strip:
        self.made.append(y)
        return super().render_line(y)


class TwoTables(TableHost):
    """The host's table (counting the lines it makes) above a second, one-row table."""

    def compose(self) -> ComposeResult:
        table = CountingTable(id="table")
        table.add_column("n", key="n")
        table.add_column("name", key="name", flex=True)
        table.add_rows((f"r{i}", [str(i), f"row number {i}"]) for i in range(ROWS))
        yield table
        other = RowTable(id="other")
        other.add_column("n", key="n")
        other.add_rows([("x", ["x"])])
        yield other


async def test_the_cursor_row_is_drawn_lit_exactly_while_the_table_has_the_focus() -> None:
    # Its colour is picked as the row is drawn, and the row drawn again as the focus comes
    # and goes: what the table draws after each move (its lines kept between frames) shows it.
    app = TwoTables()
    async with app.run_test(size=(40, 24)) as pilot:
        table = app.table
        lit = table.get_component_rich_style("row-table--cursor").bgcolor
        dim = table.get_component_rich_style("row-table--cursor-blurred").bgcolor
        assert lit != dim
        for focus, expected in ((table, lit), (app.query_one("#other"), dim), (table, lit)):
            focus.focus()
            await pilot.pause()
            assert cursor_background(table) == expected
            await pilot.press("down")  # the keys go where the focus is
        assert table.cursor_row == 2


async def test_a_focus_move_makes_the_cursor_row_again_and_keeps_the_other_lines() -> None:
    # Textual repaints a widget whole as the focus comes or goes; the table's other lines
    # show what they showed, so they are kept, not made again from their rows (nor the
    # cursor's, the second time it is lit or dimmed).
    app = TwoTables()
    async with app.run_test(size=(40, 24)) as pilot:
        table = app.table
        await pilot.pause()
        before = shown(table)
        for move in range(4):
            CountingTable.made.clear()
            (app.query_one("#other") if table.has_focus else table).focus()
            await pilot.pause()
            # the cursor's row (under the header) at most, lit or dimmed; both kept after
            assert set(CountingTable.made) <= ({1} if move < 2 else set())
            assert shown(table) == before
        await pilot.press("down")
        await pilot.pause()
        assert shown(table)[1:3] == before[1:3]  # same text, the cursor a row lower
        CountingTable.made.clear()
        table.styles.background = "red"  # a style change: every line made again
        await pilot.pause()
        assert sorted(set(CountingTable.made)) == list(range(table.size.height))


async def test_a_full_table_scrolled_by_a_row_makes_the_new_row_alone() -> None:
    # Each line shown moves up by one: drawn before, it is given again on its new line.
    app = TwoTables()
    async with app.run_test(size=(40, 24)) as pilot:
        table = app.table
        table.move_cursor(row=ROWS - 1)  # at the end, the rows scrolled up
        await pilot.pause()
        before, bar_before = shown(table), bar_cells(table)
        CountingTable.made.clear()
        table.add_rows([(f"r{ROWS}", [str(ROWS), f"row number {ROWS}"])])
        table.move_cursor(row=ROWS)
        await pilot.pause()
        made = set(CountingTable.made)
        after, bar_after = shown(table), bar_cells(table)
        assert after[1:-2] == before[2:-1] and "row number 30" in after[-1]
        bottom = table.size.height - 1
        # the new row (now the cursor's), the row it was on, and the rows moved up beside
        # another scrollbar cell than they had (the thumb's ends)
        thumb = {y for y in range(bottom) if bar_after[y] != bar_before[y + 1]}
        assert {bottom} <= made <= {bottom - 1, bottom, *thumb}
        assert len(thumb) <= 3


def bar_cells(table: RowTable) -> list[list[object]]:
    """The scrollbar's cells as the table draws them, a line at a time."""
    width, height = table.size
    thickness = table.scrollbar_size_vertical
    return [
        list(strip) for strip in table.render_lines(Region(width - thickness, 0, thickness, height))
    ]


def scrollbar(table: RowTable) -> list[str]:
    """Each line's scrollbar cells as the table draws them: "#" for the thumb, "." for the
    track (the thumb's colour or glyph against the track's background)."""
    width, height = table.size
    thickness = table.scrollbar_size_vertical
    track = table.styles.scrollbar_background.rich_color
    cells = []
    for strip in table.render_lines(Region(width - thickness, 0, thickness, height)):
        (cell,) = list(strip)  # one run of `thickness` cells
        assert cell.style is not None and cell.style.meta == {}  # no mouse action of its own
        on_track = cell.style.bgcolor == track and not cell.style.reverse and not cell.text.strip()
        cells.append("." if on_track else "#")
    return cells


async def test_the_scrollbar_is_drawn_in_the_rows_lines_and_follows_the_scroll() -> None:
    app = TableHost()
    async with app.run_test(size=(40, 12)) as pilot:
        table = app.table
        await pilot.pause()
        assert table.scrollbar_size_vertical == 2  # the room Textual keeps for it
        assert table.vertical_scrollbar.display and not table.vertical_scrollbar.region
        top = scrollbar(table)
        assert len(top) == 10 and top[0] == "#" and top[-1] == "."
        assert 2 <= top.count("#") <= 5  # 10 lines of 31: a third at most, rounded up
        await pilot.press("end")
        await pilot.pause()
        assert scrollbar(table) == top[::-1]  # the same thumb, at the bottom
        await pilot.click(table, offset=(38, 1))  # on the bar, near its top
        await pilot.pause()
        assert 0 < table.scroll_y < table.max_scroll_y / 4
        assert scrollbar(table)[0] == "#" and scrollbar(table)[-1] == "."
        assert "row number" in shown(table)[1]  # the rows beside it, not cut by the bar


async def test_a_table_whose_rows_fit_draws_no_scrollbar() -> None:
    app = TableHost()
    async with app.run_test(size=(40, 40)) as pilot:  # room for its 30 rows and the header
        table = app.table
        table.styles.height = "auto"
        await pilot.pause()
        assert table.scrollbar_size_vertical == 0
        assert shown(table)[-1].endswith("29%")  # the last column at the right edge


async def test_keys_move_the_cursor_and_keep_it_in_view() -> None:
    app = TableHost()
    async with app.run_test(size=(40, 12)) as pilot:
        table = app.table
        table.focus()
        await pilot.pause()
        assert table.cursor_row == 0 and table.cursor_key == "r0"
        await pilot.press("down", "down")
        assert table.cursor_row == 2 and app.highlighted[-1] == "r2"
        await pilot.press("end")
        assert table.cursor_row == ROWS - 1
        await pilot.pause()
        assert "row number 29" in shown(table)[-1]  # scrolled to the last row
        assert "name" in shown(table)[0]  # the header stays on top
        await pilot.press("pageup")
        assert table.cursor_row == ROWS - 1 - 9  # a page: the 9 lines under the header
        await pilot.press("home", "up")
        assert table.cursor_row == 0
        await pilot.pause()
        assert shown(table)[1].split()[:2] == ["0", "row"]


async def test_a_click_selects_the_row_under_the_pointer() -> None:
    app = TableHost()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.click(RowTable, offset=(5, 4))  # line 4: the header, then rows 0, 1, 2
        assert app.table.cursor_row == 3 and app.highlighted[-1] == "r3"
        await pilot.click(RowTable, offset=(5, 0))  # the header selects nothing
        assert app.table.cursor_row == 3


async def test_the_flex_column_gives_way_and_the_others_stay_whole() -> None:
    app = TableHost()
    async with app.run_test(size=(24, 12)) as pilot:
        await pilot.pause()
        lines = shown(app.table)
        assert lines[1].endswith("0%") and "…" in lines[1]  # the name is cut, not the %
        await pilot.resize_terminal(60, 12)
        await pilot.pause()
        assert "row number 0" in shown(app.table)[1]  # room again: the name is whole


async def test_update_cell_clear_and_bad_keys() -> None:
    app = TableHost(show_header=False)
    async with app.run_test(size=(40, 12)) as pilot:
        table = app.table
        await pilot.pause()
        assert shown(table)[0].split()[0] == "0"  # no header line
        table.update_cell("r0", "name", "renamed")
        await pilot.pause()
        assert table.get_row_at(0)[1].plain == "renamed" and "renamed" in shown(table)[0]
        with pytest.raises(RowKeyError):
            table.update_cell("nope", "name", "x")
        with pytest.raises(RowKeyError):
            table.update_cell("r0", "nope", "x")
        with pytest.raises(ValueError, match="duplicate"):
            table.add_row("1", "again", "1%", key="r1")
        with pytest.raises(ValueError, match="cells"):
            table.add_row("1", key="short")
        table.clear()
        assert table.row_count == 0 and table.cursor_key is None
        table.move_cursor(row=3)  # nothing to move to: no error, no message
        assert table.column_labels == ["n", "name", "%"]
        table.clear(columns=True)
        assert table.column_labels == []


def test_title_line_centres_the_title_and_cuts_what_does_not_fit() -> None:
    line = title_line("Demo", "RQG · session 2", 40)
    assert line.plain.startswith(" ⚔ ") and "Demo — RQG · session 2" in line.plain
    left = line.plain.index("Demo") - 3
    right = 40 - 3 - len(line.plain.rstrip())
    assert abs(left - right) <= 1
    assert title_line("A long campaign name", "RQG · session 12, since 20:00", 20).plain.endswith(
        "…"
    )


def test_grid_columns_fit_and_the_flex_column_gives_way() -> None:
    grid = Grid(["Weapon", "%", "HP"], [["Broadsword", "70", "12"], ["Dagger", "40", "6"]],
                right=frozenset({1, 2}))  # fmt: skip
    wide = Console(width=40, color_system=None, record=True)
    wide.print(grid)
    assert wide.export_text().splitlines() == [
        "Weapon       %  HP",
        "Broadsword  70  12",
        "Dagger      40   6",
    ]
    narrow = Console(width=12, color_system=None, record=True)
    narrow.print(grid)
    lines = narrow.export_text().splitlines()
    assert all(len(line) <= 12 for line in lines)
    assert lines[1].startswith("Bro…") and lines[1].rstrip().endswith("12")


@pytest.mark.parametrize(("width", "name"), [(80, "-narrow"), (129, "-narrow"), (130, "-wide")])
def test_breakpoint_class_follows_textual(width: int, name: str) -> None:
    assert breakpoint_class(width) == name


async def test_the_first_frame_has_its_breakpoint_class_and_a_resize_changes_it(
    tmp_path: Path,
) -> None:
    service = demo_service(tmp_path, lambda: datetime(2026, 3, 14, 20, 0, tzinfo=UTC))
    app = GmDashApp(service, rng=SeededRng(1))
    async with app.run_test(size=(100, 30)) as pilot:
        assert app.screen.has_class("-narrow") and not app.screen.has_class("-wide")
        assert app.query_one(TitleBar).region.height == 1
        await pilot.resize_terminal(160, 50)
        assert app.screen.has_class("-wide") and not app.screen.has_class("-narrow")
    service.close()


@pytest.mark.parametrize("key", ["pageup", "pagedown"])
async def test_page_keys_before_the_first_layout_do_nothing(key: str) -> None:
    """A page key typed ahead as a dialog opens used to raise a KeyError inside Textual."""
    options = PagedOptionList(*(f"option {i}" for i in range(30)))
    selection = PagedSelectionList(*((f"option {i}", str(i)) for i in range(30)))
    for listing in (options, selection):
        before = listing.highlighted
        getattr(listing, f"action_{key.replace('page', 'page_')}")()  # not laid out yet
        assert listing.highlighted == before

    class ListHost(App[None]):
        def compose(self) -> ComposeResult:
            yield PagedSelectionList(*((f"option {i}", str(i)) for i in range(30)))

    app = ListHost()
    async with app.run_test(size=(40, 12)) as pilot:
        listing = app.query_one(PagedSelectionList)
        listing.focus()
        await pilot.press("pagedown")
        assert (listing.highlighted or 0) > 0  # laid out: a page key pages


async def test_the_first_focus_styles_the_roster_as_a_full_restyle_does(tmp_path: Path) -> None:
    # The auto-focus styles the focused table once, with its pane (`StyledOnce`): what it
    # shows must be what styling every widget afresh gives, and the table does have the focus.
    service = demo_service(tmp_path, lambda: datetime(2026, 3, 14, 20, 0, tzinfo=UTC))
    app = GmDashApp(service, rng=SeededRng(1))
    async with app.run_test(size=(160, 50)) as pilot:
        table = app.query_one("#roster-table", RowTable)
        assert app.focused is table and table.has_focus and table.has_pseudo_class("focus")
        widgets = [app.query_one("#roster"), table, app.query_one("#log"), app.screen]

        def looks() -> list[object]:
            return [(w.styles.border, w.styles.background, w.rich_style,
                     w.get_component_rich_style("row-table--cursor") if w is table else None)
                    for w in widgets]  # fmt: skip

        first = looks()
        app.stylesheet.update(app, animate=False)  # every widget styled afresh
        await pilot.pause()
        assert looks() == first
    service.close()
