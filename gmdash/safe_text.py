"""User text made safe for a terminal: control characters shown, never obeyed.

Names, labels and notes come from people and from other people's files. Printed raw, an ESC
sequence retitles the window, clears the screen or plants a link; a lone surrogate (a non-UTF-8
byte in an argument) cannot even be encoded; a bidi control (U+202E "right-to-left override",
U+2066-2069 isolates) reorders what follows it, so that a name reads as another, and a
zero-width character (U+200B-200D, U+2060, U+FEFF...) hides inside a name that then looks like
another one. `visible` turns each such character into a sign a person can read (`␛`, `\u202e`),
so the text stays recognisable and the terminal stays ours. Both the CLI and the dashboard use
it, as do the CSV and Markdown exports and the clipboard copy; JSON output keeps the exact text
instead, with these characters written as escapes (`json_safe`).
"""

from __future__ import annotations

import re
from functools import cache

CONTROL_PICTURES = 0x2400
"""U+2400..U+241F picture the C0 controls (`␛` for ESC); U+2421 pictures DEL."""
DELETE_PICTURE = "\u2421"

INVISIBLE = (
    "\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff"
    "\U000e0000-\U000e007f"
)
"""Characters that change or hide text without a mark of their own: the bidi controls (marks,
embeddings, overrides, isolates, U+061C), the zero-width ones (spaces, joiners, the word
joiner, the invisible operators, the byte order mark, U+180E), the soft hyphen, the deprecated
format characters and the tag characters (invisible letters). A regex class body."""

# C0 and C1 controls, DEL, lone surrogates, the Unicode line and paragraph separators (they
# break a line as a newline does) and INVISIBLE. Compiled when first needed: the surrogate range
# makes each take about a millisecond, and most text never needs them (see `visible`).
_UNSAFE = f"[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029{INVISIBLE}]"
_UNSAFE_KEEPING_NEWLINES = f"[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029{INVISIBLE}]"


@cache
def _pattern(source: str) -> re.Pattern[str]:
    return re.compile(source)


def _picture(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    if code < 0x20:
        return chr(CONTROL_PICTURES + code)
    if code == 0x7F:
        return DELETE_PICTURE
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def visible(text: str, *, keep_newlines: bool = False) -> str:
    """`text` with every control character shown as a sign (`␛`, `␊`, `\\x9b`, `\\udcff`), and
    every bidi control and invisible character as its code (`\\u202e`, `\\u200b`).

    `keep_newlines` leaves line feeds alone, for text that is meant to span lines (notes).
    """
    if text.isprintable():  # no control, surrogate, separator or INVISIBLE (none is printable)
        return text
    return _pattern(_UNSAFE_KEEPING_NEWLINES if keep_newlines else _UNSAFE).sub(_picture, text)


def is_encodable(text: str) -> bool:
    """False when `text` holds a lone surrogate (what Python makes of a non-UTF-8 byte)."""
    if text.isascii():  # most text, and checked without a copy
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


# What `json.dumps(..., ensure_ascii=False)` leaves raw although a terminal may obey it (or a
# reader be fooled by it).
_RAW_IN_JSON = re.compile(f"[\x7f-\x9f\u2028\u2029{INVISIBLE}]")


def _json_escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000  # beyond the BMP, JSON escapes a character as its UTF-16 surrogate pair
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def json_safe(json_text: str) -> str:
    """JSON text with DEL, the C1 controls, line separators, bidi controls and invisible
    characters written as `\\uXXXX` escapes.

    The data read back is exactly the same; only what a terminal would obey is spelt out.
    """
    return _RAW_IN_JSON.sub(_json_escape, json_text)
