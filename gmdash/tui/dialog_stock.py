"""Dialogs built ahead, while the game master is not typing, so that a dialog's key shows it.

Opening a dialog builds it: its widgets made, styled and mounted, then laid out and drawn: for
the character form some 90 widgets, three times the time from a key to a small dialog's frame.
So the dialogs a game master opens most (the roster's rolls for the selected character, the
character form, a fight's set-up, then the help, the log's filter and the improvement phase)
are built ahead, one step at a time, once the app has been quiet for `QUIET` seconds: each is
registered with the app without being shown (it composes and mounts, unseen), then laid out at
the app's size and its widgets' lines drawn (widgets keep them until they change). Its key
then pushes the dialog built ahead: what is left is putting the lines together over the
dimmed dashboard.

A dialog is built from the campaign's state (a sheet, the last ability rolled), the app's size
and its styles. One built ahead is taken only if it was built from the same arguments
(the same objects) and from the very same state (the service replaces its state object on every
change, so the object is the version), size, theme and stylesheet; otherwise it is dropped and
the key builds one afresh, as without a stock. So a stocked dialog is the one the key would
have built; `tests/tui/test_dialog_stock.py` checks both are drawn alike and typed alike.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

from textual.app import App
from textual.geometry import Region
from textual.screen import Screen

from gmdash.tui.later import call_in

if TYPE_CHECKING:  # the dialogs' module comes with the dialogs, after the first frame
    from gmdash.tui.modal import QuickModal

S = TypeVar("S", bound="QuickModal[Any]")

# The private Textual attributes the stock uses, by the class that holds them: registering a
# screen without showing it, and the layout its update timer would do. Should a release rename
# one, the stock stays off (every key builds its dialog, as in plain Textual) and
# `tests/tui/test_dialog_stock.py` fails on that release.
TEXTUAL_INTERNALS: dict[type[Any], tuple[str, ...]] = {
    App: ("_register", "_close_all", "_dispatch_message"),
    Screen: ("_refresh_layout", "_layout_required", "_scroll_required", "_dirty_widgets",
             "_compositor", "_closing", "_closed"),
}  # fmt: skip


def textual_internals_missing() -> list[str]:
    """The private Textual attributes the stock uses that this Textual does not have."""
    probes: dict[type[Any], object] = {App: App, Screen: Screen()}  # most are set in __init__
    return [f"{kind.__name__}.{name}" for kind, names in TEXTUAL_INTERNALS.items()
            for name in names if not hasattr(probes[kind], name)]  # fmt: skip


QUIET = 0.15
"""Seconds without a key (or a click) before a dialog is built ahead."""

STEP = 0.01
"""Seconds between two steps of the building (keys and the loop run in between)."""

DRAW_SLICE = 0.015
"""Seconds of drawing in one step, at most (and one widget)."""

LAID_OUT, DRAWN = 1, 2
MAX_LAYOUTS = 3
"""Layouts of a hidden dialog before it is drawn anyway (a widget that keeps asking for one)."""

Order: TypeAlias = "tuple[Callable[..., QuickModal[Any]], tuple[object, ...]]"
"""A dialog to have ready: its class and the arguments the key would build it with."""


@dataclass
class _Stocked:
    kind: Callable[..., QuickModal[Any]]
    args: tuple[object, ...]
    basis: tuple[object, ...]
    screen: QuickModal[Any]
    stage: int = 0
    """0 built (mounting), 1 laid out, 2 drawn."""
    layouts: int = 0


class DialogStock:
    """The dialogs built ahead for `app`: `wanted` names them, most likely first; `version`
    gives what they are built from (compared by identity); `keys_idle` tells whether no key
    is waiting to be handled."""

    def __init__(self, app: App[Any], wanted: Callable[[], Sequence[Order]], *,
                 version: Callable[[], object], keys_idle: Callable[[], bool]) -> None:  # fmt: skip
        self._app = app
        self._wanted = wanted
        self._version = version
        self._keys_idle = keys_idle
        self._stocked: list[_Stocked] = []
        self._leaving: list[QuickModal[Any]] = []  # dropped, to be removed once mounted
        self._timer: asyncio.TimerHandle | None = None
        self._due = 0.0
        self._building: QuickModal[Any] | None = None
        self._is_full = False  # every wanted dialog built, as of the last look
        self._full: asyncio.Event | None = None  # made on first use, in the app's loop
        self.quiet = QUIET
        self._enabled = False
        self._possible: bool | None = None  # looked at on first use, after the first frame
        self._abandoned = False  # the app is closing: never again

    @property
    def enabled(self) -> bool:
        """Building ahead; off until the app turns it on (once its dialogs' modules and styles
        are loaded), and always off on a Textual without what it uses."""
        return self._enabled

    @enabled.setter
    def enabled(self, on: bool) -> None:
        if on and self._possible is None:
            self._possible = not textual_internals_missing()
        self._enabled = on and bool(self._possible) and not self._abandoned

    # --- the key's side ------------------------------------------------------------------------

    def take(self, kind: Callable[..., S], *args: object) -> S:
        """The dialog `kind(*args)`: the one built ahead if it is still what that would build,
        else a new one."""
        basis = self._basis()
        for entry in self._stocked:
            if entry.kind is kind and entry.args == args:
                self._stocked.remove(entry)
                if entry.basis == basis and self._usable(entry.screen):
                    entry.screen.taken_from_stock()
                    return entry.screen  # type: ignore[return-value]
                self._drop(entry)
                break
        return kind(*args)

    # --- the idle side -----------------------------------------------------------------------

    def restock(self) -> None:
        """Something happened (a key, a click, a change): build what is missing once the app
        has been quiet for `QUIET` seconds."""
        if not self.enabled:
            return
        self._is_full = False
        if self._full is not None:
            self._full.clear()
        self._due = time.monotonic() + self.quiet
        if self._timer is None:
            self._timer = call_in(self._app, self.quiet, self._tick)

    async def filled(self, timeout: float = 10.0) -> bool:
        """Wait (at most `timeout` seconds: a caller, a test, never hangs) until every wanted
        dialog is built and mounted; whether they are."""
        if self._full is None:
            self._full = asyncio.Event()
            if self._is_full:
                self._full.set()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._full.wait(), timeout)
        return self._full.is_set()

    def abandon(self) -> None:
        """Build no more, and have every dialog built ahead handle nothing more: the app is
        closing, its screens are gone, and it closes the rest node by node in no order (a
        dialog still mounting would find its widgets closed, a handler would find no screen:
        an error at the quit)."""
        self._abandoned = True
        self._stop()
        for screen in [entry.screen for entry in self._stocked] + self._leaving:
            screen.abandon()

    def clear(self) -> None:
        """Drop every dialog built ahead and build no more."""
        self._stop()
        for entry in self._stocked:
            self._drop(entry)
        self._stocked.clear()

    def _stop(self) -> None:
        self.enabled = False
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    @property
    def ready(self) -> list[QuickModal[Any]]:
        """The dialogs built ahead and still current."""
        basis = self._basis()
        return [e.screen for e in self._stocked if e.basis == basis and self._usable(e.screen)]

    def _tick(self) -> None:
        if self._abandoned:
            return  # called back as the app closes
        self._timer = None
        self._sweep()
        if not self.enabled:
            return
        wait = self._due - time.monotonic()
        if wait <= 0 and self._busy():
            wait = STEP if self._mounting() else self.quiet
        if wait > 0:
            self._timer = call_in(self._app, wait, self._tick)
            return
        if self._build_next() or self._leaving:
            self._timer = call_in(self._app, STEP, self._tick)
        else:
            self._is_full = True
            if self._full is not None:
                self._full.set()

    def _busy(self) -> bool:
        """Whether building now would delay the game master: a dialog is open, a key is in
        hand, or the last dialog built ahead is still mounting."""
        stack = self._app.screen_stack
        return self._mounting() or not stack or stack[-1] is not stack[0] or not self._keys_idle()

    def _mounting(self) -> bool:
        building = self._building
        return building is not None and not building.is_mounted and self._usable(building)

    def _build_next(self) -> bool:
        """Drop what is stale or no longer wanted, build the first wanted dialog not built;
        whether one was built (more may be missing)."""
        basis = self._basis()
        wanted = list(self._wanted())
        keep: list[_Stocked] = []
        for entry in self._stocked:
            current = entry.basis == basis and self._usable(entry.screen)
            if current and (entry.kind, entry.args) in wanted:
                keep.append(entry)
            else:
                self._drop(entry)
        self._stocked = keep
        for entry in keep:
            if entry.stage < DRAWN and entry.screen.is_mounted:
                self._prepare(entry)
                return True
        have = [(entry.kind, entry.args) for entry in keep]
        for kind, args in wanted:
            if (kind, args) not in have:
                screen = kind(*args)
                screen.built_ahead()
                self._app._register(self._app, screen)  # composes and mounts it, unseen
                self._stocked.append(_Stocked(kind, args, basis, screen))
                self._building = screen
                return True
        self._building = None
        return False

    def _prepare(self, entry: _Stocked) -> None:
        """Lay a mounted dialog out at the app's size, then (at the next tick, once its widgets
        have taken their sizes) draw its widgets' lines, which they keep until they change."""
        screen = entry.screen
        if entry.stage == 0 or (screen._layout_required and entry.layouts < MAX_LAYOUTS):
            # What the screen's update timer does (it runs only for the screen shown): a
            # layout, its request then answered. What the new sizes change asks again.
            screen._refresh_layout(self._app.size)
            screen._layout_required = screen._scroll_required = False
            screen._dirty_widgets.clear()
            entry.stage = LAID_OUT
            entry.layouts += 1
            return
        # A slice at a time, so that a key typed meanwhile waits at most one slice (a widget
        # drawn in an earlier slice gives its kept lines back at once).
        until = time.monotonic() + DRAW_SLICE
        for widget, (region, clip) in screen._compositor.visible_widgets.items():
            if widget is screen:
                continue  # the dimmed dashboard behind: drawn as it is when shown
            x, y, width, height = region.intersection(clip)
            if width and height:
                widget.render_lines(Region(x - region.x, y - region.y, width, height))
            if time.monotonic() > until:
                return
        entry.stage = DRAWN

    def _basis(self) -> tuple[object, ...]:
        """What a dialog is built from besides its arguments, compared by identity or value."""
        app = self._app
        return (
            _Same(self._version()),
            app.size,
            app.theme,
            app.ansi_color,
            len(app.stylesheet.source),
        )

    @staticmethod
    def _usable(screen: Screen[Any]) -> bool:
        # Attached, not closing: just registered, its message loop may not have started yet
        return screen.is_attached and not (screen._closing or screen._closed)

    def _drop(self, entry: _Stocked) -> None:
        screen = entry.screen
        if self._building is screen:
            self._building = None
        self._leaving.append(screen)
        self._sweep()

    def _sweep(self) -> None:
        """Remove the dropped dialogs that have mounted. One still mounting waits: removed
        meanwhile, its own `on_mount` would find its widgets gone."""
        waiting: list[QuickModal[Any]] = []
        for screen in self._leaving:
            if not self._usable(screen) or screen.is_active:
                continue  # closed already (the app is closing), or shown after all
            if screen.is_mounted:
                screen.remove()
            else:
                waiting.append(screen)
        self._leaving = waiting


class _Same:
    """Equal only to a wrapper of the very same object (a state is its own version)."""

    __slots__ = ("thing",)

    def __init__(self, thing: object) -> None:
        self.thing = thing

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.thing is self.thing

    def __hash__(self) -> int:
        return id(self.thing)
