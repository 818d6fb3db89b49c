"""The dimmed dashboard behind a dialog, drawn as Textual draws it, at a fraction of the cost.

A modal screen with a translucent background shows the screen below through it: Textual
renders that screen in full and tints every segment of it, building two new styles per
segment (some 1,500 of them at 160x50) each time a dialog opens. The dashboard is drawn in a
handful of styles, so the tinted style of each is kept and looked up instead: the same
segments, the same colours, without the rebuilding.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import Screen

MAX_KEPT = 4096
"""Tinted styles kept before starting again (a theme change makes a new set)."""

_tinted: dict[tuple[Style | None, Color], Style] = {}


def tinted(style: Style | None, color: Color) -> Style:
    """`style` seen through `color`, as Textual's `BackgroundScreen` computes it."""
    key = (style, color)
    found = _tinted.get(key)
    if found is None:
        if len(_tinted) >= MAX_KEPT:
            _tinted.clear()
        # Textual's own computation, on one segment of that style
        (segment,) = BackgroundScreen.process_segments([Segment(" ", style)], color)
        found = _tinted[key] = segment.style or Style()
    return found


def tint_segments(segments: Iterable[Segment], color: Color) -> Iterator[Segment]:
    """Every segment seen through `color` (control segments as they are)."""
    if color.a == 0:  # Textual clears meta and links only: keep its own path for it
        yield from BackgroundScreen.process_segments(segments, color)
        return
    for text, style, control in segments:
        if control:
            yield Segment(text, style, control)
        else:
            yield Segment(text, tinted(style, color))


class DimmedScreen:
    """A screen below a dialog, tinted: what `BackgroundScreen` renders."""

    def __init__(self, screen: Screen[object], color: Color) -> None:
        self.screen = screen
        self.color = color

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        segments = console.render(self.screen._compositor, options)
        return tint_segments(segments, self.color)
