"""One log entry in full (enter on the log): every field, read-only; escape or enter closes.

The fields come from `play.entry_detail` in words; here they are laid out as one two-column
grid (one widget: the dialog opens within a frame), user text shown exactly as typed.
"""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from gmdash.drawing.user_text import rich_literal
from gmdash.play.entry_detail import EntryDetail
from gmdash.rules import RuleSet
from gmdash.tui.dialogs.level_markup import odds_markup
from gmdash.tui.dialogs.log_base import LogDialog
from gmdash.tui.keymap import LOG_ENTRY, bindings_for
from gmdash.tui.user_text import literal

MAX_HEIGHT = 30
FRAME = 4
"""Lines of the dialog that are not the fields: the frame's two, the hint's, one to spare."""


def detail_table(detail: EntryDetail, ruleset: RuleSet) -> Table:
    """The fields as a grid: the label dim on the left, the value wrapping on the right."""
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column(ratio=1, overflow="fold")
    for label, value in detail.fields:
        grid.add_row(Text(label), rich_literal(value))
    if detail.odds_chance is not None:
        grid.add_row(Text("odds"), Text.from_markup(odds_markup(detail.odds_chance, ruleset)))
    return grid


class LogEntryDialog(LogDialog[None]):
    """Read-only; the arrows and page keys scroll a long entry."""

    BINDINGS: ClassVar[list[BindingType]] = bindings_for(LOG_ENTRY)
    DEFAULT_CSS = """
    LogEntryDialog #entry-scroll { height: auto; }
    """

    def __init__(self, detail: EntryDetail, ruleset: RuleSet) -> None:
        super().__init__()
        self.detail = detail
        self.ruleset = ruleset

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as dialog:
            dialog.border_title = literal(self.detail.title)
            with VerticalScroll(id="entry-scroll", can_focus=False):
                yield Static(detail_table(self.detail, self.ruleset), id="entry-text")
            yield Static("[dim]↑ ↓ page up/down: scroll · enter / escape: close[/dim]",
                         classes="info")  # fmt: skip

    def on_mount(self) -> None:
        self._fit_height()

    def on_resize(self, event: events.Resize) -> None:
        self._fit_height()

    def _fit_height(self) -> None:
        """The fields scroll inside the screen: its height less the frame and the hint line
        (a percentage of the dialog would not do: the dialog's height follows its content)."""
        self.scroller.styles.max_height = max(3, min(MAX_HEIGHT, self.size.height - FRAME))

    @property
    def scroller(self) -> VerticalScroll:
        return self.query_one("#entry-scroll", VerticalScroll)

    def action_scroll(self, how: str) -> None:
        scroller = self.scroller
        moves = {
            "up": scroller.scroll_up,
            "down": scroller.scroll_down,
            "page_up": scroller.scroll_page_up,
            "page_down": scroller.scroll_page_down,
            "home": scroller.scroll_home,
            "end": scroller.scroll_end,
        }
        moves[how](animate=False)
