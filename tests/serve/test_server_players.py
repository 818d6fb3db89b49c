"""A player's own link at `gmdash serve`'s door: a live token opens the page on any address and
its own routes only; a revoked, forged or missing one opens nothing; the token reaches the
page's process in its environment, never in its arguments."""

from __future__ import annotations

import json
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path

import pytest
from aiohttp import WSServerHandshakeError
from aiohttp.test_utils import TestClient, TestServer

from gmdash.serve import PLAYER_TOKEN_ENV
from gmdash.serve.links import link_refusal
from gmdash.serve.server import PlayersServer
from gmdash.store.player_links import LINKS_FILE, ensure_links, revoke

GENERAL = "general-access-token-for-tests"
ELSEWHERE = {"Host": "192.168.1.20:8000"}
OTHER_ROUTES = ["/download/abc", "/favicon.ico", "/players.json", "/static/../players.json",
                "/ws/x", "/index.html", "/api"]  # fmt: skip
# What the page's process is given, written where the test can read it (then it quits).
SPY = (
    "import json, os, sys; "
    "open(sys.argv[1], 'w').write(json.dumps({'env': os.environ.get(%r), 'argv': sys.argv}))"
)


@asynccontextmanager
async def client(
    folder: Path | None, token: str | None = None, argv: list[str] | None = None
) -> AsyncIterator[tuple[TestClient, PlayersServer]]:
    players = None if folder is None else partial(link_refusal, folder)
    server = PlayersServer(argv or ["true"], host="127.0.0.1", port=8000, title="Demo",
                           token=token, players=players)  # fmt: skip
    async with TestClient(TestServer(server.make_app())) as test_client:
        yield test_client, server


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path


def link(folder: Path, character: str = "harvald") -> str:
    return ensure_links(folder, [character])[character]


@pytest.mark.parametrize("general", [None, GENERAL])
@pytest.mark.parametrize("headers", [{}, ELSEWHERE])
async def test_a_live_link_opens_the_page_and_its_cookie_the_rest_on_any_address(
    folder: Path, general: str | None, headers: dict[str, str]
) -> None:
    token = link(folder)
    async with client(folder, general) as (http, server):
        page = await http.get("/", params={"player": token}, headers=headers)
        assert page.status == 200
        cookie = page.cookies[server.player_cookie]
        assert cookie.value == token
        assert cookie["httponly"] and cookie["samesite"] == "Strict"
        assert server.cookie not in page.cookies  # not the general token: only the player's
        script = await http.get("/static/js/textual.js", headers=headers)  # by the cookie
        assert script.status == 200


async def test_the_websocket_of_a_players_page_gives_its_process_the_token_in_the_environment(
    folder: Path, tmp_path: Path
) -> None:
    token = link(folder)
    spied = tmp_path / "spied.json"
    argv = [sys.executable, "-c", SPY % PLAYER_TOKEN_ENV, str(spied)]
    async with client(folder, argv=argv) as (http, server):
        await http.get("/", params={"player": token})
        async with http.ws_connect("/ws") as websocket:
            await websocket.receive()  # the process wrote what it was given, and quit
        seen = json.loads(spied.read_text())
        assert seen["env"] == token
        assert token not in " ".join(seen["argv"])
        # The general page's process gets no token, even from a browser that had one.
        page = await http.get("/")
        assert page.cookies[server.player_cookie].value == ""
        spied.unlink()
        async with http.ws_connect("/ws") as websocket:
            await websocket.receive()
        assert json.loads(spied.read_text())["env"] == ""


@pytest.mark.parametrize("general", [None, GENERAL])
async def test_a_revoked_link_stops_at_once_on_every_route(
    folder: Path, general: str | None
) -> None:
    token = link(folder)
    async with client(folder, general) as (http, server):
        assert (await http.get("/", params={"player": token})).status == 200
        revoke(folder, "harvald")
        for path in ("/", "/static/js/textual.js", "/ws"):
            params = {"player": token} if path == "/" else {}
            refused = await http.get(path, params=params)
            assert refused.status == 403, path
            assert "not (or no longer) valid" in await refused.text()
        with pytest.raises(WSServerHandshakeError) as handshake:
            await http.ws_connect("/ws")
        assert handshake.value.status == 403
        assert not server.viewers


@pytest.mark.parametrize(
    "forged",
    ["", "x", "A" * 32, "A" * 5000, "../players.json", "harvald", "%00"],
)
@pytest.mark.parametrize("headers", [{}, ELSEWHERE])
async def test_a_forged_link_opens_nothing(
    folder: Path, forged: str, headers: dict[str, str]
) -> None:
    link(folder)
    async with client(folder, GENERAL) as (http, server):
        for path in ("/", "/static/js/textual.js", "/ws"):
            refused = await http.get(path, params={"player": forged}, headers=headers)
            assert refused.status == 403, (path, forged)
            assert server.player_cookie not in refused.cookies
        http.session.cookie_jar.update_cookies({server.player_cookie: forged})
        assert (await http.get("/static/js/textual.js", headers=headers)).status == 403
        # Even with the general token, a forged player's link is refused, not ignored.
        both = await http.get("/", params={"player": forged, "token": GENERAL})
        assert both.status == 403


async def test_a_live_link_reaches_no_other_route(folder: Path) -> None:
    token = link(folder)
    (folder / "notes.txt").write_text("the GM's")
    async with client(folder, GENERAL) as (http, _server):
        await http.get("/", params={"player": token})
        for path in OTHER_ROUTES:
            refused = await http.get(path, params={"player": token})
            assert refused.status == 403, path
            assert token not in await refused.text()
        listing = await http.get("/static/", params={"player": token})
        assert listing.status in (403, 404)


async def test_links_open_nothing_where_the_server_has_none_or_cannot_read_them(
    folder: Path,
) -> None:
    token = link(folder)
    async with client(None) as (http, _server):
        refused = await http.get("/", params={"player": token})
        assert refused.status == 403 and "not served here" in await refused.text()
    (folder / LINKS_FILE).write_text("{not json")
    async with client(folder) as (http, _server):
        refused = await http.get("/", params={"player": token})
        assert refused.status == 403 and "cannot be read" in await refused.text()
