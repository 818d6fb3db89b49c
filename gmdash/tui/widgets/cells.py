"""Cells of the dashboard's tables (the row table, the sheet's grids): cut to a width, and
columns that give way when a line is too narrow."""

from __future__ import annotations

import re
from collections.abc import Iterable

from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text


def fit(cell: Text, width: int, *, right: bool = False) -> Text:
    """`cell` exactly `width` cells wide: cut with an ellipsis, or padded (left or right)."""
    fitted = cell.copy()
    fitted.truncate(width, overflow="ellipsis")
    fitted.align("right" if right else "left", width)
    return fitted


def fit_segments(cell: Text, width: int, console: Console, *, right: bool = False) -> list[Segment]:
    """`fit(cell, width, right=right)` as segments, as it draws inside a line of cells (its
    style under its padding too): without copying the cell when it fits, as most do (the
    copy, cut and padding of `fit` were most of the cost of drawing a row)."""
    length = cell.cell_len
    if length > width:
        cell, length = fit(cell, width, right=right), width
    base = console.get_style(cell.style, default=_NULL) if cell.style else _NULL
    if cell.spans:
        segments = list(cell.render(console))
    else:  # Text.render leaves the base style out when there is no span
        segments = [Segment(cell.plain, base)] if cell.plain else []
    if length < width:
        padding = Segment(" " * (width - length), base)
        return [padding, *segments] if right else [*segments, padding]
    return segments


_NULL = Style.null()


def give_way(widths: list[int], excess: int, flex: Iterable[int], minimum: int) -> list[int]:
    """`widths` with the `flex` columns, in turn, narrowed by up to `excess` cells in all, none
    below `minimum` (or its own width, if less)."""
    widths = list(widths)
    for index in flex:
        if excess <= 0:
            break
        narrowed = max(min(widths[index], minimum), widths[index] - excess)
        excess -= widths[index] - narrowed
        widths[index] = narrowed
    return widths


def wrap_starts(plain: str, width: int, first: int | None = None) -> list[int]:
    """Where each line after the first begins when `plain` is wrapped at spaces to `width`
    cells (the first line: `first`, if given; a word wider than a line is cut): [] when it
    fits on the first line.

    Plain-string arithmetic, no Rich layout: a long log measures every row's height with this.
    """
    room = width if first is None else first
    if width <= 0 or room <= 0:
        return []
    if (len(plain) <= room and plain.isascii()) or cell_len(plain) <= room:
        return []
    starts: list[int] = []
    used = 0  # cells on the current line, its trailing spaces included
    inked = False  # whether the current line has a word yet (leading spaces do not count)
    for word in _WORD.finditer(plain):
        start, end = word.start(), word.end(1)
        ink = cell_len(word.group(1))  # the word without the spaces after it
        if ink and inked and used + ink > room:
            starts.append(start)
            used, room = 0, width
        while ink > max(room - used, 0):  # a word longer than the room: cut at the edge
            cut = _cut_at(plain, start, room - used)
            if cut >= end:  # a wide character alone, wider than the line: it overflows
                break
            starts.append(cut)
            ink -= cell_len(plain[start:cut])
            start, used, room = cut, 0, width
        used += ink + cell_len(word.group(2))
        inked = inked or ink > 0
    return starts


_WORD = re.compile(r"(\S*)(\s*)")


def _cut_at(plain: str, start: int, room: int) -> int:
    """The offset after `start` where `room` cells are filled (at least one character)."""
    end, used = start, 0
    while end < len(plain):
        wide = cell_len(plain[end])
        if used + wide > room and end > start:
            break
        used += wide
        end += 1
    return end


def wrapped(cell: Text, width: int, max_lines: int, first: int | None = None) -> list[Text]:
    """`cell` wrapped to `width` (see `wrap_starts`), each line without the spaces it ends
    on; past `max_lines`, the last line is to be cut with an ellipsis (`fit`)."""
    starts = wrap_starts(cell.plain, width, first)
    if not starts:
        return [cell]
    lines = list(cell.divide(starts))
    if len(lines) > max_lines:
        rest = Text("").join(lines[max_lines - 1 :])
        rest.rstrip()
        lines = [*lines[: max_lines - 1], between_items(rest, width)]
    for line in lines:
        line.rstrip()
    return lines


