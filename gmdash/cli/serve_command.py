"""`gmdash serve`: the players' view in a web browser (see `gmdash.serve`).

Only the arguments live here: the server, textual-serve and aiohttp are imported when the
command runs, so that no other command pays for them.
"""

from __future__ import annotations

import argparse
import sys
from functools import partial
from typing import Any

from gmdash.cli.errors import CliError

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def register(subparsers: Any) -> None:
    """Add the serve command."""
    serve = subparsers.add_parser(
        "serve",
        help="show the players a read-only view in a web browser",
        description="Serve a read-only players' view of a campaign (party, combat order, public "
        "rolls) to web browsers. Any --host but this machine's needs the access token printed "
        "at start.",
    )
    serve.add_argument("--campaign", metavar="NAME", help="the campaign (default: the last one)")
    serve.add_argument(
        "--host", default=DEFAULT_HOST,
        help=f"address to listen on (default: {DEFAULT_HOST}, this machine only)",
    )  # fmt: skip
    serve.add_argument(
        "--port", type=_port, default=DEFAULT_PORT,
        help=f"port (default: {DEFAULT_PORT}; 0 picks a free one)",
    )  # fmt: skip
    serve.add_argument(
        "--token", action="store_true",
        help="require the access token on this machine too (a shared computer)",
    )  # fmt: skip
    once = serve.add_mutually_exclusive_group()
    once.add_argument(
        "--links", action="store_true",
        help="print each player character's own link (a token made on first use) and exit",
    )  # fmt: skip
    once.add_argument(
        "--revoke", metavar="NAME",
        help="revoke that character's player link (the next --links makes a new one) and exit",
    )  # fmt: skip
    serve.set_defaults(handler=run_serve)


def _port(text: str) -> int:
    if text.isdigit() and int(text) <= 65535:
        return int(text)
    raise argparse.ArgumentTypeError(f"expected a port number 0-65535, not {text!r}")


def run_serve(args: argparse.Namespace) -> int:
    from gmdash.serve.links import link_refusal
    from gmdash.serve.server import PlayersServer, app_argv, is_loopback, new_token
    from gmdash.serve.source import CampaignSource, pick_campaign
    from gmdash.serve.view import SourceError

    try:
        slug = pick_campaign(args.saves_dir, args.campaign)
        view = CampaignSource(args.saves_dir, slug).read()  # fails now, not in each browser
    except SourceError as error:
        raise CliError(error.detail) from None  # the game master's own terminal: with paths
    if args.links or args.revoke is not None:
        return _player_links(args, slug)
    token = new_token() if args.token or not is_loopback(args.host) else None
    server = PlayersServer(
        app_argv(args.saves_dir, slug),
        host=args.host,
        port=args.port,
        title=view.campaign,
        token=token,
        players=partial(link_refusal, args.saves_dir / slug),  # the players' own links
    )
    try:
        server.run(sys.stdout)
    except OSError as error:
        raise CliError(f"cannot listen on {args.host}:{args.port}: {error.strerror}") from None
    return 0


def _player_links(args: argparse.Namespace, slug: str) -> int:
    """`--links` / `--revoke NAME`: the players' own tokens in the campaign's players.json."""
    from gmdash.cli.campaign_errors import store_errors
    from gmdash.model.character import CharacterKind
    from gmdash.play.campaign import CampaignService
    from gmdash.serve.server import player_url
    from gmdash.store.player_links import ensure_links, revoke

    with store_errors(slug), CampaignService.open(args.saves_dir, slug, read_only=True) as svc:
        pcs = [c for c in svc.state.characters.values() if c.kind is CharacterKind.PC]
        folder = args.saves_dir / slug
        if args.revoke is not None:
            wanted = args.revoke.strip().casefold()
            exact = [c for c in pcs if c.name.casefold() == wanted]
            found = exact or [c for c in pcs if wanted and wanted in c.name.casefold()]
            if len(found) != 1:
                names = ", ".join(c.name for c in found) if found else "no player character"
                raise CliError(f"{args.revoke!r} matches {names}: give one character's name")
            dropped = revoke(folder, found[0].id)
            state = "revoked" if dropped else "had no link"
            print(f"{found[0].name}: player link {state}")
            return 0
        if not pcs:
            print("no player characters in this campaign")
            return 0
        links = ensure_links(folder, [c.id for c in pcs])
        for pc in pcs:
            who = f" ({pc.player})" if pc.player else ""
            print(f"{pc.name}{who}: {player_url(args.host, args.port, links[pc.id])}")
    return 0
