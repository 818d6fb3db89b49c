"""Thousands of random keys at the table: the dashboard never raises, whatever is pressed.

Game masters type fast and miss keys. This drives 2,000 keys (`FUZZ_KEYS`) drawn from the
command table (every declared key of every scope) mixed with the keys dialogs react to (letters,
digits, enter,
escape, arrows...) through the whole app, and expects no exception to escape and no unexpected
error to be reported by the `@guarded` safety net, and no character to land in a text field
that did not have the focus when it was typed. Quitting is left out: it would end the run.
"""

from __future__ import annotations

import logging
import os
import random
from pathlib import Path

import pytest
from helpers import dashboard_app, demo_service, fixed_clock, type_ahead
from textual import events
from textual.command import CommandPalette
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input, TextArea

from gmdash.model.events import Event
from gmdash.play.campaign import CampaignService
from gmdash.tui.app import GmDashApp
from gmdash.tui.dialogs.modal_base import CHOICES, NUMBER_KEYS
from gmdash.tui.help import HelpScreen
from gmdash.tui.keymap import COMMANDS

KEYS_TOTAL = int(os.environ.get("FUZZ_KEYS", "2000"))
"""Keys typed one by one in the suite's run (the longer run, after touching the dashboard:
`FUZZ_KEYS=20000`, docs/development.md)."""
NEVER = {"ctrl+q", "ctrl+c"}  # quit: the run would end
OWN_TEST = {"ctrl+p"}  # Textual's command palette: its own test below (it races on type-ahead)
TYPING = [
    *"abcdefghijklmnopqrstuvwxyz",
    *"ABCDEHKLRSTX",
    *"0123456789",
    "space", "enter", "enter", "escape", "escape", "backspace", "tab", "shift+tab",
    "up", "down", "left", "right", "home", "end", "pageup", "pagedown",
    "plus", "minus", "slash", "question_mark", "delete",
]  # fmt: skip


def key_pool() -> list[str]:
    """Every key of the command table (each alternative of a 'a,b' key) and the typing keys."""
    declared = [
        key for command in COMMANDS for key in command.key.split(",") if key not in NEVER | OWN_TEST
    ]
    return sorted(set(declared)) + TYPING


CHARACTERS = {"space": " ", "plus": "+", "minus": "-", "slash": "/", "question_mark": "?"}


async def type_keys(pilot: Pilot[int], keys: list[str]) -> None:
    """Keys as the terminal driver delivers them, then one wait for the screen to handle them.

    `pilot.press` also waits for the whole process to go idle after every key: thousands of those
    take many minutes. Several keys at once are a fast typist's type-ahead: they reach a dialog
    before it has closed (which found the double-enter bug of the dialogs). The command palette
    is left out of the pool: Textual's own palette dismisses twice on a typed-ahead enter.
    """
    for key in keys:
        pilot.app.post_message(events.Key(key, CHARACTERS.get(key, key if len(key) == 1 else None)))
    await pilot.pause(0)


