"""The command line's shape: each command's module, what a command imports, --version, --help,
and the shell completion scripts made from the parser."""

from __future__ import annotations

import argparse
import importlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmdash import __version__
from gmdash.cli import Args, command_of, dashboard_args, main
from gmdash.cli.command_table import COMMAND_MODULES
from gmdash.cli.completion import script
from gmdash.cli.parser import build_parser


def registered_by(module: str) -> set[str]:
    parser = argparse.ArgumentParser()
    subparsers = parser.add_subparsers()
    importlib.import_module(module).register(subparsers)
    return set(subparsers.choices)


def test_every_command_is_dispatched_to_the_module_that_registers_it() -> None:
    for module in set(COMMAND_MODULES.values()):
        names = registered_by(module)
        assert names == {c for c, m in COMMAND_MODULES.items() if m == module}, module


@pytest.mark.parametrize(
    ("argv", "command"),
    [(["roll", "50"], "roll"), (["--saves", "x", "log"], "log"), (["--saves=x", "odds"], "odds"),
     (["--campaign", "roll", "--saves", "s"], None), ([], None), (["--help"], None)],
)  # fmt: skip
def test_the_command_is_the_first_word_that_is_no_option(
    argv: list[str], command: str | None
) -> None:
    assert command_of(argv) == command


NOT_FOR_A_ROLL = ("textual", "tinydb", "gmdash.play", "gmdash.store", "gmdash.model",
                  "gmdash.rules.wounds", "gmdash.rules.attributes", "rich.table",
                  "platformdirs", "tomllib", "shutil")  # fmt: skip


