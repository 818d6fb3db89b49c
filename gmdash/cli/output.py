"""Shared output helpers: one JSON object on stdout, or Rich rendering for people."""

from __future__ import annotations

import json
import sys
from contextvars import ContextVar
from typing import Any

from rich.console import Console

from gmdash.safe_text import json_safe


def print_json(data: Any) -> None:
    """Print one JSON document on stdout (exact text; nothing a terminal would obey raw)."""
    sys.stdout.write(json_safe(json.dumps(data, ensure_ascii=False)) + "\n")


WIDTH: ContextVar[int | None] = ContextVar("gmdash_output_width", default=None)
"""The width of the terminal of a command the dashboard runs for another process (whose
output is captured there): what its console would have been (`gmdash.cli.hosting`)."""


def console(min_width: int = 0) -> Console:
    """A console on stdout; plain when stdout is not a terminal; at least `min_width` wide."""
    # emoji=False: no ":name:" codes in our output, and their table is a tenth of a roll's time
    out = Console(highlight=False, emoji=False, width=WIDTH.get())
    if out.width < min_width:
        out = Console(highlight=False, emoji=False, width=min_width)
    return out
