"""The channel where there are no Unix sockets (Windows): a loopback port named, with a token,
in a file of the user's; the dashboard proves itself first, every request carries the token.
Run here by making the channel take that road (`unix_sockets` False)."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import stat
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmdash.store import channel, channel_loopback
from gmdash.store.channel import Reply, Request


@pytest.fixture(autouse=True)
def no_unix_sockets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(channel, "unix_sockets", lambda: False)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path


async def echo(request: Request) -> Reply:
    return {"ok": True, "echo": request}


async def test_a_request_is_answered_through_the_port_file_of_the_users_alone(
    folder: Path,
) -> None:
    server = await channel.serve(folder, echo)
    try:
        assert server.path == folder / channel_loopback.PORT_FILE
        if os.name == "posix":
            assert stat.S_IMODE(os.lstat(server.path).st_mode) == 0o600
        reply = await asyncio.to_thread(channel.ask, folder, {"kind": "x", "n": 1})
        assert reply == {"ok": True, "echo": {"kind": "x", "n": 1}}  # the token taken out
    finally:
        server.close()
    assert not server.path.exists()
    assert await asyncio.to_thread(channel.ask, folder, {"kind": "x"}) is None  # none listens


def exchange(port: int, request: dict[str, object]) -> tuple[bytes, Reply]:
    """The dashboard's first line, and its answer to `request` sent as is."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        hello = sock.makefile("rb").readline()
        sock.sendall(json.dumps(request).encode() + b"\n")
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    reply = json.loads(answer)
    assert isinstance(reply, dict)
    return hello, reply


async def test_a_request_without_the_token_is_refused_and_never_handled(folder: Path) -> None:
    handled: list[Request] = []

    async def record(request: Request) -> Reply:
        handled.append(request)
        return {"ok": True}

    server = await channel.serve(folder, record)
    try:
        found = channel_loopback.read_port_file(folder)
        assert found is not None
        port, token = found
        for sent in ({"kind": "x"}, {"kind": "x", "channel_token": "guessed"},
                     {"kind": "x", "channel_token": 7}):  # fmt: skip
            hello, reply = await asyncio.to_thread(exchange, port, sent)
            assert channel_loopback.is_hello(hello.rstrip(b"\n"), token)
            assert reply == {"ok": False, "error": "no valid token"}
        assert handled == []
    finally:
        server.close()


async def test_a_dead_dashboards_port_file_is_no_dashboard(folder: Path) -> None:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]  # nobody listens there once closed
    channel_loopback.write_port_file(folder, port, "a-dead-dashboards-token")
    assert await asyncio.to_thread(channel.ask, folder, {"kind": "x"}) is None


@pytest.fixture
def impostor() -> Iterator[tuple[int, list[bytes]]]:
    """A process of someone else's that took a dead dashboard's port: it says something first
    and records what it is sent."""
    listener = socket.create_server(("127.0.0.1", 0))
    received: list[bytes] = []

    def serve_one() -> None:
        conn, _ = listener.accept()
        with conn:
            conn.sendall(b'{"gmdash": "not the proof"}\n')
            conn.settimeout(10)
            while chunk := conn.recv(65536):
                received.append(chunk)

    thread = threading.Thread(target=serve_one, daemon=True)
    thread.start()
    yield listener.getsockname()[1], received
    thread.join(timeout=10)
    listener.close()


def test_a_process_that_cannot_prove_itself_is_sent_nothing(
    folder: Path, impostor: tuple[int, list[bytes]]
) -> None:
    port, received = impostor
    channel_loopback.write_port_file(folder, port, "the-dashboards-token")
    assert channel.ask(folder, {"kind": "cli", "argv": ["roll", "50"]}) is None
    assert received == []  # neither the token nor the request


def test_a_port_file_that_is_not_a_dashboards_is_no_dashboard(folder: Path) -> None:
    for text in ("", "[]", '{"port": 0, "token": "t"}', '{"port": "80", "token": "t"}',
                 '{"port": 8000}', "not json"):  # fmt: skip
        (folder / channel_loopback.PORT_FILE).write_text(text, encoding="utf-8")
        assert channel_loopback.read_port_file(folder) is None
        assert channel.ask(folder, {"kind": "x"}) is None


async def test_closing_leaves_a_newer_dashboards_port_file(folder: Path) -> None:
    server = await channel.serve(folder, echo)
    channel_loopback.write_port_file(folder, 4242, "a-newer-dashboards-token")
    server.close()
    assert channel_loopback.read_port_file(folder) == (4242, "a-newer-dashboards-token")
