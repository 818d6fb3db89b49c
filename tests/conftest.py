"""Every test runs with its own user folders: nothing is read from or written to the real
config, data and state folders of whoever runs the tests (or to the checkout's saves/)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest


@pytest.fixture(autouse=True)
def private_user_folders(tmp_path_factory: pytest.TempPathFactory,
                         monkeypatch: pytest.MonkeyPatch) -> Path:  # fmt: skip
    """A fresh home for the test: HOME and the XDG folders (what platformdirs reads), an unset
    config file and a saves folder of its own; tests of the defaults unset what they need."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("USERPROFILE", str(home))
    for variable, folder in (("XDG_CONFIG_HOME", ".config"), ("XDG_DATA_HOME", ".local/share"),
                             ("XDG_STATE_HOME", ".local/state"), ("XDG_CACHE_HOME", ".cache"),
                             ("APPDATA", "AppData/Roaming"),
                             ("LOCALAPPDATA", "AppData/Local")):  # fmt: skip
        monkeypatch.setenv(variable, str(home / folder))
    monkeypatch.setenv("GMDASH_CONFIG", str(home / "gmdash-config.toml"))
    monkeypatch.setenv("GMDASH_SAVES", str(home / "saves"))
    return home


def pytest_configure(config: pytest.Config) -> None:
    """Pilot waits for gmdash's key gate (gmdash/tui/key_gate.py) after pressing keys.

    The gate lets typed-ahead keys in one at a time, each once the last has settled, so keys
    are still held when `pilot.press` (or a `pilot.pause` after keys posted at once) returns:
    a test's next line would look at the app before the keys had their effect. Both now also
    wait for the gate to settle (a bounded wait that fails the test instead of hanging), then
    for the screen to handle what the last key started.
    """
    from textual.pilot import Pilot

    from gmdash.tui.app import GmDashApp

    # Dialogs are built ahead (gmdash/tui/dialog_stock.py) only in the tests that ask for it:
    # elsewhere they would be built in every pause of every test (the suite took half again as
    # long), and those tests check they are drawn and typed as the dialogs a key builds.
    GmDashApp.build_ahead = False

    press, pause = Pilot.press, Pilot.pause

    async def settle(pilot: Pilot[Any]) -> None:
        gate = getattr(pilot.app, "key_gate", None)
        if gate is None or gate.idle:
            return
        if not await gate.wait_settled():
            raise AssertionError("typed keys were still held by the key gate after its limit")
        await pilot._wait_for_screen()

    async def press_and_settle(self: Pilot[Any], *keys: str) -> None:
        await press(self, *keys)
        await settle(self)

    async def pause_and_settle(self: Pilot[Any], delay: float | None = None) -> None:
        await pause(self, delay)  # keys posted straight to the app reach the gate first
        await settle(self)

    Pilot.press = press_and_settle  # type: ignore[method-assign]
    Pilot.pause = pause_and_settle  # type: ignore[method-assign]


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """The stat-block reader's rate on its corpus (tests/formats/test_statblock_corpus.py),
    in the summary of every run that tried it (the property travels from xdist's workers)."""
    for report in terminalreporter.stats.get("passed", []) + terminalreporter.stats.get(
        "failed", []
    ):
        for name, value in getattr(report, "user_properties", ()):
            if name == "statblock_corpus_rate" and report.when == "call":
                terminalreporter.write_line(f"stat-block corpus: read {value}")
