"""A light table of rows, for the roster and the roll log.

Textual's DataTable does far more than these two lists need (cells, columns and hover cursors,
sorting, row heights) and pays for it on every frame: it drops its whole line cache on each
style update, which the start-up makes several times, and redraws every line each time. Here a
row is drawn once into strips when it is added (or changed) and reused until the column widths
change; the cursor row is the same strips with the cursor style under them.

A `wrap` table (the roll log) wraps its flex column instead of cutting it: a row is as many
lines as its text needs (room for about `max_chars` characters), and when the flex column has
too little room beside the others (an 80-column screen) its text goes on the lines below them,
across the whole width.
Row heights are counted from plain text (`cells.line_count`), so a log of 100,000 rows is
measured, not drawn; only the rows on screen are drawn.

A row may also be added lazily (`add_lazy_rows`, `replace_row`): its cells' plain text, which
sizes the columns and measures the row, and a function that makes its styled cells when the row
is first drawn or read. A pane then pays for the styling of the rows on screen only, whatever
the length of its list; and a changed row costs that row's work, not the table's.

A line drawn is kept by what it shows (its row's strip, its style, its scrollbar cell) and
given again, wherever it goes: Textual draws a widget whole when the focus comes or goes, where
only the cursor's row changes, and a full log scrolls by a row at each roll, where only the
new row is new. The vertical scrollbar is drawn in the table's own
lines, in the room Textual keeps for it, as Textual's scrollbar draws itself; its widget is
hidden, which would be a second set of lines drawn at every scroll (a full log scrolls at
every roll). A click on it scrolls there.

The part of DataTable's interface the panes use is kept (`add_column`, `add_row`, `clear`,
`move_cursor`, `cursor_row`, `row_count`, `get_row_at`, `update_cell`, RowHighlighted), so the
panes read the same.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.scrollbar import ScrollBarRender
from textual.strip import Strip

from gmdash.drawing.user_text import rich_literal
from gmdash.safe_text import visible
from gmdash.tui.widgets.cells import fit_segments, give_way, line_count, wrapped

Cell = Text | str
Cutter = Callable[[str, int], str]
"""Cuts a cell's plain text to a width (see `Column.cut`)."""
Builder = Callable[[], Sequence[Cell]]
"""Makes a lazy row's cells (see `RowTable.add_lazy_rows`)."""
LazyRow = tuple[str, Sequence[str], Builder]
"""(key, the plain text of each cell, what makes the styled cells)."""
FLEX_MIN = 8
BESIDE_MIN = 16
"""A wrapped flex column narrower than this goes below the other columns."""
LEAD_MIN = 10
"""The least room that lets a change's text start beside its time (see `_leads`)."""
BELOW_INDENT = 1
"""Where the lines below start: one cell in, so that they read as part of the row above."""
_BLANK = Text("")


@dataclass(frozen=True, slots=True)
class WrapFit:
    """How a `wrap` table's flex text wraps at the present widths."""

    flex: int
    width: int
    """The wrapping width: the flex column's, or (`below`) the lines' below the others."""
    below: bool
    lead: int
    """Where a change's text starts on its first line (see `_leads`), or 0: on the next."""
    room: int
    cap: int
    """The most lines of text in one row."""


def _leads(plains: Sequence[str], flex: int) -> bool:
    """Whether a row's flex text may start on its first line, after the first column, when it
    goes below the others: every other cell is blank (a change, not a roll, needs no line of
    empty numbers)."""
    return not any(plain.strip() for i, plain in enumerate(plains) if i and i != flex)


@dataclass(slots=True)
class _Row:
    plains: list[str]
    """Each cell's text, without its styles: what sizes the columns and measures the row."""
    widths: list[int]
    """Each cell's width in cells."""
    cells: list[Text] | None
    """The styled cells, once made (see `RowTable._cells_of`)."""
    build: Builder | None
    """What makes the cells of a lazy row not yet made."""


def _safe_plains(plains: Sequence[str]) -> list[str]:
    """Plain cell texts as `_text` will draw them (control characters shown as signs)."""
    joined = "".join(plains)
    if visible(joined) == joined:  # `visible` works character by character: all are clean
        return list(plains)
    return [visible(plain) for plain in plains]


def _plain_widths(plains: Sequence[str]) -> list[int]:
    return [len(plain) if plain.isascii() else cell_len(plain) for plain in plains]


def _cut_cell(cell: Text, plain: str) -> Text:
    """`cell` with the text `plain` (its cut), its styles kept as far as they reach."""
    cut = Text(plain, style=cell.style, justify=cell.justify)
    for span in cell.spans:
        if span.start < len(plain):
            cut.stylize(span.style, span.start, min(span.end, len(plain)))
    return cut


class RowKeyError(KeyError):
    """No row (or no column) with that key."""


