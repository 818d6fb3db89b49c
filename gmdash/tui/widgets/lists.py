"""Option and selection lists whose page keys are safe from the moment they are shown.

Textual 8.2's OptionList measures its lines only once it has a size, and `pageup`/`pagedown`
pressed before that (a key typed ahead as a dialog opens) raised a KeyError out of the list.
These wait for the first layout instead: a page key before it does nothing.
"""

from __future__ import annotations

from textual.strip import Strip
from textual.widgets import Checkbox, OptionList, SelectionList
from textual.widgets.option_list import OptionDoesNotExist

from gmdash.tui.widgets.toggles import TICK


class PagedOptionList(OptionList):
    """An OptionList whose page keys do nothing until it has been laid out."""

    def action_page_up(self) -> None:
        if self.scrollable_content_region:
            super().action_page_up()  # type: ignore[no-untyped-call]

    def action_page_down(self) -> None:
        if self.scrollable_content_region:
            super().action_page_down()  # type: ignore[no-untyped-call]


class PagedSelectionList(SelectionList[str], PagedOptionList):
    """A SelectionList whose page keys do nothing until it has been laid out (SelectionList is
    an OptionList: the page keys above come next in line), and whose picked lines show a tick
    (Textual draws the same "X" on every line, picked or not, in another colour)."""

    def render_line(self, y: int) -> Strip:
        line = super().render_line(y)
        try:
            selection = self.get_option_at_index(self.scroll_offset.y + y)
        except OptionDoesNotExist:
            return line
        segments = list(line)
        if len(segments) < 2 or segments[1].text != Checkbox.BUTTON_INNER:
            return line  # not a line with a box (or a Textual that draws it otherwise)
        mark = TICK if selection.value in self.selected else " "
        segments[1] = segments[1]._replace(text=mark)
        return Strip(segments, line.cell_length)
