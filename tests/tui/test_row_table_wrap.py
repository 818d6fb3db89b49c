"""The row table's wrapped rows (the roll log's): wrapping keeps every character and fits the
width, rows of several lines scroll, page and click as rows, and a table of 100,000 rows draws
only what is on screen."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region

from gmdash.tui.widgets.cells import (
    _ONE_CELL,
    between_items,
    fit,
    line_count,
    wrap_starts,
    wrapped,
)
from gmdash.tui.widgets.row_table import RowTable

WORDS = st.lists(st.sampled_from(["a", "Harvald", "Stormbrow", "·", "漢字", "x" * 30, " ", "  "]),
                 max_size=20).map("".join)  # fmt: skip


@given(WORDS, st.integers(min_value=1, max_value=40), st.integers(min_value=1, max_value=40))
def test_wrapping_fits_the_width_and_keeps_every_word(text: str, width: int, first: int) -> None:
    starts = wrap_starts(text, width, first)
    assert starts == sorted(set(starts)) and all(0 < s < len(text) for s in starts)
    lines = [text[a:b] for a, b in zip([0, *starts], [*starts, len(text)], strict=True)]
    for number, line in enumerate(lines):
        room = first if number == 0 else width
        # a wide character alone on a line one cell wide is the one thing that overflows
        assert cell_len(line.rstrip()) <= room or len(line.strip()) == 1, (lines, width, first)
    assert "".join(lines) == text
    for number, (line, start) in enumerate(zip(lines, starts, strict=False)):
        room = first if number == 0 else width
        word = text[start:].split(" ")[0]  # the whole word, though it may be cut after
        if line.endswith(" ") and line.strip() and word:  # greedy: the next word did not fit
            assert cell_len(line) + cell_len(word) > room, (lines, width, first)


@given(st.text(alphabet="ab ·é—\u00a0漢", max_size=60), st.integers(min_value=1, max_value=20),
       st.one_of(st.none(), st.integers(min_value=1, max_value=20)),
       st.integers(min_value=1, max_value=12))  # fmt: skip
def test_the_fast_count_is_the_wrapping_counted(
    text: str, width: int, first: int | None, cap: int
) -> None:
    assert line_count(text, width, cap, first) == min(cap, 1 + len(wrap_starts(text, width, first)))
    assert len(wrapped(Text(text), width, cap, first)) == line_count(text, width, cap, first)


def test_wrapped_lines_drop_the_spaces_they_end_on_and_keep_styles() -> None:
    cell = Text("Harvald Stormbrow · Broadsword")
    cell.stylize("bold", 0, 7)
    lines = wrapped(cell, 18, 5)
    assert [line.plain for line in lines] == ["Harvald Stormbrow", "· Broadsword"]
    assert lines[0].spans[0].style == "bold"
    cut = wrapped(Text("one two three four five"), 5, 2)
    assert [line.plain for line in cut] == ["one", "two three four five"]  # fit() cuts the last


class WrapHost(App[None]):
    CSS = "RowTable { height: 12; }"

    def __init__(self, rows: int, label: str) -> None:
        super().__init__()
        self.rows = rows
        self.label = label

    def compose(self) -> ComposeResult:
        table = RowTable(wrap=True, cell_padding=0, id="table")
        table.add_column("n", key="n")
        table.add_column("what", key="what", flex=True)
        table.add_rows((f"r{i}", [f"{i}", f"{self.label} {i}"]) for i in range(self.rows))
        yield table

    @property
    def table(self) -> RowTable:
        return self.query_one(RowTable)


def lines_of(table: RowTable, index: int) -> list[str]:
    return [line.rstrip() for line in table.row_lines(index)]


def drawn(table: RowTable) -> list[str]:
    width, height = table.size
    rows = Region(0, 0, width - table.scrollbar_size_vertical, height)  # the scrollbar left out
    return [strip.text.rstrip() for strip in table.render_lines(rows)]


async def test_rows_of_several_lines_scroll_and_page_as_rows() -> None:
    app = WrapHost(40, "Harvald Stormbrow rolls Broadsword")
    async with app.run_test(size=(30, 14)) as pilot:
        table = app.table
        table.focus()
        await pilot.pause()
        assert lines_of(table, 0) == ["0 Harvald Stormbrow rolls", "  Broadsword 0"]
        await pilot.press("end")
        await pilot.pause()
        lines = drawn(table)
        assert lines[-2:] == ["39Harvald Stormbrow rolls", "  Broadsword 39"]
        assert table.scroll_offset.y == 2 * 40 + 1 - 12  # virtual lines: two a row, the header
        await pilot.press("pageup")
        assert table.cursor_row == 39 - 5  # a page of 11 lines holds 5 rows of 2
        await pilot.press("home")
        await pilot.pause()
        await pilot.click(RowTable, offset=(3, 4))  # the 2nd line of the 2nd row
        assert table.cursor_row == 1


async def test_too_little_room_beside_puts_the_text_below_at_full_width() -> None:
    app = WrapHost(2, "Harvald Stormbrow rolls Dodge")
    async with app.run_test(size=(18, 14)) as pilot:
        table = app.table
        table.update_cell("r1", "n", "012345678")
        await pilot.pause()
        assert lines_of(table, 1) == ["012345678", " Harvald Stormbrow", " rolls Dodge 1"]
        assert lines_of(table, 0) == ["0", " Harvald Stormbrow", " rolls Dodge 0"]


async def test_a_hundred_thousand_rows_are_measured_not_drawn() -> None:
    app = WrapHost(100_000, "Korrath Sandstrider dodges the broo")
    async with app.run_test(size=(30, 14)) as pilot:
        table = app.table
        table.focus()
        await pilot.press("end")
        await pilot.pause()
        assert table.drawn_rows <= 12
        assert "dodges the broo 99999" in " ".join(drawn(table)[-2:])
        await pilot.resize_terminal(60, 14)  # one line a row now: every height measured again
        await pilot.pause()
        assert drawn(table)[-1].endswith("Korrath Sandstrider dodges the broo 99999")
        assert table.virtual_size.height == 100_000 + 1 and table.drawn_rows <= 24


def test_the_characters_counted_as_one_cell_are_one_cell_wide_for_rich() -> None:
    # `line_count` counts them as cells on its fast path; Rich draws them.
    assert {char for char in _ONE_CELL if cell_len(char) != 1} == set()
    assert {"a", "é", "·", "—", "Ж", " "} <= _ONE_CELL and not {"\t", "\u00ad", "漢"} & _ONE_CELL


STARTS = ("combat starts: Harvald Stormbrow, Irvala Greyquill, Korrath Sandstrider, Meriel "
          "Greenhollow, Ford Raider 1, Ford Raider 2, Ford Raider 3, Gorp the Broo 1")  # fmt: skip


@pytest.mark.parametrize("width", range(14, 60))
def test_a_row_cut_at_its_last_line_never_cuts_a_numbered_name(width: int) -> None:
    """Issue 30: at 100x30 the log's "combat starts" row ended "Ford Raider …"."""
    last = wrapped(Text(STARTS), width, 4)[-1]
    shown = fit(last, width).plain.rstrip()
    for name in ("Ford Raider", "Gorp the Broo"):
        for found in re.finditer(re.escape(name), shown):
            assert re.match(r" \d", shown[found.end() :]), (width, shown)


@pytest.mark.parametrize(
    ("text", "width", "shown"),
    [
        ("Ford Raider 1, Ford Raider 2", 24, "Ford Raider 1, …"),
        ("Ford Raider 1, Ford Raider 2", 40, "Ford Raider 1, Ford Raider 2"),  # fits
        ("Irvala dealt 0, took 0 · Gorp dealt 3", 18, "Irvala dealt 0, took 0 · Gorp dealt 3"),
        ("armour 5: 2 through, left leg 12", 24, "armour 5: 2 through, left leg 12"),  # no name
        ("Marcellan the Lunar 2", 10, "Marcellan the Lunar 2"),  # no whole item: at the edge
    ],
)
def test_between_items(text: str, width: int, shown: str) -> None:
    assert between_items(Text(text), width).plain == shown
