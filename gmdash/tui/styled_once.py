"""Screens whose widgets are styled when they mount, not again when first shown.

Textual restyles every widget of a screen each time it is resumed, in case styles changed while
it was hidden; a screen shown for the first time was never hidden, and the styles its widgets
got as they mounted are current. On the dashboard that second pass was a tenth of the work
before the first frame; every dialog (`gmdash.tui.modal.QuickModal`) skips it too.
"""

from __future__ import annotations

from typing import Any, cast

from textual import events
from textual.screen import Screen
from textual.widget import Widget

from gmdash.tui.alike_lines import AlikeLines


class StyledOnce:
    """Mixin for a `Screen`: skip the restyle of its first resume, and the first focus's
    restyle of the focused widget alone."""

    _resumed = False

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        # Runs before Textual's own handler (a subclass's handler comes first): the first
        # resume follows the mount, whose styles are current.
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False

    def _update_auto_focus(self) -> None:
        # Textual's own, but for one restyle: it sets the widget's `has_focus`, whose watcher
        # restyles the widget, then focuses it, which restyles it again with the rest of its
        # pane (whose border shows the focus within). Where that second restyle covers the
        # widget and the watcher does nothing else, the flag is set without the watcher: the
        # widget is styled once, not twice (2 to 3 ms of the dashboard's first frame).
        screen = cast("Screen[Any]", self)  # a mixin of screens only (not a widget itself)
        app = screen.app
        auto_focus = app.AUTO_FOCUS if screen.AUTO_FOCUS is None else screen.AUTO_FOCUS
        if not (app.app_focus and auto_focus and screen.focused is None):
            return
        for widget in screen.query(auto_focus):
            if widget.focusable:
                if _restyled_with_its_pane(widget):
                    widget.set_reactive(Widget.has_focus, True)
                else:
                    widget.has_focus = True
                screen.set_focus(widget)
                break


def _restyled_with_its_pane(widget: Widget) -> bool:
    """Whether focusing `widget` restyles it anyway (Textual restyles every widget under the
    outermost node styled by the focus within it), and its `has_focus` watcher only restyles."""
    own_watcher = type(widget).watch_has_focus is not Widget.watch_has_focus
    if own_watcher or hasattr(widget, "_watch_has_focus"):
        return False
    return any(node._has_focus_within for node in widget.ancestors_with_self)


class DashboardScreen(StyledOnce, AlikeLines, Screen[object]):
    """The app's first screen, the dashboard's panes (over its alike lines of background)."""
