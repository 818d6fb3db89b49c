"""The modal screen every dialog of the dashboard is: styled once when it opens.

Textual styles a new screen's widgets as they mount, then twice more before its first frame:
when the screen is resumed (a refresh for styles that might have changed while it was hidden:
a new screen was never hidden) and when its first resize sets the app's breakpoint classes.
Each pass restyles every widget of the dialog; skipping both halves the time from a key to the
dialog's first frame. And no garbage collection runs while the dialog is built (see
`collection_pause.OpeningHold`): it waits for the first frame.
"""

from __future__ import annotations

from typing import TypeVar

from textual import events
from textual.screen import ModalScreen
from textual.types import NoActiveAppError

from gmdash.tui.breakpoints import set_breakpoint_classes
from gmdash.tui.collection_pause import OpeningHold
from gmdash.tui.dashboard_screen import StyledOnce

R = TypeVar("R")


class QuickModal(StyledOnce, ModalScreen[R]):
    """A modal screen whose widgets are styled once as it opens (`StyledOnce`: not again at
    its first resume)."""

    def __init__(self, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:  # fmt: skip
        super().__init__(name=name, id=id, classes=classes)
        self._opening = OpeningHold()
        try:
            width = self.app.size.width
        except NoActiveAppError:  # built outside a running app (a test of the screen alone)
            return
        set_breakpoint_classes(self, width)

    def on_compose(self, event: events.Compose) -> None:
        # Held from here (the dialog is being pushed: its widgets are about to be built), not
        # from __init__: a dialog built and never shown would hold the collector forever.
        self._opening.hold()
        self.call_after_refresh(self._opening.let_go)

    def on_unmount(self) -> None:
        self._opening.let_go()  # closed before its first frame
