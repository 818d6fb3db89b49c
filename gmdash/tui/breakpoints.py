"""The dashboard's width breakpoints, and the classes they give a screen (as Textual sets them)."""

from __future__ import annotations

from textual.dom import DOMNode

HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (130, "-wide")]
"""Below 130 columns the log takes a larger share, so who rolled what stays readable."""


def breakpoint_class(width: int) -> str:
    """The class of HORIZONTAL_BREAKPOINTS that applies at `width` (as Textual picks it: the
    last whose threshold the width reaches)."""
    name = ""
    for threshold, candidate in HORIZONTAL_BREAKPOINTS:
        if width >= threshold:
            name = candidate
    return name


def set_breakpoint_classes(screen: DOMNode, width: int) -> None:
    """Give `screen` now the breakpoint classes its first resize would set: its widgets are
    then styled once, not again (all of them) when that resize comes."""
    wanted = breakpoint_class(width)
    for _, name in HORIZONTAL_BREAKPOINTS:
        screen.set_class(name == wanted, name)
