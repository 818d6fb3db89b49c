"""The dashboard behind a dialog: dimmed exactly as Textual dims it, and no garbage collection
while a dialog is being built."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from helpers import dashboard_app, demo_service, fixed_clock
from textual._context import visible_screen_stack
from textual.app import ComposeResult
from textual.geometry import Region
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widgets import Static

from gmdash.tui.backdrop import dimmed_lines
from gmdash.tui.gc_pause import OpeningHold
from gmdash.tui.modal import QuickModal


def textual_lines(dialog: QuickModal[object], crop: Region) -> list[Strip]:
    """The lines Textual itself draws for the dialog screen, afresh."""
    dialog._styles_cache.clear()
    dialog.refresh()  # its content is drawn again too
    visible_screen_stack.set(dialog.app._background_screens)  # as the compositor sets it
    return ModalScreen.render_lines(dialog, crop)


def our_lines(dialog: QuickModal[object], crop: Region) -> list[Strip]:
    visible_screen_stack.set(dialog.app._background_screens)
    return dialog.render_lines(crop)


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
@pytest.mark.parametrize("key", ["d", "a"])
async def test_the_dimmed_dashboard_is_textuals_own(tmp_path: Path, theme: str, key: str) -> None:
    with demo_service(tmp_path, fixed_clock) as service:
        app = dashboard_app(service)
        async with app.run_test(size=(160, 50)) as pilot:
            app.theme = theme
            await pilot.press("1", key)
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, QuickModal)
            whole = dialog.size.region
            visible_screen_stack.set(app._background_screens)
            ours = dimmed_lines(dialog, whole)
            assert ours is not None and len(ours) == 50
            assert sum(len(list(line)) for line in ours) > 1000  # the dashboard, not a blank
            assert ours == textual_lines(dialog, whole)
            part = Region(30, 10, 70, 12)  # a part redrawn (the dashboard changed below)
            assert our_lines(dialog, part) == textual_lines(dialog, part)
            over = Counting()  # a dialog over the dialog: it shows both, dimmed
            app.push_screen(over)
            await pilot.pause()
            assert our_lines(over, whole) == textual_lines(over, whole)


async def test_a_screen_of_its_own_is_drawn_by_textual(tmp_path: Path) -> None:
    with demo_service(tmp_path, fixed_clock) as service:
        app = dashboard_app(service)
        async with app.run_test(size=(120, 40)) as pilot:
            dialog = Counting()
            app.push_screen(dialog)
            await pilot.pause()
            whole = dialog.size.region
            visible_screen_stack.set(app._background_screens)
            assert dimmed_lines(dialog, whole) is not None
            dialog.styles.padding = (1, 2)
            visible_screen_stack.set(app._background_screens)
            assert dimmed_lines(dialog, whole) is None
            assert our_lines(dialog, whole) == textual_lines(dialog, whole)  # Textual's path
            dialog.styles.padding = 0
            dialog.styles.background = "red"  # opaque: nothing shows through
            visible_screen_stack.set(app._background_screens)
            assert dimmed_lines(dialog, whole) is None


class Counting(QuickModal[None]):
    """Records whether the collector ran while its widgets were built."""

    def __init__(self) -> None:
        super().__init__()
        self.enabled_at_compose: bool | None = None

    def compose(self) -> ComposeResult:
        self.enabled_at_compose = gc.isenabled()
        yield Static("a dialog")


async def test_no_collection_while_a_dialog_is_built(tmp_path: Path) -> None:
    assert gc.isenabled()
    with demo_service(tmp_path, fixed_clock) as service:
        app = dashboard_app(service)
        async with app.run_test(size=(120, 40)) as pilot:
            first, second = Counting(), Counting()
            app.push_screen(first)
            app.push_screen(second)  # one opened from the other: the holds nest
            await pilot.pause()
            await pilot.pause()
            assert first.enabled_at_compose is False and second.enabled_at_compose is False
            assert gc.isenabled()  # both drawn: the collector runs again
            closed = Counting()
            app.push_screen(closed)
            app.pop_screen()  # closed at once, before its first frame
            await pilot.pause()
            assert gc.isenabled()


def test_holds_nest_and_leave_a_disabled_collector_alone() -> None:
    outer, inner = OpeningHold(), OpeningHold()
    outer.hold()
    inner.hold()
    outer.hold()  # twice: still one hold
    outer.let_go()
    assert not gc.isenabled()  # the inner one still holds
    inner.let_go()
    inner.let_go()  # twice: nothing more
    assert gc.isenabled()
    gc.disable()  # someone else turned it off: a hold does not turn it on
    try:
        outer.hold()
        outer.let_go()
        assert not gc.isenabled()
    finally:
        gc.enable()
