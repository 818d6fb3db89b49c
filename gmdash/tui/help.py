"""The help screen: every key of the dashboard, pane by pane, from the app's key table."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.markup import escape
from textual.widgets import Static

from gmdash.tui.keymap import (
    DEFAULT_KEYS,
    DIALOG_SCOPES,
    HELP,
    NO_RUNE_POINTS,
    ROSTER,
    SCOPE_TITLES,
    Command,
    KeyTable,
    bindings_for,
    in_words_of,
    scope_title,
)
from gmdash.tui.modal import QuickModal


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
            lines.append(_key_line(command, brp))
        lines.append("")
    lines.append("[b reverse] Dialogs [/]  [dim](escape also restores a maximised pane)[/]")
    for scope, dialog in DIALOG_SCOPES.items():
        lines.append(f"[b]{escape(in_words_of(dialog.title, brp))}[/]")
        lines += [_key_line(command, brp) for command in table.for_scope(scope)]
    return "\n".join(lines)


def _key_line(command: Command, brp: bool) -> str:
    keys = escape(command.keys_text)  # "[" is a key, not markup
    return f"  [b]{keys:>14}[/]  {escape(in_words_of(command.help or command.title, brp))}"


class HelpScreen(QuickModal[None]):
    """Every key, with the pane that has the focus first."""

    BINDINGS: ClassVar[list[BindingType]] = bindings_for(HELP)
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


def help_screen(focused_scope: str | None, table: KeyTable, brp: bool,
                rune_points: bool) -> HelpScreen:  # fmt: skip
    """The help as the dashboard opens it, its arguments in a row (`GmDashApp._help_arguments`)."""
    return HelpScreen(focused_scope, table, brp=brp, rune_points=rune_points)
