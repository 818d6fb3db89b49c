"""Filter the roll log by actor, kind and level (empty: any)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.suggester import SuggestFromList
from textual.widgets import Button, Input, Static

from gmdash.model.log import LogEntry
from gmdash.play.log_filter import LogFilter
from gmdash.rules import Level
from gmdash.tui.dialogs.log_base import LogDialog
from gmdash.tui.dialogs.modal_base import only_while_open
from gmdash.tui.error_reports import guarded
from gmdash.tui.keymap import LOG_FILTER, bindings_for
from gmdash.tui.user_text import literal

FIELDS = ("actor", "kind", "level")


def choices(entries: Sequence[LogEntry]) -> dict[str, list[str]]:
    """The values each field may take: what the shown log holds (levels: all five)."""
    actors = sorted({e.actor for e in entries if e.actor}, key=str.casefold)
    kinds = sorted({e.kind for e in entries})
    return {"actor": actors, "kind": kinds, "level": [level.value for level in Level]}


def check(field: str, text: str, allowed: Sequence[str]) -> tuple[str, str | None]:
    """(the canonical value, an error) of one typed field; '' means any."""
    wanted = text.strip()
    if not wanted:
        return "", None
    for value in allowed:
        if value.casefold() == wanted.casefold():
            return value, None
    starts = [v for v in allowed if v.casefold().startswith(wanted.casefold())]
    if len(starts) == 1:
        return starts[0], None
    if not allowed:
        return "", f"no {field} in this log"
    shown = ", ".join(starts or allowed)
    if len(shown) > 70:
        shown = shown[:67] + "..."
    return "", f"no {field} {wanted!r}; one of: {shown}"


class LogFilterDialog(LogDialog[LogFilter]):
    """Actor, kind and level fields with completion; enter applies, escape cancels."""

    BINDINGS: ClassVar[list[BindingType]] = bindings_for(LOG_FILTER)

    def __init__(self, current: LogFilter, entries: Sequence[LogEntry]) -> None:
        super().__init__()
        self.current = current
        self.allowed = choices(entries)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as dialog:
            dialog.border_title = "Filter the log"
            for field in FIELDS:
                with Horizontal(classes="row"):
                    yield Static(field, classes="field-label")
                    yield Input(
                        getattr(self.current, field),
                        placeholder=f"any {field}",
                        id=f"filter-{field}",
                        compact=True,
                        suggester=SuggestFromList(self.allowed[field], case_sensitive=False),
                    )
                yield Static("", id=f"filter-{field}-error", classes="error")
            yield Static(
                "[dim]empty: any · right: complete · enter: apply · escape: cancel[/dim]",
                classes="info",
            )
            with Horizontal(id="buttons"):
                ok = Button("Apply", id="ok", variant="primary", compact=True)
                clear = Button("Clear all", id="clear", compact=True)
                ok.can_focus = clear.can_focus = False
                yield ok
                yield clear

    def on_mount(self) -> None:
        self.validate()

    def validate(self) -> LogFilter | None:
        """Check each field, show its error next to it; the filter when all are right."""
        values: dict[str, str] = {}
        good = True
        for field in FIELDS:
            value, error = check(
                field, self.query_one(f"#filter-{field}", Input).value, self.allowed[field]
            )
            self.query_one(f"#filter-{field}-error", Static).update(literal(error or ""))
            good = good and error is None
            values[field] = value
        self.query_one("#ok", Button).disabled = not good
        if not good:
            return None
        return LogFilter(text=self.current.text, **values)

    def on_input_changed(self, _: Input.Changed) -> None:
        self.validate()

    @guarded
    @only_while_open
    def action_confirm(self) -> None:
        chosen = self.validate()
        if chosen is None:
            self.app.bell()
            return
        self.dismiss(chosen)

    @only_while_open
    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ok":
            self.action_confirm()
        else:
            self.dismiss(LogFilter(text=self.current.text))
