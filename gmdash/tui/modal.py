"""The modal screen every dialog of the dashboard is: styled once when it opens.

Textual styles a new screen's widgets as they mount, then twice more before its first frame:
when the screen is resumed (a refresh for styles that might have changed while it was hidden:
a new screen was never hidden) and when its first resize sets the app's breakpoint classes.
Each pass restyles every widget of the dialog; skipping both halves the time from a key to the
dialog's first frame. And no garbage collection runs while the dialog is built (see
`gc_pause.OpeningHold`): it waits for the first frame.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from textual import events
from textual._context import NoActiveAppError
from textual.geometry import Region
from textual.message import Message
from textual.screen import ModalScreen
from textual.strip import Strip

from gmdash.tui.backdrop import dimmed_lines
from gmdash.tui.breakpoints import set_breakpoint_classes
from gmdash.tui.gc_pause import OpeningHold
from gmdash.tui.styled_once import StyledOnce

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

    _ahead = False

    def built_ahead(self) -> None:
        """This dialog is built before its key (`dialog_stock`): it holds the collector when
        it is pushed (`taken_from_stock`), not while it is built."""
        self._ahead = True

    _abandoned = False

    def abandon(self) -> None:
        """Built ahead, never to be shown, the app closing: it handles nothing more. Its mount
        would find its widgets closed, and its handlers would ask for a screen stack that is
        gone (a weapon picked as the app closes). Its widgets still to be built or mounted
        build and mount nothing more either: closed meanwhile, a select once found its own
        label gone as it mounted."""
        self._abandoned = True
        for widget in self.walk_children(with_self=False):
            dispatch = _unless_building(widget._dispatch_message)
            widget._dispatch_message = dispatch  # type: ignore[method-assign,assignment]

    async def _dispatch_message(self, message: Message) -> None:
        if self._abandoned:
            return
        await super()._dispatch_message(message)

    def taken_from_stock(self) -> None:
        """Its key came: no collection until its first frame."""
        self._opening.hold()
        self.call_after_refresh(self._opening.let_go)

    async def _compose(self) -> None:
        # Held from here (the dialog is being pushed: its widgets are about to be built), not
        # from __init__: a dialog built and never shown would hold the collector forever.
        if not self._ahead:
            self.taken_from_stock()
        await super()._compose()

    def on_unmount(self) -> None:
        self._opening.let_go()  # closed before its first frame

    def render_lines(self, crop: Region) -> list[Strip]:
        # The dashboard, dimmed behind the dialog: Textual's lines, built cheaper (backdrop)
        lines = dimmed_lines(self, crop)
        return super().render_lines(crop) if lines is None else lines


Dispatch = Callable[[Message], Coroutine[Any, Any, None]]


def _unless_building(dispatch: Dispatch) -> Dispatch:
    """A widget's dispatch that drops what would build or mount it (`QuickModal.abandon`)."""

    async def dispatch_unless_building(message: Message) -> None:
        if not isinstance(message, events.Compose | events.Mount):
            await dispatch(message)

    return dispatch_unless_building
