"""The config file: read with tomllib, never fatal, never rewritten but for a remembered theme."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gmdash.cli import main
from gmdash.config import Config, config_path, load_config, remember
from gmdash.tui.keymap import (
    ALL_COMMANDS,
    COMMANDS,
    DEFAULT_KEYS,
    DIALOG_COMMANDS,
    FIELD_KEYS,
    configured_keys,
    key_table,
    markdown_key_map,
    normal_key,
)

GOOD = """\
# my table's settings
theme = "gruvbox"   # picked at the table
ruleset = "brp"
saves = "campaigns"

[keys]
"roster.roll_ability" = "space"
log.copy_entry = ["o", "ctrl+k"]

[keys.strike-ranks]
next_action = "N"
"""


def write(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "config.toml"
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return path


def test_the_config_lives_in_the_platform_config_folder(
    private_user_folders: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GMDASH_CONFIG")
    assert config_path() == private_user_folders / ".config/gmdash/config.toml"
    assert config_path({"GMDASH_CONFIG": "/x/y.toml"}) == Path("/x/y.toml")


@pytest.mark.parametrize("xdg", [None, "", "  ", "/somewhere/else"])
def test_the_config_path_is_the_one_platformdirs_gives(
    xdg: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    import platformdirs

    monkeypatch.delenv("GMDASH_CONFIG")
    if xdg is None:
        monkeypatch.delenv("XDG_CONFIG_HOME")
    else:
        monkeypatch.setenv("XDG_CONFIG_HOME", xdg)
    expected = platformdirs.user_config_path("gmdash", appauthor=False) / "config.toml"
    assert config_path() == expected


def test_gmdash_config_path_prints_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["config", "path"]) == 0
    assert capsys.readouterr().out.strip() == os.environ["GMDASH_CONFIG"]


def test_a_missing_file_is_every_default(tmp_path: Path) -> None:
    assert load_config(tmp_path / "none.toml") == Config(tmp_path / "none.toml")


def test_every_setting_is_read(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, GOOD))
    assert config.problems == ()
    assert (config.theme, config.ruleset) == ("gruvbox", "brp")
    assert config.saves == tmp_path / "campaigns"
    assert config.keys == {"roster.roll_ability": "space", "log.copy_entry": "o,ctrl+k",
                           "strike-ranks.next_action": "N"}  # fmt: skip
    assert config.lines["keys.log.copy_entry"] == 8
    assert config.lines["keys.strike-ranks.next_action"] == 11


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ('theme = "a"\nruleset = \n', 2, "not valid TOML"),
        ('theme = "a"\n[keys\n', 2, "not valid TOML"),
        (b'theme = "a"\nruleset = "\xff"\n', 2, "not UTF-8"),
    ],
)  # fmt: skip
def test_a_file_that_does_not_parse_names_its_line_uses_the_defaults_and_stays(
    tmp_path: Path, text: str | bytes, line: int, words: str
) -> None:
    path = write(tmp_path, text)
    before = path.read_bytes(), path.stat().st_mtime_ns
    config = load_config(path)
    assert (config.theme, config.ruleset, config.keys) == (None, None, {})
    [problem] = config.problems
    assert f"{path}, line {line}:" in problem and words in problem and "default" in problem
    assert remember(path, "theme", "nord") is not None  # not rewritten either
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


@pytest.mark.parametrize(
    ("text", "line", "words", "kept"),
    [
        ('theme = "nord"\nruleset = "d20"\n', 2, "ruleset must be 'rqg' or 'brp'", "theme"),
        ('ruleset = "brp"\ntheme = 7\n', 2, "theme must be", "ruleset"),
        ('theme = "nord"\ncolour = "red"\n', 2, "unknown setting 'colour'", "theme"),
        ('theme = "nord"\n[keys]\n"roster.roll_ability" = 5\n', 3, "must be a key", "theme"),
    ],
)  # fmt: skip
def test_a_bad_setting_names_its_line_and_only_it_falls_back(
    tmp_path: Path, text: str, line: int, words: str, kept: str
) -> None:
    config = load_config(write(tmp_path, text))
    [problem] = config.problems
    assert f"line {line}:" in problem and words in problem
    assert getattr(config, kept) is not None
    assert config.keys == {}


def test_a_bad_config_is_told_on_stderr_and_the_command_still_answers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path, 'ruleset = "brp"\ntheme = \n')
    monkeypatch.setenv("GMDASH_CONFIG", str(path))
    assert main(["roll", "50", "--result", "3", "--json"]) == 0
    out, err = capsys.readouterr()
    assert f"{path}, line 2" in err
    assert json.loads(out)["level"] == "critical"  # rqg's 01-03 (brp's critical is 01-02)
    assert path.read_text() == 'ruleset = "brp"\ntheme = \n'


def test_the_default_ruleset_comes_from_the_config(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GMDASH_CONFIG", str(write(tmp_path, 'ruleset = "brp"\n')))
    assert main(["roll", "50", "--result", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["level"] == "special"  # brp: 01-02 critical
    assert main(["roll", "50", "--result", "3", "--json", "--ruleset", "rqg"]) == 0
    assert json.loads(capsys.readouterr().out)["level"] == "critical"
    assert main(["campaign", "new", "Sun County", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ruleset"] == "brp"


def test_remembering_the_theme_keeps_every_other_line(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)
    assert remember(path, "theme", "nord") is None
    assert path.read_text() == GOOD.replace('theme = "gruvbox"   # picked at the table',
                                            'theme = "nord"')  # fmt: skip
    assert load_config(path).theme == "nord"
    fresh = tmp_path / "new" / "config.toml"
    assert remember(fresh, "theme", "nord") is None
    assert load_config(fresh).theme == "nord"
    tabled = write(tmp_path, '[keys]\n"log.search" = "S"\n')
    assert remember(tabled, "theme", "nord") is None
    assert load_config(tabled).keys == {"log.search": "S"}
    assert load_config(tabled).theme == "nord"


# --- keys -------------------------------------------------------------------------------------


def test_every_command_has_its_own_binding_id() -> None:
    ids = [command.binding_id for command in ALL_COMMANDS]
    assert len(ids) == len(set(ids))
    assert "roster.roll_ability" in ids and "global.focus_roster" in ids
    assert "form.confirm" in ids and "improvement.free_ticks" in ids


# A widget's own moves inside a list (the same in every pane), not a command of the dashboard.
WIDGET_KEYS = {"RowTable"}


def test_every_binding_of_every_screen_and_dialog_has_an_id_of_the_table() -> None:
    import importlib
    import pkgutil

    from textual.binding import Binding
    from textual.dom import DOMNode

    import gmdash.tui

    for module in pkgutil.walk_packages(gmdash.tui.__path__, "gmdash.tui."):
        importlib.import_module(module.name)
    ids = {command.binding_id for command in ALL_COMMANDS}
    found: list[str] = []
    seen = 0

    def walk(kind: type) -> None:
        nonlocal seen
        for sub in kind.__subclasses__():
            walk(sub)
            if not sub.__module__.startswith("gmdash.") or sub.__name__ in WIDGET_KEYS:
                continue
            for binding in sub.__dict__.get("BINDINGS", []):
                seen += 1
                if not isinstance(binding, Binding) or binding.id not in ids:
                    found.append(f"{sub.__qualname__}: {binding!r}")

    walk(DOMNode)
    assert seen > 40 and found == []


def test_the_text_fields_keys_are_textuals() -> None:
    from textual.widgets import Input, TextArea

    bound = {key.strip() for widget in (Input, TextArea) for binding in widget.BINDINGS
             for key in (binding.key if hasattr(binding, "key") else binding[0]).split(",")}  # type: ignore[union-attr,index]  # fmt: skip
    assert bound == FIELD_KEYS


def test_a_remapped_dialog_key_replaces_the_default_everywhere_it_is_shown() -> None:
    table = key_table({"improvement.free_ticks": "g", "form.confirm": "ctrl+o"})
    assert table.problems == ()
    assert table.keymap["improvement.free_ticks"] == "g"
    assert table.hint_key("improvement.free_ticks") == "g"
    assert table.keys_for("form.confirm") == ("ctrl+o",)
    assert table.hint_key("form.cancel") == "esc"
    assert "| `g` | Four free ticks per character (a long gap between adventures) | " \
           "`improvement.free_ticks` |" in markdown_key_map(table)  # fmt: skip
    assert DEFAULT_KEYS.keys_for("form.confirm") == ("enter",)
    assert [c.key for c in DEFAULT_KEYS.dialog_commands] == [c.key for c in DIALOG_COMMANDS]


@pytest.mark.parametrize(
    ("text", "key"),
    [("x", "x"), ("X", "X"), ("?", "question_mark"), ("+", "plus"), ("/", "slash"),
     ("Ctrl+N", "ctrl+n"), ("f5", "f5"), ("space", "space"), ("enter", "enter"),
     ("ctrl+shift+up", "ctrl+shift+up"), ("shift+tab", "shift+tab"),
     ("foo", None), ("ctrl+foo", None), ("hyperdrive+x", None), ("", None)],
)  # fmt: skip
def test_keys_are_read_as_textual_names_them(text: str, key: str | None) -> None:
    assert normal_key(text) == key


def test_remapped_keys_replace_the_defaults_everywhere_they_are_shown() -> None:
    table = key_table({"roster.roll_ability": "space", "log.copy_entry": "o,ctrl+k"})
    assert table.problems == ()
    shown = {c.binding_id: c.keys_text for c in table.commands}
    assert shown["roster.roll_ability"] == "space"
    assert shown["log.copy_entry"] == "o / ctrl+k"
    assert "| `space` | Roll an ability of the selected character | `roster.roll_ability` |" in (
        markdown_key_map(table))  # fmt: skip


@pytest.mark.parametrize(
    ("overrides", "words"),
    [
        ({"roster.roll_ability": "c"}, "roster.roll_ability and roster.roll_characteristic would "
                                       "both be on c"),
        ({"roster.roll_ability": "m"}, "would both be on m"),  # hides the global maximise
        ({"global.undo": "r"}, "would both be on r"),  # the roster's roll
        ({"roster.nope": "z"}, "no command has the id 'roster.nope'"),
        ({"log.search": "ctrl+c"}, "ctrl+c is"),
        ({"log.search": "ctrl+foo"}, "is not a key"),
        ({"roster.roll_ability": "space", "roster.roll_dice": "space"}, "both be on space"),
        ({"form.confirm": "escape"}, "form.confirm and form.cancel would both be on escape"),
        ({"character_form.roll_characteristics": "ctrl+s"},
         "form.save and character_form.roll_characteristics would both be on ctrl+s"),
        ({"log_filter.confirm": "escape"}, "would both be on escape"),  # its base's cancel
        ({"roll.confirm": "x"}, "x is a key of the text fields in that dialog"),
        ({"form.cancel": "ctrl+x"}, "ctrl+x is a key of the text fields"),  # the fields' cut
        ({"confirm.yes": "ctrl+c"}, "ctrl+c is"),
        ({"form.nope": "x"}, "no command has the id 'form.nope'"),
    ],
)  # fmt: skip
def test_conflicting_or_wrong_overrides_are_refused_whole(
    overrides: dict[str, str], words: str
) -> None:
    table = key_table(overrides)
    assert table.commands == COMMANDS and table.keymap == {}
    assert any(words in problem for problem in table.problems), table.problems


def test_two_commands_may_swap_keys() -> None:
    table = key_table({"roster.roll_ability": "c", "roster.roll_characteristic": "r"})
    assert table.problems == ()
    assert key_table({"improvement.roll_all": "x", "improvement.clear_line": "a"}).problems == ()


def test_keys_of_different_dialogs_may_be_the_same() -> None:
    # never open together: the improvement phase's g and a yes / no question's g
    assert key_table({"improvement.free_ticks": "g", "confirm.yes": "g"}).problems == ()


def test_a_refused_key_names_the_config_line(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, 'theme = "nord"\n[keys]\n"roster.roll_ability" = "c"\n'))
    table = configured_keys(config)
    assert table is not DEFAULT_KEYS and table.keymap == {}
    [problem] = table.problems
    assert f"{config.path}, line 3:" in problem and "every key keeps its default" in problem


def test_gmdash_config_keys_prints_the_key_map_with_the_configs_keys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GMDASH_CONFIG", str(write(tmp_path, '[keys]\n"log.copy_entry" = "o"\n')))
    assert main(["config", "keys"]) == 0
    out = capsys.readouterr().out
    assert "| `o` | Copy the selected entry" in out and "`log.copy_entry` |" in out
    assert out.strip() == markdown_key_map(key_table({"log.copy_entry": "o"}))


def test_gmdash_config_check_says_what_is_in_use_and_what_is_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path, 'ruleset = "brp"\ntheme = "nope"\n[keys]\n"roster.roll_ability" = "c"\n')
    monkeypatch.setenv("GMDASH_CONFIG", str(path))
    assert main(["config", "check"]) == 1
    out, err = capsys.readouterr()
    assert "ruleset: brp" in out and "keys:    0 remapped (refused)" in out
    assert f"{path}, line 2: there is no theme 'nope'" in err
    assert f"{path}, line 4: roster.roll_ability and roster.roll_characteristic" in err
    assert "players' rolls: on (default)" in out
    monkeypatch.setenv(
        "GMDASH_CONFIG", str(write(tmp_path, 'theme = "nord"\nplayer_rolls = "confirm"\n'))
    )
    assert main(["config", "check"]) == 0
    out = capsys.readouterr().out
    assert "theme:   nord" in out and "players' rolls: confirm" in out


@pytest.mark.parametrize(
    "text",
    ["x = " + "[" * 50_000 + "]" * 50_000, "x = " + "{a=" * 3_000 + "1" + "}" * 3_000],
    ids=["arrays", "tables"],
)
def test_a_config_nested_too_deeply_is_one_problem(tmp_path: Path, text: str) -> None:
    path = tmp_path / "config.toml"
    path.write_text(text)
    config = load_config(path)
    assert config.problems == (
        f"config {path}: is nested too deeply to be settings; every setting has its default",
    )


def test_a_huge_config_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    with path.open("wb") as huge:
        huge.truncate(500_000_000)  # sparse
    [problem] = load_config(path).problems
    assert "cannot be read" in problem and "larger than" in problem
