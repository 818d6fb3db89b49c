"""`gmdash campaign recover NAME`: open a damaged campaign by moving bad files aside.

See `gmdash.play.recovery`; the command says what was kept and lost for each damaged file.
"""

from __future__ import annotations

import argparse
from datetime import UTC, datetime
from typing import Any

from gmdash.cli.campaign_errors import name_holder, store_errors, waiting
from gmdash.cli.output import print_json
from gmdash.cli.parsing import add_wait
from gmdash.play.recovery import recover


def register(campaign_sub: Any, json_flag: argparse.ArgumentParser) -> None:
    sub = campaign_sub.add_parser(
        "recover", parents=[json_flag],
        help="move damaged save files aside (kept) and open what can be recovered",
    )  # fmt: skip
    sub.add_argument("name", metavar="NAME")
    add_wait(sub)
    sub.set_defaults(handler=campaign_recover)


def campaign_recover(args: argparse.Namespace) -> int:
    """`gmdash campaign recover NAME [--json]`."""
    name_holder(args)
    with store_errors(args.name):
        service, done = recover(args.saves_dir, args.name, datetime.now(UTC), wait=waiting(args))
        service.close()
    summary = (f"campaign {service.campaign.name!r} opens: {len(service.characters)} "
               f"characters, {len(service.sessions)} sessions")  # fmt: skip
    if args.json:
        print_json({
            "campaign": service.campaign.slug,
            "recovered": [{"file": str(r.path), "moved_to": str(r.moved_to), "kept": r.kept,
                           "lost": r.lost} for r in done],
        })  # fmt: skip
        return 0
    if not done:
        print(f"nothing to recover: {summary}")
    for item in done:
        print(item)
    if done:
        print(summary)
    return 0
