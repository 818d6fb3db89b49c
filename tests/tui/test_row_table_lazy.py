"""The row table's lazy rows: a row's cells are made when it is first drawn or read (its plain
text sizes the columns and measures it), so that the start-up and every later change cost the
rows on screen, not the length of the list; and the cells drawn straight to segments draw as
Rich would draw them."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from helpers import dashboard_app, region_text
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult

from gmdash.model.events import RollMade
from gmdash.model.log import Record
from gmdash.play import log_reading, roster
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME, demo_state
from gmdash.tui.panes.log import LogPane, LogTable, row_cells, row_plains
from gmdash.tui.panes.roster import RosterPane
from gmdash.tui.widgets.cells import fit, fit_segments
from gmdash.tui.widgets.row_table import RowTable

CONSOLE = Console(width=200, color_system="truecolor")
STYLES = st.sampled_from(["", "bold", "dim strike", "red on blue", "italic dim reverse"])
WORDS = st.text(alphabet="ab ·漢", max_size=12)


@st.composite
def cells(draw: st.DrawFn) -> Text:
    """A cell as the panes make them: a base style, spans of other styles, maybe right."""
    text = Text(style=draw(STYLES), justify=draw(st.sampled_from(["left", "right"])))
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        text.append(draw(WORDS), style=draw(STYLES))
    return text


def as_drawn(segments: Sequence[Segment]) -> list[tuple[str, Style | None]]:
    """Segments as the terminal shows them: under the table's style, runs of a style merged."""
    styled = Segment.apply_style(segments, post_style=Style(bgcolor="black"))
    return [(s.text, s.style) for s in Segment.simplify(styled) if s.text]


@given(cells(), st.integers(min_value=1, max_value=20))
def test_segments_of_a_fitted_cell_are_rich_s_own(cell: Text, width: int) -> None:
    right = cell.justify == "right"
    line = Text(end="")  # how a row was drawn before: one Text of the fitted cells
    line.append_text(fit(cell, width, right=right))
    assert as_drawn(fit_segments(cell, width, CONSOLE, right=right)) == as_drawn(
        list(line.render(CONSOLE))
    )


class LazyHost(App[None]):
    """A table of `rows` lazy rows, counting the rows made."""

    CSS = "RowTable { height: 12; }"

    def __init__(self, rows: int, *, wrap: bool = False) -> None:
        super().__init__()
        self.rows = rows
        self.wrap = wrap
        self.made: list[int] = []

    def builder(self, number: int, label: str) -> Callable[[], list[Text]]:
        def build() -> list[Text]:
            self.made.append(number)
            return [Text(str(number), style="bold"), Text(label, style="italic")]

        return build

    def compose(self) -> ComposeResult:
        table = RowTable(wrap=self.wrap, cell_padding=0, id="table")
        table.add_column("n", key="n")
        table.add_column("what", key="what", flex=True)
        table.add_lazy_rows(
            (f"r{i}", [str(i), f"row {i}"], self.builder(i, f"row {i}")) for i in range(self.rows)
        )
        yield table

    @property
    def table(self) -> RowTable:
        return self.query_one(RowTable)


async def test_only_the_rows_shown_are_made_and_sized_by_their_plain_text() -> None:
    app = LazyHost(10_000)
    async with app.run_test(size=(30, 14)) as pilot:
        await pilot.pause()
        table = app.table
        assert sorted(app.made) == list(range(11))  # the 11 lines under the header
        assert table.row_lines(0)[0].startswith("0   row 0")  # "9999" sized the first column
        table.focus()
        await pilot.press("end")
        await pilot.pause()
        assert len(app.made) == 22 and app.made[-1] == 9_999
        assert table.get_row_at(5_000)[1].plain == "row 5000"  # read: made on demand
        assert len(app.made) == 23


async def test_a_replaced_row_is_the_only_one_made_again_and_moves_the_rows_below() -> None:
    app = LazyHost(50, wrap=True)
    async with app.run_test(size=(20, 14)) as pilot:
        await pilot.pause()
        table = app.table
        made = len(app.made)
        long = "a label long enough to take three lines"
        table.replace_row("r1", ["1", long], app.builder(1, long))
        await pilot.pause()
        assert app.made[made:] == [1]  # the other rows on screen are drawn as they were
        assert [line.rstrip() for line in table.row_lines(1)] == [
            "1 a label long",
            "  enough to take",
            "  three lines",
        ]
        assert table.virtual_size.height == 1 + 49 + 3
        table.replace_row("r1", ["1", "short"], app.builder(1, "short"))
        await pilot.pause()
        assert table.virtual_size.height == 1 + 50


async def test_a_column_narrows_when_its_widest_row_is_replaced() -> None:
    app = LazyHost(3)
    async with app.run_test(size=(30, 14)) as pilot:
        table = app.table
        table.replace_row("r2", ["200000", "row 2"], app.builder(200000, "row 2"))
        await pilot.pause()
        assert table.row_lines(0)[0].startswith("0     row 0")
        table.replace_row("r2", ["2", "row 2"], app.builder(2, "row 2"))
        await pilot.pause()
        assert table.row_lines(0)[0].startswith("0row 0")


