"""The dashboard's end of its campaign's channel (`gmdash.store.channel`).

Requests from the same user's other gmdash processes are carried out here, on the app's event
loop, one at a time and in the order they arrive, by the runner of their kind: a CLI command
(`cli`, run by the command line's own code, given by `gmdash.cli` as it launches the dashboard)
and a player's roll through their link (`player`). What they change reaches the panes through
the campaign's bus, as the dashboard's own keys' changes do. A request of no known kind, or a
runner that fails, gets a refusal; the dashboard goes on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping

from gmdash.play.campaign import CampaignService
from gmdash.play.player_rolls import Refused, player_roll
from gmdash.rules import Rng
from gmdash.store import channel
from gmdash.store.channel import Reply, Request

CommandRunner = Callable[[CampaignService, Request], Reply]
"""Runs a CLI command sent by another process against the open campaign (`gmdash.cli.hosting`)."""
Runner = Callable[[Request], Awaitable[Reply]]


class ChannelHost:
    """Listens on the campaign's channel while the dashboard runs."""

    def __init__(self, service: CampaignService, runners: Mapping[str, Runner]) -> None:
        self.service = service
        self.runners = dict(runners)
        self.server: channel.ChannelServer | None = None
        self.ready = asyncio.Event()
        """Set once the channel listens (or could not: `problem` says why)."""
        self.problem: str | None = None
        self._turn = asyncio.Lock()
        self.carried_out = 0
        """Requests carried out so far (the tests and the bench wait on it)."""

    async def open(self) -> None:
        """Start listening (a problem is kept in `problem`: the CLI is then refused as before)."""
        try:
            self.server = await channel.serve(self.service.store.folder, self.handle)
        except (channel.ChannelError, OSError) as error:
            self.problem = str(error)
        finally:
            self.ready.set()

    async def handle(self, request: Request) -> Reply:
        runner = self.runners.get(str(request.get("kind")))
        if runner is None:
            return channel.refusal(f"no request of kind {request.get('kind')!r}")
        async with self._turn:  # one at a time, in the order they came
            try:
                reply = await runner(request)
            except Exception as error:  # a runner's bug: refused, the dashboard goes on
                return channel.refusal(f"the dashboard could not do it: {error}")
            self.carried_out += 1
            return reply

    def close(self) -> None:
        if self.server is not None:
            self.server.close()
            self.server = None


def command_runner(service: CampaignService, run: CommandRunner) -> Runner:
    """The `cli` runner: the command line's code run against the open campaign."""

    async def runner(request: Request) -> Reply:
        return run(service, request)

    return runner


def player_runner(
    service: CampaignService, rng: Callable[[], Rng], allowed: Callable[[], bool]
) -> Runner:
    """The `player` runner: a player's roll through their link, checked here
    (`gmdash.play.player_rolls`), made with the dashboard's dice; refused while the GM has
    players' rolls off."""

    async def runner(request: Request) -> Reply:
        if not allowed():
            return channel.refusal("the GM has players' rolls off")
        try:
            done = player_roll(service, rng(), request)
        except Refused as refusal:
            return channel.refusal(str(refusal))
        return {"ok": True, "text": done.text, "player": done.player, "character": done.character}

    return runner


def runners_for(
    service: CampaignService,
    commands: CommandRunner | None,
    rng: Callable[[], Rng],
    players_allowed: Callable[[], bool],
) -> dict[str, Runner]:
    """The runners this dashboard answers with: none unless it was launched to be the
    campaign's writer (`commands` given), then the CLI's and the players'."""
    if commands is None:
        return {}
    return {
        "cli": command_runner(service, commands),
        "player": player_runner(service, rng, players_allowed),
    }
