"""The session list: number, date, duration, rolls, criticals, fumbles; pick one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from gmdash.model import log_stats
from gmdash.model.log_stats import SessionStats
from gmdash.play import log_reading
from gmdash.play.log_reading import Which
from gmdash.tui.context import dashboard
from gmdash.tui.dialogs.log_base import LogDialog
from gmdash.tui.dialogs.modal_base import only_while_open
from gmdash.tui.keymap import LOG_SESSIONS, bindings_for

ALL: Literal["all"] = "all"


@dataclass(frozen=True, slots=True)
class SessionChoice:
    """The log to show: a session number, 0 (before session 1), "all", or None (current)."""

    which: Which


def session_row(stats: SessionStats, current: bool) -> list[Text]:
    """A session as table cells; the open one says so."""
    duration = log_stats.duration_text(stats.duration) + (" (open)" if stats.is_open else "")
    mark = "bold" if current else ""
    return [
        Text(str(stats.number), style=mark),
        Text(stats.date),
        Text(stats.start.astimezone().strftime("%H:%M")),
        Text(duration),
        Text(str(stats.rolls), justify="right"),
        Text(str(stats.criticals), style="magenta" if stats.criticals else "", justify="right"),
        Text(str(stats.fumbles), style="red" if stats.fumbles else "", justify="right"),
    ]


class SessionListDialog(LogDialog[SessionChoice]):
    """Every session of the campaign; enter shows the highlighted one, escape cancels."""

    BINDINGS: ClassVar[list[BindingType]] = bindings_for(LOG_SESSIONS)
    DEFAULT_CSS = """
    SessionListDialog #session-table { height: auto; max-height: 24; }
    """

    def __init__(self, shown: Which = None) -> None:
        super().__init__()
        self.shown = shown
        self.stats: list[SessionStats] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as dialog:
            dialog.border_title = "Sessions"
            yield DataTable[Text](id="session-table", cursor_type="row")
            yield Static("[dim]enter: show its log · escape: cancel[/dim]", classes="info")

    def on_mount(self) -> None:
        service = self.service
        self.stats = log_reading.session_list(service, dashboard(self).clock())
        table = self.query_one("#session-table", DataTable)
        table.add_columns("session", "date", "start", "duration", "rolls", "crit.", "fumb.")
        current = service.current_log
        if current == 0 or service.events(0):
            table.add_row(
                Text("0"),
                Text("between sessions", style="dim"),
                *(Text("") for _ in range(5)),
                key="0",
            )
        for stats in self.stats:
            table.add_row(*session_row(stats, stats.number == current), key=str(stats.number))
        total_rolls = sum(s.rolls for s in self.stats)
        table.add_row(
            Text("all", style="bold"),
            Text(f"{len(self.stats)} sessions"),
            Text(""),
            Text(""),
            Text(str(total_rolls), justify="right"),
            Text(str(sum(s.criticals for s in self.stats)), justify="right"),
            Text(str(sum(s.fumbles for s in self.stats)), justify="right"),
            key=ALL,
        )
        wanted = ALL if self.shown == ALL else str(current if self.shown is None else self.shown)
        if wanted in table.rows:
            table.move_cursor(row=table.get_row_index(wanted), animate=False)
        table.focus()

    @only_while_open
    def action_confirm(self) -> None:
        table = self.query_one("#session-table", DataTable)
        if table.row_count == 0:
            self.dismiss(None)
            return
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value or ""
        current = self.service.current_log
        if key == "all":
            self.dismiss(SessionChoice("all"))
        elif int(key) == current:
            self.dismiss(SessionChoice(None))  # the current log: follows a new session
        else:
            self.dismiss(SessionChoice(int(key)))
