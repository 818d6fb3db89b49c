"""The config in the dashboard: remapped keys are the keys bound and shown; a refused key map
and a bad theme are told; the theme picked is the next start's; a log entry copies as one line."""

from __future__ import annotations

from pathlib import Path

from helpers import demo_session, fixed_clock, screen_text
from textual.widgets import Static

from gmdash.config import load_config
from gmdash.model.events import RollMade
from gmdash.rules import SeededRng
from gmdash.tui.app import DARK_THEME, LIGHT_THEME, GmDashApp
from gmdash.tui.dialogs.roll_base import RollDialog
from gmdash.tui.dialogs.wounds import DamageDialog
from gmdash.tui.help import HelpScreen
from gmdash.tui.keybar import KeyBar

SIZE = (160, 50)


def config_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def app_on(service: object, config_path: Path) -> GmDashApp:
    return GmDashApp(service, rng=SeededRng(7), clock=fixed_clock,  # type: ignore[arg-type]
                     config=load_config(config_path))  # fmt: skip


async def test_a_remapped_key_is_bound_and_shown_in_the_key_bar_and_help(tmp_path: Path) -> None:
    path = config_file(tmp_path, '[keys]\n"roster.roll_ability" = "space"\n')
    with demo_session(tmp_path / "saves") as service:
        app = app_on(service, path)
        async with app.run_test(size=SIZE) as pilot:
            bar = str(app.query_one(KeyBar).render())
            assert " space  Roll " in bar and " r  Roll " not in bar
            await pilot.press("r")  # the old key does nothing now
            await pilot.pause()
            assert not isinstance(app.screen, RollDialog)
            await pilot.press("space")
            await pilot.pause()
            assert isinstance(app.screen, RollDialog)
            await pilot.press("escape")
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            text = str(app.screen.query_one("#help-text", Static).render())
            assert "space  Roll an ability of the selected character" in text
            commands = {c.binding_id: c.keys_text for c in app.key_table.commands}
            assert commands["roster.roll_ability"] == "space"
            assert not app.told


async def test_conflicting_keys_are_refused_with_a_message_and_the_defaults_stay(
    tmp_path: Path,
) -> None:
    path = config_file(tmp_path, '[keys]\n"roster.roll_ability" = "c"\n')
    with demo_session(tmp_path / "saves") as service:
        app = app_on(service, path)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            [note] = [n.message for n in app.told]
            assert f"{path}, line 2:" in note and "would both be on c" in note
            assert "the [keys] table is not used" in note
            await pilot.pause()
            assert "[keys]" in screen_text(app)  # the toast shows it as text, not as style
            assert " r  Roll " in str(app.query_one(KeyBar).render())
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, RollDialog)


async def test_the_theme_picked_is_remembered_across_a_restart(tmp_path: Path) -> None:
    path = config_file(tmp_path, "# my settings\n[keys]\n")
    with demo_session(tmp_path / "saves") as service:
        app = app_on(service, path)
        async with app.run_test(size=SIZE) as pilot:
            assert app.theme == DARK_THEME
            await pilot.press("ctrl+t")
            await pilot.pause()
            assert app.theme == LIGHT_THEME
        assert load_config(path).theme == LIGHT_THEME
        assert path.read_text().startswith("# my settings\n")
        again = app_on(service, path)
        async with again.run_test(size=SIZE) as pilot:
            assert again.theme == LIGHT_THEME
            again.theme = "nord"  # what the palette's theme picker does
            await pilot.pause()
        assert load_config(path).theme == "nord"


async def test_an_unknown_theme_is_told_and_the_default_used(tmp_path: Path) -> None:
    path = config_file(tmp_path, 'theme = "no-such-theme"\n')
    with demo_session(tmp_path / "saves") as service:
        app = app_on(service, path)
        async with app.run_test(size=SIZE):
            assert app.theme == DARK_THEME
            [note] = [n.message for n in app.told]
            assert "line 1:" in note and "no-such-theme" in note
        assert path.read_text() == 'theme = "no-such-theme"\n'


async def test_the_selected_log_entry_copies_as_one_line(tmp_path: Path) -> None:
    with demo_session(tmp_path / "saves") as service:
        service.publish(RollMade(actor="Vasana", label="Broadsword\nswing\x1b", kind="ability",
                                 chance=65, roll=12, level="success"))  # fmt: skip
        app = app_on(service, tmp_path / "none.toml")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("4", "c")
            await pilot.pause()
            assert app.clipboard.endswith("Vasana · Broadsword swing␛ 65%: 12, SUCCESS")
            assert "\n" not in app.clipboard


async def test_the_palette_offers_the_remapped_key(tmp_path: Path) -> None:
    path = config_file(tmp_path, '[keys]\n"roster.roll_ability" = "space"\n')
    with demo_session(tmp_path / "saves") as service:
        app = app_on(service, path)
        async with app.run_test(size=SIZE):
            offered = {c.title: c.help for c in app.get_system_commands(app.screen)}
            assert offered["Roll (Roster)"].endswith("[space]")


async def test_a_remapped_dialog_key_is_bound_and_shown_in_the_dialog_and_help(
    tmp_path: Path,
) -> None:
    path = config_file(tmp_path, '[keys]\n"roll.confirm" = "ctrl+o"\n"form.cancel" = "f9"\n')
    with demo_session(tmp_path / "saves") as service:
        app = app_on(service, path)
        rolls: list[RollMade] = []
        service.bus.subscribe(RollMade, rolls.append)
        async with app.run_test(size=SIZE) as pilot:
            assert not app.told
            await pilot.press("r")
            assert isinstance(app.screen, RollDialog)
            hint = str(app.screen.query_one("#keys", Static).render())
            assert "ctrl+o: roll" in hint and "enter: roll" not in hint
            await pilot.press("enter")  # the old key rolls nothing now
            assert isinstance(app.screen, RollDialog) and not app.screen.rolled
            await pilot.press("ctrl+o")
            assert app.screen.rolled and len(rolls) == 1
            await pilot.press("ctrl+o")  # and closes with the result
            assert not isinstance(app.screen, RollDialog)
            await pilot.press("h")  # a form: its cancel key is f9, escape does nothing
            assert isinstance(app.screen, DamageDialog)
            assert "f9 cancel" in str(app.screen.query_one(".dialog-box").border_subtitle)
            await pilot.press("escape")
            assert isinstance(app.screen, DamageDialog)
            await pilot.press("f9")
            assert not isinstance(app.screen, DamageDialog)
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            text = str(app.screen.query_one("#help-text", Static).render())
            assert "ctrl+o  Roll, then close with the result" in text
            assert "f9  Close the form, nothing saved" in text


async def test_a_dialog_key_on_a_key_of_the_same_dialog_is_refused(tmp_path: Path) -> None:
    path = config_file(tmp_path, '[keys]\n"character_form.roll_characteristics" = "ctrl+s"\n')
    with demo_session(tmp_path / "saves") as service:
        app = app_on(service, path)
        async with app.run_test(size=SIZE) as pilot:
            [note] = [n.message for n in app.told]
            assert f"{path}, line 2:" in note
            assert "form.save and character_form.roll_characteristics would both be on ctrl+s" in (
                note)  # fmt: skip
            await pilot.press("h")
            assert isinstance(app.screen, DamageDialog)
            await pilot.press("escape")  # the defaults stay
            assert not isinstance(app.screen, DamageDialog)
