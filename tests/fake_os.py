"""Test layers under the store (`gmdash.store.osio.OS`): faults on the Nth call, and a
simulated disk that remembers what was fsynced, to replay a power loss.

`FaultyOS` fails the Nth write, fsync, rename or mkdir (ENOSPC for writes, EIO otherwise);
its fsyncs are counted but not done (speed). `PowerLossRecorder` passes every call through to
the real disk and also builds a model of what a power loss after any recorded operation could
leave: file contents as of their last fsync plus any subset of later writes, in any order, the
last one possibly torn; folder entries as of the folder's last fsync plus any subset of later
changes. `materialize` writes one such outcome into a folder the real store can open.
"""

from __future__ import annotations

import errno
import os
import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from gmdash.store import osio

KINDS = ("write", "fsync", "replace", "mkdir")
SYSCALLS = (*KINDS, "open", "close", "ftruncate", "unlink")
"""Every call of the store's door to the system (`osio.RealOS`), for strace-style injection."""


class FaultyOS(osio.RealOS):
    """Counts calls by kind; raises OSError on call number `fail_at` of kind `kind` (a close
    that fails has closed its descriptor all the same, as on Linux)."""

    def __init__(self, kind: str = "", fail_at: int = 0) -> None:
        self.kind = kind
        self.fail_at = fail_at
        self.calls = dict.fromkeys(SYSCALLS, 0)
        self.fired = False

    def _count(self, kind: str) -> None:
        self.calls[kind] += 1
        if kind == self.kind and self.calls[kind] == self.fail_at:
            self.fired = True
            code = errno.ENOSPC if kind == "write" else errno.EIO
            raise OSError(code, os.strerror(code))

    def open(self, path: Path, flags: int, mode: int = 0o644) -> int:
        self._count("open")
        return super().open(path, flags, mode)

    def close(self, fd: int) -> None:
        os.close(fd)
        self._count("close")

    def ftruncate(self, fd: int, length: int) -> None:
        self._count("ftruncate")
        os.ftruncate(fd, length)

    def unlink(self, path: Path) -> None:
        self._count("unlink")
        os.unlink(path)

    def write(self, fd: int, data: bytes | memoryview) -> int:
        self._count("write")
        return os.write(fd, data)

    def fsync(self, fd: int) -> None:
        self._count("fsync")

    def replace(self, source: Path, target: Path) -> None:
        self._count("replace")
        os.replace(source, target)

    def mkdir(self, path: Path) -> None:
        self._count("mkdir")
        os.mkdir(path, 0o755)


@contextmanager
def installed(layer: osio.RealOS) -> Iterator[osio.RealOS]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(osio, "OS", layer)
        yield layer


# --- power loss ------------------------------------------------------------------------------


@dataclass(eq=False)
class Node:
    """A file or folder of the simulated disk."""

    is_dir: bool
    data: bytearray = field(default_factory=bytearray)
    synced: bytes = b""
    pending: list[tuple[str, int, bytes]] = field(default_factory=list)
    entries: dict[str, Node] = field(default_factory=dict)
    synced_entries: dict[str, Node] = field(default_factory=dict)
    dir_pending: list[tuple[str, str, Node | None]] = field(default_factory=list)


