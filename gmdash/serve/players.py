"""`python -m gmdash.serve.players --saves DIR --campaign SLUG [--parent PID]`: the players'
screen of one campaign, as the server runs it for each browser (see `gmdash.serve.relay`).

With PLAYER_TOKEN_ENV set (a page opened with a player's own link), the screen is that player's
page (`gmdash.serve.player_app`). The token comes in the environment, never in the arguments:
every user of the machine can read a process's arguments, only its own user its environment.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from gmdash.serve import PLAYER_TOKEN_ENV
from gmdash.serve.app import PlayersApp
from gmdash.serve.player_app import PlayerApp
from gmdash.serve.player_source import PlayerSource
from gmdash.serve.source import CampaignSource


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gmdash-players-view")
    parser.add_argument("--saves", required=True, type=Path)
    parser.add_argument("--campaign", required=True)
    parser.add_argument("--parent", type=int, help="quit once this process (the server) is gone")
    args = parser.parse_args(argv)
    token = os.environ.pop(PLAYER_TOKEN_ENV, "")  # no child of this process inherits it
    if token:
        source = PlayerSource(args.saves, args.campaign, token)
        PlayerApp(source, server_pid=args.parent).run()
    else:
        PlayersApp(CampaignSource(args.saves, args.campaign), server_pid=args.parent).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
