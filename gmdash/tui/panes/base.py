"""What the four panes share: a bordered, maximisable container bound to its keys."""

from __future__ import annotations

from typing import ClassVar

from textual.containers import Vertical
from textual.dom import DOMNode
from textual.widget import Widget

from gmdash.model.events import Event
from gmdash.tui.context import Dashboard, dashboard
from gmdash.tui.keymap import scope_title
from gmdash.tui.uniform_containers import AlikeLines
from gmdash.tui.user_text import literal


class Pane(AlikeLines, Vertical):
    """A pane of the dashboard. Subclasses set `scope` and `BINDINGS = bindings_for(scope)`.

    The app calls `campaign_changed` for every event of the campaign bus (attributes down);
    panes never reach into their siblings.
    """

    scope: ClassVar[str] = ""
    number: ClassVar[int] = 0
    ALLOW_MAXIMIZE = True

    _title = ""
    _subtitle = ""

    def on_mount(self) -> None:
        brp = self.dash.service.campaign.edition.is_brp
        self.set_title(f"{self.number} {scope_title(self.scope, brp)}")
        # Called as the focus moves, before the frame that shows it is drawn.
        self.watch(self.screen, "focused", self._focus_moved)

    def _focus_moved(self, focused: Widget | None) -> None:
        self.light(pane_of(focused) is self)

    @property
    def title_text(self) -> str:
        """The pane's title, as written on its upper border."""
        return self._title

    def set_title(self, title: str) -> None:
        """The pane's title on its upper border (in the accent colour while the pane is lit)."""
        if title != self._title:
            self._title = title
            self._draw_title()

    def light(self, lit: bool) -> None:
        """Light the pane (its border and title in the accent colour: it has the focus) or not.

        Not Textual's `:focus-within`, which restyles every widget of the two panes the focus
        leaves and enters, each of which then draws itself again (textual 8.2: a widget
        restyled with `animate=True` compares its new rules with its stored values, which
        differ in kind, never equal): a class restyling the pane alone, and the title's colour
        its own (a pane's colour restyled draws every widget in it again)."""
        if self.has_class("-focused") == lit:
            return
        self.set_class(lit, "-focused", update=False)
        self.app.stylesheet.update_nodes([self], animate=False)
        self._draw_title()

    def _draw_title(self) -> None:
        self.border_title = literal(self._title, "$accent" if self.has_class("-focused") else "")

    def set_subtitle(self, subtitle: str) -> None:
        """The text on the pane's lower border, set only when it changes: Textual draws the
        whole pane again at every assignment, and a pane drawn for nothing widens every frame
        (a frame draws the box around all that changed in it)."""
        if subtitle != self._subtitle:
            self._subtitle = subtitle
            self.border_subtitle = literal(subtitle)

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


def pane_of(widget: DOMNode | None) -> Pane | None:
    """The pane `widget` is in (itself, if a pane), or None."""
    node = widget
    while node is not None:
        if isinstance(node, Pane):
            return node
        node = node.parent
    return None
