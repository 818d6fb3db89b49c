"""Screens whose widgets are styled when they mount, not again when first shown.

Textual restyles every widget of a screen each time it is resumed, in case styles changed while
it was hidden; a screen shown for the first time was never hidden, and the styles its widgets
got as they mounted are current, so the second pass is work before the first frame for
nothing; every dialog (`gmdash.tui.modal.QuickModal`) skips it too.
"""

from __future__ import annotations

from textual import events
from textual.screen import Screen

from gmdash.tui.uniform_containers import AlikeLines


class StyledOnce:
    """Mixin for a `Screen`: skip the restyle of its first resume."""

    _resumed = False

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        # Runs before Textual's own handler (a subclass's handler comes first): the first
        # resume follows the mount, whose styles are current.
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False


class DashboardScreen(StyledOnce, AlikeLines, Screen[object]):
    """The app's first screen, the dashboard's panes (over its alike lines of background)."""