ITEM_SEPARATORS = (", ", " · ")
"""What separates the items of a list in a row's text ("combat starts: Harvald, Broo 1")."""


def between_items(line: Text, width: int) -> Text:
    """A line too long for `width`, cut before a numbered item that the edge would cut
    ("Ford Raider 1, …", not "Ford Raider 1, Ford Raider …"): numbered foes cut alike would
    read the same. Unchanged (cut at the edge when drawn) when it fits, or the item at the
    edge has no number at its end, or no whole item fits."""
    plain = line.plain
    if cell_len(plain) <= width:
        return line
    edge = width - 1  # the characters the edge keeps, before its ellipsis (one-cell text)
    starts = [plain.rfind(separator, 0, edge) for separator in ITEM_SEPARATORS]
    end = max(starts)
    if end <= 0:
        return line
    after = plain[end:].lstrip(",· ")
    item_ends = [after.find(separator) for separator in ITEM_SEPARATORS]
    item = after[: min((i for i in item_ends if i >= 0), default=len(after))]
    item_end = len(plain) - len(after) + len(item)
    if item_end <= edge or _NUMBERED_END.search(item) is None:
        return line  # the item is whole, or is no numbered name
    if cell_len(plain[: end + 1]) + 2 > width:
        return line
    cut = line[: end + 1]  # the separator's first character ("," or " ") stays
    cut.append(" …" if plain[end] != " " else "…", style="dim")
    return cut


_NUMBERED_END = re.compile(r"[A-Z][a-z][\w'-]*\s\d+$")
"""A name's numbered end: "Raider 3", "Broo 12" (not "took 0", "MP 5")."""


_ONE_CELL = frozenset(
    char
    for low, high in ((0x20, 0x2FF), (0x370, 0x482), (0x2010, 0x2027))
    for char in map(chr, range(low, high + 1))
    if char.isprintable() and (char == " " or not char.isspace())
)
"""Characters one cell wide that are not blanks (but the space): the Latin, Greek and Cyrillic
letters, "·" and dashes, where `line_count` may count characters for cells as in ASCII. (Rich
measures every one of them a cell wide, as a test checks: asking it for each at import would
slow the start.)"""


def line_count(plain: str, width: int, max_lines: int, first: int | None = None) -> int:
    """How many lines `wrapped` makes of a cell whose text is `plain`: `wrap_starts`
    counted, on a fast path for text of one-cell characters, such as ASCII or "Vasana ·
    Broadsword" (a long log measures every row with this)."""
    room = width if first is None else first
    simple = plain.isascii() or _ONE_CELL.issuperset(plain)
    if len(plain) <= room and simple:
        return 1
    if not simple or width <= 0 or room <= 0:
        return min(max_lines, 1 + len(wrap_starts(plain, width, first)))
    if "  " not in plain and plain[0] != " " and plain[-1] != " ":
        # single spaces between words: a line ends at the last space within reach (one
        # search in C), or cuts a word longer than the line
        end, start, lines = len(plain), 0, 1
        while end - start > room:
            space = plain.rfind(" ", start, start + room + 1)
            start = space + 1 if space > start else start + room
            lines += 1
            if lines >= max_lines:
                return max_lines
            room = width
        return lines
    # The same walk as `wrap_starts`, where a character is a cell and a space the only blank.
    lines, used, inked = 1, 0, False
    for word in plain.split(" "):
        ink = len(word)
        if not ink:
            used += 1
            continue
        if inked and used + ink > room:
            lines += 1
            used, room = 0, width
        while ink > max(room - used, 0):
            take = max(1, room - used)
            if take >= ink:
                break
            lines += 1
            ink -= take
            used, room = 0, width
        if lines >= max_lines:
            return max_lines
        used += ink + 1
        inked = True
    return min(lines, max_lines)
