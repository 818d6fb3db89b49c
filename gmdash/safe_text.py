"""User text made safe for a terminal: control characters shown, never obeyed.

Names, labels and notes come from people and from other people's files. Printed raw, an ESC
sequence retitles the window, clears the screen or plants a link; a lone surrogate (a non-UTF-8
byte in an argument) cannot even be encoded. `visible` turns each such character into a sign a
person can read, so the text stays recognisable and the terminal stays ours. Both the CLI and the
dashboard use it; JSON output keeps the exact text instead (escaped by the JSON encoder).
"""

from __future__ import annotations

import re
from functools import cache

CONTROL_PICTURES = 0x2400
"""U+2400..U+241F picture the C0 controls (`␛` for ESC); U+2421 pictures DEL."""
DELETE_PICTURE = "\u2421"

# C0 and C1 controls, DEL, lone surrogates, and the Unicode line and paragraph separators (they
# break a line as a newline does). Compiled when first needed: the surrogate range makes each
# take about a millisecond, and most text never needs them (see `visible`).
_UNSAFE = "[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]"
_UNSAFE_KEEPING_NEWLINES = "[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]"


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
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def visible(text: str, *, keep_newlines: bool = False) -> str:
    """`text` with every control character shown as a sign (`␛`, `␊`, `\\x9b`, `\\udcff`).

    `keep_newlines` leaves line feeds alone, for text that is meant to span lines (notes).
    """
    if text.isprintable():  # no control, surrogate or separator (those are not printable)
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


# What `json.dumps(..., ensure_ascii=False)` leaves raw although a terminal may obey it.
_RAW_IN_JSON = re.compile("[\x7f-\x9f\u2028\u2029]")


def json_safe(json_text: str) -> str:
    """JSON text with DEL, the C1 controls and line separators written as `\\uXXXX` escapes.

    The data read back is exactly the same; only what a terminal would obey is spelt out.
    """
    return _RAW_IN_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", json_text)
