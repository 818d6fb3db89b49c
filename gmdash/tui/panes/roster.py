"""Temporary pane (being written)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.widgets import Static

from gmdash.tui.keymap import ROSTER, bindings_for
from gmdash.tui.panes.base import Pane


class RosterPane(Pane):
    scope: ClassVar[str] = ROSTER
    number: ClassVar[int] = 1
    BINDINGS: ClassVar[list[BindingType]] = bindings_for(ROSTER)
    can_focus = True

    def compose(self) -> ComposeResult:
        yield Static("RosterPane")
