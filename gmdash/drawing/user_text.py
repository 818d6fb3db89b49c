"""User text drawn with Rich: always shown as typed, never read as markup or obeyed (control
characters are shown as signs, `safe_text.visible`, so that no escape sequence reaches the
terminal)."""

from __future__ import annotations

from rich.text import Text

from gmdash.safe_text import visible


def rich_literal(text: str, style: str = "") -> Text:
    """User text as a Rich `Text` (for the widgets that draw with Rich): controls shown."""
    return Text(visible(text), style=style)


def multiline(text: str, style: str = "") -> Text:
    """User text that may span lines (notes): line breaks kept, other controls shown."""
    return Text(visible(text, keep_newlines=True), style=style)
