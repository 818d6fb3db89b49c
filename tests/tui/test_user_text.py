"""gmdash/tui/user_text.py: user text in Textual content is never markup."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gmdash.safe_text import visible
from gmdash.tui.user_text import literal, markup

ANY_TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=40)
MARKUPISH = st.lists(
    st.sampled_from(["[", "]", "/", "\\", "$", "b", "@click=app.quit", "dim", "link=x", " "]),
    max_size=12,
).map("".join)


@given(st.one_of(ANY_TEXT, MARKUPISH))
def test_literal_shows_the_text_as_typed(text: str) -> None:
    content = literal(text, "bold")
    assert content.plain == visible(text)


@given(st.one_of(ANY_TEXT, MARKUPISH), st.one_of(ANY_TEXT, MARKUPISH))
def test_markup_fills_user_text_in_as_text(name: str, value: str) -> None:
    content = markup("$name  [dim]$value%[/dim]", name=name, value=value)
    assert content.plain == f"{visible(name)}  {visible(value)}%"
    styled = [content.plain[s.start : s.end] for s in content.spans if str(s.style) == "dim"]
    assert styled == [f"{visible(value)}%"]
