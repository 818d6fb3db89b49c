"""Points drawn: a bar of hit points and the colour of any points by how much is left."""

from __future__ import annotations

from rich.text import Text


def points_style(current: int, maximum: int) -> str:
    """Green when full or nearly, yellow past half, red below a third (or none left)."""
    if maximum <= 0:
        return "dim"
    ratio = current / maximum
    if current <= 0 or ratio < 1 / 3:
        return "bold red"
    if ratio <= 0.5:
        return "yellow"
    if ratio < 1:
        return "green"
    return "bold green"


def _filled(current: int, maximum: int, width: int) -> int:
    filled = 0 if maximum <= 0 else max(0, min(width, round(width * current / maximum)))
    return 1 if current > 0 and filled == 0 else filled


def hp_bar_plain(current: int, maximum: int, width: int = 4) -> str:
    """The text of `hp_bar(current, maximum, width)`, made without its styles."""
    if width <= 0:
        return f"{current}/{maximum}"
    filled = _filled(current, maximum, width)
    return f"{'█' * filled}{'░' * (width - filled)} {current}/{maximum}"


def hp_bar(current: int, maximum: int, width: int = 4) -> Text:
    """`███░ 10/15`, coloured by how hurt the character is."""
    style = points_style(current, maximum)
    if width <= 0:
        return Text(f"{current}/{maximum}", style=style)
    filled = _filled(current, maximum, width)
    bar = Text("█" * filled, style=style)
    bar.append("░" * (width - filled), style="dim")
    bar.append(f" {current}/{maximum}", style=style)
    return bar
