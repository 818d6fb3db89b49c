"""The running dashboard's door for the same user's other gmdash processes: a Unix socket.

While the dashboard holds a campaign, it is the campaign's one writer: a CLI command that would
change the campaign sends it its request over this channel instead of waiting for the lock
(`gmdash.cli.hosting`), and the players' view sends its players' rolls the same way.

The socket is `dashboard.sock` in the campaign's folder, mode 0600 (bound in a private 0700
folder, then renamed into place, so that it is never open to others for a moment). Where that
path is too long for a socket address (108 bytes on Linux, 104 on macOS), it lives in a 0700
folder of the user's in the temporary folder, named after the campaign folder's real path.
On Linux, each connection's peer must also be this user (`SO_PEERCRED`).

A dashboard killed without closing leaves its socket behind: a connection to it is refused, and
the client then writes under the lock as it does with no dashboard (`ask` returns None). The
next dashboard replaces it (it holds the campaign's lock, so no other live dashboard can own it).

Without Unix sockets (Windows), the channel is a loopback port named, with a token, in a file of
the user's in the campaign's folder (`gmdash.store.channel_loopback`).

One request per connection: one line of JSON (an object with a `kind`), at most
MAX_REQUEST bytes; one line of JSON in reply.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import socket
import stat
import struct
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from gmdash.store.errors import StoreError

SOCKET_NAME = "dashboard.sock"
MAX_REQUEST = 64 * 1024
"""Bytes of one request (a CLI command's words, a player's roll): more is refused."""
MAX_REPLY = 8 * 1024 * 1024
"""Bytes of one reply (what a command printed)."""
READ_TIMEOUT = 5.0
"""Seconds the dashboard waits for a connected client's request."""
ANSWER_TIMEOUT = 60.0
"""Seconds a client waits for the dashboard's answer (it may wait for the GM's confirmation)."""
_ADDRESS_LIMIT = 100
"""Bytes of a socket's path kept under the smallest platform limit (104), with the private
folder it is bound in first."""
_BIND_SLACK = 24
Request = dict[str, Any]
Reply = dict[str, Any]
Handler = Callable[[Request], Awaitable[Reply]]


class ChannelError(StoreError):
    """The dashboard's channel cannot be used (the message says why)."""


def unix_sockets() -> bool:
    """Whether this platform has Unix sockets (the channel's socket); elsewhere (Windows) the
    channel is a loopback port (`gmdash.store.channel_loopback`)."""
    return os.name == "posix" and hasattr(socket, "AF_UNIX")


def socket_path(folder: Path) -> Path:
    """Where the dashboard holding the campaign in `folder` listens."""
    real = Path(os.path.realpath(folder))
    path = real / SOCKET_NAME
    if len(os.fsencode(path)) + _BIND_SLACK <= _ADDRESS_LIMIT:
        return path
    digest = hashlib.sha256(os.fsencode(real)).hexdigest()[:24]
    return _private_dir() / f"{digest}.sock"


def _private_dir() -> Path:
    """The user's own 0700 folder in the temporary folder (made if missing; refused when it is
    a link, not a folder, someone else's or open to others)."""
    uid = os.getuid()
    folder = Path(tempfile.gettempdir()) / f"gmdash-{uid}"
    with contextlib.suppress(FileExistsError):
        os.mkdir(folder, 0o700)
    info = os.lstat(folder)
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != uid or info.st_mode & 0o077:
        raise ChannelError(f"{folder} is not a private folder of this user; no channel there")
    return folder


def _is_own_socket(path: Path) -> bool:
    """Whether `path` is a socket of this user's (never through a link)."""
    try:
        info = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISSOCK(info.st_mode) and info.st_uid == os.getuid()


# --- the client ----------------------------------------------------------------------------


