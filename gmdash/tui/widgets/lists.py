"""Option and selection lists whose page keys are safe from the moment they are shown.

Textual 8.2's OptionList measures its lines only once it has a size, and `pageup`/`pagedown`
pressed before that (a key typed ahead as a dialog opens) raised a KeyError out of the list.
These wait for the first layout instead: a page key before it does nothing.
"""

from __future__ import annotations

from textual.widgets import OptionList, SelectionList


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
    an OptionList: the page keys above come next in line)."""
