"""No key typed in a dialog is lost (issue 30): every dialog opens on its first field, a digit
typed on a select or a checkbox goes on into the next dice field (or is told), tab stops at the
last field, and the move to the next fighter after a declaration is named and can be turned off.
Every burst is typed at once, with no pause between its keys."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from helpers import FakeClock, dashboard_app, type_ahead
from textual.widgets import Input, Static

from gmdash.model import Ability, Weapon, new_character
from gmdash.play import combat as runner
from gmdash.play.campaign import CampaignService
from gmdash.rules import RuleSet
from gmdash.tui.app import GmDashApp
from gmdash.tui.dialogs.ability_roll import AbilityRollDialog
from gmdash.tui.dialogs.combat_attack import AttackDialog
from gmdash.tui.dialogs.combat_declare import DeclareDialog
from gmdash.tui.panes.strike_ranks import StrikeRankPane
from tests.tui.test_combat_snapshot import mid_round

OPENERS: tuple[tuple[str, ...], ...] = (
    ("1", "r"), ("1", "c"), ("1", "o"), ("1", "d"), ("1", "s"), ("1", "a"), ("1", "i"),
    ("1", "A"), ("1", "e"), ("1", "delete"), ("1", "h"), ("1", "H"), ("1", "t"), ("1", "p"),
    ("1", "w"), ("1", "f"), ("1", "R"), ("1", "question_mark"), ("1", "W"), ("1", "T"),
    ("1", "ctrl+e"), ("1", "ctrl+w"),
    ("2", "s"), ("2", "t"), ("2", "plus"), ("2", "f"), ("2", "S"), ("2", "E"),
    ("3", "a"), ("4", "enter"), ("4", "f"), ("4", "s"), ("4", "i"), ("4", "x"),
)  # fmt: skip
"""The keys that open each dialog from the dashboard, a fight under way (`mid_round`)."""


def first_field_problem(app: GmDashApp) -> str | None:
    """What is wrong with the focus of the dialog on top: not on its first field."""
    screen = app.screen
    chain = screen.focus_chain
    if not chain:
        return None  # nothing to type in (a help page, a log entry)
    if screen.focused is not chain[0]:
        return f"{type(screen).__name__} opened on {screen.focused!r}, not on {chain[0]!r}"
    return None


async def close_dialogs(app: GmDashApp) -> None:
    while len(app.screen_stack) > 1:
        app.pop_screen()
    await app.workers.wait_for_complete()


@pytest.mark.slow
async def test_every_dialog_opens_on_its_first_field(tmp_path: Path) -> None:
    service = mid_round(tmp_path)
    app = dashboard_app(service)
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            wrong: list[str] = []
            opened: set[str] = set()
            for keys in OPENERS:
                await pilot.press(*keys)
                assert len(app.screen_stack) > 1, f"{keys} opened no dialog"
                opened.add(type(app.screen).__name__)
                if problem := first_field_problem(app):
                    wrong.append(f"{keys}: {problem}")
                await close_dialogs(app)
                await pilot.pause()
            runner.end(service)
            await pilot.press("2", "b")  # the fight set-up, with no fight running
            opened.add(type(app.screen).__name__)
            if problem := first_field_problem(app):
                wrong.append(f"b: {problem}")
            assert wrong == []
            assert {"AttackDialog", "DeclareDialog", "CombatSetupDialog",
                    "CharacterImportDialog", "SpiritCombatDialog"} <= opened  # fmt: skip
    finally:
        service.close()


async def test_the_attack_typed_in_one_burst_keeps_every_digit(tmp_path: Path) -> None:
    """`t Tab Tab 02` types the attack's D100; `Tab 30` lands on the Defence select, and the
    digits go on into the defence's D100: the app rolls neither."""
    service = mid_round(tmp_path)
    app = dashboard_app(service)
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await type_ahead(pilot, "2", "t", "tab", "tab", "02", "tab", "30")
            dialog = app.screen
            assert isinstance(dialog, AttackDialog)
            assert dialog.query_one("#attack-roll", Input).value == "02"
            assert dialog.query_one("#defence-roll", Input).value == "30"
            assert dialog.focused is dialog.query_one("#defence-roll", Input)
            preview = str(dialog.query_one("#preview", Static).render())
            assert "The app rolls: location, damage." in preview
    finally:
        service.close()


