"""Keys typed while the dashboard starts reach it as typed.

Until Textual takes the terminal (some 0.3 s into the start, after its imports), the terminal is
in line mode: it echoes what is typed, holds it until a line ends, turns the enter key into a
newline (which Textual reads as ctrl+j, so an `r Scan enter` typed at once picked Scan and never
rolled), and takes ctrl+s and ctrl+q for flow control. `take_keys` puts the terminal, before
anything is imported, in the mode Textual will (no echo, no line editing, enter as enter, no
flow control), so every key typed ahead waits for the dashboard unchanged; the returned
function puts the terminal back as it was, after Textual has put back what it found.

Ctrl+c still interrupts a start that hangs (Textual turns that off itself once it runs).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from contextlib import suppress


def _nothing() -> None:
    return None


def take_keys() -> Callable[[], None]:
    """Put standard input's terminal in Textual's input mode now; returns what restores it (a
    no-op where standard input is no terminal, or on a system without termios)."""
    try:
        import termios
    except ImportError:  # Windows: its console hands keys over as they are typed
        return _nothing
    try:
        fd = sys.stdin.fileno()
        if not os.isatty(fd):
            return _nothing
        before = termios.tcgetattr(fd)
    except (OSError, ValueError, AttributeError, termios.error):
        return _nothing
    taken = list(before)
    taken[0] &= ~(termios.IXON | termios.IXOFF | termios.ICRNL | termios.INLCR | termios.IGNCR)
    taken[3] &= ~(termios.ECHO | termios.ICANON | termios.IEXTEN)
    taken[6] = list(before[6])
    taken[6][termios.VMIN] = 1
    taken[6][termios.VTIME] = 0
    try:
        termios.tcsetattr(fd, termios.TCSANOW, taken)
    except termios.error:
        return _nothing

    def restore() -> None:
        with suppress(termios.error, OSError):
            termios.tcsetattr(fd, termios.TCSANOW, before)

    return restore
