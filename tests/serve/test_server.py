"""Who may connect to `gmdash serve`: every route behind the host check or the access token."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from gmdash.serve.server import PlayersServer, app_argv, is_loopback, new_token

TOKEN = "s3cret-token-for-tests"


@asynccontextmanager
async def client(token: str | None) -> AsyncIterator[TestClient]:
    server = PlayersServer(
        ["true"], host="127.0.0.1", port=8000, title="<Demo> & co\x1b[2J", token=token
    )
    async with TestClient(TestServer(server.make_app())) as test_client:
        test_client.cookie = server.cookie  # type: ignore[attr-defined]
        yield test_client


ROUTES = ["/", "/ws", "/static/js/textual.js", "/static/fonts/RobotoMono-VariableFont_wght.ttf",
          "/download/abc", "/favicon.ico", "/static/"]  # fmt: skip


@pytest.mark.parametrize("path", ROUTES)
async def test_without_the_token_every_route_is_refused(path: str) -> None:
    async with client(TOKEN) as http:
        for params, cookies in (({}, {}), ({"token": "wrong"}, {}), ({}, {http.cookie: "wrong"})):  # type: ignore[attr-defined]
            http.session.cookie_jar.clear()
            response = await http.get(path, params=params, cookies=cookies)
            assert response.status == 403, (path, params, cookies)
            known = path in ("/", "/ws") or path.startswith("/static/")
            assert ("access token" if known else "nothing else") in await response.text()


async def test_the_token_opens_the_page_and_its_cookie_the_rest() -> None:
    async with client(TOKEN) as http:
        page = await http.get("/", params={"token": TOKEN})
        assert page.status == 200
        text = await page.text()
        assert "&lt;Demo&gt; &amp; co␛[2J" in text and "<Demo>" not in text
        assert "googleapis" not in text  # nothing loaded from outside
        cookie = page.cookies[http.cookie]  # type: ignore[attr-defined]
        assert cookie.value == TOKEN
        assert cookie["httponly"] and cookie["samesite"] == "Strict"
        script = await http.get("/static/js/textual.js")  # the cookie, no token in the URL
        assert script.status == 200
        assert (await http.get("/static/")).status in (403, 404)  # no folder listing
        assert (await http.get("/download/abc")).status == 403  # nothing but the page's own


async def test_the_websocket_needs_the_token_and_the_pages_origin() -> None:
    async with client(TOKEN) as http:
        assert (await http.get("/ws")).status == 403
        await http.get("/", params={"token": TOKEN})
        elsewhere = await http.get("/ws", headers={"Origin": "http://evil.example"})
        assert elsewhere.status == 403
        assert "own page" in await elsewhere.text()


async def test_on_this_machine_only_a_loopback_host_is_answered() -> None:
    async with client(None) as http:
        assert (await http.get("/")).status == 200
        for host in ("localhost:8000", "127.0.0.1:8000", "[::1]:8000"):
            assert (await http.get("/", headers={"Host": host})).status == 200, host
        for host in ("evil.example:8000", "192.168.1.20:8000", "localhost.evil.example"):
            refused = await http.get("/static/js/textual.js", headers={"Host": host})
            assert refused.status == 403, host
            assert "this machine only" in await refused.text()
        assert http.cookie not in (await http.get("/")).cookies  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("host", "loopback"),
    [("127.0.0.1", True), ("127.0.0.2", True), ("localhost", True), ("::1", True),
     ("[::1]", True), ("0.0.0.0", False), ("192.168.1.20", False), ("::", False),
     ("tablet.local", False)],
)  # fmt: skip
def test_which_hosts_are_this_machine(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_tokens_are_fresh_and_long() -> None:
    tokens = {new_token() for _ in range(50)}
    assert len(tokens) == 50
    assert all(len(t) >= 22 for t in tokens)


def test_the_share_url_carries_the_token_only_when_needed() -> None:
    def url(host: str, token: str | None) -> str:
        return PlayersServer(["true"], host=host, port=8123, title="t", token=token).share_url()

    assert url("127.0.0.1", None) == "http://127.0.0.1:8123/"
    assert url("192.168.1.20", TOKEN) == f"http://192.168.1.20:8123/?token={TOKEN}"
    assert url("::1", TOKEN) == f"http://[::1]:8123/?token={TOKEN}"
    assert "0.0.0.0" not in url("0.0.0.0", TOKEN)


def test_the_app_command_is_run_without_a_shell_and_names_the_server() -> None:
    argv = app_argv(Path("/saves with space/it's"), "demo")
    assert argv[1:] == ["-m", "gmdash.serve.players", "--saves", "/saves with space/it's",
                        "--campaign", "demo", "--parent", str(os.getpid())]  # fmt: skip


def test_each_server_has_a_cookie_of_its_own() -> None:
    names = {PlayersServer(["true"], host="127.0.0.1", port=0, title="t", token=TOKEN).cookie
             for _ in range(20)}  # fmt: skip
    assert len(names) == 20 and all(name.startswith("gmdash-players-") for name in names)
