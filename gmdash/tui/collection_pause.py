"""Garbage collection held back while the dashboard draws its first frame.

Building the screen allocates tens of thousands of objects; with CPython's default thresholds that
sets off collection after collection, each walking objects that are nearly all alive (widgets,
styles, rules). So the thresholds are raised for that moment only, and once the first frame is on
screen what it built is frozen (moved out of the collector's reach, as `gmdash.tui.launch.prepare`
did for the modules and the campaign) and the thresholds put back. The price: the few cycles that
were already garbage then (small objects, once per start) wait for `release`, which the app calls
when it closes, so that a process running many apps (the tests, the benchmark) gets their memory
back.
"""

from __future__ import annotations

import gc

START_UP_THRESHOLD = 200_000
"""Allocations before a collection during the start-up: more than building the screen makes."""


class CollectionPause:
    """Raise the first-generation threshold until `end`; ending twice, or without a start,
    does nothing."""

    def __init__(self) -> None:
        self._saved: tuple[int, int, int] | None = None
        self._frozen = False

    @property
    def active(self) -> bool:
        return self._saved is not None

    def start(self) -> None:
        if self._saved is None:
            self._saved = gc.get_threshold()
            gc.set_threshold(START_UP_THRESHOLD, *self._saved[1:])

    def end(self, *, freeze: bool = False) -> None:
        """Put the thresholds back, first freezing what the start-up built if `freeze`."""
        if self._saved is not None:
            if freeze:
                gc.freeze()
                self._frozen = True
            gc.set_threshold(*self._saved)
            self._saved = None

    def release(self) -> None:
        """Make what `end` froze collectable again (with everything else frozen)."""
        self.end()
        if self._frozen:
            gc.unfreeze()
            self._frozen = False


class OpeningHold:
    """No garbage collection while a dialog is being built, until its first frame is drawn.

    Opening a dialog allocates tens of thousands of objects; a collection that falls in that moment
    (a full one frees the widgets of every dialog closed since the last) would land between the key
    and the frame. So collections wait until the frame is drawn, then run as usual. Holds nest (a
    dialog opened from a dialog): the collector is turned back on when the last is let go, and only
    if a hold turned it off.
    """

    _holding = 0
    _disabled_by_us = False

    def __init__(self) -> None:
        self.held = False

    def hold(self) -> None:
        if self.held:
            return
        self.held = True
        cls = OpeningHold
        if cls._holding == 0 and gc.isenabled():
            gc.disable()
            cls._disabled_by_us = True
        cls._holding += 1

    def let_go(self) -> None:
        """End the hold; letting go twice, or without a hold, does nothing."""
        if not self.held:
            return
        self.held = False
        cls = OpeningHold
        cls._holding -= 1
        if cls._holding == 0 and cls._disabled_by_us:
            cls._disabled_by_us = False
            gc.enable()
