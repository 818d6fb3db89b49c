"""Dialogs built ahead (gmdash/tui/dialog_stock.py): the one a key takes is the one it would
have built, drawn alike and typed alike; anything it was built from that changed makes the key
build a new one."""

from __future__ import annotations

import gc
import itertools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from helpers import dashboard_app, demo_service, fixed_clock, type_ahead
from textual import timer as textual_timer
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget

from gmdash.model.events import RollMade
from gmdash.play import rolls
from gmdash.play.campaign import CampaignService
from gmdash.play.rolls import AbilityPlan
from gmdash.tui import dialog_stock
from gmdash.tui.app import GmDashApp
from gmdash.tui.dialog_stock import textual_internals_missing
from gmdash.tui.dialogs.ability_roll import AbilityRollDialog
from gmdash.tui.dialogs.character_form import CharacterForm
from gmdash.tui.dialogs.characteristic_roll import CharacteristicRollDialog
from gmdash.tui.dialogs.combat_setup import CombatSetupDialog
from gmdash.tui.dialogs.dice_roll import DiceDialog
from gmdash.tui.dialogs.improvement import ImprovementScreen
from gmdash.tui.dialogs.log_filter import LogFilterDialog
from gmdash.tui.dialogs.wounds import DamageDialog
from gmdash.tui.help import HelpScreen
from gmdash.tui.panes.roster import RosterPane

QUICK = 0.02
"""The stock's quiet time in these tests (the app's own is a few keys' worth)."""


@asynccontextmanager
async def stocked_dashboard(
    tmp_path: Path, size: tuple[int, int] = (160, 50)
) -> AsyncIterator[tuple[Pilot[int], GmDashApp, CampaignService]]:
    """The dashboard on the demo with every dialog it builds ahead built."""
    service = demo_service(tmp_path, fixed_clock)
    app = dashboard_app(service)
    app.build_ahead = True
    app.dialogs.quiet = QUICK
    try:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            assert await app.dialogs.filled()
            yield pilot, app, service
    finally:
        service.close()


def stocked(app: GmDashApp, kind: type[Screen[Any]]) -> Screen[Any]:
    (found,) = [screen for screen in app.dialogs.ready if type(screen) is kind]
    return found


def selected(app: GmDashApp) -> Any:
    return app.query_one(RosterPane).selected()


async def test_the_stock_holds_the_selected_characters_dialogs(tmp_path: Path) -> None:
    async with stocked_dashboard(tmp_path) as (_pilot, app, service):
        ready = app.dialogs.ready
        assert sorted(type(screen).__name__ for screen in ready) == sorted(
            kind.__name__
            for kind in (AbilityRollDialog, DiceDialog, DamageDialog, CharacteristicRollDialog,
                         CombatSetupDialog, CharacterForm, HelpScreen, LogFilterDialog,
                         ImprovementScreen)
        )  # fmt: skip
        character = selected(app)
        for kind in (AbilityRollDialog, DiceDialog, DamageDialog, CharacteristicRollDialog):
            assert stocked(app, kind).character is character  # type: ignore[attr-defined]
        assert all(screen not in app.screen_stack for screen in ready), "built, never shown"
        assert gc.isenabled(), "building ahead holds no collection back"
        assert service.state.combat is None


@pytest.mark.parametrize(
    ("lead", "key", "kind"),
    [
        ("1", "r", AbilityRollDialog),
        ("1", "c", CharacteristicRollDialog),
        ("1", "d", DiceDialog),
        ("1", "h", DamageDialog),
        ("1", "a", CharacterForm),
        ("2", "b", CombatSetupDialog),
        ("1", "?", HelpScreen),
        ("4", "f", LogFilterDialog),
        ("1", "ctrl+e", ImprovementScreen),
    ],
)
async def test_a_key_shows_the_dialog_built_ahead_and_it_is_built_again(
    tmp_path: Path, lead: str, key: str, kind: type[Screen[Any]]
) -> None:
    async with stocked_dashboard(tmp_path) as (pilot, app, _service):
        built = stocked(app, kind)
        await type_ahead(pilot, lead, key)
        assert app.screen is built
        await type_ahead(pilot, "escape")
        assert len(app.screen_stack) == 1
        assert await app.dialogs.filled()
        again = stocked(app, kind)
        assert again is not built, "a dialog is shown once: a new one is built for the next key"


