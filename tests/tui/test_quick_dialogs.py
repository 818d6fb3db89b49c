"""What keeps a dialog's first frame close to its key, and the dashboard's start short: its
widgets styled once as it opens, no dialog imported at start-up, every dialog's module imported
in the background after the first frame."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import dashboard_app, demo_service, fixed_clock
from textual.app import ComposeResult
from textual.widgets import Static

import gmdash.tui.dialogs
from gmdash.tui.dialog_preload import dialog_modules, preload_dialogs
from gmdash.tui.modal import QuickModal


class Probe(QuickModal[None]):
    """Records its breakpoint class as it composes and every restyle of the whole screen."""

    def __init__(self) -> None:
        self.restyles = 0
        super().__init__()
        self.classes_at_compose: set[str] = set()

    def compose(self) -> ComposeResult:
        self.classes_at_compose = set(self.classes)
        self.restyles = 0  # from here on: its widgets exist, a restyle walks every one
        yield Static("a dialog")

    def update_node_styles(self, animate: bool = True) -> None:
        self.restyles += 1
        super().update_node_styles(animate=animate)


@pytest.mark.parametrize(("width", "expected"), [(160, "-wide"), (100, "-narrow")])
async def test_a_dialog_is_styled_once_as_it_opens(tmp_path: Path, width: int,
                                                   expected: str) -> None:  # fmt: skip
    with demo_service(tmp_path, fixed_clock) as service:
        app = dashboard_app(service)
        async with app.run_test(size=(width, 40)) as pilot:
            probe = Probe()
            app.push_screen(probe)
            await pilot.pause()
            assert app.screen is probe
            assert expected in probe.classes_at_compose  # before its widgets were styled
            assert probe.restyles == 0  # neither the first resume nor the first resize
            app.pop_screen()
            await pilot.pause()
            app.push_screen(probe)  # a screen shown again may have missed a theme change
            await pilot.pause()
            assert probe.restyles == 1


def test_every_dialog_module_is_preloaded() -> None:
    folder = Path(gmdash.tui.dialogs.__file__).parent
    files = {f"gmdash.tui.dialogs.{p.stem}" for p in folder.glob("*.py") if p.stem != "__init__"}
    assert files <= set(dialog_modules())
    assert "gmdash.tui.help" in dialog_modules()
    preload_dialogs().join()
    assert set(dialog_modules()) <= set(sys.modules)


def test_start_up_imports_no_dialog() -> None:
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, gmdash.tui.app; print(*sorted(sys.modules))"],
        capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    early = [name for name in loaded if name.startswith("gmdash.tui.dialogs.")]
    assert early == [], early
    assert "gmdash.tui.help" not in loaded


START_UP_SCRIPT = """
import sys
import gmdash.tui.launch as launch

def opened(*args, **kwargs):
    import gmdash.tui.app  # what the dashboard imports before its first frame
    print(*sorted(sys.modules))
    return 0

launch.run_dashboard = opened
from gmdash.cli import main
raise SystemExit(main(["--saves", sys.argv[1]]))
"""


def test_the_dashboards_start_imports_no_subcommand_no_attack_and_no_importer(
    tmp_path: Path,
) -> None:
    env = {**os.environ, "GMDASH_CONFIG": str(tmp_path / "config.toml")}
    loaded = subprocess.run(
        [sys.executable, "-c", START_UP_SCRIPT, str(tmp_path / "saves")],
        capture_output=True, text=True, check=True, env=env,
    ).stdout.split()  # fmt: skip
    assert "gmdash.tui.app" in loaded
    early = {name for name in loaded if name.startswith("gmdash.cli.") and "commands" in name}
    assert early == set(), early  # argparse is given no subcommand to build
    later = ("gmdash.play.combat.attack", "gmdash.play.combat.plan", "gmdash.rules.exchange",
             "gmdash.play.importing", "gmdash.formats", "gmdash.play.recovery")  # fmt: skip
    assert [name for name in later if name in loaded] == []
    assert "argparse" not in loaded  # its options read without it (gmdash.cli.dashboard_args)