@pytest.mark.parametrize("argv", [["roll", "50"], ["odds", "50", "--json"]])
def test_a_rules_command_imports_only_what_it_needs(argv: list[str]) -> None:
    code = (
        "import sys\nfrom gmdash.cli import main\n"
        f"main({argv!r})\nprint(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=True)  # fmt: skip
    loaded = set(done.stderr.split())
    assert "gmdash.rules.levels" in loaded
    if sys.platform == "linux":  # elsewhere the config folder comes from platformdirs
        assert not {m for m in loaded if m.split(".")[0] in NOT_FOR_A_ROLL or m in NOT_FOR_A_ROLL}


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"gmdash {__version__}\n"


def test_help_lists_every_command_and_says_where_saves_and_config_are(
    capsys: pytest.CaptureFixture[str], private_user_folders: Path
) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert all(f"    {command}" in out for command in COMMAND_MODULES)
    assert f"saves:  {private_user_folders / 'saves'}\n        from $GMDASH_SAVES" in out
    assert f"config: {private_user_folders / 'gmdash-config.toml'} (no file yet" in out


def test_a_command_help_still_works_alone(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["roll", "--help"])
    assert "--result N" in capsys.readouterr().out


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
@pytest.mark.parametrize(
    ("words", "expected"),
    [
        (["gmdash", ""], set(COMMAND_MODULES)),
        (["gmdash", "cam"], {"campaign"}),
        (["gmdash", "ca"], {"campaign", "cast"}),
        (["gmdash", "campaign", ""], {"new", "list", "recover"}),
        (["gmdash", "--saves", "/tmp", "session", "s"], {"start"}),
        (["gmdash", "roll", "50", "--ruleset", ""], {"rqg", "brp"}),
        (["gmdash", "log", "--format", "m"], {"md"}),
        (["gmdash", "completion", ""], {"bash", "zsh", "fish"}),
        (["gmdash", "roll", "--re"], {"--result"}),
        (["gmdash", "--ver"], {"--version"}),
    ],
)  # fmt: skip
def test_bash_completion_offers_what_the_parser_takes(
    tmp_path: Path, words: list[str], expected: set[str]
) -> None:
    (tmp_path / "gmdash.bash").write_text(script(build_parser(), "bash"))
    quoted = " ".join(f"'{w}'" for w in words)
    test = "\n".join([f"source {tmp_path / 'gmdash.bash'}", f"COMP_WORDS=({quoted})",
                      f"COMP_CWORD={len(words) - 1}", "_gmdash",
                      "printf '%s\\n' \"${COMPREPLY[@]}\""])  # fmt: skip
    done = subprocess.run(["bash", "-c", test], capture_output=True, text=True, check=True)
    assert set(done.stdout.split()) == expected


def test_completion_scripts_name_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    for shell in ("bash", "zsh", "fish"):
        assert main(["completion", shell]) == 0
        text = capsys.readouterr().out
        assert all(command in text for command in COMMAND_MODULES)
    assert text.count("complete -c gmdash") > 40  # fish: a line per command and option


@pytest.mark.skipif(shutil.which("fish") is None, reason="needs fish")
def test_fish_completion_offers_what_the_parser_takes(tmp_path: Path) -> None:
    (tmp_path / "gmdash.fish").write_text(script(build_parser(), "fish"))
    asks = ["gmdash campaign ", "gmdash --saves /tmp session s", "gmdash log --format "]
    test = "\n".join([f"source {tmp_path / 'gmdash.fish'}",
                      *(f"complete -C '{ask}'; echo @@" for ask in asks)])  # fmt: skip
    done = subprocess.run(["fish", "-c", test], capture_output=True, text=True, check=True)
    answers = [{line.split("\t")[0] for line in block.split("\n") if line}
               for block in done.stdout.split("@@\n")[:-1]]  # fmt: skip
    assert answers == [{"new", "list", "recover"}, {"start"}, {"text", "md", "csv", "json"}]


@pytest.mark.skipif(shutil.which("zsh") is None, reason="needs zsh")
def test_zsh_completion_runs_the_same_function_through_bashcompinit(tmp_path: Path) -> None:
    (tmp_path / "gmdash.zsh").write_text(script(build_parser(), "zsh"))
    test = "\n".join([
        "autoload -U compinit && compinit -u", f"source {tmp_path / 'gmdash.zsh'}",
        # what bashcompinit's wrapper sets before calling the function
        "emulate -L sh; setopt kshglob noshglob braceexpand ksharrays",
        "COMP_WORDS=(gmdash campaign ''); COMP_CWORD=2; _gmdash; echo ${COMPREPLY[*]}",
    ])  # fmt: skip
    done = subprocess.run(["zsh", "-c", test], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["new", "list", "recover"]


@pytest.mark.parametrize("columns", ["", "0", "junk", "57", "200"])
def test_help_is_as_wide_as_shutil_would_make_it(
    columns: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gmdash.cli.parsing import terminal_columns

    monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size().columns


DASHBOARD_WORDS = ["--saves", "--campaign", "--saves=", "--campaign=", "--sav", "--ruleset", "brp",
                   "DIR", "my game", "-x", "-", "--", "-h", "--version", "=", "roll"]  # fmt: skip


@given(st.lists(st.sampled_from(DASHBOARD_WORDS) | st.text(max_size=6), max_size=6))
def test_the_dashboards_own_reading_is_argparses_or_leaves_it_to_argparse(words: list[str]) -> None:
    argv = [w + "D" if w.endswith("=") else w for w in words]
    fast = dashboard_args(argv)
    if fast is None:
        return
    slow = build_parser(None, wants_help=False).parse_args(argv, namespace=Args())
    assert vars(fast) == vars(slow)


USUAL_STARTS = [[], ["--saves", "D"], ["--campaign", "N", "--saves", "D"],
                ["--saves=D", "--campaign=x y"], ["--saves", "a", "--saves", "b"]]  # fmt: skip


@pytest.mark.parametrize("argv", USUAL_STARTS)
def test_the_dashboards_usual_starts_are_read_without_argparse(argv: list[str]) -> None:
    args = dashboard_args(argv)
    assert args is not None
    parser = build_parser(None, wants_help=False)
    assert vars(args) == vars(parser.parse_args(argv, namespace=Args()))