def ask(folder: Path, request: Request, timeout: float = ANSWER_TIMEOUT) -> Reply | None:
    """Send `request` to the dashboard holding the campaign in `folder` and return its reply;
    None when no dashboard listens (none runs, or one crashed).

    ChannelError when one listens but the exchange fails (too big, no answer in time)."""
    if not unix_sockets():
        from gmdash.store import channel_loopback as loopback

        connected = loopback.connect(folder, timeout)
        if connected is None:
            return None
        sock, token = connected
        with sock:  # every request carries the token there
            return _exchange(sock, _line({**request, loopback.TOKEN_FIELD: token}), timeout)
    data = _line(request)
    try:
        path = socket_path(folder)
    except (OSError, ChannelError):
        return None
    if not _is_own_socket(path):
        return None
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(timeout)
        try:
            sock.connect(str(path))
        except (FileNotFoundError, ConnectionRefusedError):
            return None  # a crashed dashboard's socket: nobody listens
        except OSError as error:
            raise ChannelError(f"cannot reach the dashboard: {error.strerror or error}") from None
        return _exchange(sock, data, timeout)


def _line(request: Request) -> bytes:
    """`request` as the one line sent (ChannelError when it is over MAX_REQUEST bytes)."""
    data = json.dumps(request, ensure_ascii=False).encode() + b"\n"
    if len(data) > MAX_REQUEST:
        raise ChannelError(f"the request is too long for the dashboard ({len(data)} bytes)")
    return data


def _exchange(sock: socket.socket, data: bytes, timeout: float) -> Reply:
    """Send one request line on a connected socket and read the reply's line."""
    try:
        sock.sendall(data)
        answer = _read_line(sock, MAX_REPLY)
    except TimeoutError:
        raise ChannelError(f"the dashboard did not answer within {timeout:g} s") from None
    except OSError as error:
        failure = error.strerror or error
        raise ChannelError(f"the dashboard's channel failed: {failure}") from None
    try:
        reply = json.loads(answer)
    except ValueError:
        raise ChannelError("the dashboard's answer was not readable") from None
    if not isinstance(reply, dict):
        raise ChannelError("the dashboard's answer was not readable")
    return reply


