"""Cells of the dashboard's tables (the row table, the sheet's grids): cut to a width, and
columns that give way when a line is too narrow."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text


def fit(cell: Text, width: int, *, right: bool = False) -> Text:
    """`cell` exactly `width` cells wide: cut with an ellipsis, or padded (left or right)."""
    fitted = cell.copy()
    fitted.truncate(width, overflow="ellipsis")
    fitted.align("right" if right else "left", width)
    return fitted


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
