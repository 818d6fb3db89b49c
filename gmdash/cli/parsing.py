"""argparse pieces every command module shares: help laid out without `shutil`, and parsers
that keep what they are given (for the completion scripts).

argparse builds a help formatter for every option it is given (to check its metavar), and its
formatter imports `shutil` (and with it the bz2 and lzma modules) to ask the terminal's width:
a few percent of `gmdash roll`'s whole time for a width no roll prints. The width is read here
the way `shutil.get_terminal_size` reads it, without that import.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, NoReturn

from gmdash.cli.errors import CliError
from gmdash.rules.ruleset import RuleSet

FALLBACK_COLUMNS = 80


def terminal_columns() -> int:
    """`$COLUMNS`, else the width of the terminal on stdout, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns > 0:
        return columns
    stdout = sys.__stdout__
    if stdout is None:
        return FALLBACK_COLUMNS
    try:
        return os.get_terminal_size(stdout.fileno()).columns or FALLBACK_COLUMNS
    except (AttributeError, ValueError, OSError):
        return FALLBACK_COLUMNS


class HelpFormatter(argparse.HelpFormatter):
    def __init__(self, prog: str, *args: Any, **kwargs: Any) -> None:
        if kwargs.get("width") is None and len(args) < 3:
            kwargs["width"] = terminal_columns() - 2  # as argparse leaves a margin
        super().__init__(prog, *args, **kwargs)


class RawDescriptionHelpFormatter(HelpFormatter, argparse.RawDescriptionHelpFormatter):
    pass


class Parser(argparse.ArgumentParser):
    """argparse that reports a bad argument as one clear line, not a usage block, and keeps
    what it was given (its options and arguments, its commands), which argparse does not tell:
    the completion scripts are written from them (`gmdash.cli.completion`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.arguments: list[argparse.Action] = []  # -h is added by argparse's own __init__
        """The options and positional arguments added, in order."""
        self.commands: dict[str, tuple[str, Parser]] = {}
        """The subcommands added (aliases too), each with its help and its parser."""
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)
        for parent in kwargs.get("parents", ()):  # their options, which argparse copied
            self.arguments.extend(getattr(parent, "arguments", ()))

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action = super().add_argument(*args, **kwargs)
        self.arguments.append(action)
        return action

    def add_mutually_exclusive_group(self, **kwargs: Any) -> Any:
        return _Kept(super().add_mutually_exclusive_group(**kwargs), self.arguments)

    def add_argument_group(self, *args: Any, **kwargs: Any) -> Any:
        return _Kept(super().add_argument_group(*args, **kwargs), self.arguments)

    def add_subparsers(self, **kwargs: Any) -> Any:
        kwargs.setdefault("parser_class", Parser)
        return _Commands(super().add_subparsers(**kwargs), self.commands)

    def error(self, message: str) -> NoReturn:
        if "unrecognized arguments" in message and "--saves" in message.split(":", 1)[-1]:
            message = "--saves goes before the subcommand: gmdash --saves DIR COMMAND ..."
        raise CliError(f"{self.prog}: {message} (see '{self.prog} --help')")


class _Kept:
    """An argument group whose arguments are kept by its parser as they are added."""

    def __init__(self, group: Any, into: list[argparse.Action]) -> None:
        self.group = group
        self.into = into

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action: argparse.Action = self.group.add_argument(*args, **kwargs)
        self.into.append(action)
        return action

    def __getattr__(self, name: str) -> Any:
        return getattr(self.group, name)


class _Commands:
    """A parser's subcommands, kept by it as they are added."""

    def __init__(self, subparsers: Any, into: dict[str, tuple[str, Parser]]) -> None:
        self.subparsers = subparsers
        self.into = into

    def add_parser(self, name: str, **kwargs: Any) -> Parser:
        parser: Parser = self.subparsers.add_parser(name, **kwargs)
        self.into[name] = (str(kwargs.get("help") or ""), parser)
        for alias in kwargs.get("aliases", ()):
            self.into[alias] = ("", parser)
        return parser

    def __getattr__(self, name: str) -> Any:
        return getattr(self.subparsers, name)


def parent_parser() -> argparse.ArgumentParser:
    """A parser of options shared by several commands (`parents=[...]`), which keeps them
    (`Parser`)."""
    return Parser(add_help=False)


def rules_parser() -> argparse.ArgumentParser:
    """The options of every command that applies the rules: `--ruleset` (None when not given:
    `gmdash.cli.main` puts the config's rule set, else rqg) and `--json`."""
    parser = parent_parser()
    # SUPPRESS: not given after the subcommand, it keeps what came before it (`gmdash
    # --ruleset brp roll 50`); main() fills in the config's, or rqg
    parser.add_argument("--ruleset", choices=[r.value for r in RuleSet], default=argparse.SUPPRESS,
                        help="rule set (default: the config's ruleset, else rqg)")  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def wait_seconds(text: str) -> float:
    """A `--wait` value: seconds, 0 or more (0: refuse at once while another writer holds it)."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= MAX_WAIT:
        raise argparse.ArgumentTypeError(f"expected seconds from 0 to {MAX_WAIT:g}, not {text!r}")
    return value


MAX_WAIT = 3600.0
WAIT_HELP = (
    "how long to wait while another gmdash writes the campaign (seconds, default 5; 0 refuses "
    "at once)"
)


def add_wait(parser: argparse.ArgumentParser) -> None:
    """`--wait SECONDS` on a command that works on a campaign (SUPPRESS: not given there, the
    global `gmdash --wait` stands)."""
    parser.add_argument("--wait", metavar="SECONDS", type=wait_seconds, default=argparse.SUPPRESS,
                        help=WAIT_HELP)  # fmt: skip
