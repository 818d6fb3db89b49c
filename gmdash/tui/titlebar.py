"""The header line: the campaign, its rule set and tonight's session.

One widget drawn from the app's title and sub-title instead of Textual's Header (four widgets
whose title updates each cost a layout of the screen): the dashboard starts faster and a new
session repaints one line.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from gmdash.safe_text import visible

ICON = "⚔"


def title_line(title: str, sub_title: str, width: int) -> Text:
    """The icon at the left, `title — sub_title` centred in the rest, cut with an ellipsis."""
    line = Text(f" {ICON} ", no_wrap=True, overflow="ellipsis", end="")
    middle = Text(visible(title), no_wrap=True, overflow="ellipsis", end="")
    if sub_title:
        middle.append(" — ")
        middle.append(visible(sub_title), style="dim")
    room = max(0, width - 2 * line.cell_len)  # as wide on the right, so the title is centred
    middle.align("center", room)  # pads, or cuts with an ellipsis
    line.append_text(middle)
    return line


class TitleBar(Widget):
    """The top line of the main screen."""

    DEFAULT_CSS = """
    TitleBar {
        dock: top;
        height: 1;
        background: $panel;
        color: $foreground;
    }
    """

    def on_mount(self) -> None:
        self.watch(self.app, "title", self._repaint, init=False)
        self.watch(self.app, "sub_title", self._repaint, init=False)

    def _repaint(self) -> None:
        self.refresh()  # only a repaint: the bar is one line whatever the title

    def render(self) -> Text:
        return title_line(self.app.title, self.app.sub_title, self.size.width)
