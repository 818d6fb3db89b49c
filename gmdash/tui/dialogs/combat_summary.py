"""The end of a fight (`E`): rounds, damage dealt and taken per combatant, who fell."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.widgets import Static

from gmdash.drawing.user_text import rich_literal
from gmdash.tui.keymap import COMBAT_SUMMARY, bindings_for, table_of
from gmdash.tui.modal import QuickModal
from gmdash.tui.user_text import literal, markup


def summary_table(summary: Mapping[str, object]) -> Table:
    """The summary as a Rich table."""
    table = Table(box=None, padding=(0, 1), expand=False)
    table.add_column("Combatant")
    table.add_column("Dealt", justify="right")
    table.add_column("Taken", justify="right")
    table.add_column("")
    rows = summary.get("combatants", [])
    for row in rows if isinstance(rows, list) else []:
        if isinstance(row, Mapping):
            table.add_row(
                rich_literal(str(row.get("name", ""))),
                str(row.get("dealt", 0)),
                str(row.get("taken", 0)),
                "[b red]fell[/]" if row.get("fell") else "",
            )
    return table


class CombatSummaryDialog(QuickModal[None]):
    """Shown once the fight is over (it is in the log too); enter or escape closes it."""

    BINDINGS: ClassVar[list[BindingType]] = bindings_for(COMBAT_SUMMARY)
    DEFAULT_CSS = """
    CombatSummaryDialog { align: center middle; }
    CombatSummaryDialog > Vertical {
        width: 64; max-width: 96%; height: auto; max-height: 90%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    CombatSummaryDialog Static { height: auto; margin-bottom: 1; }
    """

    def __init__(self, summary: Mapping[str, object], text: str) -> None:
        super().__init__()
        self._summary = summary
        self._text = text

    def compose(self) -> ComposeResult:
        rounds = self._summary.get("rounds", 0)
        fell = self._summary.get("fell", [])
        fallen = ", ".join(str(n) for n in fell) if isinstance(fell, list) and fell else "nobody"
        with Vertical() as box:
            box.border_title = "Combat over"
            box.border_subtitle = literal(
                f"{table_of(self.app).hint_key('combat_summary.dismiss')} closes"
            )
            yield Static(markup("[b]$rounds[/] round(s). Fell: $fallen.", rounds=rounds,
                                fallen=fallen), id="summary-head")  # fmt: skip
            yield Static(summary_table(self._summary), id="summary-table")