@dataclass(slots=True)
class Column:
    key: str
    label: Text
    fixed: int | None
    """A fixed content width, or None to fit the widest cell."""
    widest: int
    flex: bool = False
    """Gives up width (its cells cut with an ellipsis) when the row is wider than the table."""
    cut: Cutter | None = None
    """How a cell wider than the column is cut (its plain text, the width), if not at the end
    (a name keeps its number: `drawing.names.fit_name`)."""

    @property
    def width(self) -> int:
        return self.fixed if self.fixed is not None else self.widest


def _runs(lines: Sequence[int]) -> Iterator[tuple[int, int]]:
    """Consecutive numbers of an ascending list, as (first, count)."""
    start = count = 0
    for line in lines:
        if count and line == start + count:
            count += 1
            continue
        if count:
            yield start, count
        start, count = line, 1
    if count:
        yield start, count


def _text(cell: Cell) -> Text:
    """A cell as Rich text that is safe to draw: cells are names and labels, and a control
    character in one would reach the terminal raw (Rich keeps ESC)."""
    if not isinstance(cell, Text):
        return rich_literal(cell)
    if visible(cell.plain) == cell.plain:
        return cell
    return rich_literal(cell.plain, str(cell.style))  # rare: the spans' offsets no longer hold


class RowTable(ScrollView, can_focus=True):
    """Rows of Rich text cells under a header line (unless `show_header` is False), with a row
    cursor."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor_up", "Up", show=False),
        Binding("down", "cursor_down", "Down", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
    ]
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "row-table--header",
        "row-table--cursor",
        "row-table--cursor-blurred",
    }
    DEFAULT_CSS = """
    RowTable {
        background: $surface;
        color: $foreground;
        height: auto;
        max-height: 100%;
        overflow-x: hidden;
        /* The scrollbar is drawn in the rows' own lines (`_scroll_bar`), in the room Textual
           keeps for it: its own widget would be a second set of lines drawn at every scroll,
           as many as the table's (a roll a second scrolls a full log). */
        scrollbar-visibility: hidden;
        & > .row-table--header { text-style: bold; background: $panel; color: $foreground; }
        /* Two classes picked by the focus as the row is drawn, not `:focus > .row-table--cursor`:
           a component style that changes with the focus makes Textual redraw the whole table
           at every focus move, where only the cursor's row changes (see on_focus). */
        & > .row-table--cursor {
            background: $block-cursor-background;
            color: $block-cursor-foreground;
            text-style: $block-cursor-text-style;
        }
        & > .row-table--cursor-blurred {
            background: $block-cursor-blurred-background;
            color: $block-cursor-blurred-foreground;
            text-style: $block-cursor-blurred-text-style;
        }
    }
    """

    class RowHighlighted(Message):
        """The cursor moved to another row (by key, click or `move_cursor`)."""

        def __init__(self, table: RowTable, cursor_row: int, row_key: str) -> None:
            super().__init__()
            self.table = table
            self.cursor_row = cursor_row
            self.row_key = row_key

        @property
        def control(self) -> RowTable:
            return self.table

    def __init__(
        self,
        *,
        cell_padding: int = 1,
        show_header: bool = True,
        wrap: bool = False,
        max_chars: int = 100,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._wrap = wrap
        self._max_chars = max_chars
        self._heights: list[int] = []
        """Lines of each row (a `wrap` table only), for `_layout`'s widths."""
        self._starts: list[int] = []
        """The first line of each row, below the header (a `wrap` table only)."""
        self._below = 0
        """The width of the lines below the other columns, or 0: the flex column beside them."""
        self._drawn_below = 0
        self._fit: WrapFit | None = None
        """How the flex text wraps, set with the heights by `_layout`."""
        self._measured: tuple[list[int], int] | None = None
        """The (widths, below) the heights were measured for."""
        self._columns: list[Column] = []
        self._rows: list[_Row] = []
        self._keys: list[str] = []
        self._index: dict[str, int] = {}
        self._cell_padding = cell_padding
        self._top = 1 if show_header else 0
        """Lines above the first row: the header's."""
        self._cursor = 0
        self._strips: dict[int, list[Strip]] = {}
        """Drawn rows (one strip a line) by index, without the cursor; dropped when the column
        widths change."""
        self._widths: list[int] = []
        """The content width of each column as drawn (see `_fit_widths`)."""
        self._header: Strip | None = None
        self._scroll_due = False
        """Whether the cursor's row is to be scrolled into view once the table has its size."""
        self._styles: tuple[Style, Style, Style] | None = None
        self._bar: list[Segment] | None = None
        self._kept: dict[tuple[int, int], dict[tuple[object, ...], tuple[Strip | None, Strip]]]
        self._kept = {}
        """The lines drawn lately, by the columns asked for, then by what they show
        (`_kept_or_drawn`)."""
        self._kept_frame: tuple[object, ...] | None = None
        """The size, scroll and styles the kept lines were drawn at."""

        """The scrollbar's cell on each line (`_scroll_bar`), for the repaint under way."""
        """(base, header, cursor) for the repaint under way."""

    # --- reading ----------------------------------------------------------------------------

    @property
    def row_count(self) -> int:
        return len(self._rows)

    @property
    def cursor_row(self) -> int:
        return self._cursor

    @property
    def cursor_key(self) -> str | None:
        """The key of the row under the cursor (None when there are no rows)."""
        return self._keys[self._cursor] if self._rows else None

    @property
    def row_keys(self) -> list[str]:
        return list(self._keys)

    @property
    def column_keys(self) -> list[str]:
        return [column.key for column in self._columns]

    @property
    def column_labels(self) -> list[str]:
        return [column.label.plain for column in self._columns]

    def get_row_at(self, index: int) -> list[Text]:
        return list(self._cells_of(index))

    def _cells_of(self, index: int) -> list[Text]:
        """Row `index`'s styled cells, made now if the row is lazy and not yet made."""
        row = self._rows[index]
        if row.cells is None:
            assert row.build is not None
            row.cells = [_text(cell) for cell in row.build()]
            row.build = None
            if len(row.cells) != len(self._columns):
                raise ValueError(f"{len(row.cells)} cells for {len(self._columns)} columns")
            plains = [cell.plain for cell in row.cells]
            if plains != row.plains:  # the row's plain text said otherwise: the cells win
                old = row.widths
                row.plains, row.widths = plains, _plain_widths(plains)
                self._row_changed(index, old)
        return row.cells

    def row_lines(self, index: int) -> list[str]:
        """Row `index` as drawn at the table's width, one string a line (what a reader sees)."""
        self._layout()
        return [strip.text for strip in self._row_strips(index)]

    @property
    def drawn_rows(self) -> int:
        """How many rows are drawn and kept (only those shown: never the whole table)."""
        return len(self._strips)

    def get_row_index(self, key: str) -> int:
        try:
            return self._index[key]
        except KeyError:
            raise RowKeyError(key) from None

    @property
    def cell_padding(self) -> int:
        return self._cell_padding

    @cell_padding.setter
    def cell_padding(self, padding: int) -> None:
        if padding != self._cell_padding:
            self._cell_padding = padding
            self._redraw_all()

    # --- changing ---------------------------------------------------------------------------

    def add_column(
        self,
        label: Cell,
        *,
        key: str,
        width: int | None = None,
        flex: bool = False,
        cut: Cutter | None = None,
    ) -> None:
        """A column `width` wide, or as wide as its widest cell; a `flex` column narrows so
        that rows fit the table's width (there is no sideways scrolling); `cut` cuts its
        cells that are too wide (else they end in an ellipsis)."""
        text = _text(label)
        self._columns.append(Column(key, text, width, text.cell_len, flex, cut))
        self._redraw_all()

    def clear(self, columns: bool = False, wrap: bool | None = None) -> None:
        """Remove every row (and the columns too if `columns`); `wrap`, if given, makes the
        table a `wrap` table or not (its columns are to be added again)."""
        if wrap is not None:
            if not columns:
                raise ValueError("a table changes its wrapping with its columns")
            self._wrap = wrap
            self._below = self._drawn_below = 0
            self._fit = None
        self._rows.clear()
        self._keys.clear()
        self._index.clear()
        self._heights.clear()
        self._starts.clear()
        self._cursor = 0
        if columns:
            self._columns.clear()
        else:
            for column in self._columns:
                column.widest = column.label.cell_len
        self._redraw_all()
        self.scroll_to(0, 0, animate=False, immediate=True)

    def add_row(self, *cells: Cell, key: str) -> None:
        self.add_rows([(key, cells)])

    def add_rows(self, rows: Iterable[tuple[str, Sequence[Cell]]]) -> None:
        """Append rows (key, cells); the screen is updated once for all of them."""
        self._append(self._made(key, cells) for key, cells in rows)

    def add_lazy_rows(self, rows: Iterable[LazyRow]) -> None:
        """Append rows (key, the plain text of each cell, a function making the cells) whose
        cells are made when first drawn or read: the plain text sizes the columns and measures
        the row, and must be the cells' text (if not, the cells win when made)."""
        self._append(self._lazy(key, plains, build) for key, plains, build in rows)

    def prepend_lazy_rows(self, rows: Iterable[LazyRow]) -> None:
        """Put lazy rows (see `add_lazy_rows`) before the first: the cursor stays on its row
        and the rows in view stay in view (the log's older lines, read after its last ones)."""
        made = [self._lazy(key, plains, build) for key, plains, build in rows]
        if not made:
            return
        keys = [key for key, _ in made]
        if len(set(keys)) != len(keys) or any(key in self._index for key in keys):
            raise ValueError("duplicate row key among the rows put before")
        for _, row in made:
            self._fit_columns(row)
        count = len(made)
        placed = bool(self._rows) and (not self._wrap or len(self._heights) == len(self._rows))
        top_row, top_part = self._row_at(int(self.scroll_offset.y)) if placed else (0, 0)
        self._rows[:0] = [row for _, row in made]
        self._keys[:0] = keys
        self._index = {key: index for index, key in enumerate(self._keys)}
        self._strips = {index + count: strips for index, strips in self._strips.items()}
        if len(self._rows) > count:
            self._cursor += count
        if self._wrap:  # measured again at the layout, the rows before with the others
            self._heights.clear()
            self._starts.clear()
        if self.scrollable_content_region.width > 0:
            self._layout()
        self._update_virtual_size()
        self.refresh()
        if not placed or (self._wrap and len(self._heights) != len(self._rows)):
            self._scroll_due = True  # at the next repaint, laid out: the cursor's row in view
            return
        line = self._row_top(top_row + count) + top_part
        self.scroll_to(y=line, animate=False, immediate=True, force=True)

    def _made(self, key: str, cells: Sequence[Cell]) -> tuple[str, _Row]:
        texts = [_text(cell) for cell in cells]
        plains = [text.plain for text in texts]
        return key, _Row(plains, _plain_widths(plains), texts, None)

    def _lazy(self, key: str, plains: Sequence[str], build: Builder) -> tuple[str, _Row]:
        safe = _safe_plains(plains)
        return key, _Row(safe, _plain_widths(safe), None, build)

    def _append(self, rows: Iterable[tuple[str, _Row]]) -> None:
        first = len(self._rows)
        for key, row in rows:
            if key in self._index:
                raise ValueError(f"duplicate row key {key!r}")
            self._fit_columns(row)
            self._index[key] = len(self._rows)
            self._keys.append(key)
            self._rows.append(row)
        if self._relaid():
            return
        for index in range(first, len(self._rows)):
            self._refresh_row(index)

    def _fit_columns(self, row: _Row) -> None:
        """A new row: one cell a column (ValueError if not), each column as wide as its cells."""
        columns = self._columns
        if len(row.plains) != len(columns):
            raise ValueError(f"{len(row.plains)} cells for {len(columns)} columns")
        for column, width in zip(columns, row.widths, strict=True):
            if width > column.widest:
                column.widest = width

    def _relaid(self) -> bool:
        """After rows were added or changed: fit the columns again, measure the rows not
        measured, and size the scroll; True (and the whole table repainted) when the widths
        changed, False when only the rows that changed need repainting."""
        relaid = self.scrollable_content_region.width <= 0 or self._layout()
        self._update_virtual_size()
        if relaid:
            self.refresh()
        return relaid

    def update_cell(self, row_key: str, column_key: str, value: Cell) -> None:
        index = self.get_row_index(row_key)
        keys = self.column_keys
        if column_key not in keys:
            raise RowKeyError(column_key)
        position = keys.index(column_key)
        text = _text(value)
        row = self._rows[index]
        self._cells_of(index)[position] = text
        old = list(row.widths)
        row.plains[position] = text.plain
        row.widths[position] = text.cell_len
        self._row_changed(index, old)

    def replace_row(self, row_key: str, plains: Sequence[str], build: Builder) -> None:
        """Give row `row_key` new cells, lazily (see `add_lazy_rows`): the other rows stay as
        drawn, unless the column widths change."""
        index = self.get_row_index(row_key)
        if len(plains) != len(self._columns):
            raise ValueError(f"{len(plains)} cells for {len(self._columns)} columns")
        old = self._rows[index].widths
        self._rows[index] = self._lazy(row_key, plains, build)[1]
        self._row_changed(index, old)

    def _row_changed(self, index: int, old: Sequence[int]) -> None:
        """Row `index` has new cells (their widths were `old`): the columns follow (wider, or
        narrower if it was the widest), the row is measured again and repainted."""
        row = self._rows[index]
        for position, column in enumerate(self._columns):
            width, before = row.widths[position], old[position]
            if width > column.widest:
                column.widest = width
            elif width < before == column.widest:  # it was the widest: is it still?
                column.widest = max(column.label.cell_len,
                                    *(other.widths[position] for other in self._rows))  # fmt: skip
        self._strips.pop(index, None)
        laid_out = self.scrollable_content_region.width > 0
        if self._wrap and not laid_out and index < len(self._heights):
            del self._heights[index:], self._starts[index:]  # measured at the next layout
        relaid = not laid_out or self._layout()
        if self._wrap and not relaid and index < len(self._heights):
            self._remeasure(index)
        self._update_virtual_size()
        if relaid:
            self.refresh()
        else:
            self._refresh_row(index)

    def _remeasure(self, index: int) -> None:
        """Measure row `index` again at the present widths; the rows below move down or up."""
        change = self._measure(self._rows[index].plains, {}) - self._heights[index]
        if change:
            self._heights[index] += change
            starts = self._starts
            for after in range(index + 1, len(starts)):
                starts[after] += change
            self.refresh()

    def move_cursor(self, *, row: int, animate: bool = False) -> None:
        """Put the cursor on `row` (clamped), scroll it into view, tell the parent."""
        if not self._rows:
            return
        row = max(0, min(row, len(self._rows) - 1))
        old = self._cursor
        self._cursor = row
        self._scroll_to_cursor(animate)
        if row != old:
            self._refresh_row(old)
            self._refresh_row(row)
        self.post_message(self.RowHighlighted(self, row, self._keys[row]))

    # --- keys and mouse ---------------------------------------------------------------------

    def action_cursor_up(self) -> None:
        self.move_cursor(row=self._cursor - 1)

    def action_cursor_down(self) -> None:
        self.move_cursor(row=self._cursor + 1)

    def action_page_up(self) -> None:
        self.move_cursor(row=self._cursor - self._page())

    def action_page_down(self) -> None:
        self.move_cursor(row=self._cursor + self._page())

    def action_first(self) -> None:
        self.move_cursor(row=0)

    def action_last(self) -> None:
        self.move_cursor(row=len(self._rows) - 1)

    def _page(self) -> int:
        """Rows in a screenful (of the rows around the cursor, when they wrap)."""
        lines = max(1, self.scrollable_content_region.height - self._top)
        if not self._wrap or not self._rows:
            return lines
        self._layout()
        top = self._row_top(self._cursor)
        after = self._row_at(top + lines)[0] - self._cursor
        back, part = self._row_at(max(0, top - lines))
        before = self._cursor - back - (part > 0)  # only rows whose first line is in reach
        return max(1, min(after, before) if after and before else after or before)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        if offset.x >= self.size.width - self.scrollbar_size_vertical:
            # On the scrollbar (drawn by the table): there, as far down the rows.
            height = max(1, self.size.height - 1)
            self.scroll_to(y=self.max_scroll_y * min(offset.y, height) / height, animate=False)
            return
        if offset.y < self._top:
            return
        line = int(self.scroll_offset.y) + offset.y - self._top
        if 0 <= line < self._line_count():
            self.move_cursor(row=self._row_at(line)[0])

    # --- rows as lines ----------------------------------------------------------------------

    def _line_count(self) -> int:
        """Lines of all the rows (the header not counted)."""
        if not self._wrap:
            return len(self._rows)
        return self._starts[-1] + self._heights[-1] if self._rows else 0

    def _row_top(self, index: int) -> int:
        """The first line of row `index`, below the header."""
        return self._starts[index] if self._wrap else index

    def _row_height(self, index: int) -> int:
        return self._heights[index] if self._wrap else 1

    def _row_at(self, line: int) -> tuple[int, int]:
        """(row, line within it) of a line below the header (the last row past the end)."""
        if not self._wrap:
            return line, 0
        index = max(0, bisect_right(self._starts, line) - 1)
        return index, line - self._starts[index]

    def _layout(self) -> bool:
        """Fit the columns to the width and, in a `wrap` table, measure every row for it (only
        when the widths changed: a resize, a wider cell, a scrollbar), else the rows not yet
        measured. True when the widths changed (every row is to be drawn again)."""
        widths = self._fit_widths()
        relaid = (widths, self._below) != (self._widths, self._drawn_below)
        if relaid:
            self._widths, self._drawn_below = widths, self._below
            self._strips.clear()
            self._header = None
        if not self._wrap:
            return relaid
        if self._measured != (widths, self._below):
            self._measured = (list(widths), self._below)
            self._fit = self._wrap_fit()
            self._heights = []
            self._starts = []
            relaid = True
        if len(self._heights) < len(self._rows):
            self._measure_from(len(self._heights))
            self._update_virtual_size()
        return relaid

    def _flex_index(self) -> int | None:
        return next((i for i, column in enumerate(self._columns) if column.flex), None)

    def _wrap_fit(self) -> WrapFit | None:
        """How the flex text wraps at the widths just fitted (None: no flex column)."""
        flex = self._flex_index()
        if flex is None:
            return None
        room = self._room()
        width = self._below or self._widths[flex]
        # room for `max_chars` characters, and a line for the words that do not fill theirs
        cap = max(2, -(-self._max_chars // max(1, width)) + 1)
        lead = self._widths[0] + 2 * self._cell_padding if flex else 0
        if not self._below or room - lead < LEAD_MIN:
            lead = 0
        return WrapFit(flex=flex, width=width, below=bool(self._below), lead=lead, room=room,
                       cap=cap)  # fmt: skip

    def _measure_from(self, first: int) -> None:
        """Measure the rows from `first` on (those before are measured), a text met before
        costing a look-up (a log repeats its labels all night)."""
        heights, starts = self._heights, self._starts
        top = starts[-1] + heights[-1] if starts else 0
        known: dict[tuple[str, bool], int] = {}
        for index in range(first, len(self._rows)):
            height = self._measure(self._rows[index].plains, known)
            heights.append(height)
            starts.append(top)
            top += height

    def _measure(self, plains: Sequence[str], known: dict[tuple[str, bool], int]) -> int:
        """The lines of a row of cells reading `plains` at the present widths."""
        fit = self._fit
        if fit is None:
            return 1
        plain = plains[fit.flex]
        if not fit.below:
            key = (plain, False)
        elif not plain:
            return 1
        else:
            key = (plain, bool(fit.lead) and _leads(plains, fit.flex))
        height = known.get(key)
        if height is None:
            if not fit.below:
                height = line_count(plain, fit.width, fit.cap)
            elif key[1]:
                height = line_count(plain, fit.width, fit.cap, fit.room - fit.lead)
            else:
                height = 1 + line_count(plain, fit.width, fit.cap)
            known[key] = height
        return height

    # --- drawing ----------------------------------------------------------------------------

    def render_lines(self, crop: Region) -> list[Strip]:
        # The styles once per repaint: Textual repaints the table whenever they change, and
        # the cursor's row when the focus comes or goes (on_focus, on_blur).
        cursor = "row-table--cursor" if self.has_focus else "row-table--cursor-blurred"
        self._styles = (
            self.rich_style,
            self.get_component_rich_style("row-table--header"),
            self.get_component_rich_style(cursor),
        )
        self._layout()  # new columns, a wider cell, a resize, a scrollbar
        if self._scroll_due:  # the rows in view are the cursor's from the first frame on
            self._scroll_to_cursor(animate=False)
        bar = self._scroll_bar()  # for the rows' height and scroll just settled
        if bar != self._bar and crop.height < self.size.height:
            self.refresh()  # the lines kept from before show the bar as it was: all of them
        self._bar = bar
        return self._kept_or_drawn(crop)

    def _kept_or_drawn(self, crop: Region) -> list[Strip]:
        """The lines in `crop`: each that shows what a line showed last time (a row's strip,
        its style, its scrollbar cell) as drawn then, wherever it was; the others drawn by
        Textual (`Widget.render_lines`), a run of lines at a time.

        Textual draws the whole table again whenever the focus comes or goes, where only the
        cursor's row changes; and a full log scrolls by a row at each roll, where only the
        new row is new: each line would be made anew from its row, and styled again."""
        styles, app = self.styles, self.app
        frame = (  # what Textual draws around a line's own text, besides its style (in the key)
            (self.region.size, self.size, int(self.scroll_offset.x)),
            (self.background_colors, self.opacity, app.ansi_theme, app.native_ansi_color),
            (styles.padding, styles.border, styles.outline, styles.tint, styles.background_tint),
            (styles.text_opacity, self.border_title, self.border_subtitle),
            tuple(self.get_line_filters()),
        )
        if frame != self._kept_frame:
            self._kept.clear()
            self._kept_frame = frame
        # A line is drawn the same on any row, unless Textual draws something of its own on
        # some rows (a border, an outline or padding above or below the rows).
        gutter, (outline_top, _), _, (outline_bottom, _), _ = styles.gutter, *styles.outline
        anywhere = not (gutter.top or gutter.bottom or outline_top or outline_bottom)
        kept = self._kept.setdefault((crop.x, crop.width), {})  # by the columns asked for
        sources = {y: self._line_source(y) for y in crop.line_range}
        wanted = {y: self._line_key(y, *sources[y], anywhere) for y in crop.line_range}
        missing = [y for y, key in wanted.items() if key not in kept]
        for first, count in _runs(missing):
            lines = super().render_lines(Region(crop.x, first, crop.width, count))
            for y, strip in enumerate(lines, first):
                kept[wanted[y]] = (sources[y][0], strip)
        shown = [kept[key][1] for key in wanted.values()]
        if len(kept) > 4 * max(1, self.size.height):  # lines long gone: keep those on screen
            on_screen = {key: kept[key] for key in wanted.values()}
            kept.clear()
            kept.update(on_screen)
        return shown

    def _line_key(
        self, y: int, strip: Strip | None, style: Style, anywhere: bool
    ) -> tuple[object, ...]:
        """What line `y` shows (`_line_source`: its strip, by identity, as the strip is kept
        beside the line drawn from it; its style; its scrollbar cell), and where, unless a
        line is drawn the same anywhere: equal for two draws that make the same line."""
        bar = self._bar
        return (id(strip), style, bar[y] if bar and y < len(bar) else None, None if anywhere else y)

    def on_focus(self, event: events.Focus) -> None:
        if self._rows:
            self._refresh_row(self._cursor)

    def on_blur(self, event: events.Blur) -> None:
        if self._rows:
            self._refresh_row(self._cursor)

    def on_resize(self, event: events.Resize) -> None:
        if self._wrap and self._rows:
            self._layout()
            self._scroll_to_cursor(animate=False)

    def _redraw_all(self) -> None:
        self._strips.clear()
        self._header = None
        self._measured = None
        if self._wrap and self.scrollable_content_region.width > 0:
            self._layout()
        self._update_virtual_size()
        self.refresh()

    def _room(self) -> int:
        """The width the rows have: the content's, less the vertical scrollbar that the rows
        will need if it is not shown yet (Textual adds it at the next layout, after the first
        frame: laying the rows out for it now saves measuring and drawing them twice)."""
        width = self.scrollable_content_region.width
        bar = self.styles.scrollbar_size_vertical
        if width <= 0 or not bar or self.show_vertical_scrollbar:
            return width
        if (
            self.styles.overflow_y != "auto"
            or len(self._rows) + self._top <= self.container_size.height
        ):
            return width  # (a few rows of several lines may need it too: then, laid out twice)
        return width - bar

    def _fit_widths(self) -> list[int]:
        """Each column's width, flex columns narrowed to fit the table (to 8 at least: past
        that the row is cut at the edge instead). A `wrap` table's flex column takes the room
        left, or goes below the others (`_below`) when that is under BESIDE_MIN."""
        widths = [column.width for column in self._columns]
        room = self._room()
        if room <= 0:
            return widths
        pad = 2 * self._cell_padding
        excess = sum(widths) + pad * len(widths) - room
        flex = [index for index, column in enumerate(self._columns) if column.flex]
        if not self._wrap or not flex:
            return give_way(widths, excess, flex, FLEX_MIN)
        index = flex[0]
        beside = widths[index] - excess
        self._below = 0 if beside >= min(BESIDE_MIN, widths[index]) else room - BELOW_INDENT
        widths[index] = min(widths[index], beside) if not self._below else 0
        return widths

    def _update_virtual_size(self) -> None:
        pad = 2 * self._cell_padding
        width = sum(column.width + pad for column in self._columns)
        if self._wrap:
            width = 0  # a wrap table always fits its width
            if self._measured is None or len(self._heights) != len(self._rows):
                return  # measured (and sized) at the next layout
        size = Size(width, self._line_count() + self._top)
        if size == self.virtual_size:
            return
        if self._scrolls_as_before(size):
            self._resize_scroll(size)
        else:
            self.virtual_size = size  # a reactive that lays the whole screen out again

    def _scrolls_as_before(self, size: Size) -> bool:
        """Whether the table, grown or shrunk to `size`, keeps its place on screen: as wide,
        already at its greatest height with its scrollbar shown, and still taller than that.
        Then the screen need not be laid out again (a log row a second in a full log pane)."""
        shown = self.scrollable_content_region.height
        return (
            shown > 0
            and size.width == self.virtual_size.width
            and self.show_vertical_scrollbar
            and not self.show_horizontal_scrollbar
            and size.height > shown
            and self.virtual_size.height > shown
        )

    def _resize_scroll(self, size: Size) -> None:
        """The virtual size set as Textual sets it, less the layout: the value (without its
        watchers, which would lay the screen out), the scrollbar's length and the scroll
        offset kept within the new end."""
        self.set_reactive(RowTable.virtual_size, size)
        self.vertical_scrollbar.window_virtual_size = size.height
        self.scroll_y = self.validate_scroll_y(self.scroll_y)
        self.refresh()

    def _refresh_row(self, index: int) -> None:
        """Repaint one row's lines that are on screen (below the header, if shown)."""
        if self._wrap and (self._measured is None or index >= len(self._heights)):
            self.refresh()
            return
        scroll = int(self.scroll_offset.y)
        first = self._row_top(index) + self._top  # in virtual lines, the header being line 0
        for line in range(first, first + self._row_height(index)):
            if self._top <= line - scroll < self.size.height:
                self.refresh_line(line)

    def _scroll_to_cursor(self, animate: bool) -> None:
        """Scroll the cursor's row into view; before the table has its size (and its rows
        their heights), at the first repaint (see `render_lines`)."""
        height = self.scrollable_content_region.height - self._top
        self._scroll_due = bool(self._rows)
        if height <= 0 or not self._rows:
            return
        if self._wrap:
            self._layout()
            if len(self._heights) != len(self._rows):
                return
        self._scroll_due = False
        first = self._row_top(self._cursor)
        last = first + self._row_height(self._cursor) - 1
        top = int(self.scroll_offset.y)
        if first < top:
            self.scroll_to(y=first, animate=animate, immediate=True, force=True)
        elif last >= top + height:
            self.scroll_to(y=last - height + 1, animate=animate, immediate=True, force=True)

    def _line(self, cells: Sequence[Text], skip: int | None = None) -> list[Segment]:
        """One line of cells, each padded and cut to its column's width (but column `skip`)."""
        console = self.app.console
        pad = self._padding()
        line: list[Segment] = []
        columns = self._columns
        for index, (width, cell) in enumerate(zip(self._widths, cells, strict=True)):
            if index == skip:
                continue
            cut = columns[index].cut
            if cut is not None and cell.cell_len > width:
                cell = _cut_cell(cell, cut(cell.plain, width))
            line += pad
            line += fit_segments(cell, width, console, right=cell.justify == "right")
            line += pad
        return line

    def _padding(self) -> list[Segment]:
        """What goes either side of a cell."""
        return [Segment(" " * self._cell_padding)] if self._cell_padding else []

    def _lines(self, cells: Sequence[Text], plains: Sequence[str]) -> list[list[Segment]]:
        """A row's lines: one, or (a `wrap` table) its flex cell wrapped beside or below."""
        layout = self._fit if self._wrap else None
        if layout is None:
            return [self._line(cells)]
        flex, text = layout.flex, cells[layout.flex]
        if not layout.below:
            texts = wrapped(text, layout.width, layout.cap)
            blank = [_BLANK] * len(cells)
            return [
                self._line([*(cells if n == 0 else blank)[:flex], line,
                            *(cells if n == 0 else blank)[flex + 1 :]])
                for n, line in enumerate(texts)
            ]  # fmt: skip
        if not text.plain:
            return [self._line(cells, skip=flex)]
        console = self.app.console
        indent = Segment(" " * BELOW_INDENT)

        def below(line: Text) -> list[Segment]:
            return [indent, *fit_segments(line, layout.width, console)]

        if layout.lead and _leads(plains, flex):
            room = layout.room - layout.lead
            texts = wrapped(text, layout.width, layout.cap, first=room)
            first, pad = cells[0], self._padding()
            head = [*pad, *fit_segments(first, self._widths[0], console,
                                        right=first.justify == "right"), *pad,
                    *fit_segments(texts[0], room, console)]  # fmt: skip
            return [head, *(below(line) for line in texts[1:])]
        texts = wrapped(text, layout.width, layout.cap)
        return [self._line(cells, skip=flex), *(below(line) for line in texts)]

    def _row_strips(self, index: int) -> list[Strip]:
        strips = self._strips.get(index)
        if strips is None:
            cells = self._cells_of(index)
            strips = [Strip(line) for line in self._lines(cells, self._rows[index].plains)]
            self._strips[index] = strips
        return strips

    def render_line(self, y: int) -> Strip:
        strip, style = self._line_source(y)
        bar = self._bar
        width = self.size.width - (bar[0].cell_length if bar else 0)
        if strip is None:
            return self._with_bar(Strip.blank(width, style), y)
        scroll_x = int(self.scroll_offset.x)
        drawn = strip.crop(scroll_x, scroll_x + width).apply_style(style)
        return self._with_bar(drawn.adjust_cell_length(width, style), y)

    def _line_source(self, y: int) -> tuple[Strip | None, Style]:
        """What line `y` shows: the header's or a row's strip (None for a blank line), and the
        style under it."""
        assert self._styles is not None  # set by render_lines
        base, header_style, cursor_style = self._styles
        if y < self._top:
            if self._header is None:
                skip = self._flex_index() if self._below else None
                self._header = Strip(self._line([c.label for c in self._columns], skip))
            return self._header, base + header_style
        line = y - self._top + int(self.scroll_offset.y)
        if line >= self._line_count():
            return None, base  # past the rows
        index, part = self._row_at(line)
        strips = self._row_strips(index)
        if part >= len(strips):
            return None, base  # measured for other widths: drawn again at the layout
        return strips[part], base + cursor_style if index == self._cursor else base

    def _with_bar(self, strip: Strip, y: int) -> Strip:
        bar = self._bar
        if not bar or y >= len(bar):
            return strip
        return Strip([*strip, bar[y]], strip.cell_length + bar[y].cell_length)

    def _scroll_bar(self) -> list[Segment] | None:
        """The vertical scrollbar's cell on each line, as Textual's own scrollbar draws it (its
        colours, its thumb), when the rows overflow; None when they do not."""
        thickness = self.scrollbar_size_vertical
        height = self.size.height
        if not thickness or height <= 0:
            return None
        styles = self.styles
        back = styles.scrollbar_background
        if back.a < 1:
            back = self.background_colors[0] + back
        drawn = ScrollBarRender.render_bar(
            size=height,
            virtual_size=self.virtual_size.height,
            window_size=self.scrollable_content_region.height,
            position=self.scroll_offset.y,
            thickness=thickness,
            back_color=back.rich_color,
            bar_color=(back + styles.scrollbar_color).rich_color,
        )
        # Without the scrollbar widget's mouse actions, which this widget has not.
        return [Segment(cell.text, cell.style and cell.style.clear_meta_and_links())
                for cell in drawn.segments]  # fmt: skip
