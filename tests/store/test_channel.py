"""The dashboard's channel: only its user reaches it, a bad request gets a refusal (never a
crash), and a dead dashboard's socket never blocks anyone."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmdash.store import channel
from gmdash.store.channel import MAX_REQUEST, ChannelError, Reply, Request, socket_path

pytestmark = pytest.mark.skipif(not channel.unix_sockets(), reason="no Unix sockets here")


@pytest.fixture
def folder() -> Iterator[Path]:
    """A campaign folder short enough for its socket to be in it (pytest's may be too deep)."""
    with tempfile.TemporaryDirectory(prefix="ch-") as made:
        yield Path(made)


async def echo(request: Request) -> Reply:
    return {"ok": True, "echo": request}


def raw_exchange(path: Path, data: bytes) -> Reply:
    """What the channel answers to `data`, sent as is."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(10)
        sock.connect(str(path))
        sock.sendall(data)
        sock.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    reply = json.loads(answer)
    assert isinstance(reply, dict)
    return reply


async def test_a_request_is_answered_and_the_socket_is_private(folder: Path) -> None:
    server = await channel.serve(folder, echo)
    assert server is not None
    try:
        info = os.lstat(server.path)
        assert stat.S_ISSOCK(info.st_mode) and stat.S_IMODE(info.st_mode) == 0o600
        assert [p.name for p in folder.iterdir()] == [channel.SOCKET_NAME]  # no temp left
        reply = await asyncio.to_thread(channel.ask, folder, {"kind": "x", "n": 1})
        assert reply == {"ok": True, "echo": {"kind": "x", "n": 1}}
    finally:
        server.close()
    assert not server.path.exists()


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"not json\n", "one line of JSON"),
        (b"[1, 2]\n", "JSON object with a kind"),
        (b'{"kind": 3}\n', "JSON object with a kind"),
        (b'{"no": "kind"}\n', "JSON object with a kind"),
        (b'{"kind": "x"', "no request was read"),  # cut short, no end of line
        (b"", "no request was read"),
        (b'{"kind": "' + b"x" * (MAX_REQUEST + 10) + b'"}\n', f"at most {MAX_REQUEST} bytes"),
    ],
)
async def test_a_malformed_request_gets_a_refusal(folder: Path, data: bytes, said: str) -> None:
    handled: list[Request] = []

    async def handle(request: Request) -> Reply:
        handled.append(request)
        return {"ok": True}

    server = await channel.serve(folder, handle)
    assert server is not None
    try:
        reply = await asyncio.to_thread(raw_exchange, server.path, data)
        assert reply["ok"] is False and said in reply["error"]
        assert handled == []
        # ...and the channel still answers the next one.
        assert await asyncio.to_thread(channel.ask, folder, {"kind": "y"}) == {"ok": True}
    finally:
        server.close()


def test_no_dashboard_and_a_dead_dashboards_socket_are_both_nobody(folder: Path) -> None:
    assert channel.ask(folder, {"kind": "x"}) is None  # no socket at all
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    dead.bind(str(folder / channel.SOCKET_NAME))
    dead.close()  # bound, never listening: what a SIGKILLed dashboard leaves
    assert channel.ask(folder, {"kind": "x"}) is None
    (folder / channel.SOCKET_NAME).unlink()
    (folder / channel.SOCKET_NAME).write_text("not a socket")
    assert channel.ask(folder, {"kind": "x"}) is None


async def test_the_next_dashboard_replaces_a_dead_ones_socket(folder: Path) -> None:
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    dead.bind(str(folder / channel.SOCKET_NAME))
    dead.close()
    server = await channel.serve(folder, echo)
    assert server is not None
    try:
        reply = await asyncio.to_thread(channel.ask, folder, {"kind": "x"})
        assert reply is not None and reply["ok"] is True
    finally:
        server.close()


async def test_a_file_that_is_not_a_socket_is_left_and_no_channel_opens(folder: Path) -> None:
    (folder / channel.SOCKET_NAME).write_text("someone's file")
    with pytest.raises(ChannelError, match="not a socket"):
        await channel.serve(folder, echo)
    assert (folder / channel.SOCKET_NAME).read_text() == "someone's file"


async def test_a_folder_too_deep_for_a_socket_uses_the_users_private_folder(
    tmp_path: Path,
) -> None:
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    deep.mkdir(parents=True)
    path = socket_path(deep)
    assert path.parent != deep and len(os.fsencode(path)) < 100
    assert stat.S_IMODE(os.lstat(path.parent).st_mode) == 0o700
    assert socket_path(deep) == path  # the same for the CLI as for the dashboard
    server = await channel.serve(deep, echo)
    assert server is not None
    try:
        assert await asyncio.to_thread(channel.ask, deep, {"kind": "x"}) is not None
    finally:
        server.close()


async def test_a_dashboard_that_does_not_answer_in_time_is_an_error(folder: Path) -> None:
    answered = asyncio.Event()

    async def slow(request: Request) -> Reply:
        await answered.wait()
        return {"ok": True}

    server = await channel.serve(folder, slow)
    assert server is not None
    try:
        with pytest.raises(ChannelError, match="did not answer"):
            await asyncio.to_thread(channel.ask, folder, {"kind": "x"}, 0.2)
    finally:
        answered.set()
        server.close()


async def test_a_closing_channel_sends_the_replies_in_hand_before_it_is_done(folder: Path) -> None:
    in_hand, release = asyncio.Event(), asyncio.Event()

    async def held(request: Request) -> Reply:
        in_hand.set()
        await release.wait()  # a player's roll waiting for the GM
        return channel.refusal("the dashboard closed before the GM answered")

    server = await channel.serve(folder, held)
    assert server is not None
    asking = asyncio.create_task(asyncio.to_thread(channel.ask, folder, {"kind": "x"}))
    await in_hand.wait()
    server.close()  # no one new gets in; the request in hand is still answered
    assert not server.path.exists()
    release.set()
    await server.replied(grace=10)
    # the reply is out: whatever the closing process does next cannot lose it
    for task in asyncio.all_tasks():
        if task is not asyncio.current_task() and task is not asking:
            task.cancel()
    assert await asking == {"ok": False, "error": "the dashboard closed before the GM answered"}
