"""The dashboard behind a dialog: dimmed exactly as Textual dims it, and no garbage collection
while a dialog is being built."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from helpers import dashboard_app, demo_service, fixed_clock
from rich.segment import Segment
from textual._compositor import visible_screen_stack
from textual.app import ComposeResult
from textual.renderables.background_screen import BackgroundScreen
from textual.widgets import Static

from gmdash.tui.app import GmDashApp
from gmdash.tui.backdrop import DimmedScreen
from gmdash.tui.gc_pause import OpeningHold
from gmdash.tui.modal import QuickModal


def rendered(app: GmDashApp, renderable: object) -> list[Segment]:
    options = app.console_options.update_width(app.size.width)
    return list(app.console.render(renderable, options))  # type: ignore[arg-type]


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
@pytest.mark.parametrize("key", ["d", "a"])  # over the roster and the log, each theme
async def test_the_dimmed_dashboard_is_textuals_own(tmp_path: Path, theme: str, key: str) -> None:
    with demo_service(tmp_path, fixed_clock) as service:
        app = dashboard_app(service)
        async with app.run_test(size=(160, 50)) as pilot:
            app.theme = theme
            await pilot.press("1", key)
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, QuickModal)
            visible_screen_stack.set(app._background_screens)  # as the compositor sets it
            shown = dialog.render()
            assert isinstance(shown, DimmedScreen)
            assert shown.screen is app.screen_stack[0]
            textual = BackgroundScreen(shown.screen, shown.color)
            ours = rendered(app, shown)
            assert len(ours) > 1000  # the whole dashboard, not a blank
            assert ours == rendered(app, textual)
            # The second time comes from the kept styles: still the same.
            assert rendered(app, shown) == rendered(app, textual)


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
