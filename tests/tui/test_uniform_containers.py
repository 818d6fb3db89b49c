"""gmdash/tui/uniform_containers.py: containers whose lines between their borders are drawn once.

Every container that draws its alike lines once draws exactly what Textual draws line by line:
the screen, the four panes and the sheet's scroll, at the three sizes, focused or not, a pane
maximised; and a container that draws something of its own between its borders is drawn line
by line.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import dashboard_app, demo_session
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Static

from gmdash.tui.uniform_containers import AlikeLines


def textuals_own(widget: Widget, crop: Region) -> list[object]:
    widget.refresh()  # its cached lines dropped: drawn anew
    return list(Widget.render_lines(widget, crop))


def alike_containers(app: App[int]) -> list[Widget]:
    found: list[Widget] = [w for w in app.screen.query("*") if isinstance(w, AlikeLines)]
    return [app.screen, *found] if isinstance(app.screen, AlikeLines) else found


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 50)])
async def test_each_alike_container_draws_what_textual_draws(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    with demo_session(tmp_path / "saves") as service:
        app = dashboard_app(service)
        async with app.run_test(size=size) as pilot:
            for keys in ([], ["2"], ["4"], ["m"], ["m", "3"]):  # focus moves, a pane maximised
                await pilot.press(*keys)
                await pilot.pause()
                containers = alike_containers(app)
                kinds = {type(w).__name__ for w in containers}
                assert {"DashboardScreen", "AlikeScroll"} <= kinds or "m" in keys
                for widget in containers:
                    whole = widget.region.size.region
                    for crop in (whole, Region(2, 1, max(1, whole.width - 4), whole.height - 3)):
                        mine = list(widget.render_lines(crop))
                        assert mine == textuals_own(widget, crop), (type(widget).__name__, keys)


class Drawn(AlikeLines, Vertical):
    """A container that draws a word of its own halfway down."""

    DEFAULT_CSS = "Drawn { border: round red; height: 12; }"

    def render(self) -> str:
        return "\n" * 4 + "halfway"


class Plain(App[None]):
    def compose(self) -> ComposeResult:
        with Drawn():
            yield Static("child")


async def test_a_container_that_draws_between_its_borders_is_drawn_line_by_line() -> None:
    app = Plain()
    async with app.run_test(size=(40, 14)) as pilot:
        await pilot.pause()
        drawn = app.query_one(Drawn)
        whole = drawn.region.size.region
        mine = list(drawn.render_lines(whole))
        assert any("halfway" in strip.text for strip in mine)
        assert mine == textuals_own(drawn, whole)
