"""Containers whose lines between their borders are all alike, drawn once each frame.

A container's own lines are its borders and, between them, its background, which its children
cover: one and the same line, which Textual draws anew for every row (its styles, padding,
border sides, filters). The dashboard's screen, its four panes and the sheet's scroll draw many
such lines in every frame that repaints them whole (the first frame, a change of focus):
here the line is drawn once and given to every row between the top and bottom lines. Should
the first and last of those rows differ (a container that draws something of its own), every
line is drawn as Textual draws it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

# A plain mixin at run time: Textual follows a widget class's first widget base alone for its
# CSS, so a mixin that were a widget would hide the container's own styles.
if TYPE_CHECKING:
    _Container = Widget
else:
    _Container = object

LEAST_HEIGHT = 6
"""Lower, and drawing each line costs no more than checking they are alike."""


class AlikeLines(_Container):
    """Mixin for a container (before the Textual class in the bases): see the module."""

    def render_lines(self, crop: Region) -> list[Strip]:
        height = self.region.height  # the whole widget's, borders included
        if height < LEAST_HEIGHT or crop.height < LEAST_HEIGHT - 2:
            return super().render_lines(crop)
        top, alike = super().render_lines(Region(crop.x, 0, crop.width, 2))
        last_alike, bottom = super().render_lines(Region(crop.x, height - 2, crop.width, 2))
        if last_alike != alike:
            return super().render_lines(crop)
        drawn = {0: top, height - 1: bottom}
        return [drawn.get(y, alike) for y in crop.line_range]


class AlikeScroll(AlikeLines, VerticalScroll):
    """A vertical scroll of alike lines (its scrollbars are widgets of their own)."""
