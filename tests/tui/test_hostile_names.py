"""Names and labels that try to break the dashboard: markup, escapes, bidi marks, 1,000
characters, emoji. Every screen and dialog opens on such a roster; nothing raises, the app keeps
answering, and no raw control character reaches the screen.

The first of these froze the dashboard at start (a character called `Grima [/]`), and a roll
labelled `[/]` struck out started a crash loop: names reached `notify()`, border titles and
option prompts, which read them as markup.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from helpers import dashboard_app, fixed_clock, screen_text
from textual.pilot import Pilot

from gmdash.model import Ability, AbilityKind, Weapon, new_character
from gmdash.model.events import RollMade
from gmdash.play.campaign import CampaignService
from gmdash.tui.app import GmDashApp
from gmdash.tui.help import HelpScreen
from gmdash.tui.keymap import COMMANDS, GLOBAL

HOSTILE = [
    "Grima [/]",
    "[b]bold[/b] [@click=app.quit]quit[/] [link=javascript:alert(1)]x[/link]",
    "[/dim] $name \\",
    "\x1b]0;PWNED\x07\x1b[2J\x9b31m tab\tcr\r",
    "\u202eevil\u202c \u200fשלום\u200f",
    "🐉 Orlanth ⚡ 👨‍👩‍👧",
    "W" * 1_000,
]
NEVER = {"ctrl+q", "ctrl+c"}
CHARACTERISTICS = {"STR": 13, "CON": 12, "SIZ": 11, "DEX": 14, "INT": 13, "POW": 15, "CHA": 12}


def hostile_service(saves: Path) -> CampaignService:
    """A campaign (itself named with markup) of a hostile character per string, each with
    hostile abilities, weapons, player and notes, and a hostile roll logged (every other one
    struck out) per string."""
    service = CampaignService.create(saves, "[b]Camp[/] \x1b[2J", clock=fixed_clock,
                                     durable=False)  # fmt: skip
    service.start_session()
    for index, text in enumerate(HOSTILE):
        service.add_character(
            new_character(
                name=f"{text}{index}",
                id=f"c9{index:03d}",
                characteristics=dict(CHARACTERISTICS),
                player=text,
                notes=f"{text}\n{text}",
                abilities=[
                    Ability(name=f"{text}-skill", value=55),
                    Ability(name=f"{text}-rune", kind=AbilityKind.RUNE, value=60),
                    Ability(name="Dodge", value=40),
                ],
                weapons=[
                    Weapon(
                        name=f"{text}-blade",
                        skill=f"{text}-skill",
                        damage="1D8+1",
                        sr=2,
                        hit_points=12,
                    )
                ],
            )
        )
        rolled = service.publish(
            RollMade(
                actor=f"{text}{index}",
                label=text,
                kind="ability",
                chance=50,
                roll=5,
                level="success",
                modifiers=(text,),
                expression=None,
            )
        )
        if index % 2:
            service.strike_out(rolled.id, reason=text)
    return service


def drawn(app: GmDashApp) -> str:
    """Every character of the app's current screen, as its screenshot holds them (a raw
    control character there would reach the terminal too); the screenshot's own window title
    (the app's title, never sent to the terminal) left out."""
    return app.export_screenshot(title="screen")


async def back_to_dashboard(pilot: Pilot[int]) -> None:
    for _ in range(8):
        if len(pilot.app.screen_stack) == 1:
            return
        await pilot.press("escape")
        await pilot.pause()


async def still_answering(pilot: Pilot[int]) -> None:
    """The app is back on the dashboard and opens the help screen on its key."""
    assert len(pilot.app.screen_stack) == 1
    await pilot.press("f1")
    assert isinstance(pilot.app.screen, HelpScreen)


def no_errors_logged(caplog: pytest.LogCaptureFixture) -> None:
    """The `@guarded` safety net reported nothing unexpected."""
    unexpected = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert not unexpected, unexpected


def dialog_keys() -> list[tuple[str, str]]:
    """(scope, key) of every command of the table, the first of its keys."""
    return [
        (command.scope, command.key.split(",")[0])
        for command in COMMANDS
        if command.key.split(",")[0] not in NEVER
    ]


@pytest.fixture
def hostile_app(tmp_path: Path) -> tuple[GmDashApp, CampaignService]:
    service = hostile_service(tmp_path)
    return dashboard_app(service), service


@pytest.mark.slow
async def test_every_command_opens_and_closes_on_a_hostile_roster(
    hostile_app: tuple[GmDashApp, CampaignService], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR, logger="gmdash")
    app, service = hostile_app
    focus = {"roster": "1", "strike-ranks": "2", "resistance": "3", "log": "4"}
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            assert "\x1b" not in drawn(app)
            await pilot.press("2", "b", "enter")  # a fight, so the strike-rank commands work
            await pilot.pause()
            await back_to_dashboard(pilot)
            for index, (scope, key) in enumerate(dialog_keys()):
                row = index % len(HOSTILE)  # each command on another hostile character
                if scope != GLOBAL:
                    await pilot.press(focus[scope])
                await pilot.press("home", *["down"] * row, key)
                await pilot.pause()
                text = drawn(app)
                assert "\x1b" not in text and "\x9b" not in text, (scope, key)
                await pilot.press("down", "enter")  # one step deeper into a dialog
                await pilot.pause()
                assert app.is_running, (scope, key)
                await back_to_dashboard(pilot)
                assert len(app.screen_stack) == 1, (scope, key, app.screen_stack)
            await still_answering(pilot)
    finally:
        service.close()
    no_errors_logged(caplog)


async def test_a_struck_out_markup_label_notifies_plainly(
    hostile_app: tuple[GmDashApp, CampaignService],
) -> None:
    app, service = hostile_app
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            service.publish(RollMade(label="[/]", kind="ability", chance=50, roll=5,
                                     level="success"))  # fmt: skip
            await pilot.pause()
            await pilot.press("4", "end", "k")
            await pilot.pause()
            messages = [n.message for n in app.told]
            assert any("[/]" in m for m in messages), messages
            assert app.is_running
    finally:
        service.close()


async def test_markup_typed_into_searches_and_forms_is_text(
    hostile_app: tuple[GmDashApp, CampaignService], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR, logger="gmdash")
    app, service = hostile_app
    typed = [*"[/]", "space", *"[b]", "backslash", *"$x"]
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            await pilot.press("4", "slash", *typed)  # the log's search line
            await pilot.pause()
            assert "/[/] [b]\\$x · esc: clear" in screen_text(app)  # the pane's subtitle, as typed
            await pilot.press("enter", "escape", "f", *typed, "tab", *typed)  # the filter
            await pilot.pause()
            await back_to_dashboard(pilot)
            await pilot.press("ctrl+p", *typed)  # the command palette
            await app.workers.wait_for_complete()
            await pilot.pause()
            await back_to_dashboard(pilot)
            await pilot.press("1", "a", *typed)  # a new character's name
            await pilot.pause()
            await back_to_dashboard(pilot)
            await pilot.press("1", "r", *typed, "enter")  # an ability search that finds none
            await pilot.pause()
            await back_to_dashboard(pilot)
            await still_answering(pilot)
    finally:
        service.close()
    no_errors_logged(caplog)