async def test_the_stock_is_built_again_when_its_steps_come_late(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A step of the building that comes late (a collection, a busy machine) still comes: on
    a Textual one-shot timer it was skipped, and the stock stopped for good (fresh-clone CI)."""
    async with stocked_dashboard(tmp_path) as (pilot, app, _service):
        built = stocked(app, DamageDialog)
        real = textual_timer._time.get_time
        looks = itertools.count()  # each look at Textual's clock 20 ms after the one before
        monkeypatch.setattr(textual_timer._time, "get_time", lambda: real() + next(looks) * 0.02)
        await type_ahead(pilot, "1", "h")
        assert app.screen is built
        await type_ahead(pilot, "escape")
        assert await app.dialogs.filled()
        assert stocked(app, DamageDialog) is not built
        monkeypatch.undo()


async def test_a_dialog_built_ahead_draws_as_one_built_by_its_key(tmp_path: Path) -> None:
    """Every dialog of the stock, opened from the stock then built by its key: the same
    widgets, classes, focus and text on screen."""

    def seen(app: GmDashApp) -> tuple[object, ...]:
        screen = app.screen
        widgets = [
            (type(w).__name__, w.id, sorted(w.classes), w.display, w.disabled, w.region)
            for w in screen.walk_children(Widget)
        ]
        text = [strip.text for strip in screen._compositor.render_strips()]
        return type(screen), widgets, app.focused and app.focused.id, text

    # (the help is built for the focused pane: "1 ?" while the roster has the focus)
    openings = [("1", "r"), ("1", "c"), ("1", "d"), ("1", "h"), ("1", "a"), ("1", "?"),
                ("2", "b"), ("4", "f"), ("1", "ctrl+e")]  # fmt: skip
    async with stocked_dashboard(tmp_path) as (pilot, app, _service):
        from_stock = []
        for keys in openings:
            assert await app.dialogs.filled()
            ready = app.dialogs.ready
            await type_ahead(pilot, *keys)
            assert app.screen in ready
            from_stock.append(seen(app))
            await type_ahead(pilot, "escape")
        app.dialogs.clear()  # from here every key builds its dialog
        for keys, expected in zip(openings, from_stock, strict=True):
            await type_ahead(pilot, *keys)
            assert seen(app) == expected
            await type_ahead(pilot, "escape")


async def test_a_change_of_the_campaign_makes_the_key_build_a_new_dialog(tmp_path: Path) -> None:
    async with stocked_dashboard(tmp_path) as (pilot, app, service):
        built = stocked(app, AbilityRollDialog)
        character = selected(app)
        climb = next(a for a in character.abilities if a.name == "Climb")
        rolls.roll_ability(service, app.rng, character, climb, AbilityPlan(base=climb.value))
        await type_ahead(pilot, "r")  # at once: no time to build it again
        dialog = app.screen
        assert isinstance(dialog, AbilityRollDialog)
        assert dialog is not built
        assert dialog.character is selected(app), "the sheet as it is now"
        assert dialog.ability is not None
        assert dialog.ability.name == "Climb", "it starts on the ability just rolled"


async def test_moving_the_cursor_then_a_key_at_once_opens_the_new_characters_dialog(
    tmp_path: Path,
) -> None:
    async with stocked_dashboard(tmp_path) as (pilot, app, service):
        first = selected(app)
        await type_ahead(pilot, "1", "down", "d", "1D6", "enter", "enter")
        assert len(app.screen_stack) == 1
        second = selected(app)
        assert second is not first
        rolled = [e for e in service.events() if isinstance(e, RollMade)]
        assert rolled[-1].actor == second.name


async def test_a_theme_or_a_size_change_makes_the_key_build_a_new_dialog(tmp_path: Path) -> None:
    async with stocked_dashboard(tmp_path) as (pilot, app, _service):
        built = stocked(app, DiceDialog)
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await pilot.pause()
        await type_ahead(pilot, "1", "d")
        assert isinstance(app.screen, DiceDialog) and app.screen is not built
        await type_ahead(pilot, "escape")
        assert await app.dialogs.filled()
        built = stocked(app, DiceDialog)
        await pilot.resize_terminal(100, 30)
        await type_ahead(pilot, "1", "d")
        assert isinstance(app.screen, DiceDialog) and app.screen is not built


async def test_a_burst_typed_into_a_dialog_built_ahead_rolls_what_was_typed(
    tmp_path: Path,
) -> None:
    async with stocked_dashboard(tmp_path) as (pilot, app, service):
        built = stocked(app, DiceDialog)
        await type_ahead(pilot, "1", "d", "2D6+1", "tab", "9", "enter", "enter")
        assert len(app.screen_stack) == 1
        assert not built.is_attached, "closed and gone"
        (roll,) = [e for e in service.events() if isinstance(e, RollMade)]
        assert (roll.kind, str(roll.label), roll.total) == ("dice", "dice", 9)


async def test_rolls_made_while_dialogs_are_built_ahead_raise_nothing(tmp_path: Path) -> None:
    """Every roll makes the stock stale while it is building: what it drops mid-build, and
    what it builds again, never breaks the app (a dialog removed while it mounted once did)."""
    service = demo_service(tmp_path, fixed_clock)
    app = dashboard_app(service)
    app.build_ahead = True
    app.dialogs.quiet = 0.003  # build at every chance: between any two keys
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            assert await app.dialogs.filled()
            for total in range(2, 8):
                await type_ahead(pilot, "1", "d", "2D6", "tab", str(total), "enter", "enter")
                await pilot.pause()
                await type_ahead(pilot, "down" if total % 2 else "up")
                await pilot.pause()
            assert app.is_running and len(app.screen_stack) == 1
            assert await app.dialogs.filled()
    finally:
        service.close()
    totals = [e.total for e in service.events() if isinstance(e, RollMade)]
    assert totals == list(range(2, 8))


async def test_a_dialog_dropped_while_it_mounts_is_removed_once_mounted(tmp_path: Path) -> None:
    """A roll comes while a dialog is being built ahead: the stock drops it, still mounting,
    and builds it again; the stale one is removed only once it has mounted (removed at once,
    its own mount found its widgets gone and the app stopped)."""
    async with stocked_dashboard(tmp_path) as (pilot, app, service):
        stock = app.dialogs
        stock.clear()
        stock.enabled = True
        assert stock._build_next(), "the first wanted dialog is being built"
        (building,) = [entry.screen for entry in stock._stocked]
        assert isinstance(building, AbilityRollDialog) and not building.is_mounted
        character = selected(app)
        climb = next(a for a in character.abilities if a.name == "Climb")
        rolls.roll_ability(service, app.rng, character, climb, AbilityPlan(base=climb.value))
        assert stock._build_next(), "built again, from the new state"
        assert building not in stock.ready
        await pilot.pause()
        assert await stock.filled()
        await pilot.pause()  # the removal's own messages
        assert app.is_running and len(app.screen_stack) == 1
        assert not building.is_attached, "removed, once mounted"
        await type_ahead(pilot, "r")
        assert isinstance(app.screen, AbilityRollDialog) and app.screen is not building


def test_the_stock_reads_only_textual_internals_this_textual_has() -> None:
    assert textual_internals_missing() == [], "a Textual release renamed what the stock uses"


async def test_without_those_internals_the_stock_stays_off_and_keys_build_dialogs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    renamed: dict[type[Any], tuple[str, ...]] = {**dialog_stock.TEXTUAL_INTERNALS}
    renamed[Screen] = ("_renamed_in_a_release",)
    monkeypatch.setattr(dialog_stock, "TEXTUAL_INTERNALS", renamed)
    service = demo_service(tmp_path, fixed_clock)
    app = dashboard_app(service)
    app.build_ahead = True
    app.dialogs.quiet = QUICK
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            assert not await app.dialogs.filled(timeout=0.5)
            assert not app.dialogs.enabled and app.dialogs.ready == []
            await type_ahead(pilot, "1", "d", "1D6", "tab", "4", "enter", "enter")
            assert len(app.screen_stack) == 1
    finally:
        service.close()
    (roll,) = [e for e in service.events() if isinstance(e, RollMade)]
    assert roll.total == 4


@pytest.mark.parametrize("kind", [CharacteristicRollDialog, CombatSetupDialog, CharacterForm])
async def test_closing_the_app_while_a_dialog_is_built_ahead_raises_nothing(
    tmp_path: Path, kind: type[Screen[Any]]
) -> None:
    """Quitting just as a dialog is being built ahead: it finishes mounting before the app
    closes its widgets (closed first, its own mount found them gone: a traceback at quit)."""
    async with stocked_dashboard(tmp_path) as (_pilot, app, _service):
        stock = app.dialogs
        stock.clear()
        stock.enabled = True
        stock._wanted = lambda: [(kind, (app.service.characters,) if kind is CombatSetupDialog
                                  else (selected(app),) if kind is CharacteristicRollDialog
                                  else (None,))]  # fmt: skip
        assert stock._build_next()
        (building,) = [entry.screen for entry in stock._stocked]
        assert not building.is_mounted
    # leaving the block closed the app: an error in a dialog's mount would be raised here


async def test_an_abandoned_dialogs_widgets_mount_nothing_more(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The app closing as a dialog was built ahead again: its select, closed meanwhile, found
    # its own label gone as it mounted. Abandoned, its widgets build and mount nothing more.
    from textual import events
    from textual.widgets import Select

    mounted: list[object] = []
    monkeypatch.setattr(Select, "_on_mount", lambda self, event: mounted.append(self))
    async with stocked_dashboard(tmp_path) as (_pilot, app, _service):
        form = stocked(app, CharacterForm)
        select = form.query(Select).first()
        mounted.clear()
        await select._dispatch_message(events.Mount())
        assert mounted == [select]  # not abandoned: a mount is handled
        form.abandon()
        await select._dispatch_message(events.Mount())
        await select._dispatch_message(events.Compose())
        assert [widget for widget in mounted if widget is select] == [select]
