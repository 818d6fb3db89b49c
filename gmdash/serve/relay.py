"""One browser's players' screen: its process, held from its start to its end by its websocket.

textual-serve starts a process per websocket through a shell and leaves it to itself once the
websocket is gone: one closed before its process was up left that process running for good,
uncounted, even past the server's SIGTERM. Here the server holds each `Viewer` from the moment
it is made: it is stopped when its websocket ends, however that happens (closed by the browser,
cut, the handler cancelled), and every viewer still running is stopped when the server stops;
a viewer counts against the limit until its process is reaped. The process itself quits when
its parent is gone (`gmdash.serve.app`: the server killed outright).

Between the browser and the process: the packets of Textual's web driver (what textual-serve
speaks). From the process, the screen's bytes go to the browser and nothing else: no file is
opened, no address sent, and its stderr (a traceback names files) is dropped. From the browser,
keys and the window's size and focus go to the process; anything malformed is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import Mapping, Sequence
from importlib.metadata import version
from typing import Any

from aiohttp import WSMsgType, web

PRELUDE = b"__GANGLION__\n"
"""The line the web driver prints when its app is up, before any packet."""
PRELUDE_LINES = 10
QUIT_GRACE = 2.0
"""Seconds a viewer has to quit when asked before it is terminated, then as many again before
it is killed."""
MAX_CELLS = 1_000
"""The widest (and tallest) screen a browser may ask for."""


class Viewer:
    """The process of one browser's players' screen (`argv`), at `size` cells to begin with;
    `env` is added to its environment (a player's token: never in its arguments, which every
    user of the machine can read)."""

    def __init__(
        self, argv: Sequence[str], size: tuple[int, int], env: Mapping[str, str] | None = None
    ) -> None:
        self.argv = list(argv)
        self.size = size
        self.env = dict(env or {})
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        width, height = self.size
        env = {
            **os.environ,
            "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
            "TEXTUAL_FPS": "60",
            "TEXTUAL_COLOR_SYSTEM": "truecolor",
            "TERM_PROGRAM": "textual",
            "TERM_PROGRAM_VERSION": version("textual-serve"),
            "COLUMNS": str(width),
            "ROWS": str(height),
            **self.env,
        }
        # No shell between: the process is the one held, and stopping it stops the screen.
        self.process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL, env=env,
        )  # fmt: skip

    @property
    def running(self) -> bool:
        """Until its process is reaped (what the limit of viewers counts)."""
        return self.process is not None and self.process.returncode is None

    async def send(self, kind: bytes, payload: bytes) -> None:
        """A packet of the web driver to the process (dropped once it is gone)."""
        if self.process is None or self.process.stdin is None:
            return
        with contextlib.suppress(ConnectionError, RuntimeError):
            self.process.stdin.write(kind + len(payload).to_bytes(4, "big") + payload)
            await self.process.stdin.drain()

    async def send_meta(self, meta: dict[str, Any]) -> None:
        await self.send(b"M", json.dumps(meta).encode())

    async def stop(self) -> None:
        """Ask the process to quit, then terminate it, then kill it; wait until it is reaped.
        Cancelled on the way, it is killed at once."""
        process = self.process
        if process is None or process.returncode is not None:
            return
        try:
            await self.send_meta({"type": "quit"})
            for ending in (None, process.terminate, process.kill):
                if ending is not None:
                    with contextlib.suppress(ProcessLookupError):
                        ending()
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(process.wait(), QUIT_GRACE)
                    return
        finally:
            if process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()

    async def to_browser(self, websocket: web.WebSocketResponse) -> None:
        """Relay the screen to the browser until the process ends (or says it exits)."""
        assert self.process is not None and self.process.stdout is not None
        stdout = self.process.stdout
        for _ in range(PRELUDE_LINES):
            line = await stdout.readline()
            if not line or line == PRELUDE:
                break
        with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError):
            while True:
                kind = await stdout.readexactly(1)
                size = int.from_bytes(await stdout.readexactly(4), "big")
                payload = await stdout.readexactly(size)
                if kind == b"D":
                    await websocket.send_bytes(payload)
                elif kind == b"M" and _meta_type(payload) == "exit":
                    return
                # anything else (a link to open, a file to deliver): the view has none to give

    async def from_browser(self, websocket: web.WebSocketResponse) -> None:
        """Relay the browser's keys, size, focus and pings until its websocket ends."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await self.send(b"D", data.encode("utf-8", "replace"))
            elif kind == "resize" and (size := _size(data)) is not None:
                await self.send_meta({"type": "resize", "width": size[0], "height": size[1]})
            elif kind in ("blur", "focus"):
                await self.send_meta({"type": kind})
            elif kind == "ping" and isinstance(data, str | int):
                await websocket.send_json(["pong", data])


def _meta_type(payload: bytes) -> object:
    try:
        meta = json.loads(payload)
    except ValueError:
        return None
    return meta.get("type") if isinstance(meta, dict) else None


def _size(data: object) -> tuple[int, int] | None:
    """A window size the browser sent, if it is one (whole cells, within MAX_CELLS)."""
    if not isinstance(data, dict):
        return None
    width, height = data.get("width"), data.get("height")
    sizes = (width, height)
    if not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_CELLS
               for v in sizes):  # fmt: skip
        return None
    return int(width), int(height)  # type: ignore[arg-type]


async def relay(websocket: web.WebSocketResponse, viewer: Viewer) -> None:
    """Run `viewer` for `websocket` until either ends; then the other is ended too."""
    await viewer.start()
    tasks = [asyncio.ensure_future(viewer.to_browser(websocket)),
             asyncio.ensure_future(viewer.from_browser(websocket))]  # fmt: skip
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
