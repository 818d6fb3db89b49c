"""User text on the dashboard: always shown as typed, never read as markup or obeyed.

Textual reads a plain `str` as markup almost everywhere (notifications, border titles, option
prompts, `Static`): a name such as `Grima [/]` raises a MarkupError in the middle of a repaint
and freezes the screen. Every name, label and note goes through one of these instead; control
characters are shown as signs (`safe_text.visible`) so that no escape sequence reaches the
terminal.
"""

from __future__ import annotations

from textual.content import Content

from gmdash.safe_text import visible


def literal(text: str, style: str = "") -> Content:
    """User text as Textual content: exactly as typed, in `style`."""
    return Content.styled(visible(text), style) if style else Content(visible(text))


def markup(template: str, **user: object) -> Content:
    """Our own markup with user text filled in at `$name` (never read as markup itself).

    `markup("$who  [dim]$value%[/dim]", who=ability.name, value=ability.value)`.
    """
    return Content.from_markup(template, **{key: visible(str(v)) for key, v in user.items()})


def literal_lines(text: str, style: str = "") -> Content:
    """Lines of our own joined by line breaks, each holding user text: as Textual content,
    the breaks kept (never shown as `␊`), any other control shown."""
    shown = visible(text, keep_newlines=True)
    return Content.styled(shown, style) if style else Content(shown)
