"""The dimmed dashboard behind a dialog, drawn as Textual draws it, at a fraction of the cost.

A modal screen with a translucent background shows the screen below through it. Textual
renders that screen in full, tints every segment, styles the result as the dialog screen's
content and then as its lines (some 1,500 segments at 160x50, each through four layers of
generators and two new styles) each time a dialog opens: a quarter of a small dialog's first
frame. The dashboard is drawn in a handful of styles, so here each segment's final style is
computed once per style (by Textual's own tint) and looked up after, and the lines are built
straight from the dashboard's: the same segments, the same colours.

Only a plain screen takes this path (no border, padding, outline, tint, opacity, hatch or text
selection: none of gmdash's dialogs has one); any other is drawn by Textual as usual.
`tests/tui/test_dialog_backdrop.py` checks the lines equal Textual's own, segment by segment.
"""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual._context import visible_screen_stack
from textual.color import Color
from textual.geometry import Region
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import Screen
from textual.strip import Strip

MAX_KEPT = 4096
"""Styles kept before starting again (a theme change brings a new set)."""

_final: dict[tuple[Style | None, Color, Style], Style] = {}


def dimmed_style(style: Style | None, color: Color, base: Style) -> Style:
    """`style` seen through `color` (Textual's `BackgroundScreen` tint), under `base`."""
    key = (style, color, base)
    found = _final.get(key)
    if found is None:
        if len(_final) >= MAX_KEPT:
            _final.clear()
        (segment,) = BackgroundScreen.process_segments([Segment(" ", style)], color)
        found = _final[key] = base + (segment.style or Style())
    return found


def is_plain(screen: Screen[Any]) -> bool:
    """Whether the screen draws nothing of its own over its background (see the module)."""
    styles = screen.styles
    return (
        not any(kind for kind, _ in styles.border)
        and not any(kind for kind, _ in styles.outline)
        and styles.padding == (0, 0, 0, 0)
        and styles.tint.a == 0
        and styles.opacity == 1.0
        and styles.text_opacity == 1.0
        and (not styles.has_rule("hatch") or styles.hatch == "none")
        and tuple(styles.content_align) == ("left", "top")
        and screen.text_selection is None
    )


def dimmed_lines(screen: Screen[Any], crop: Region) -> list[Strip] | None:
    """The lines of `crop` of a plain translucent screen: the screen below, dimmed; None when
    Textual must draw them itself."""
    color = screen.styles.background
    if not 0 < color.a < 1 or not is_plain(screen):
        return None  # opaque (nothing shows), clear, or drawing something of its own
    stack = visible_screen_stack.get(None)
    if not stack or stack[-1] is screen or stack[-1].size != screen.size:
        return None
    # Taken off the stack as Textual's `Screen.render` takes it: a translucent screen below
    # this one then finds the screen below itself.
    base = stack.pop()
    rich_base = screen.visual_style.rich_style
    _, background = screen.background_colors
    filters = screen.get_line_filters()
    width = screen.size.width
    lines: list[Strip] = []
    for strip in base._compositor.render_strips()[crop.y : crop.bottom]:
        line = Strip(
            [Segment(text, dimmed_style(style, color, rich_base)) for text, style, _ in strip],
            width,
        )
        for line_filter in filters:
            line = line.apply_filter(line_filter, background)
        lines.append(line)
    if crop.x != 0 or crop.right != width:
        lines = [line.crop(crop.x, crop.right) for line in lines]
    return lines
