"""The roster's plain cells (which size its columns before a row is drawn) are the text of the
cells it draws."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gmdash.drawing.points import hp_bar, hp_bar_plain
from gmdash.drawing.status import status_plain, status_text_of

WORDS = st.lists(st.sampled_from(["dead", "unconscious", "shock", "bleeding", "wounded",
                                  "severed L arm", "useless R leg"]), max_size=4)  # fmt: skip


@given(st.integers(-20, 60), st.integers(-5, 60), st.integers(-1, 8))
def test_the_hp_bar_plain_is_the_bars_text(current: int, maximum: int, width: int) -> None:
    assert hp_bar_plain(current, maximum, width) == hp_bar(current, maximum, width).plain


@given(WORDS)
def test_the_status_plain_is_the_status_text(words: list[str]) -> None:
    assert status_plain(words) == status_text_of(words).plain
