"""The dashboard's end of its campaign's channel (`gmdash.store.channel`).

Requests from the same user's other gmdash processes are carried out here, on the app's event
loop, one at a time and in the order they arrive, by the runner of their kind: a CLI command
(`cli`, run by the command line's own code, given by `gmdash.cli` as it launches the dashboard)
and a player's roll through their link (`player`). What they change reaches the panes through
the campaign's bus, as the dashboard's own keys' changes do. A request of no known kind, or a
runner that fails, gets a refusal; the dashboard goes on.

A player's roll may have to wait for the game master ("confirm": `PlayerAsks`): its runner
returns a `Wait`, awaited without the turn, so the CLI's requests and other players' asks go on
meanwhile; once answered, its rest is carried out in its turn.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from itertools import count
from typing import TYPE_CHECKING, Literal

from gmdash.play.campaign import CampaignService
from gmdash.rules import Rng
from gmdash.store import channel
from gmdash.store.channel import Reply, Request

if TYPE_CHECKING:  # the players' runner (its spells, their healing) loads on the first request
    from gmdash.play.player_rolls import Asked

CommandRunner = Callable[[CampaignService, Request], Reply]
"""Runs a CLI command sent by another process against the open campaign (`gmdash.cli.hosting`)."""
PlayerRolls = Literal["on", "confirm", "off"]
"""What players' links may do (the `player_rolls` setting, cycled by a key)."""
PLAYER_ROLL_MODES: tuple[PlayerRolls, ...] = ("on", "confirm", "off")
"""The modes in the order the key cycles them (`gmdash.config.PLAYER_ROLLS` reads the setting)."""
OFF_REFUSAL = "the GM has players' rolls off"
DECLINED = "the GM declined"
CLOSED = "the dashboard closed before the GM answered"
CLOSE_GRACE = 1.0
"""Seconds a closing dashboard waits for the replies of the requests it has in hand."""


@dataclass(frozen=True)
class Wait:
    """A request's rest, to carry out once `answer` is set (True: allowed), in its turn."""

    answer: asyncio.Future[bool | str]
    then: Callable[[bool | str], Reply]


Runner = Callable[[Request], Awaitable[Reply | Wait]]


@dataclass
class Pending:
    """A player's roll waiting for the game master: its words and the answer awaited."""

    id: str
    asked: Asked
    answer: asyncio.Future[bool | str] = field(repr=False)


class PlayerAsks:
    """The players' rolls waiting for the game master, oldest first (the log pane shows them;
    its keys answer them)."""

    def __init__(self, changed: Callable[[], None] = lambda: None) -> None:
        self.waiting: list[Pending] = []
        self.changed = changed
        self._ids = count(1)

    def add(self, asked: Asked) -> Pending:
        future: asyncio.Future[bool | str] = asyncio.get_running_loop().create_future()
        pending = Pending(f"ask-{next(self._ids)}", asked, future)
        self.waiting.append(pending)
        self.changed()
        return pending

    def answer(self, answer: bool | str, pending: Pending | None = None) -> Pending | None:
        """Answer `pending` (default: the oldest) — True allows it, False declines it, a text
        refuses it saying that; returns what was answered (None: nothing waits)."""
        if pending is None:
            if not self.waiting:
                return None
            pending = self.waiting[0]
        if pending in self.waiting:
            self.waiting.remove(pending)
        if not pending.answer.done():
            pending.answer.set_result(answer)
        self.changed()
        return pending

    def answer_all(self, answer: bool | str) -> int:
        """Answer every waiting roll alike; how many there were."""
        waiting = list(self.waiting)
        for pending in waiting:
            self.answer(answer, pending)
        return len(waiting)


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
                outcome = await runner(request)
            except Exception as error:  # a runner's bug: refused, the dashboard goes on
                return channel.refusal(f"the dashboard could not do it: {error}")
        if isinstance(outcome, Wait):
            answer = await outcome.answer  # the turn is free: others go on meanwhile
            async with self._turn:
                try:
                    outcome = outcome.then(answer)
                except Exception as error:
                    return channel.refusal(f"the dashboard could not do it: {error}")
        self.carried_out += 1
        return outcome

    async def close(self) -> None:
        """Stop listening. The requests in hand get their replies first (a player's roll that
        waited for the GM, refused as the dashboard closes), for at most CLOSE_GRACE seconds."""
        if self.server is not None:
            server, self.server = self.server, None
            server.close()
            await server.replied(CLOSE_GRACE)


def command_runner(service: CampaignService, run: CommandRunner) -> Runner:
    """The `cli` runner: the command line's code run against the open campaign."""

    async def runner(request: Request) -> Reply | Wait:
        return run(service, request)

    return runner


def player_runner(
    service: CampaignService,
    rng: Callable[[], Rng],
    mode: Callable[[], PlayerRolls],
    asks: PlayerAsks,
) -> Runner:
    """The `player` runner: a player's roll through their link, checked here
    (`gmdash.play.player_rolls`), made with the dashboard's dice; refused while the GM has
    players' rolls off; in "confirm", checked, then waiting in `asks` for the GM's answer."""

    def roll(request: Request) -> Reply:
        from gmdash.play.player_rolls import Refused, player_roll

        try:
            done = player_roll(service, rng(), request)
        except Refused as refusal:
            return channel.refusal(str(refusal))
        return {"ok": True, "text": done.text, "player": done.player, "character": done.character}

    def answered(request: Request, answer: bool | str) -> Reply:
        if isinstance(answer, str):
            return channel.refusal(answer)
        return roll(request) if answer else channel.refusal(DECLINED)

    async def runner(request: Request) -> Reply | Wait:
        wanted = mode()
        if wanted == "off":
            return channel.refusal(OFF_REFUSAL)
        if wanted == "on":
            return roll(request)
        from gmdash.play.player_rolls import Refused, ask_text

        try:
            asked = ask_text(service, request)
        except Refused as refusal:
            return channel.refusal(str(refusal))
        pending = asks.add(asked)
        return Wait(pending.answer, lambda answer: answered(request, answer))

    return runner


def runners_for(
    service: CampaignService,
    commands: CommandRunner | None,
    rng: Callable[[], Rng],
    players: Callable[[], PlayerRolls],
    asks: PlayerAsks,
) -> dict[str, Runner]:
    """The runners this dashboard answers with: none unless it was launched to be the
    campaign's writer (`commands` given), then the CLI's and the players'."""
    if commands is None:
        return {}
    return {
        "cli": command_runner(service, commands),
        "player": player_runner(service, rng, players, asks),
    }
