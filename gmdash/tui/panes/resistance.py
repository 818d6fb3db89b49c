"""Temporary pane (being written)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.widgets import Static

from gmdash.tui.keymap import RESISTANCE, bindings_for
from gmdash.tui.panes.base import Pane


class ResistancePane(Pane):
    scope: ClassVar[str] = RESISTANCE
    number: ClassVar[int] = 3
    BINDINGS: ClassVar[list[BindingType]] = bindings_for(RESISTANCE)
    can_focus = True

    def compose(self) -> ComposeResult:
        yield Static("ResistancePane")