def _read_line(sock: socket.socket, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            raise ChannelError("the dashboard closed the channel without an answer")
        chunks.append(chunk)
        size += len(chunk)
        if b"\n" in chunk:
            return b"".join(chunks).split(b"\n", 1)[0]
        if size > limit:
            raise ChannelError("the dashboard's answer is too long")


# --- the server (the dashboard's end) ---------------------------------------------------------


class ChannelServer:
    """The listening channel of one dashboard; `close()` removes its socket (or port file)."""

    def __init__(
        self, path: Path, server: asyncio.AbstractServer, in_hand: set[asyncio.Task[Any]],
        remove: Callable[[], None],
    ) -> None:  # fmt: skip
        self.path = path
        """The socket, or the port file (`gmdash.store.channel_loopback`)."""
        self._server = server
        self._in_hand = in_hand
        """The connections being answered (each removes itself once its reply is sent)."""
        self._remove = remove

    def close(self) -> None:
        """Stop listening and remove the socket or the port file (only if still this one's)."""
        self._server.close()
        self._remove()

    async def replied(self, grace: float) -> None:
        """Wait until the requests in hand have their replies sent, for at most `grace`
        seconds (a client that never sends its request is not waited for longer)."""
        in_hand = [task for task in self._in_hand if not task.done()]
        if in_hand:
            await asyncio.wait(in_hand, timeout=grace)


Admit = Callable[[asyncio.StreamWriter], str | None]
"""Why a connection is refused before its request is read (None: it is not)."""
Check = Callable[[Request], str | None]
"""Why a request read is refused before it is handled (None: it is not)."""


async def serve(folder: Path, handle: Handler) -> ChannelServer:
    """Listen for requests on the channel of the campaign in `folder`; each request is checked
    to be a JSON object with a `kind`, then given to `handle`, whose reply is sent back.
    ChannelError when the channel cannot be made."""
    in_hand: set[asyncio.Task[Any]] = set()

    def connected(admit: Admit, check: Check, hello: bytes = b"") -> Callable[
            ..., Awaitable[None]]:  # fmt: skip
        async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            task = asyncio.current_task()
            if task is not None:
                in_hand.add(task)
            try:
                if hello:
                    writer.write(hello)
                refused = admit(writer)
                reply = refusal(refused) if refused else await _answer(reader, handle, check)
                writer.write(json.dumps(reply, ensure_ascii=False).encode() + b"\n")
                await writer.drain()
            except (OSError, asyncio.IncompleteReadError):
                pass  # the client went away: nothing to tell it
            finally:
                writer.close()
                in_hand.discard(task)

        return answer

    if not unix_sockets():
        return await _serve_loopback(folder, in_hand, connected)
    path = socket_path(folder)
    try:
        sock = _bind(path)
    except OSError as error:
        raise ChannelError(f"cannot listen at {path}: {error.strerror or error}") from None
    inode = os.lstat(path).st_ino

    def same_user(writer: asyncio.StreamWriter) -> str | None:
        return None if _same_user(writer) else "this dashboard answers only its own user"

    def remove() -> None:
        with contextlib.suppress(OSError):
            if os.lstat(path).st_ino == inode:
                os.unlink(path)

    server = await asyncio.start_unix_server(
        connected(same_user, lambda _: None), sock=sock, limit=MAX_REQUEST
    )
    return ChannelServer(path, server, in_hand, remove)


async def _serve_loopback(
    folder: Path, in_hand: set[asyncio.Task[Any]],
    connected: Callable[[Admit, Check, bytes], Callable[..., Awaitable[None]]],
) -> ChannelServer:  # fmt: skip
    from gmdash.store import channel_loopback as loopback

    token = loopback.new_token()

    def token_given(request: Request) -> str | None:
        return None if loopback.token_matches(request, token) else "no valid token"

    try:
        server, port = await loopback.listen(
            connected(lambda _: None, token_given, loopback.hello_line(token)), MAX_REQUEST
        )
    except OSError as error:
        raise ChannelError(f"cannot listen on a loopback port: {error.strerror or error}") from None
    try:
        loopback.write_port_file(folder, port, token)
    except StoreError as error:
        server.close()
        raise ChannelError(str(error)) from None
    return ChannelServer(
        loopback.port_file(folder),
        server,
        in_hand,
        lambda: loopback.remove_port_file(folder, token),
    )


def refusal(text: str) -> Reply:
    """The reply to a request that was not carried out."""
    return {"ok": False, "error": text}


async def _answer(reader: asyncio.StreamReader, handle: Handler, check: Check) -> Reply:
    try:
        line = await asyncio.wait_for(reader.readuntil(b"\n"), READ_TIMEOUT)
    except asyncio.LimitOverrunError:
        return refusal(f"a request is at most {MAX_REQUEST} bytes")
    except (TimeoutError, asyncio.IncompleteReadError):
        return refusal("no request was read")
    except ValueError:  # the line passed the reader's limit
        return refusal(f"a request is at most {MAX_REQUEST} bytes")
    try:
        request = json.loads(line)
    except ValueError:
        return refusal("a request is one line of JSON")
    if not isinstance(request, dict):
        return refusal("a request is a JSON object with a kind")
    refused = check(request)
    if refused is not None:
        return refusal(refused)
    if not isinstance(request.get("kind"), str):
        return refusal("a request is a JSON object with a kind")
    return await handle(request)


def _same_user(writer: asyncio.StreamWriter) -> bool:
    """Whether the peer runs as this user (Linux tells; elsewhere the socket's 0600 mode is the
    guard)."""
    option = getattr(socket, "SO_PEERCRED", None)
    sock = writer.get_extra_info("socket")
    if option is None or sock is None:
        return True
    size = struct.calcsize("3i")
    try:
        _pid, uid, _gid = struct.unpack("3i", sock.getsockopt(socket.SOL_SOCKET, option, size))
    except OSError:
        return False
    return bool(uid == os.getuid())


def _bind(path: Path) -> socket.socket:
    """A listening socket at `path`, mode 0600 from its first moment (bound in a private folder,
    then renamed in place of a dead dashboard's)."""
    private = Path(tempfile.mkdtemp(prefix=".channel-", dir=path.parent))  # mode 0700
    temp = private / "s"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.bind(str(temp))
        os.chmod(temp, 0o600)
        sock.listen(64)
        sock.setblocking(False)
        _remove_stale(path)
        os.replace(temp, path)
    except BaseException:
        sock.close()
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    finally:
        with contextlib.suppress(OSError):
            os.rmdir(private)
    return sock


def _remove_stale(path: Path) -> None:
    """Remove a socket left at `path` by a dashboard that died (the caller holds the campaign's
    lock, so none alive owns it); anything else there is not ours and stays."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if not stat.S_ISSOCK(info.st_mode):
        raise ChannelError(f"{path} is there and is not a socket; no channel")
    os.unlink(path)
