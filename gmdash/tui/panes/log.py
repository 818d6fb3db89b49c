"""Temporary pane (being written)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.widgets import Static

from gmdash.tui.keymap import LOG, bindings_for
from gmdash.tui.panes.base import Pane


class LogPane(Pane):
    scope: ClassVar[str] = LOG
    number: ClassVar[int] = 4
    BINDINGS: ClassVar[list[BindingType]] = bindings_for(LOG)
    can_focus = True

    def compose(self) -> ComposeResult:
        yield Static("LogPane")
