"""The `gmdash` command's argparse parser: built only when there is something for argparse to
read (a subcommand, help, an option the dashboard's own reading does not know: see
`gmdash.cli.dashboard_args`), so that the dashboard's start does not import argparse."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Sequence
from typing import Any, NoReturn

from gmdash import __version__
from gmdash.cli.command_table import COMMAND_MODULES
from gmdash.cli.parsing import (
    WAIT_HELP,
    Parser,
    RawDescriptionHelpFormatter,
    wait_seconds,
)


class _MainParser(Parser):
    """The top parser: its help ends with the saves folder and config file in use, and why
    (found only when help is shown)."""

    def format_help(self) -> str:
        from gmdash.cli.where import where_text

        self.epilog = where_text()
        return super().format_help()


class _Version(argparse.Action):
    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print gmdash's version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: Any) -> NoReturn:
        print(f"gmdash {__version__}")
        parser.exit()


class _Unused:
    """Stands in for the parser of a command that is not run: takes every call, does nothing."""

    def __getattr__(self, name: str) -> Any:
        return self._nothing

    def _nothing(self, *args: Any, **kwargs: Any) -> _Unused:
        return self


class _OneCommand:
    """Subparsers that build only the parser of `command` (building the others, their options
    and help texts, was a fifth of `gmdash roll`'s time)."""

    def __init__(self, subparsers: Any, command: str) -> None:
        self._all = subparsers
        self._command = command

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        if self._command == name or self._command in kwargs.get("aliases", ()):
            return self._all.add_parser(name, **kwargs)
        return _Unused()


def build_parser(command: str | None = None, *, wants_help: bool = True) -> Parser:
    """The `gmdash` parser; with `command` known, only that command's parser is built, and with
    no command and no help asked for, none is."""
    parser = _MainParser(
        prog="gmdash",
        description="A game master's dashboard for RuneQuest (rqg) and Basic Roleplaying (brp).",
        formatter_class=RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action=_Version)
    parser.add_argument(
        "--saves", metavar="DIR",
        help="saves folder (default: $GMDASH_SAVES, else the config's saves, else the source "
        "checkout's saves/, else the user data folder: see the end of this help)",
    )  # fmt: skip
    parser.add_argument(
        "--campaign",
        metavar="NAME",
        dest="global_campaign",
        help="open the dashboard on this campaign (or the campaign a subcommand works on)",
    )
    parser.add_argument("--wait", metavar="SECONDS", type=wait_seconds, default=argparse.SUPPRESS,
                        help=WAIT_HELP)  # fmt: skip
    # also on every rules subcommand and `campaign new`: before or after the subcommand alike
    # (SUPPRESS: a subcommand that was not given it does not overwrite what came before)
    parser.add_argument(
        "--ruleset", choices=["rqg", "brp"], default=argparse.SUPPRESS,
        help="rules to use: rqg (default) or brp",
    )  # fmt: skip
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
    module = COMMAND_MODULES.get(command or "")
    if module is not None and command is not None:
        importlib.import_module(module).register(_OneCommand(subparsers, command))
        return parser
    if command is None and not wants_help:
        # The dashboard: no subcommand to parse, so none is imported (importing them all,
        # the combat commands' rules of the exchange among them, delayed its first frame).
        return parser
    for name in dict.fromkeys(COMMAND_MODULES.values()):
        importlib.import_module(name).register(subparsers)
    return parser
