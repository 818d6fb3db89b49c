"""`gmdash undo` and `gmdash redo`: take back the last change of a campaign, or make it again.

The same as ctrl+z and ctrl+y on the dashboard (`gmdash.play.undoing`): undo of the improvement
phase, or of a change made before the current session started, needs `--yes`.
"""

from __future__ import annotations

import argparse
from typing import Any

from gmdash.cli.campaign_errors import campaign_name, for_change, store_errors
from gmdash.cli.errors import CliError
from gmdash.cli.output import print_json
from gmdash.cli.parsing import add_wait, parent_parser
from gmdash.play import undoing


def register(subparsers: Any) -> None:
    """Add the undo and redo commands."""
    common = parent_parser()
    common.add_argument("--json", action="store_true", help="print JSON")
    common.add_argument("--campaign", metavar="NAME", help="the campaign (name or folder)")
    add_wait(common)
    undo = subparsers.add_parser(
        "undo", parents=[common], help="take back the last change (a roll is struck out)"
    )
    undo.add_argument(
        "--yes", action="store_true",
        help="also undo the improvement phase or a change made before this session started",
    )  # fmt: skip
    undo.set_defaults(handler=undo_command)
    redo = subparsers.add_parser("redo", parents=[common], help="make the change undone last again")
    redo.set_defaults(handler=redo_command)


def undo_command(args: argparse.Namespace) -> int:
    """`gmdash undo --campaign NAME [--yes] [--json]`."""
    name = campaign_name(args)
    with store_errors(name), for_change(args, name) as svc:
        step = undoing.next_undo(svc)
        if step is None:
            return _report(args, "undo", None)
        if step.warning is not None and not args.yes:
            raise CliError(f"{step.warning} Nothing was undone; add --yes to undo {step.summary}.")
        svc.undo()
    return _report(args, "undo", step.summary)


def redo_command(args: argparse.Namespace) -> int:
    """`gmdash redo --campaign NAME [--json]`."""
    name = campaign_name(args)
    with store_errors(name), for_change(args, name) as svc:
        step = undoing.next_redo(svc)
        if step is not None:
            svc.redo()
    return _report(args, "redo", None if step is None else step.summary)


def _report(args: argparse.Namespace, verb: str, summary: str | None) -> int:
    if args.json:
        print_json({verb: summary})
    elif summary is None:
        print(f"nothing to {verb}")
    elif verb == "undo":
        print(undoing.undone_message(summary))
    else:
        print(undoing.redone_message(summary))
    return 0
