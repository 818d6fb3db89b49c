"""The footer: the keys that apply where the focus is, drawn from the command table.

One line of text instead of Textual's Footer (a widget per key, rebuilt on every focus change):
the dashboard starts and moves focus several times faster, and it still cannot drift from the
bindings, the help screen or the palette since all four read the app's KeyTable.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from gmdash.tui.keymap import DEFAULT_KEYS, GLOBAL, KeyTable


def key_line(scope: str | None, table: KeyTable = DEFAULT_KEYS) -> Text:
    """The shown keys of `scope`, then the global ones, as `key title` pairs."""
    line = Text(no_wrap=True, overflow="ellipsis")
    scopes = ([scope] if scope and scope != GLOBAL else []) + [GLOBAL]
    for name in scopes:
        for command in table.for_scope(name):
            if not command.show:
                continue
            line.append(f" {command.keys_text} ", style="bold reverse")
            line.append(f" {command.title}  ")
    return line


class KeyBar(Static):
    """The footer line of the main screen."""

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        width: 1fr;
        height: 1;
        background: $footer-background;
        color: $footer-foreground;
    }
    """

    def __init__(
        self, scope: str | None = None, table: KeyTable = DEFAULT_KEYS, **kwargs: object
    ) -> None:
        super().__init__(key_line(scope, table), **kwargs)  # type: ignore[arg-type]
        self.scope = scope
        self.table = table

    def show_scope(self, scope: str | None) -> None:
        """Show the keys of `scope` (a pane's id), unless they are already shown."""
        if scope != self.scope:
            self.scope = scope
            # One line as wide as the screen whatever it says: no layout of the whole screen.
            self.update(key_line(scope, self.table), layout=False)
