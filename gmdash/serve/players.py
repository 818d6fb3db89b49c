"""`python -m gmdash.serve.players --saves DIR --campaign SLUG`: the players' screen of one
campaign, as textual-serve runs it for each browser (see `gmdash.serve.server.app_command`)."""

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
    args = parser.parse_args(argv)
    PlayersApp(CampaignSource(args.saves, args.campaign)).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
