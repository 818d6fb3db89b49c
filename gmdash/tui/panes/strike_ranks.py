"""Temporary pane (being written)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.widgets import Static

from gmdash.tui.keymap import STRIKE_RANKS, bindings_for
from gmdash.tui.panes.base import Pane


class StrikeRankPane(Pane):
    scope: ClassVar[str] = STRIKE_RANKS
    number: ClassVar[int] = 2
    BINDINGS: ClassVar[list[BindingType]] = bindings_for(STRIKE_RANKS)
    can_focus = True

    def compose(self) -> ComposeResult:
        yield Static("StrikeRankPane")
