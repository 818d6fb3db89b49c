"""How each level of success looks, shared by both front ends (the CLI and the dashboard).

Plain Rich style strings, so that importing this loads neither Rich nor Textual.
"""

from __future__ import annotations

LEVEL_STYLES = {
    "critical": "bold magenta",
    "special": "bold cyan",
    "success": "bold green",
    "failure": "yellow",
    "fumble": "bold red",
}


def level_text(level: str) -> str:
    """A level as Rich markup in its colour."""
    style = LEVEL_STYLES.get(level, "")
    return f"[{style}]{level.upper()}[/]" if style else level.upper()
