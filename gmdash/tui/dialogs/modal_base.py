"""What every dialog shares: keys typed after it closed do nothing, escape dismisses.

Fast typists queue keys: one meant for a dialog can arrive after it was dismissed. Every
action or handler that dismisses is wrapped in `only_while_open`, which drops such a key: the
dialog is closed already.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar

from textual.screen import Screen

from gmdash.play.campaign import CampaignService
from gmdash.tui.context import Dashboard, dashboard
from gmdash.tui.modal import QuickModal

P = ParamSpec("P")
R = TypeVar("R")
S = TypeVar("S", bound=Screen[Any])


def only_while_open(method: Callable[Concatenate[S, P], None]) -> Callable[Concatenate[S, P], None]:
    """Run a dialog's action or handler only while the dialog is the active screen."""

    @functools.wraps(method)
    def wrapper(self: S, /, *args: P.args, **kwargs: P.kwargs) -> None:
        if not self.is_active:
            return  # a key typed before this dialog closed: it is closed already
        method(self, *args, **kwargs)

    return wrapper


class GuardedModal(QuickModal[R | None], Generic[R]):
    """A modal over the dashboard whose cancel dismisses `cancel_result()` (None) once."""

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
