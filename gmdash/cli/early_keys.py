"""Keys typed while the dashboard starts reach it as typed.

Until Textual takes the terminal (some 0.3 s into the start, after its imports), the terminal is
in line mode: it echoes what is typed, holds it until a line ends, turns the enter key into a
newline (which Textual reads as ctrl+j, so an `r Scan enter` typed at once picked Scan and never
rolled), and takes ctrl+s and ctrl+q for flow control. `take_keys` puts the terminal, before
anything is imported, in the mode Textual will (no echo, no line editing, enter as enter, no
flow control), so every key typed ahead waits for the dashboard unchanged; the returned
object gives the terminal back as it was: before any question is asked on it (the launch's
offer to recover a damaged campaign), and after Textual has put back what it found.

Ctrl+c still interrupts a start that hangs (Textual turns that off itself once it runs).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from contextlib import suppress


class TakenKeys:
    """The terminal as `take_keys` found it, to be given back (once; again does nothing)."""

    def __init__(self, restore: Callable[[], None] | None = None) -> None:
        self._restore = restore

    def give_back(self) -> None:
        """Put the terminal back as it was: before any prompt (it echoes and edits lines
        again), and when the dashboard has closed (after Textual put back what it found)."""
        restore, self._restore = self._restore, None
        if restore is not None:
            restore()


def take_keys() -> TakenKeys:
    """Put standard input's terminal in Textual's input mode now; returns what gives it back
    (nothing to give where standard input is no terminal, or on a system without termios)."""
    try:
        import termios
    except ImportError:  # Windows: its console hands keys over as they are typed
        return TakenKeys()
    try:
        fd = sys.stdin.fileno()
        if not os.isatty(fd):
            return TakenKeys()
        before = termios.tcgetattr(fd)
    except (OSError, ValueError, AttributeError, termios.error):
        return TakenKeys()
    taken = list(before)
    taken[0] &= ~(termios.IXON | termios.IXOFF | termios.ICRNL | termios.INLCR | termios.IGNCR)
    taken[3] &= ~(termios.ECHO | termios.ICANON | termios.IEXTEN)
    taken[6] = list(before[6])
    taken[6][termios.VMIN] = 1
    taken[6][termios.VTIME] = 0
    try:
        termios.tcsetattr(fd, termios.TCSANOW, taken)
    except termios.error:
        return TakenKeys()

    def restore() -> None:
        with suppress(termios.error, OSError):
            termios.tcsetattr(fd, termios.TCSANOW, before)

    return TakenKeys(restore)
