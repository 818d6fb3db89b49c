"""`python -m gmdash.serve.players --saves DIR --campaign SLUG [--parent PID]`: the players'
screen of one campaign, as the server runs it for each browser (see `gmdash.serve.relay`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from gmdash.serve.app import PlayersApp
from gmdash.serve.source import CampaignSource


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gmdash-players-view")
    parser.add_argument("--saves", required=True, type=Path)
    parser.add_argument("--campaign", required=True)
    parser.add_argument("--parent", type=int, help="quit once this process (the server) is gone")
    args = parser.parse_args(argv)
    PlayersApp(CampaignSource(args.saves, args.campaign), server_pid=args.parent).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
