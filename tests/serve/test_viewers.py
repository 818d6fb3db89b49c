"""Each browser's screen is a process that lives exactly as long as its websocket: quick
reloads (a websocket closed before its screen is up, cut without a goodbye, or closed once it
drew) leave nothing running; SIGTERM to the server ends every screen, and so does killing the
server outright. And nothing sent to a browser names a path of this machine or a stored key,
an unreadable session log's error included.

The server runs in its own process (as `gmdash serve` does), its screens under it; they are
found by their command line, which names this test's own saves folder."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from gmdash.store.appendlog import encode_transaction

from .night import a_night

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="finds the screens in /proc")

DEMO = "Demo — The Pavis Road"
ROOT = Path(__file__).resolve().parents[2]
SETTLED = 60.0
"""Seconds allowed for the screens to be gone: only a screen left running for good reaches it."""
ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|.)")


class Served:
    def __init__(self, process: subprocess.Popen[str], url: str, saves: Path) -> None:
        self.process = process
        self.url = url
        self.saves = saves
        self.token = url.partition("token=")[2]
        self.port = int(url.split(":")[2].split("/")[0])
        self.cookie = ""

    def ws_url(self, width: int = 100, height: int = 30) -> str:
        return f"ws://127.0.0.1:{self.port}/ws?width={width}&height={height}"

    def screens(self) -> list[int]:
        """The pids of this server's screens still running (orphans included: found by the
        saves folder their command line names, whoever their parent is now)."""
        found = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                argv = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
                state = Path(f"/proc/{entry}/stat").read_text().rpartition(")")[2].split()[0]
            except OSError:
                continue
            if (
                b"gmdash.serve.players" in argv
                and str(self.saves).encode() in argv
                and state != "Z"
            ):
                found.append(int(entry))
        return found

    def wait_for_no_screen(self) -> None:
        deadline = time.monotonic() + SETTLED
        while self.screens():
            assert time.monotonic() < deadline, f"screens left running: {self.screens()}"
            time.sleep(0.05)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    saves = tmp_path / "secret-saves"
    with a_night(saves):
        pass
    process = subprocess.Popen(
        [sys.executable, "-m", "gmdash", "--saves", str(saves), "serve", "--port", "0",
         "--token", "--campaign", DEMO],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+/\?token=[\w-]+", first)
        assert found, first
        yield Served(process, found.group(0), saves)
    finally:
        with_group = process.poll() is None
        if with_group:
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)


async def _session(served: Served) -> aiohttp.ClientSession:
    session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))  # an IP's cookie
    page = await session.get(served.url)  # the token's cookie, for the websocket
    assert page.status == 200
    served.cookie = "; ".join(f"{c.key}={c.value}" for c in session.cookie_jar)
    return session


async def _drawn(ws: aiohttp.ClientWebSocketResponse, until: bytes) -> bytes:
    """What the screen sent until `until` was among it."""
    received = b""
    async with asyncio.timeout(SETTLED):
        while until not in received:
            message = await ws.receive()
            assert message.type == aiohttp.WSMsgType.BINARY, message
            received += message.data
    return received


def _cut(served: Served) -> None:
    """A websocket upgraded, then the connection dropped without a goodbye."""
    with socket.create_connection(("127.0.0.1", served.port)) as raw:
        raw.sendall(
            f"GET /ws?width=80&height=24 HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n"
            f"Cookie: {served.cookie}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
            .encode()
        )  # fmt: skip
        assert b"101" in raw.recv(4096).split(b"\r\n")[0]


RELOADS = 12


async def test_quick_reloads_leave_no_screen_running(served: Served) -> None:
    session = await _session(served)
    try:
        for reload in range(RELOADS):
            how = reload % 3
            if how == 0:  # closed at once: before its screen is up
                ws = await session.ws_connect(served.ws_url())
                await ws.close()
            elif how == 1:  # cut without a goodbye
                await asyncio.to_thread(_cut, served)
            else:  # closed once the screen drew
                ws = await session.ws_connect(served.ws_url())
                await _drawn(ws, b"Harvald")
                await ws.close()
    finally:
        await session.close()
    await asyncio.to_thread(served.wait_for_no_screen)
    assert served.process.poll() is None  # the server itself serves on


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
async def test_the_servers_end_ends_every_screen(served: Served, how: signal.Signals) -> None:
    session = await _session(served)
    try:
        sockets = [await session.ws_connect(served.ws_url()) for _ in range(3)]
        for ws in sockets:
            await _drawn(ws, b"Harvald")
        assert len(served.screens()) == 3
        os.kill(served.process.pid, how)  # the server only, not its process group
        await asyncio.to_thread(served.process.wait, SETTLED)
    finally:
        await session.close()
    await asyncio.to_thread(served.wait_for_no_screen)


async def test_nothing_served_names_a_path_or_a_key(served: Served) -> None:
    session = await _session(served)
    try:
        page = await (await session.get(served.url)).text()
        ws = await session.ws_connect(served.ws_url(width=250, height=40))
        received = await _drawn(ws, b"Harvald")
        log = served.saves / "demo-the-pavis-road" / "sessions" / "session-0001.json"
        change = bytearray(encode_transaction([("events", "999", {"type": "RollMade"})], 99))
        change[change.index(b"RollMade")] ^= 1  # a change written with one bit flipped
        with log.open("ab") as appended:
            appended.write(bytes(change))
        received += await _drawn(ws, b"its checksum")  # the reason, drawn
        await ws.close()
    finally:
        await session.close()
    shown = ESCAPES.sub("", received.decode("utf-8", "replace"))
    assert "Not up to date: session 1's log cannot be read: the change at byte" in shown
    key = (
        (served.saves / ".ready-key").read_bytes()
        if (served.saves / ".ready-key").exists()
        else b""
    )
    for text in (shown, page):
        for secret in (str(served.saves), served.saves.parent.name, str(Path.home()), "/tmp/",
                       served.token):  # fmt: skip
            assert secret not in text, secret
        if key:
            assert key.hex() not in text and key.decode("latin-1") not in text
