"""argparse pieces every command module shares: help laid out without `shutil`.

argparse builds a help formatter for every option it is given (to check its metavar), and its
formatter imports `shutil` (and with it the bz2 and lzma modules) to ask the terminal's width:
a few percent of `gmdash roll`'s whole time for a width no roll prints. The width is read here
the way `shutil.get_terminal_size` reads it, without that import.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

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


def parent_parser() -> argparse.ArgumentParser:
    """A parser of options shared by several commands (`parents=[...]`)."""
    return argparse.ArgumentParser(add_help=False, formatter_class=HelpFormatter)


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
