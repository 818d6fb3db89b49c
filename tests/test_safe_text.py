"""gmdash/safe_text.py: user text shown to a terminal, never obeyed by it."""

from __future__ import annotations

import json
import re

from hypothesis import given
from hypothesis import strategies as st

from gmdash.safe_text import INVISIBLE, is_encodable, json_safe, visible

ANY_TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=60)
"""Any code point, lone surrogates and controls included."""
UNSAFE = re.compile(f"[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029{INVISIBLE}]")
BIDI_AND_INVISIBLE = [*"\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c",
                      *"\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e", "\U000e0041"]  # fmt: skip


@given(ANY_TEXT)
def test_visible_text_holds_nothing_a_terminal_obeys(text: str) -> None:
    shown = visible(text)
    assert not UNSAFE.search(shown)
    assert is_encodable(shown)


@given(
    st.text(st.characters(exclude_categories=("Cc", "Cs", "Zl", "Zp")), max_size=60).filter(
        lambda text: not UNSAFE.search(text)
    )
)
def test_visible_leaves_ordinary_text_alone(text: str) -> None:
    assert visible(text) == text


def test_bidi_controls_and_invisible_characters_are_shown_by_their_code() -> None:
    for char in BIDI_AND_INVISIBLE:
        shown = visible(f"Vasana{char}Ostra")
        assert char not in shown and shown.startswith("Vasana\\") and shown.endswith("Ostra")
        dumped = json_safe(json.dumps(f"a{char}b", ensure_ascii=False))
        assert char not in dumped and json.loads(dumped) == f"a{char}b"
    assert visible("abc\u202edcba") == "abc\\u202edcba"
    assert visible("tag\U000e0041") == "tag\\U000e0041"
    assert visible("🐉 Orlanth 👨‍👩‍👧 שלום") == "🐉 Orlanth 👨\\u200d👩\\u200d👧 שלום"


def test_controls_get_their_pictures() -> None:
    assert visible("\x1b]0;PWNED\x07\x1b[2J") == "␛]0;PWNED␇␛[2J"
    assert visible("a\nb\tc\r\x7f") == "a␊b␉c␍␡"
    assert visible("\x9b31m \udcff \u2028") == "\\x9b31m \\udcff \\u2028"
    assert visible("notes\nline two\x1b", keep_newlines=True) == "notes\nline two␛"
    assert visible("Grima [/] 🐉") == "Grima [/] 🐉"  # markup is not a control


@given(ANY_TEXT.filter(is_encodable))
def test_json_safe_reads_back_the_exact_text(text: str) -> None:
    dumped = json_safe(json.dumps({"label": text}, ensure_ascii=False))
    assert json.loads(dumped) == {"label": text}
    assert not re.search(f"[\x00-\x1f\x7f-\x9f\u2028\u2029{INVISIBLE}]", dumped)


KEEPING_NEWLINES = re.compile(f"[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029{INVISIBLE}]")


@given(ANY_TEXT | st.text(max_size=30), st.booleans())
def test_printable_text_takes_the_short_way_to_the_same_answer(text: str, keep: bool) -> None:
    # `visible` skips its patterns for printable text: the answer is the patterns' own.
    from gmdash.safe_text import _picture

    pattern = KEEPING_NEWLINES if keep else UNSAFE
    assert visible(text, keep_newlines=keep) == pattern.sub(_picture, text)
