"""The shown session's summary: rolls per actor, criticals, fumbles, damage, experience."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from gmdash.model.log_stats import Summary, summary_lines
from gmdash.tui.context import dashboard
from gmdash.tui.dialogs.log_base import LogDialog
from gmdash.tui.keymap import LOG_SUMMARY, bindings_for
from gmdash.tui.user_text import literal, markup


def summary_markup(summary: Summary, brp: bool = False) -> Content:
    """The summary's lines, headings in bold (names in them shown as they are; BRP: no
    criticals)."""
    lines = []
    for line in summary_lines(summary, brp):
        head, sep, rest = line.partition(":")
        if line.startswith("  ") or not sep:
            lines.append(literal(line))
        else:
            lines.append(markup("[b]$head:[/b]$rest", head=head, rest=rest))
    return Content("\n").join(lines)


class SummaryDialog(LogDialog[None]):
    """Read-only; enter or escape closes it."""

    BINDINGS: ClassVar[list[BindingType]] = bindings_for(LOG_SUMMARY)

    def __init__(self, title: str, summary: Summary) -> None:
        super().__init__()
        self.title_text = title
        self.summary = summary

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as dialog:
            dialog.border_title = literal(f"Summary of {self.title_text}")
            with VerticalScroll(id="summary-scroll"):
                brp = dashboard(self).service.campaign.edition.is_brp
                yield Static(summary_markup(self.summary, brp), id="summary-text")
            yield Static("[dim]enter / escape: close[/dim]", classes="info")

    DEFAULT_CSS = """
    SummaryDialog #summary-scroll { height: auto; max-height: 30; }
    """
