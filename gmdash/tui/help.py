"""The help screen: every key of the dashboard, pane by pane, from the app's key table."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import Static

from gmdash.tui.keymap import (
    DEFAULT_KEYS,
    NO_RUNE_POINTS,
    ROSTER,
    SCOPE_TITLES,
    KeyTable,
    in_words_of,
    scope_title,
)

DIALOG_KEYS = (
    ("enter", "Confirm a dialog"),
    ("escape", "Cancel a dialog, or restore a maximised pane"),
)


def help_markup(
    focused_scope: str | None = None,
    table: KeyTable = DEFAULT_KEYS,
    *,
    brp: bool = False,
    rune_points: bool = True,
) -> str:
    """The key map as Rich markup, the focused pane first after the global keys; in the words
    of the campaign's rules (BRP), without the keys of Rune points when it has none."""
    order = ["global"]
    if focused_scope and focused_scope in SCOPE_TITLES:
        order.append(focused_scope)
    order += [scope for scope in SCOPE_TITLES if scope not in order]
    lines: list[str] = []
    for scope in order:
        lines.append(f"[b reverse] {scope_title(scope, brp)} [/]")
        for command in table.for_scope(scope):
            if not rune_points and scope == ROSTER and command.action in NO_RUNE_POINTS:
                continue
            keys = escape(command.keys_text)  # "[" is a key, not markup
            text = in_words_of(command.help or command.title, brp)
            lines.append(f"  [b]{keys:>14}[/]  {text}")
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

    def __init__(
        self,
        focused_scope: str | None = None,
        table: KeyTable = DEFAULT_KEYS,
        *,
        brp: bool = False,
        rune_points: bool = True,
    ) -> None:
        super().__init__()
        self._focused_scope = focused_scope
        self._table = table
        self._brp = brp
        self._rune_points = rune_points

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = "gmdash keys"
            markup = help_markup(
                self._focused_scope, self._table, brp=self._brp, rune_points=self._rune_points
            )
            yield Static(markup, id="help-text")
