"""`gmdash serve`: the players' view over HTTP, through textual-serve.

textual-serve gives the page's static files (its terminal in the browser); for each websocket
the server starts `python -m gmdash.serve.players` and relays the screen (`relay.Viewer`: the
process lives exactly as long as its websocket, and no longer than the server). `PlayersServer`
puts a guard in front of every route:
- bound to a loopback address, only requests naming a loopback host are answered (a web page
  elsewhere cannot reach the view by DNS rebinding);
- bound to any other address, every request needs the access token made at start: in the URL
  (`?token=`), after which the page's own requests (static files, the websocket) carry it in a
  cookie; anything else gets 403;
- a player's own link (`?player=TOKEN`, `gmdash serve --links`) is a credential too, on any
  address: the token must be live in the campaign's `players.json`, read at each request (a
  revoked link stops at once); the page then carries it in a cookie of its own, and its screen
  is that player's page (the token goes to its process in the environment, never in argv);
- a websocket is accepted only from the page's own origin, and at most MAX_VIEWERS at once
  (a viewer counts until its process is gone);
- nothing but the page, its static files and its websocket is answered (403 for anything else);
- its cookies' names are this server's own: two servers on one machine never mix their tokens.
Nothing is logged per request, so the token is printed once, in the URL to share.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import html
import ipaddress
import os
import secrets
import shlex
import signal
import socket
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TextIO
from urllib.parse import urlsplit

from aiohttp import web
from textual_serve.server import Server

from gmdash.safe_text import visible
from gmdash.serve import PLAYER_TOKEN_ENV
from gmdash.serve.relay import MAX_CELLS, Viewer, relay

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
LinkCheck = Callable[[str], str | None]
"""Why a player's token opens nothing, or None for a live link (`gmdash.serve.links`)."""
MAX_VIEWERS = 16
"""Browsers watching at once (each runs a small process): a table has a handful."""
SHUTDOWN_SECONDS = 5.0
"""How long the server waits for its connections once its viewers are stopped."""
INDEX_PAGE = Path(__file__).with_name("players.html")
ROUTES = ("/", "/ws")
STATIC = "/static/"