async def test_a_digit_with_no_field_after_it_is_told_not_dropped(tmp_path: Path) -> None:
    service = mid_round(tmp_path)
    app = dashboard_app(service)
    try:
        async with app.run_test(size=(160, 50), notifications=True) as pilot:
            # the attack's last select (the damage rule) has the damage field after it
            await type_ahead(pilot, "2", "t")
            dialog = app.screen
            assert isinstance(dialog, AttackDialog)
            dialog.query_one("#mode").focus()
            await type_ahead(pilot, "7")
            assert dialog.query_one("#damage", Input).value == "7"
            # the declare dialog's last row: its SR fields follow; in a BRP-like dialog with
            # only selects, the digit is told
            await close_dialogs(app)
            await type_ahead(pilot, "s")
            declare = app.screen
            assert isinstance(declare, DeclareDialog)
            for field in declare.query(Input):
                field.disabled = True  # as if the row had no field to type in
            await type_ahead(pilot, "tab", "4")
            assert any("'4' ignored" in n.message for n in app.told)
    finally:
        service.close()


async def test_the_declare_dialog_opens_on_action_one(tmp_path: Path) -> None:
    """`s Tab space` opens Action 1's weapon list (it opened on the Movement SR)."""
    service = mid_round(tmp_path)
    app = dashboard_app(service)
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await type_ahead(pilot, "2", "s", "tab", "space")
            dialog = app.screen
            assert isinstance(dialog, DeclareDialog)
            assert dialog.query_one("#weapon-0").expanded  # type: ignore[attr-defined]
            assert dialog.query_one("#move-0", Input).value == ""
    finally:
        service.close()


@contextmanager
def brp_campaign(saves: Path) -> Iterator[CampaignService]:
    service = CampaignService.create(saves, "Brp Keys", RuleSet.BRP, clock=FakeClock(),
                                     durable=False)  # fmt: skip
    try:
        service.start_session()
        chars = {"STR": 13, "CON": 12, "SIZ": 11, "DEX": 14, "INT": 13, "POW": 15, "APP": 12}
        sword = Weapon(name="Sword", skill="Sword", damage="1D8+1", sr=0, hit_points=12)
        brp = new_character(id="c0001", name="Ostra", characteristics=chars,
                            ruleset=RuleSet.BRP, weapons=[sword],
                            abilities=[Ability(name="Sword", value=50),
                                       Ability(name="Dodge", value=30)])  # fmt: skip
        service.add_character(brp)
        yield service
    finally:
        service.close()


async def test_brp_roll_dialog_tabs_never_wrap_over_the_ability(tmp_path: Path) -> None:
    """Six tabs after "Sword" (the RQG dialog's count) in BRP, where the dialog has a field
    fewer: the D100 takes "11", the search keeps "Sword"."""
    with brp_campaign(tmp_path) as service:
        app = dashboard_app(service)
        async with app.run_test(size=(160, 50)) as pilot:
            await type_ahead(pilot, "1", "r", "Sword", *["tab"] * 6, "11")
            dialog = app.screen
            assert isinstance(dialog, AbilityRollDialog)
            assert dialog.query_one("#search", Input).value == "Sword"
            assert dialog.query_one("#typed", Input).value == "11"


async def test_a_digit_on_a_checkbox_goes_into_the_d100(tmp_path: Path) -> None:
    with brp_campaign(tmp_path) as service:
        app = dashboard_app(service)
        async with app.run_test(size=(160, 50)) as pilot:
            # search, flat, difficulty, hidden: a digit typed on the "Hidden" checkbox
            await type_ahead(pilot, "1", "r", "Sword", "tab", "tab", "tab", "42")
            dialog = app.screen
            assert isinstance(dialog, AbilityRollDialog)
            assert dialog.query_one("#typed", Input).value == "42"
            assert dialog.query_one("#search", Input).value == "Sword"


async def test_the_move_to_the_next_fighter_is_named_and_can_be_turned_off(
    tmp_path: Path,
) -> None:
    service = mid_round(tmp_path)
    runner.new_round(service)  # nobody has declared
    app = dashboard_app(service)
    try:
        async with app.run_test(size=(160, 50), notifications=True) as pilot:
            pane = app.query_one(StrikeRankPane)
            listing = pane.main_widget()
            await type_ahead(pilot, "2")
            first = listing.row_keys[listing.cursor_row]
            await type_ahead(pilot, "s", "enter")
            second = listing.row_keys[listing.cursor_row]
            assert second != first
            name = runner.fight(service).combatant(second.removesuffix(":-")).name
            assert any(f"Next to declare: {name}" in n.message for n in app.told)
            await type_ahead(pilot, "a", "s", "enter")  # off: the highlight stays
            assert listing.row_keys[listing.cursor_row].startswith(second.removesuffix("-"))
            assert not pane.auto_next
    finally:
        service.close()
