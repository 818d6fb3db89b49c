"""The dashboard's channel where there are no Unix sockets (Windows): a loopback port.

The dashboard listens on 127.0.0.1, on a port the system picks, and writes `dashboard.port` in
the campaign's folder: the port and a random token, in a file of the user's (mode 0600 where
the system has modes; on Windows the user's own data folder, where the saves live by default,
is closed to other users). Any local process can connect to a loopback port, so:

- the dashboard speaks first, a proof that it knows the token (an HMAC of it): a process that
  took the port of a dashboard that died cannot pass for it, and a client that gets no proof
  sends it nothing (it writes under the lock, as with no dashboard);
- every request carries the token; one without it, or with another, is refused.

The rest (one line of JSON each way, the limits, the refusals) is `gmdash.store.channel`'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import os
import secrets
import socket
from pathlib import Path
from typing import Any

from gmdash.store import osio
from gmdash.store.atomic import write_atomic
from gmdash.store.errors import StoreError

PORT_FILE = "dashboard.port"
PORT_FILE_BYTES = 4096
HOST = "127.0.0.1"
HELLO_TIMEOUT = 2.0
"""Seconds a client waits for the dashboard's proof before taking the port for someone else's."""
TOKEN_FIELD = "channel_token"


def proof(token: str) -> str:
    """What the dashboard holding `token` says first."""
    return hmac.new(token.encode(), b"gmdash dashboard", hashlib.sha256).hexdigest()


def port_file(folder: Path) -> Path:
    return folder / PORT_FILE


def read_port_file(folder: Path) -> tuple[int, str] | None:
    """The port and token a dashboard wrote for the campaign in `folder`; None when there is
    no such file or it is not one (a link, too big, not the JSON a dashboard writes)."""
    try:
        data = json.loads(osio.read_file(port_file(folder), PORT_FILE_BYTES))
    except (OSError, ValueError, StoreError):
        return None
    if not isinstance(data, dict):
        return None
    port, token = data.get("port"), data.get("token")
    if not isinstance(port, int) or isinstance(port, bool) or not 0 < port < 65536:
        return None
    if not isinstance(token, str) or not token:
        return None
    return port, token


def write_port_file(folder: Path, port: int, token: str) -> None:
    """Where this dashboard listens, readable by the user alone (replacing a dead one's)."""
    data = json.dumps({"port": port, "token": token, "pid": os.getpid()}).encode()
    write_atomic(port_file(folder), data, durable=False, mode=0o600)


def remove_port_file(folder: Path, token: str) -> None:
    """Remove the port file if it is still this dashboard's (never a newer one's)."""
    if (read_port_file(folder) or (0, ""))[1] == token:
        with contextlib.suppress(OSError):
            os.unlink(port_file(folder))


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hello_line(token: str) -> bytes:
    return json.dumps({"gmdash": proof(token)}).encode() + b"\n"


def is_hello(line: bytes, token: str) -> bool:
    try:
        said = json.loads(line)
    except ValueError:
        return False
    return (
        isinstance(said, dict)
        and isinstance(said.get("gmdash"), str)
        and hmac.compare_digest(said["gmdash"], proof(token))
    )


def token_matches(request: dict[str, Any], token: str) -> bool:
    """Whether `request` carries this dashboard's token (taken out of it either way)."""
    given = request.pop(TOKEN_FIELD, None)
    return isinstance(given, str) and hmac.compare_digest(given, token)


async def listen(
    handler: Any, limit: int
) -> tuple[asyncio.AbstractServer, int]:  # fmt: skip
    """A server on a loopback port the system picks, and that port."""
    server = await asyncio.start_server(handler, host=HOST, port=0, limit=limit)
    port = int(server.sockets[0].getsockname()[1])
    return server, port


def connect(folder: Path, timeout: float) -> tuple[socket.socket, str] | None:
    """A connection to the dashboard holding the campaign in `folder`, once it proved itself,
    and its token; None when none listens there (no port file, nobody on its port, or a process
    that is not it)."""
    found = read_port_file(folder)
    if found is None:
        return None
    port, token = found
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.settimeout(min(timeout, HELLO_TIMEOUT))
        sock.connect((HOST, port))
        line = _read_hello(sock)
    except OSError:  # refused, unreachable, or no proof in time: no dashboard of ours there
        sock.close()
        return None
    if not is_hello(line, token):
        sock.close()
        return None
    sock.settimeout(timeout)
    return sock, token


def _read_hello(sock: socket.socket) -> bytes:
    data = b""
    while b"\n" not in data and len(data) <= PORT_FILE_BYTES:
        chunk = sock.recv(PORT_FILE_BYTES)
        if not chunk:
            break
        data += chunk
    return data.split(b"\n", 1)[0]