def is_loopback(host: str) -> bool:
    """Whether `host` is this machine only (`localhost`, 127.0.0.0/8, ::1)."""
    if host.casefold() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _is_unspecified(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return host == ""


def new_token() -> str:
    """An access token: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def player_url(host: str, port: int, token: str) -> str:
    """A player's own link to a server on `host`:`port`."""
    if _is_unspecified(host):
        host = socket.gethostname()
    elif ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/?player={token}"


def app_argv(saves: Path, slug: str) -> list[str]:
    """The command run for each browser (the server's pid in it: the screen quits if the server
    is gone)."""
    return [sys.executable, "-m", "gmdash.serve.players", "--saves", str(saves.resolve()),
            "--campaign", slug, "--parent", str(os.getpid())]  # fmt: skip


class PlayersServer(Server):
    """textual-serve's server for the players' view, guarded as the module says; `argv` is run
    for each browser."""

    def __init__(
        self,
        argv: list[str],
        *,
        host: str,
        port: int,
        title: str,
        token: str | None,
        players: LinkCheck | None = None,
    ) -> None:
        super().__init__(shlex.join(argv), host=host, port=port, title=title)
        self.argv = argv
        self.token = token
        self.players = players
        """Checks a player's own link, at each request (None: players' links open nothing)."""
        self.viewers: set[Viewer] = set()
        """The browsers' screens whose process still runs (started, or being stopped)."""
        self.cookie = f"gmdash-players-{secrets.token_hex(4)}"
        self.player_cookie = f"{self.cookie}-player"
        self.page = INDEX_PAGE.read_text(encoding="utf-8").replace(
            "{{ title }}", html.escape(visible(title))
        )

    # --- the guard ---------------------------------------------------------------------------

    def player_token(self, request: web.Request) -> str | None:
        """The player's token `request` comes with: its address's, else (but for the page
        itself, which is a player's page only when its address says so) its cookie's."""
        if "player" in request.query:
            return request.query["player"]
        if request.path == "/":
            return None
        return request.cookies.get(self.player_cookie)

    def player_refusal(self, token: str) -> str | None:
        """Why a player's token opens nothing, or None when it is a live link."""
        if self.players is None:
            return "players' links are not served here"
        return self.players(token)

    def refusal(self, request: web.Request) -> str | None:
        """Why `request` is refused, or None to answer it."""
        if request.path not in ROUTES and not request.path.startswith(STATIC):
            return "there is nothing else here"
        player = self.player_token(request)
        if player is not None:
            reason = self.player_refusal(player)
            if reason is not None:
                return reason
        elif self.token is None:
            hostname = urlsplit(f"//{request.host}").hostname or ""
            if not is_loopback(hostname):
                return "this players' view answers on this machine only"
        else:
            given = request.query.get("token") or request.cookies.get(self.cookie) or ""
            if not hmac.compare_digest(given.encode(), self.token.encode()):
                return "an access token is needed: use the address gmdash serve printed"
        origin = request.headers.get("Origin")
        if request.path == "/ws" and origin is not None and urlsplit(origin).netloc != request.host:
            return "the view's websocket is for its own page only"
        return None

    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        reason = self.refusal(request)
        if reason is not None:
            raise web.HTTPForbidden(text=f"403 Forbidden: {reason}\n")
        response = await handler(request)
        if request.path != "/" or response.prepared:
            return response
        # The page's own requests (scripts, fonts, the websocket) carry its token from here.
        player = self.player_token(request)
        if player is not None:
            self._set_cookie(response, self.player_cookie, player)
        else:
            if self.player_cookie in request.cookies:  # the general page: no player's screen
                response.del_cookie(self.player_cookie, path="/")
            if self.token is not None:
                self._set_cookie(response, self.cookie, self.token)
        return response

    @staticmethod
    def _set_cookie(response: web.StreamResponse, name: str, value: str) -> None:
        response.set_cookie(name, value, httponly=True, samesite="Strict", path="/")

    # --- routes ------------------------------------------------------------------------------

    def make_app(self) -> web.Application:
        """The routes: the page, its static files and the websocket (no downloads, no index of
        folders), every one behind the guard."""
        app = web.Application(middlewares=[self.guard])
        app.add_routes(
            [
                web.get("/", self.handle_page),
                web.get("/ws", self.handle_websocket),
                web.static("/static", self.statics_path, show_index=False),
            ]
        )
        return app

    async def handle_page(self, request: web.Request) -> web.Response:
        response = web.Response(text=self.page, content_type="text/html")
        response.headers["Cache-Control"] = "no-store"
        response.headers["Referrer-Policy"] = "no-referrer"  # the token stays off other sites
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if len(self.viewers) >= MAX_VIEWERS:
            raise web.HTTPServiceUnavailable(text="too many browsers are watching\n")
        size = (_cells(request.query.get("width"), 80), _cells(request.query.get("height"), 24))
        # The guard checked it: a player's page, else the general one (never a token inherited).
        player = self.player_token(request) or ""
        viewer = Viewer(self.argv, size, env={PLAYER_TOKEN_ENV: player})
        self.viewers.add(viewer)  # counted from now until its process is reaped
        websocket = web.WebSocketResponse(heartbeat=15)
        try:
            await websocket.prepare(request)
            await relay(websocket, viewer)
        finally:
            try:
                await viewer.stop()
            finally:
                self.viewers.discard(viewer)
                with contextlib.suppress(Exception):
                    await websocket.close()
        return websocket

    async def stop_viewers(self) -> None:
        """Stop every browser's screen (the server is stopping)."""
        await asyncio.gather(*(viewer.stop() for viewer in list(self.viewers)),
                             return_exceptions=True)  # fmt: skip

    # --- running -----------------------------------------------------------------------------

    def share_url(self) -> str:
        """The address to give the players (with the token when one is needed)."""
        host = self.host
        if _is_unspecified(host):  # every address of this machine: its name is the one to share
            host = socket.gethostname()
        elif ":" in host:
            host = f"[{host}]"
        url = f"http://{host}:{self.port}/"
        return f"{url}?token={self.token}" if self.token else url

    def run(self, out: TextIO) -> None:
        """Serve until ctrl+c or SIGTERM. OSError if the address cannot be bound."""
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(self._serve(out))

    async def _serve(self, out: TextIO) -> None:
        runner = web.AppRunner(self.make_app(), access_log=None, handle_signals=False,
                               shutdown_timeout=SHUTDOWN_SECONDS)  # fmt: skip
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port)
            await site.start()
            self.port = runner.addresses[0][1]  # the real one when --port 0 picked a free port
            self._announce(out)
            stop = asyncio.Event()
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
            await stop.wait()
        finally:
            await self.stop_viewers()  # each browser's screen ends with the server
            await runner.cleanup()  # then the websockets close

    def _announce(self, out: TextIO) -> None:
        print(f"Players' view of {self.title!r}: {self.share_url()}", file=out, flush=True)
        if self.token is None:
            print("Only this machine can open it (--host sets the address).", file=out, flush=True)
        else:
            print(
                "Anyone with this address can watch: give it to the players only. No encryption:"
                " use it on a network you trust. ctrl+c stops.",
                file=out,
                flush=True,
            )


def _cells(text: str | None, default: int) -> int:
    """A screen size asked for in the websocket's address (whole cells, else `default`)."""
    if text is None or not text.isdigit() or len(text) > 5:
        return default
    return max(1, min(int(text), MAX_CELLS))