async def test_cells_that_disagree_with_their_plain_text_win() -> None:
    """A builder is trusted to make its plain text; if not, the cells drawn are what counts."""
    app = LazyHost(0)
    async with app.run_test(size=(30, 14)) as pilot:
        table = app.table
        table.add_lazy_rows([("x", ["1", "short"], app.builder(123456, "a longer label"))])
        await pilot.pause()
        assert table.row_lines(0)[0].rstrip() == "123456a longer label"
        assert table.column_labels == ["n", "what"]


# --- the log and the roster -----------------------------------------------------------------


@pytest.fixture
def crowded(tmp_path: Path) -> Iterator[CampaignService]:
    """The demo with 60 characters and an open session of 120 rolls."""
    state = demo_state()
    originals = list(state.characters.values())
    for number in range(len(originals) + 1, 61):
        model = originals[number % len(originals)]
        state.characters[f"c{number:04d}"] = replace(model, id=f"c{number:04d}",
                                                     name=f"{model.name} {number}")  # fmt: skip
    now = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)

    def clock() -> datetime:
        nonlocal now
        now += timedelta(seconds=30)
        return now

    service = CampaignService.create(tmp_path, DEMO_NAME, state=state, clock=clock,
                                     durable=False)  # fmt: skip
    service.start_session()
    for number in range(120):
        service.publish(RollMade(actor=originals[0].name, character_id=originals[0].id,
                                 label=f"Broadsword {number}", kind="ability", chance=60,
                                 roll=number % 100 + 1, level="success"))  # fmt: skip
    yield service
    service.close()


def test_a_log_row_s_plain_text_is_its_cells_text(crowded: CampaignService) -> None:
    records = log_reading.records(crowded, "all")
    struck = [Record(r.event, replace(r.entry, struck=True, hidden=True)) for r in records]
    for item in records + struck:
        for narrow in (False, True):
            assert row_plains(item, narrow) == [c.plain for c in row_cells(item, narrow)]


async def test_the_first_frame_shows_the_newest_rolls_and_a_new_roll_costs_one_row(
    crowded: CampaignService, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = dashboard_app(crowded)
    first: list[str] = []
    drawn = app._first_frame_drawn

    def first_frame_drawn() -> None:  # the app's first frame is on screen: what it showed
        if not first:
            first.append(region_text(app, app.query_one(LogPane)))
        drawn()

    app._first_frame_drawn = first_frame_drawn  # type: ignore[method-assign]
    made: list[str] = []

    def counted(item: Record, narrow: bool = False) -> list[Text]:
        made.append(item.entry.label)
        return row_cells(item, narrow)

    monkeypatch.setattr("gmdash.tui.panes.log.row_cells", counted)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        assert "Broadsword 119" in first[0] and "Broadsword 0 " not in first[0]
        table = app.query_one(LogTable)
        assert table.row_count == 121 and len(made) < 50  # a screenful, not the session
        made.clear()
        measured = count_calls(monkeypatch, RowTable, "_measure")
        # the widest label yet: the flex column was narrowed to the pane already, so the
        # other rows are neither measured nor drawn again
        label = "Dodge the broo's thrown spear while crossing the ford"
        crowded.publish(RollMade(actor="Vasana", label=label, kind="ability", chance=50,
                                 roll=12, level="success"))  # fmt: skip
        await pilot.pause()
        assert made == [label] and measured == [1]
        assert "Dodge the" in " ".join(table.row_lines(table.row_count - 1))


def count_calls(monkeypatch: pytest.MonkeyPatch, owner: type, name: str) -> list[int]:
    """A one-item list counting the calls of `owner.name` from now on."""
    calls = [0]
    method = getattr(owner, name)

    def counting(*args: object, **kwargs: object) -> object:
        calls[0] += 1
        return method(*args, **kwargs)

    monkeypatch.setattr(owner, name, counting)
    return calls


async def test_one_character_changed_remakes_one_roster_row(
    crowded: CampaignService, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = dashboard_app(crowded)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        table = app.query_one(RosterPane).table
        before = [table.get_row_at(i)[2].plain for i in range(table.row_count)]
        rows = count_calls(monkeypatch, RosterPane, "_row")
        who = crowded.characters[40]
        roster.edit_character(crowded, replace(who, hit_points=who.hit_points - 3))
        await pilot.pause()
        assert rows == [1]
        after = [table.get_row_at(i)[2].plain for i in range(table.row_count)]
        changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
        assert len(changed) == 1 and f" {who.hit_points - 3}/" in after[changed[0]]


async def test_rows_cleared_before_the_first_frame_leave_nothing_to_scroll_to() -> None:
    """The cursor's row is scrolled into view at the first repaint; gone by then, nothing."""

    class Cleared(LazyHost):
        def on_mount(self) -> None:
            self.table.move_cursor(row=40)  # before the table has its size: scrolled later
            self.table.clear()

    app = Cleared(50, wrap=True)
    async with app.run_test(size=(20, 14)) as pilot:
        await pilot.pause()
        assert app.table.row_count == 0 and app.table.scroll_offset.y == 0
