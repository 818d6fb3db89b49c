"""What many test modules build alike: fixed clocks, a small sheet, the demo campaign, the app.

Test folders are not packages of one `tests` package: each test module's folder root (`tests/`)
is on `sys.path`, so every module imports these as `from helpers import ...`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.widget import Widget

from gmdash.cli import main
from gmdash.model import Ability, AbilityKind, Character, Weapon, new_character
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME, demo_state
from gmdash.rules import Rng, SeededRng
from gmdash.tui.app import GmDashApp

START = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)
EVENING = datetime(2026, 3, 14, 20, 0, tzinfo=UTC)


class FakeClock:
    """A clock that moves one `step` (a second) per reading, from a fixed evening."""

    def __init__(self, start: datetime = START, step: timedelta = timedelta(seconds=1)) -> None:
        self.now = start
        self.step = step

    def __call__(self) -> datetime:
        self.now += self.step
        return self.now


def fixed_clock() -> datetime:
    """A clock that never moves."""
    return EVENING


def sheet(name: str = "Ostra", id: str = "c0001", **changes: Any) -> Character:
    """A small valid RQG sheet at full points."""
    return new_character(
        id=id,
        name=name,
        characteristics={"STR": 13, "CON": 12, "SIZ": 11, "DEX": 14, "INT": 13, "POW": 15,
                         "CHA": 12},
        abilities=[
            Ability(name="Dodge", value=40),
            Ability(name="Air", kind=AbilityKind.RUNE, value=75),
            Ability(name="Honor", kind=AbilityKind.PASSION, value=60),
            Ability(name="Broadsword", value=55),
        ],
        weapons=[Weapon(name="Broadsword", skill="Broadsword", damage="1D8+1", sr=2,
                        hit_points=12)],
        armour={"head": 3, "chest": 4},
        **changes,
    )  # fmt: skip


def demo_service(saves: Path, clock: Callable[[], datetime]) -> CampaignService:
    """The demo campaign in a temporary saves folder: a deterministic clock, no fsync."""
    return CampaignService.create(saves, DEMO_NAME, state=demo_state(), clock=clock, durable=False)


@contextmanager
def demo_session(saves: Path) -> Iterator[CampaignService]:
    """The demo campaign, a session started, on a clock moving a second per reading."""
    with demo_service(saves, FakeClock()) as service:
        service.start_session()
        yield service


def dashboard_app(service: CampaignService, rng: Rng | None = None) -> GmDashApp:
    """The dashboard on `service`, its clock, seeded dice unless a test scripts them."""
    return GmDashApp(service, rng=rng or SeededRng(7), clock=service.clock)


RAW_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")
"""What no output meant for a terminal may hold (a line feed ends a line)."""


class CliRun:
    """`gmdash --saves DIR ...` in-process with captured output: it exits with `status`, prints
    no raw control character, and a refusal is one line on stderr (nothing on stdout)."""

    def __init__(self, saves: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.saves = saves
        self.capsys = capsys

    def __call__(self, *argv: str, status: int = 0) -> str:
        code = main(["--saves", str(self.saves), *argv])
        out, err = self.capsys.readouterr()
        assert code == status, (out, err)
        assert not RAW_CONTROL.search(out + err), (out, err)
        if status:
            assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err
            return err
        return out


SVG_TEXT = "{http://www.w3.org/2000/svg}text"
SVG_CELL_WIDTH = 12.2
"""Pixels of one terminal cell in Textual's screenshots (Rich's SVG export: 20 px high text,
0.61 of that wide)."""
SVG_LINE = re.compile(r"-line-(\d+)\)")


def screen_lines(app: App[object]) -> list[list[str]]:
    """What the terminal shows now, cell by cell (a wide character's second cell is ""), read
    from the app's own screenshot (`App.export_screenshot`: the screen on top, composited)."""
    from xml.etree import ElementTree

    from rich.cells import cell_len

    width, height = app.size
    cells = [[" "] * width for _ in range(height)]
    for element in ElementTree.fromstring(app.export_screenshot(title="screen")).iter(SVG_TEXT):
        line = SVG_LINE.search(element.get("clip-path", ""))
        if line is None:
            continue  # the window's title
        row, x = cells[int(line[1])], round(float(element.get("x", "0")) / SVG_CELL_WIDTH)
        for character in (element.text or "").replace("\xa0", " ").rstrip("\n"):
            if x >= width:
                break
            row[x] = character
            for extra in range(x + 1, min(x + cell_len(character), width)):
                row[extra] = ""
            x += max(cell_len(character), 1)
    return cells


def screen_text(app: App[object]) -> str:
    """What the terminal shows now, as plain lines (the screen on top, as composited)."""
    return "\n".join("".join(row) for row in screen_lines(app))


def region_text(app: App[object], widget: Widget) -> str:
    """What the terminal shows inside `widget`'s region (a dialog's box, a pane)."""
    region = widget.region
    rows = screen_lines(app)[region.y : region.bottom]
    return "\n".join("".join(row[region.x : region.right]) for row in rows)


KEY_CHARACTERS = {"space": " ", "plus": "+", "minus": "-", "slash": "/", "question_mark": "?",
                  "equals_sign": "=", "full_stop": ".", "comma": ","}  # fmt: skip


def key_event(key: str) -> Any:
    """A key as the terminal driver makes it: `"a"`, `"enter"`, `"plus"`."""
    from textual import events

    return events.Key(key, KEY_CHARACTERS.get(key, key if len(key) == 1 else None))


def keys_of(*parts: str) -> list[str]:
    """Keys to type: a named key ("tab", "enter") as it is, other text one key per character."""
    named = {"tab", "shift+tab", "enter", "escape", "space", "backspace", "up", "down", "left",
             "right", "delete", *KEY_CHARACTERS}  # fmt: skip
    keys: list[str] = []
    for part in parts:
        if part in named or part.startswith("ctrl+"):
            keys.append(part)
        else:
            keys += [next((k for k, c in KEY_CHARACTERS.items() if c == ch), ch) for ch in part]
    return keys


async def type_ahead(pilot: Any, *parts: str) -> None:
    """Every key posted at once, with no pause at all (a fast typist's burst, or a paste into
    tmux), then a wait until the app has handled them all."""
    app = pilot.app
    for key in keys_of(*parts):
        app.post_message(key_event(key))
    await pilot.pause()  # waits for the key gate to let every key in (tests/conftest.py)
