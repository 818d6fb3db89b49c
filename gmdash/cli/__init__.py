"""The `gmdash` command: no subcommand opens the dashboard; subcommands answer at once.

Subcommands never import Textual (start-up time); only the dashboard does.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from gmdash.cli.errors import EXIT_USAGE, CliError
from gmdash.safe_text import is_encodable, visible


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad argument as one clear line, not a usage block."""

    def error(self, message: str) -> NoReturn:
        raise CliError(f"{self.prog}: {message} (see '{self.prog} --help')")


def build_parser() -> argparse.ArgumentParser:
    from gmdash.cli import campaign_commands, combat_commands, rules_commands

    parser = _Parser(
        prog="gmdash",
        description="A game master's dashboard for RuneQuest (rqg) and Basic Roleplaying (brp).",
    )
    parser.add_argument(
        "--saves", metavar="DIR", help="saves folder (default: $GMDASH_SAVES, else ./saves)"
    )
    parser.add_argument(
        "--campaign",
        metavar="NAME",
        dest="global_campaign",
        help="open the dashboard on this campaign (or the campaign a subcommand works on)",
    )
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND", parser_class=_Parser)
    rules_commands.register(subparsers)
    combat_commands.register(subparsers)
    campaign_commands.register(subparsers)
    return parser


def _protect_negative_dice(argv: list[str]) -> list[str]:
    """Let `gmdash dice -1D4` mean the expression, not an unknown option."""
    if "dice" in argv:
        index = argv.index("dice") + 1
        if index < len(argv) and argv[index].startswith("-") and argv[index][1:2].isalnum():
            # argparse reads a leading "-" as an option; a leading space keeps it positional.
            return [*argv[:index], " " + argv[index], *argv[index + 1 :]]
    return argv


def _refuse_undecodable(argv: Sequence[str]) -> None:
    """Refuse an argument that is not UTF-8 text before anything is read or stored.

    Python hands such bytes over as lone surrogates, which can be neither saved nor printed.
    """
    for position, argument in enumerate(argv, start=1):
        if not is_encodable(argument):
            raise CliError(
                f"argument {position} is not UTF-8 text: {visible(argument)} "
                "(retype it, or use the file's UTF-8 name)"
            )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    from gmdash.cli.combat_commands import protect_negative_values

    try:
        args_list = list(sys.argv[1:] if argv is None else argv)
        _refuse_undecodable(args_list)
        args_list = protect_negative_values(_protect_negative_dice(args_list))
        args = build_parser().parse_args(args_list)
        from gmdash.store.paths import resolve_saves_dir

        args.saves_dir = resolve_saves_dir(args.saves)
        if getattr(args, "campaign", None) is None:
            args.campaign = args.global_campaign
        handler = getattr(args, "handler", None)
        if handler is None:
            return _run_dashboard(args.saves_dir, args.campaign)
        status: int = handler(args)
        return status
    except CliError as error:
        message = str(error) if str(error).startswith("gmdash") else f"gmdash: {error}"
        # One line, whatever a name or a file's text inside the message holds.
        print(visible(message), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130


def _run_dashboard(saves_dir: Path, campaign: str | None) -> int:
    from gmdash.tui.launch import run_dashboard

    status: int = run_dashboard(saves_dir, campaign)
    return status