class MisplacedKeys:
    """Watches every key the app's gate lets in: a printable key must only ever add its
    character to the text field that had the focus when the key went in (or to none).

    At each key the gate lets in, the one before has settled: the text of every field is
    compared with what it was when that key went in.
    """

    def __init__(self, app: GmDashApp) -> None:
        self.app = app
        self.found: list[str] = []
        self._key: events.Key | None = None
        self._focused: Widget | None = None
        self._before: dict[Widget, str] = {}
        admit = app.key_gate.admit

        def watched(key: events.Key) -> bool:
            admitted = admit(key)
            if admitted:
                self.check()
                printable = key.character is not None and key.character.isprintable()
                self._key = key if printable else None
                self._focused = app.focused
                self._before = self._texts() if printable else {}
            return admitted

        app.key_gate.admit = watched  # type: ignore[method-assign]

    def _texts(self) -> dict[Widget, str]:
        texts: dict[Widget, str] = {}
        for screen in self.app.screen_stack:
            for node in screen.walk_children(Widget):
                if isinstance(node, Input):
                    texts[node] = node.value
                elif isinstance(node, TextArea):
                    texts[node] = node.text
        return texts

    def check(self) -> None:
        """Whether the last key let in went into a field that did not have the focus."""
        key = self._key
        if key is None or key.character is None:
            return
        character = key.character
        for field, text in self._texts().items():
            before = self._before.get(field)
            grew = before is not None and len(text) == len(before) + 1 and character in text
            # a digit typed on a select or checkbox goes on into the next field for dice
            moved_on = (isinstance(self._focused, CHOICES) and character in NUMBER_KEYS
                        and self.app.focused is field)  # fmt: skip
            if grew and field is not self._focused and not moved_on:
                self.found.append(
                    f"{key.key!r} typed with {self._focused!r} focused went into {field!r}"
                )


def make_app(saves: Path) -> tuple[GmDashApp, CampaignService]:
    service = demo_service(saves, fixed_clock)
    return dashboard_app(service), service


def test_the_pool_covers_every_declared_key() -> None:
    pool = set(key_pool())
    for command in COMMANDS:
        for key in command.key.split(","):
            assert key in pool or key in NEVER | OWN_TEST


@pytest.mark.slow
@pytest.mark.parametrize(
    ("seed", "burst", "total"),
    [(1, 1, KEYS_TOTAL), (5, 3, 1_500)],
    ids=["keys one by one", "1500 keys typed ahead in threes"],
)
async def test_random_keys_raise_nothing(
    tmp_path: Path, seed: int, burst: int, total: int, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR, logger="gmdash")
    app, service = make_app(tmp_path)
    events: list[Event] = []
    service.bus.subscribe(Event, events.append)
    chooser = random.Random(seed)  # the test's own dice; the app keeps its seeded rng
    pool = key_pool()
    pressed: list[str] = []
    misplaced = MisplacedKeys(app)
    try:
        async with app.run_test(size=(100, 30)) as pilot:  # the smallest supported size
            await pilot.pause()
            while len(pressed) < total:
                keys = [chooser.choice(pool) for _ in range(burst)]
                pressed += keys
                await type_keys(pilot, keys)
                assert app.is_running, f"the app stopped after keys ...{pressed[-60:]}"
            await type_ahead(pilot)  # every key held back by the gate handled
            misplaced.check()
            assert not misplaced.found, misplaced.found[:5]
            # Still answering: back to the dashboard, the help screen opens on its key.
            for _ in range(10):
                if len(app.screen_stack) == 1:
                    break
                await type_ahead(pilot, "escape")
            assert len(app.screen_stack) == 1
            await pilot.press("f1")
            assert isinstance(app.screen, HelpScreen)
    finally:
        service.close()
    unexpected = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert not unexpected, f"unexpected errors (keys ...{pressed[-60:]}): {unexpected}"
    # The keys did things: rolls, edits or session changes reached the bus and the store.
    assert events, "no key reached the campaign"


async def test_the_palette_offers_every_command_of_the_table(tmp_path: Path) -> None:
    app, service = make_app(tmp_path)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            offered = [command.title for command in app.get_system_commands(app.screen)]
            for command in COMMANDS:
                if command.palette:
                    assert any(title.startswith(command.title) for title in offered), command
    finally:
        service.close()


async def test_the_palette_runs_a_command_typed_by_name(tmp_path: Path) -> None:
    app, service = make_app(tmp_path)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+p")
            await pilot.pause()
            assert isinstance(app.screen, CommandPalette)
            await pilot.press(*"Help")
            await app.workers.wait_for_complete()  # the palette gathers its hits in a worker
            await pilot.pause()
            await pilot.press("down", "enter")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert len(app.screen_stack) == 1
    finally:
        service.close()
