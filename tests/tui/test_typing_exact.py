"""Whole forms typed with no pause at all: every key lands in the field it was meant for.

The keys are posted to the app together, as a terminal delivers a fast typist's burst (or a
`tmux send-keys` of many keys): Tab must move the focus before the next character lands, a key
that opens a dialog hands every later key to that dialog.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TypeVar

import pytest
from helpers import dashboard_app, demo_service, fixed_clock, type_ahead
from textual.pilot import Pilot
from textual.widgets import Button, Input, Select

from gmdash import rules
from gmdash.model.events import CharacterAdded, DamageApplied, Event, RollMade
from gmdash.play.campaign import CampaignService
from gmdash.tui.app import GmDashApp
from gmdash.tui.dialogs.character_form import CharacterForm
from gmdash.tui.dialogs.confirm import ConfirmDialog
from gmdash.tui.dialogs.wounds import DamageDialog

E = TypeVar("E", bound=Event)


@asynccontextmanager
async def dashboard(
    app_and_service: tuple[GmDashApp, CampaignService],
) -> AsyncIterator[tuple[Pilot[int], list[Event]]]:
    """The dashboard at 160x50 and every event it publishes; the campaign closed after."""
    app, service = app_and_service
    logged: list[Event] = []
    service.bus.subscribe(Event, logged.append)
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            yield pilot, logged
    finally:
        service.close()


@pytest.fixture
def app_and_service(tmp_path: Path) -> Iterator[tuple[GmDashApp, CampaignService]]:
    service = demo_service(tmp_path, fixed_clock)
    yield dashboard_app(service), service


async def test_start_combat_with_foes_typed_in_one_burst(
    app_and_service: tuple[GmDashApp, CampaignService],
) -> None:
    async with dashboard(app_and_service) as (pilot, _logged):
        app = pilot.app
        await type_ahead(
            pilot, "2", "b", "tab", "Broo x2", "tab", "12", "tab", "13", "tab", "12", "tab",
            "1", "tab", "Knife", "tab", "45", "tab", "1D4", "enter",
        )  # fmt: skip
        assert len(app.screen_stack) == 1, "Fight closed the dialog"
        combat = app_and_service[1].state.combat
        assert combat is not None
        foes = [c for c in combat.combatants if c.is_foe]
        assert [c.name for c in foes] == ["Broo 1", "Broo 2"] or len(foes) == 2
        for foe in foes:
            assert foe.hp_max == 12
            assert foe.foe is not None
            assert foe.foe.characteristics["DEX"] == 12
            assert foe.foe.characteristics["SIZ"] == 13
            assert [w.name for w in foe.foe.weapons] == ["Knife"]
            assert foe.foe.weapons[0].damage == "1D4"


def _of(logged: list[Event], kind: type[E]) -> list[E]:
    return [event for event in logged if isinstance(event, kind)]


async def test_the_character_form_typed_in_one_burst(
    app_and_service: tuple[GmDashApp, CampaignService],
) -> None:
    async with dashboard(app_and_service) as (pilot, logged):
        app = pilot.app
        # name, PC/NPC (a select: enter would confirm, tab goes on), player, then the seven
        # characteristics, the rune points (3 replaced by 4), the head's armour (0 then 2: 2),
        # then ctrl+s saves.
        await type_ahead(
            pilot, "1", "a", "Vasana", "tab", "tab", "Ann", "tab",
            "13", "tab", "12", "tab", "11", "tab", "14", "tab", "15", "tab", "16", "tab",
            "10", "tab", "backspace", "4", "tab", "2", "ctrl+s",
        )  # fmt: skip
        assert len(app.screen_stack) == 1, "saved and closed"
    (added,) = _of(logged, CharacterAdded)
    sheet = added.character
    assert (sheet.name, sheet.player) == ("Vasana", "Ann")
    assert [sheet.characteristics[key] for key in ("STR", "CON", "SIZ", "DEX", "INT", "POW")] == [
        13, 12, 11, 14, 15, 16,
    ]  # fmt: skip
    assert sheet.characteristics["CHA"] == 10
    assert sheet.rune_points_max == 4
    assert sheet.armour == {"head": 2}


async def test_damage_typed_in_one_burst(
    app_and_service: tuple[GmDashApp, CampaignService],
) -> None:
    async with dashboard(app_and_service) as (pilot, logged):
        app = pilot.app
        await type_ahead(pilot, "1", "h", "la", "tab", "12", "enter")
        assert len(app.screen_stack) == 1
    (damage,) = _of(logged, DamageApplied)
    assert (damage.character_id, damage.location, damage.amount) == ("c0001", "left_arm", 8)


async def test_an_enter_typed_before_the_start_came_as_a_newline_still_confirms(
    app_and_service: tuple[GmDashApp, CampaignService],
) -> None:
    """Typed while gmdash started, before Textual had the terminal, enter reached it as a
    newline (the terminal turns CR into NL in its line mode), which Textual reads as ctrl+j."""
    async with dashboard(app_and_service) as (pilot, logged):
        app = pilot.app
        await type_ahead(pilot, "1", "h", "la", "tab", "12", "ctrl+j")
        assert len(app.screen_stack) == 1
    (damage,) = _of(logged, DamageApplied)
    assert (damage.location, damage.amount) == ("left_arm", 8)


async def test_resistance_typed_value_then_enter_rolls_at_it(
    app_and_service: tuple[GmDashApp, CampaignService],
) -> None:
    async with dashboard(app_and_service) as (pilot, logged):
        await type_ahead(pilot, "3", "equals_sign", "8", "enter", "enter")
    (roll,) = _of(logged, RollMade)
    assert roll.kind == "resistance"
    assert roll.label == "STR 8 vs SIZ 15"
    assert roll.chance == rules.resistance_chance(8, 15)


async def test_the_roll_dialog_with_modifiers_typed_in_one_burst(
    app_and_service: tuple[GmDashApp, CampaignService],
) -> None:
    async with dashboard(app_and_service) as (pilot, logged):
        app = pilot.app
        # ability search, flat modifier, retry (space ticks), augment left blank, hidden
        # (space ticks), roll, close.
        await type_ahead(
            pilot, "1", "r", "climb", "tab", "+10", "tab", "space", "tab", "tab", "space",
            "enter", "enter",
        )  # fmt: skip
        assert len(app.screen_stack) == 1
    (roll,) = _of(logged, RollMade)
    assert (roll.kind, roll.label, roll.actor) == ("ability", "Climb", "Harvald Stormbrow")
    assert roll.modifiers == ("+10", "retry -25")
    assert roll.chance == 55 + 10 - 25
    assert roll.hidden


@pytest.mark.parametrize(
    ("opening", "then", "expect_dialogs"),
    [
        (("ctrl+e", "f"), ("escape",), 2),  # free ticks opened then closed at once
        (("ctrl+e", "f", "escape", "escape"), (), 1),
        (("1", "h"), ("escape",), 1),  # the damage dialog closes on the key right after
        (("1", "question_mark"), ("escape",), 1),
    ],
)
async def test_a_key_right_after_the_key_that_opens_a_dialog_goes_to_it(
    app_and_service: tuple[GmDashApp, CampaignService],
    opening: tuple[str, ...],
    then: tuple[str, ...],
    expect_dialogs: int,
) -> None:
    async with dashboard(app_and_service) as (pilot, _logged):
        app = pilot.app
        await type_ahead(pilot, *opening, *then)
        assert len(app.screen_stack) == expect_dialogs, app.screen_stack


async def test_characters_typed_just_after_a_dialog_key_fill_its_first_field(
    app_and_service: tuple[GmDashApp, CampaignService],
) -> None:
    async with dashboard(app_and_service) as (pilot, _logged):
        app = pilot.app
        await type_ahead(pilot, "1", "h", "head")
        assert isinstance(app.screen, DamageDialog)
        assert app.screen.query_one("#location", Input).value == "head"
        assert app.screen.query_one("#damage", Input).value == ""


async def test_enter_on_a_select_confirms_the_dialog(
    app_and_service: tuple[GmDashApp, CampaignService],
) -> None:
    async with dashboard(app_and_service) as (pilot, logged):
        app = pilot.app
        await type_ahead(pilot, "1", "h", "la", "tab", "12", "tab")
        assert isinstance(app.focused, Select), "tab reached the attacker's weapon"
        await type_ahead(pilot, "enter")
        assert len(app.screen_stack) == 1, "enter applied the damage, no menu opened"
    (damage,) = _of(logged, DamageApplied)
    assert (damage.location, damage.amount) == ("left_arm", 8)


async def test_rolling_characteristics_over_typed_ones_asks_first(
    app_and_service: tuple[GmDashApp, CampaignService],
) -> None:
    async with dashboard(app_and_service) as (pilot, _logged):
        app = pilot.app
        await type_ahead(pilot, "1", "a", "Vasana", "tab", "tab", "tab", "13", "ctrl+r")
        assert isinstance(app.screen, ConfirmDialog), "asked before rolling over STR 13"
        await type_ahead(pilot, "escape")
        form = app.screen
        assert isinstance(form, CharacterForm)
        assert form.query_one("#char-STR", Input).value == "13"
        await type_ahead(pilot, "ctrl+r", "enter")
        assert all(form.query_one(f"#char-{key}", Input).value for key in ("CON", "SIZ", "POW")), (
            "yes rolled every characteristic (they were blank)"
        )
        rolled = form.query_one("#roll", Button)
        assert not rolled.can_focus, "tab never lands on the roll button"


async def test_an_edit_saved_at_once_keeps_the_fields_added_after_the_first_frame(
    tmp_path: Path,
) -> None:
    # The character form adds its weapons, magic and notes just after its first frame: a save
    # typed with no pause waits for them, and keeps what the sheet had there.
    with demo_service(tmp_path, fixed_clock) as service:
        before = {c.id: (c.weapons, c.spells, c.cults, c.notes) for c in service.characters}
        assert any(weapons and notes for weapons, _, _, notes in before.values())
        app = dashboard_app(service)
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.press("1", "e", "ctrl+s")
            await pilot.pause()
            assert not isinstance(app.screen, CharacterForm)
            after = {c.id: (c.weapons, c.spells, c.cults, c.notes) for c in service.characters}
            assert after == before
            await pilot.press("e", "tab", "ctrl+s")  # and again, the focus moved meanwhile
            await pilot.pause()
            assert not isinstance(app.screen, CharacterForm)
            assert {c.id: (c.weapons, c.spells, c.cults, c.notes)
                    for c in service.characters} == before  # fmt: skip
