"""Check boxes and radio buttons whose state reads without colour.

Textual draws a ticked and an unticked box with the same "X", told apart only by its colour:
unreadable on a monochrome terminal, in a light theme at a glance, or to a colour-blind game
master. These draw a tick (or a dot) when on and nothing when off.
"""

from __future__ import annotations

from textual.widgets import Checkbox, RadioButton

TICK = "✓"
DOT = "●"


class TickBox(Checkbox):
    """A checkbox showing ✓ when ticked, blank when not."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # Textual reads it each render
        return TICK if self.value else " "


class DotButton(RadioButton):
    """A radio button showing ● when picked, blank when not."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # Textual reads it each render
        return DOT if self.value else " "
