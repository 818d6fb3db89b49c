"""Forms read at a glance: a box's state without colour, hints that are not values, and
validation messages that come after typing and are never cut off (even at 80x24)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from helpers import dashboard_app, demo_service, fixed_clock, region_text, type_ahead
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Label, SelectionList

from gmdash.tui.dialogs.combat_setup import CombatSetupDialog
from gmdash.tui.dialogs.improvement import FreeTicksDialog
from gmdash.tui.dialogs.wounds import DamageDialog, HealDialog
from gmdash.tui.widgets.toggles import TICK


@asynccontextmanager
async def dashboard(tmp_path: Path, size: tuple[int, int] = (160, 50)) -> AsyncIterator[Pilot[int]]:
    service = demo_service(tmp_path, fixed_clock)
    try:
        async with dashboard_app(service).run_test(size=size) as pilot:
            await pilot.pause()
            yield pilot
    finally:
        service.close()


def shown_errors(pilot: Pilot[int]) -> dict[str, str]:
    return {
        (label.id or "").removesuffix("-error"): str(label.render())
        for label in pilot.app.screen.query(".field-error").results(Label)
        if label.display and str(label.render())
    }


async def test_a_checkbox_shows_a_tick_when_ticked_and_nothing_when_not(tmp_path: Path) -> None:
    async with dashboard(tmp_path) as pilot:
        await pilot.press("H")
        assert isinstance(pilot.app.screen, HealDialog)
        box = pilot.app.screen.query_one("#magical", Checkbox)
        unticked = str(box.render())
        assert TICK not in unticked and "X" not in unticked
        box.value = True
        await pilot.pause()
        assert TICK in str(box.render())


async def test_a_picked_line_of_a_list_shows_a_tick(tmp_path: Path) -> None:
    async with dashboard(tmp_path) as pilot:
        app = pilot.app
        await pilot.press("ctrl+e")
        await pilot.press("f")
        assert isinstance(app.screen, FreeTicksDialog)
        abilities = app.screen.query_one("#free-abilities", SelectionList)
        first_line = "".join(segment.text for segment in abilities.render_line(0))
        assert TICK not in first_line and "X" not in first_line[:3]
        abilities.select(abilities.get_option_at_index(0).value)
        await pilot.pause()
        assert "".join(segment.text for segment in abilities.render_line(0))[1] == TICK


async def test_every_placeholder_is_worded_as_a_hint_and_drawn_apart(tmp_path: Path) -> None:
    async with dashboard(tmp_path) as pilot:
        await pilot.press("2", "b")
        assert isinstance(pilot.app.screen, CombatSetupDialog)
        fields = list(pilot.app.screen.query(Input).results(Input))
        hints = [field.placeholder for field in fields if field.placeholder]
        assert len(hints) >= 10
        # a value is one word ("12", "1D6", "Club"); a hint has words ("e.g. 12", "blank: 0")
        assert [hint for hint in hints if " " not in hint] == []
        style = fields[0].get_component_rich_style("input--placeholder")
        assert style.italic


async def test_a_fields_message_comes_after_typing_in_it_or_a_refused_ok(tmp_path: Path) -> None:
    async with dashboard(tmp_path) as pilot:
        app = pilot.app
        await pilot.press("h")
        assert isinstance(app.screen, DamageDialog)
        assert shown_errors(pilot) == {}, "a fresh form is not a list of mistakes"
        await type_ahead(pilot, "tab", "zz")  # the damage field
        assert list(shown_errors(pilot)) == ["damage"]
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, DamageDialog)  # refused, and now every problem shows
        assert {"location", "damage"} <= set(shown_errors(pilot))


async def test_a_long_message_wraps_inside_its_field_at_80x24(tmp_path: Path) -> None:
    async with dashboard(tmp_path, size=(80, 24)) as pilot:
        app = pilot.app
        await pilot.press("2", "b")
        assert isinstance(app.screen, CombatSetupDialog)
        # a count too large, then dice where DEX wants a number
        await type_ahead(pilot, "tab", "Broo x99", "tab", "1D6+1D6+1D6+1D6")
        errors = shown_errors(pilot)
        assert set(errors) == {"foe-name", "foe-dex"}
        for field, message in errors.items():
            label = app.screen.query_one(f"#{field}-error", Label)
            app.screen.query_one(".combat-fields").scroll_to_widget(label, animate=False)
            await pilot.pause()
            drawn = region_text(app, label)
            assert label.size.height > 1 or len(message) <= label.size.width
            # wrapped where it must be, every character still drawn
            assert "".join(drawn.split()) == "".join(message.split()), f"{field}: {drawn!r}"
