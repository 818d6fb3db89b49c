"""The character sheet's own line drawing gives what Rich draws, line for line, style for style."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import demo_state
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console, Group
from rich.segment import Segment
from rich.text import Text

from gmdash.model.character import Character
from gmdash.rules import RuleSet
from gmdash.tui.widgets.character_sheet import Flow, Grid, sheet_lines, sheet_renderable

JUSTIFY = st.sampled_from([None, "default", "left", "right", "center", "full"])
CHARACTERS = list(demo_state().characters.values())


def _both(renderable: object, width: int, justify: str | None) -> tuple[object, object]:
    console = Console(width=width, color_system="truecolor", force_terminal=True)
    options = console.options.update(width=width, height=None, justify=justify)  # type: ignore[arg-type]
    rich = console.render_lines(renderable, options, pad=False)  # type: ignore[arg-type]
    ours = sheet_lines(renderable, console, options)  # type: ignore[arg-type]
    simple = [[list(Segment.simplify(line)) for line in lines] for lines in (rich, ours)]
    return simple[0], simple[1]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(CHARACTERS), st.sampled_from(list(RuleSet)),
       st.integers(min_value=1, max_value=100), JUSTIFY)  # fmt: skip
def test_every_demo_sheet_draws_as_rich_draws_it(
    character: Character, ruleset: RuleSet, width: int, justify: str | None
) -> None:
    rich, ours = _both(sheet_renderable(character, ruleset), width, justify)
    assert ours == rich


@pytest.mark.parametrize("width", [8, 30, 60])
def test_notes_tabs_and_lines_too_wide_go_through_rich(width: int) -> None:
    # The parts drawn apart (wrapped, tabbed, right-justified, ending the line or not) still
    # give Rich's lines, between the parts drawn straight.
    character = replace(CHARACTERS[0], notes="first line\n\tindented\n" + "word " * 40)
    parts = [
        sheet_renderable(character, RuleSet.RQG),
        Text("right", justify="right"),
        Text("joined ", end=""),
        Text("with the next"),
        Flow([Text("x" * (width + 5), style="bold"), Text("short")]),
        Grid(["A", "B"], [["1", Text("two", style="red")]], right=frozenset({1})),
    ]
    for part in [*parts, Group(*parts)]:
        rich, ours = _both(part, width, None)
        assert ours == rich, part


def test_the_fast_lines_are_the_sheet_drawn_in_the_app() -> None:
    # What the roster shows goes through `sheet_lines` (kept per width by `Rendered`).
    from gmdash.tui.widgets.character_sheet import Rendered

    console = Console(width=40, color_system="truecolor", force_terminal=True)
    sheet = sheet_renderable(CHARACTERS[0], RuleSet.RQG)
    drawn = console.render_lines(Rendered(sheet), console.options, pad=False)
    rich = console.render_lines(sheet, console.options, pad=False)
    assert [list(Segment.simplify(line)) for line in drawn] == [
        list(Segment.simplify(line)) for line in rich
    ]