class PowerLossRecorder(osio.RealOS):
    """The real disk, plus a model of it that knows which changes an fsync made durable."""

    def __init__(self, root: Path) -> None:
        self.root_path = root
        self.root = Node(is_dir=True)
        self.fds: dict[int, Node] = {}
        self.log: list[tuple[str, object]] = []
        """Operations in order; `("ack", label)` entries mark acknowledgements."""

    def ack(self, label: str) -> None:
        self.log.append(("ack", label))

    def _resolve(self, path: Path, create: bool = False, is_dir: bool = False) -> Node | None:
        parts = Path(path).resolve().relative_to(self.root_path.resolve()).parts
        node = self.root
        for index, part in enumerate(parts):
            child = node.entries.get(part)
            if child is None:
                if not create or index < len(parts) - 1:
                    return None
                child = Node(is_dir=is_dir)
                node.entries[part] = child
                self.log.append(("entry", (node, part, child)))
            node = child
        return node

    def open(self, path: Path, flags: int, mode: int = 0o644) -> int:
        fd = super().open(path, flags, mode)
        node = self._resolve(path, create=bool(flags & os.O_CREAT))
        if node is not None:
            self.fds[fd] = node
        return fd

    def write(self, fd: int, data: bytes | memoryview) -> int:
        offset = os.lseek(fd, 0, os.SEEK_CUR)
        written = os.write(fd, data)
        if fd in self.fds:
            self.log.append(("write", (self.fds[fd], offset, bytes(data[:written]))))
        return written

    def ftruncate(self, fd: int, length: int) -> None:
        os.ftruncate(fd, length)
        if fd in self.fds:
            self.log.append(("truncate", (self.fds[fd], length, b"")))

    def fsync(self, fd: int) -> None:
        os.fsync(fd)
        if fd in self.fds:
            self.log.append(("fsync", self.fds[fd]))

    def close(self, fd: int) -> None:
        self.fds.pop(fd, None)
        os.close(fd)

    def replace(self, source: Path, target: Path) -> None:
        os.replace(source, target)
        src_dir = self._resolve(Path(source).parent)
        dst_dir = self._resolve(Path(target).parent)
        if src_dir is not None and dst_dir is not None:
            moved = src_dir.entries.pop(Path(source).name, None)
            if moved is None:
                return
            dst_dir.entries[Path(target).name] = moved
            self.log.append(("rename", (src_dir, Path(source).name, dst_dir, Path(target).name)))

    def mkdir(self, path: Path) -> None:
        os.mkdir(path, 0o755)
        self._resolve(path, create=True, is_dir=True)

    def unlink(self, path: Path) -> None:
        os.unlink(path)
        parent = self._resolve(Path(path).parent)
        if parent is not None:
            parent.entries.pop(Path(path).name, None)
            self.log.append(("unlink", (parent, Path(path).name)))

    # --- replaying a prefix of the log into the model, then a crash ----------------------

    def crash(self, upto: int, rng: random.Random, target: Path) -> list[str]:
        """Write into `target` what a power loss after operation `upto` might leave;
        returns the labels acknowledged before it."""
        root = Node(is_dir=True)
        mapping: dict[int, Node] = {id(self.root): root}

        def node(original: Node) -> Node:
            if id(original) not in mapping:
                mapping[id(original)] = Node(is_dir=original.is_dir)
            return mapping[id(original)]

        acked = []
        for kind, payload in self.log[:upto]:
            if kind == "ack":
                acked.append(str(payload))
            elif kind == "entry":
                parent, name, child = payload  # type: ignore[misc]
                node(parent).entries[name] = node(child)
                node(parent).dir_pending.append(("set", name, node(child)))
            elif kind in {"write", "truncate"}:
                file, offset, data = payload  # type: ignore[misc]
                sim = node(file)
                if kind == "write":
                    end = offset + len(data)
                    sim.data[offset:end] = data
                else:
                    del sim.data[offset:]
                sim.pending.append((kind, offset, data))
            elif kind == "fsync":
                sim = node(payload)  # type: ignore[arg-type]
                if sim.is_dir:
                    sim.synced_entries = dict(sim.entries)
                    sim.dir_pending = []
                else:
                    sim.synced = bytes(sim.data)
                    sim.pending = []
            elif kind == "rename":
                src, old, dst, new = payload  # type: ignore[misc]
                moved = node(src).entries.pop(old, None) or Node(is_dir=False)
                node(dst).entries[new] = moved
                node(src).dir_pending.append(("del", old, None))
                node(dst).dir_pending.append(("set", new, moved))
            elif kind == "unlink":
                parent, name = payload  # type: ignore[misc]
                node(parent).entries.pop(name, None)
                node(parent).dir_pending.append(("del", name, None))
        _materialize(root, target, rng)
        return acked


def _materialize(folder: Node, path: Path, rng: random.Random) -> None:
    path.mkdir(parents=True, exist_ok=True)
    entries = dict(folder.synced_entries)
    for op, name, child in folder.dir_pending:  # each later change survives or not
        if rng.random() < 0.5:
            if op == "set" and child is not None:
                entries[name] = child
            else:
                entries.pop(name, None)
    for name, child in entries.items():
        if child.is_dir:
            _materialize(child, path / name, rng)
        else:
            (path / name).write_bytes(_survivor(child, rng))


def _survivor(file: Node, rng: random.Random) -> bytes:
    """The synced bytes plus a random subset of later writes, in random order, one torn."""
    data = bytearray(file.synced)
    later = [op for op in file.pending if rng.random() < 0.5]
    rng.shuffle(later)
    for index, (kind, offset, chunk) in enumerate(later):
        if kind == "truncate":
            del data[offset:]
            continue
        if index == len(later) - 1 and chunk:
            chunk = chunk[: rng.randint(0, len(chunk))]
        if offset > len(data):
            data.extend(b"\0" * (offset - len(data)))
        data[offset : offset + len(chunk)] = chunk
    return bytes(data)
