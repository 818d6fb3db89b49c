"""The help screen: every key of the dashboard, pane by pane, from the app's key table."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import Static

from gmdash.tui.keymap import DEFAULT_KEYS, SCOPE_TITLES, KeyTable

DIALOG_KEYS = (
    ("enter", "Confirm a dialog"),
    ("escape", "Cancel a dialog, or restore a maximised pane"),
)


def help_markup(focused_scope: str | None = None, table: KeyTable = DEFAULT_KEYS) -> str:
    """The key map as Rich markup, the focused pane first after the global keys."""
    order = ["global"]
    if focused_scope and focused_scope in SCOPE_TITLES:
        order.append(focused_scope)
    order += [scope for scope in SCOPE_TITLES if scope not in order]
    lines: list[str] = []
    for scope in order:
        lines.append(f"[b reverse] {SCOPE_TITLES[scope]} [/]")
        for command in table.for_scope(scope):
            keys = escape(command.keys_text)  # "[" is a key, not markup
            lines.append(f"  [b]{keys:>14}[/]  {command.help or command.title}")
        lines.append("")
    lines.append("[b reverse] Dialogs [/]")
    lines += [f"  [b]{key:>14}[/]  {text}" for key, text in DIALOG_KEYS]
    return "\n".join(lines)


class HelpScreen(ModalScreen[None]):
    """Every key, with the pane that has the focus first."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1", "dismiss", "Close", key_display="esc"),
    ]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 84; max-width: 95%; height: 90%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    """

    def __init__(self, focused_scope: str | None = None, table: KeyTable = DEFAULT_KEYS) -> None:
        super().__init__()
        self._focused_scope = focused_scope
        self._table = table

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = "gmdash keys"
            yield Static(help_markup(self._focused_scope, self._table), id="help-text")
