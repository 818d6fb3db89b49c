"""What keeps a dialog's first frame close to its key: its widgets styled once as it opens,
no dialog imported at start-up, every dialog's module imported in the background after the
first frame."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import dashboard_app, demo_service, fixed_clock
from textual.app import ComposeResult
from textual.css.stylesheet import Stylesheet
from textual.widget import Widget
from textual.widgets import Static

import gmdash.tui.dialogs
from gmdash.tui import preload
from gmdash.tui.modal import QuickModal
from gmdash.tui.preload import (
    STEP,
    _import_all,
    add_styles,
    add_styles_at_rest,
    default_css,
    dialog_modules,
    preload_dialogs,
    widget_classes,
)


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


def test_a_class_css_is_read_as_textual_reads_it() -> None:
    from textual.widgets import Input, Select

    from gmdash.tui.dialogs.character_form import CharacterForm

    for cls, built in ((Input, Input()), (Select, Select[str]([])),
                       (CharacterForm, CharacterForm(None))):  # fmt: skip
        assert default_css(cls) == built._get_default_css()
        assert default_css(cls)  # each has CSS of its own or of a base


async def test_a_dialog_opened_after_the_preload_parses_no_css(tmp_path: Path) -> None:
    with demo_service(tmp_path, fixed_clock) as service:
        app = dashboard_app(service)
        async with app.run_test(size=(160, 50)) as pilot:
            classes = widget_classes(_import_all(dialog_modules()))
            from gmdash.tui.dialogs.character_form import CharacterForm

            assert CharacterForm in classes
            add_styles(app, classes)
            parses: list[int] = []
            parse = app.stylesheet.parse

            def counted() -> None:
                parses.append(1)
                parse()

            app.stylesheet.parse = counted  # type: ignore[method-assign]
            await pilot.press("1", "a")  # the character form: inputs, selects, text areas
            await pilot.pause()
            assert isinstance(app.screen, CharacterForm)
            assert parses == []
            await pilot.press("escape", "2", "b")  # and start combat
            await pilot.pause()
            assert type(app.screen).__name__ == "CombatSetupDialog"
            assert parses == []


class StepApp:
    """Just what `add_styles_at_rest` uses of an app: a stylesheet, and its delayed calls
    (`later.call_in`), run by hand."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.stylesheet = Stylesheet()
        self.timers: list[tuple[float, Callable[[], None]]] = []

        def call_in(node: object, delay: float, callback: Callable[[], None]) -> None:
            assert node is self
            self.timers.append((delay, callback))

        monkeypatch.setattr(preload, "call_in", call_in)


def test_the_preload_styles_a_batch_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    from textual.widgets import Button, Input, Label

    app = StepApp(monkeypatch)
    add_styles_at_rest(app, [Input, Button, Label], batch=1)  # type: ignore[arg-type]

    def has(cls: type[Widget]) -> bool:
        css = cls.DEFAULT_CSS
        return any(source.content == css for source in app.stylesheet.source.values())

    assert has(Input) and not has(Button) and not has(Label)
    steps = 0
    while app.timers:
        delay, step = app.timers.pop()
        assert delay == STEP
        step()
        steps += 1
        assert has(Button) and has(Label) == (steps == 2)
    assert steps == 2
    pair = StepApp(monkeypatch)
    add_styles_at_rest(pair, [Input, Button, Label], batch=2)  # type: ignore[arg-type]
    added = {source.content for source in pair.stylesheet.source.values()}
    first = {cls for cls in (Input, Button, Label) if cls.DEFAULT_CSS in added}
    assert first == {Input, Button} and len(pair.timers) == 1


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
    # The store's digests come without OpenSSL, which these load (gmdash.store.digests).
    assert [name for name in ("hashlib", "hmac", "_hashlib") if name in loaded] == []
    assert "argparse" not in loaded  # its options read without it (gmdash.cli.dashboard_args)
