"""What the log's dialogs share: a framed modal, enter confirms, escape cancels."""

from __future__ import annotations

from typing import ClassVar, TypeVar

from textual.binding import BindingType

from gmdash.tui.dialogs.modal_base import GuardedModal
from gmdash.tui.keymap import LOG_DIALOG, bindings_for

R = TypeVar("R")


class LogDialog(GuardedModal[R]):
    """A small modal over the dashboard; `escape` dismisses None."""

    BINDINGS: ClassVar[list[BindingType]] = bindings_for(LOG_DIALOG)
    DEFAULT_CSS = """
    LogDialog { align: center middle; }
    LogDialog > #dialog {
        width: 90; max-width: 100%; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    LogDialog .field-label { width: 8; color: $text-muted; padding: 0 1 0 0; }
    LogDialog .error { color: $error; height: auto; }
    LogDialog .info { color: $text-muted; height: auto; }
    LogDialog .row { height: auto; }
    LogDialog Input { width: 1fr; }
    LogDialog #buttons { height: 1; align: right middle; margin-top: 1; }
    LogDialog #buttons Button { min-width: 10; height: 1; border: none; margin-left: 1; }
    """
