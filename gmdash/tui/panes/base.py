"""What the four panes share: a bordered, maximisable container bound to its keys."""

from __future__ import annotations

from typing import ClassVar

from textual.containers import Vertical
from textual.widget import Widget

from gmdash.model.events import Event
from gmdash.tui.context import Dashboard, dashboard
from gmdash.tui.keymap import scope_title
from gmdash.tui.uniform_containers import AlikeLines


class Pane(AlikeLines, Vertical):
    """A pane of the dashboard. Subclasses set `scope` and `BINDINGS = bindings_for(scope)`.

    The app calls `campaign_changed` for every event of the campaign bus (attributes down);
    panes never reach into their siblings.
    """

    scope: ClassVar[str] = ""
    number: ClassVar[int] = 0
    ALLOW_MAXIMIZE = True

    def on_mount(self) -> None:
        brp = self.dash.service.campaign.edition.is_brp
        self.border_title = f"{self.number} {scope_title(self.scope, brp)}"

    @property
    def dash(self) -> Dashboard:
        return dashboard(self)

    def focus_main(self) -> None:
        """Give the keyboard to the pane's main widget (or the pane itself)."""
        target = self.main_widget()
        if target is not None:
            target.focus()

    def main_widget(self) -> Widget | None:
        """The widget keys 1-4 focus; the first focusable child by default."""
        if self.can_focus:
            return self
        for child in self.query("*"):
            if isinstance(child, Widget) and child.focusable:
                return child
        return None

    def campaign_changed(self, event: Event | None) -> None:
        """Re-render after `event` (None: the whole campaign was (re)loaded)."""
