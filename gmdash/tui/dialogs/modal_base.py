"""What every dialog shares: keys typed after it closed do nothing, escape dismisses, no key
typed in it is silently lost.

Fast typists queue keys: one meant for a dialog can arrive after it was dismissed. Every
action or handler that dismisses is wrapped in `only_while_open`, which drops such a key: the
dialog is closed already.

A dialog opens on its first field in reading order (Textual's auto-focus: the first of its
focus chain). A digit typed on a select, a checkbox or a radio set, which cannot take it, moves
on into the next field for typed dice (an `Input` of class `dice`; else the next field one can
type in) and lands there; with none after it, the dialog says what it ignored. Tab stops at the
last field rather than wrapping to the first: a GM counting Tabs wrongly (one ruleset's dialog
has a field fewer) must not type dice over the first field.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar

from textual import events
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Checkbox, Input, RadioButton, RadioSet, Select, Switch

from gmdash.play.campaign import CampaignService
from gmdash.tui.context import Dashboard, dashboard
from gmdash.tui.modal import QuickModal

P = ParamSpec("P")
R = TypeVar("R")
S = TypeVar("S", bound=Screen[Any])

CHOICES = (Select, Checkbox, RadioButton, RadioSet, Switch)
"""Widgets that take no typed characters (they open, toggle or pick)."""
DICE_CLASS = "dice"
"""The class of a field for typed dice: where a digit typed on a choice goes."""
NUMBER_KEYS = frozenset("0123456789+-")


def only_while_open(method: Callable[Concatenate[S, P], None]) -> Callable[Concatenate[S, P], None]:
    """Run a dialog's action or handler only while the dialog is the active screen."""

    @functools.wraps(method)
    def wrapper(self: S, /, *args: P.args, **kwargs: P.kwargs) -> None:
        if not self.is_active:
            return  # a key typed before this dialog closed: it is closed already
        method(self, *args, **kwargs)

    return wrapper


def dice_field(placeholder: str = "", id: str | None = None, **kwargs: Any) -> Input:
    """A field for physical dice typed at the table."""
    return Input(placeholder=placeholder, id=id, classes=DICE_CLASS, **kwargs)


class GuardedModal(QuickModal[R | None], Generic[R]):
    """A modal over the dashboard whose cancel dismisses `cancel_result()` (None) once."""

    AUTO_FOCUS = "*"  # the first field in reading order

    def focus_next(self, selector: str | type[Widget] = "*") -> Widget | None:
        """Tab, stopping at the last field (never wrapping round into the first)."""
        chain = self.focus_chain
        if chain and self.focused is chain[-1] and selector == "*":
            return self.focused
        return super().focus_next(selector)

    def on_key(self, event: events.Key) -> None:
        """A digit typed on a choice goes on into the next dice field (see the module)."""
        char = event.character
        focused = self.focused
        if char is None or char not in NUMBER_KEYS or not isinstance(focused, CHOICES):
            return
        if isinstance(focused, Select) and focused.expanded:
            return
        event.stop()
        event.prevent_default()
        target = self.next_typed_field(focused)
        if target is None:
            self.notify(
                f"{char!r} ignored: typed on a choice, with no field for dice after it.",
                title="Key ignored",
                severity="warning",
            )
            return
        target.value = ""  # as tab would select what it held, for typing to replace
        self.set_focus(target)  # now (`focus()` waits a turn), its Focus posted to it
        # after that Focus is handled (it selects the field's text): queued behind it
        target.call_later(target.insert_text_at_cursor, char)

    def next_typed_field(self, after: Widget) -> Input | None:
        """The first dice field after `after` in the focus chain, else the first field one can
        type in after it; None when there is neither."""
        chain = self.focus_chain
        start = next((i for i, w in enumerate(chain) if w is after or after in w.ancestors), -1)
        rest = [w for w in chain[start + 1 :] if isinstance(w, Input) and not w.disabled]
        return next((w for w in rest if w.has_class(DICE_CLASS)), rest[0] if rest else None)

    @property
    def dash(self) -> Dashboard:
        return dashboard(self)

    @property
    def service(self) -> CampaignService:
        return dashboard(self).service

    def cancel_result(self) -> R | None:
        """What escape dismisses with: nothing, unless a subclass already has a result."""
        return None

    @only_while_open
    def action_cancel(self) -> None:
        self.dismiss(self.cancel_result())
