"""Names cut to a width without losing what tells them apart: a numbered foe keeps its number
("Gorp the Broo 2" -> "Gorp the…2"), so that numbered foes cut alike never read the same."""

from __future__ import annotations

import re

_NUMBERED = re.compile(r"^(?P<name>.*\S)(?P<number>\s+\d+)$")


def fit(text: str, width: int) -> str:
    """`text` cut to `width` characters, an ellipsis last when cut."""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def fit_name(name: str, width: int) -> str:
    """A name cut to `width`, a foe's number kept ("Gorp the Broo 2" -> "Gorp the…2")."""
    match = _NUMBERED.match(name)
    if len(name) <= width or match is None or width < len(match["number"]) + 2:
        return fit(name, width)
    number = match["number"].strip()
    return match["name"][: width - len(number) - 1].rstrip() + "…" + number
