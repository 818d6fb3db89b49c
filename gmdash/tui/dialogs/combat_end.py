"""The question before a fight ends: the summary that will be logged, and "End it"."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from textual.app import ComposeResult
from textual.widgets import Static

from gmdash.tui.dialogs.combat_base import CombatForm


class ConfirmEndDialog(CombatForm[bool]):
    """End the fight? Shows the summary that will be logged."""

    title_text: ClassVar[str] = "End the combat?"
    ok_label: ClassVar[str] = "End it"

    def __init__(self, summary: Mapping[str, object]) -> None:
        super().__init__()
        self._summary = summary

    def body(self) -> ComposeResult:
        from gmdash.tui.dialogs.combat_summary import summary_table

        # a table of whole names (a line of text was cut mid-name at the dialog's edge)
        yield Static(f"After {self._summary.get('rounds', 0)} round(s):", classes="hint")
        yield Static(summary_table(self._summary), id="end-summary")

    def on_mount(self) -> None:
        super().on_mount()
        # escape cancels; out of the tab order, the dialog's first (and only) field is OK
        self.query_one("#cancel").can_focus = False
        self.query_one("#ok").focus()

    def answer(self) -> bool:
        return True
