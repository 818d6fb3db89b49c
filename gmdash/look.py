"""How levels of success and hit locations read, shared by the CLI, the dashboard and `play`.

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


def location_label(location: str) -> str:
    """`right_arm` -> `Right arm`."""
    return location.replace("_", " ").capitalize()
