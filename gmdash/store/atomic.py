"""Crash-safe writes: a TinyDB storage that replaces its file atomically on every write.

Write a temporary file in the same folder, fsync it, `os.replace` it over the old file, fsync the
folder: a reader (or the next start after a crash) sees the old file or the new one, whole.
The storage keeps the document set in memory, so TinyDB's read-modify-write costs no parsing.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from gmdash.store.documents import Tables, new_document, parse_document
from gmdash.store.errors import CorruptSaveError, ReadOnlyError

TEMP_SUFFIX = ".tmp"


def write_atomic(path: Path, data: bytes, *, durable: bool = True) -> None:
    """Replace `path` by `data` so that no reader ever sees a partial file."""
    temp = path.with_name(f".{path.name}.{os.getpid()}{TEMP_SUFFIX}")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        if durable:
            os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(temp, path)
    if durable:
        fsync_dir(path.parent)


def fsync_dir(folder: Path) -> None:
    """Make a rename in `folder` durable (where folders can be opened: not on Windows, whose
    file system journals the rename itself)."""
    if sys.platform == "win32":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def remove_stale_temps(folder: Path) -> None:
    """Delete temporary files a killed writer left behind (call while holding the lock)."""
    for temp in folder.glob(f".*{TEMP_SUFFIX}"):
        temp.unlink(missing_ok=True)


def encode(data: Tables) -> bytes:
    """The bytes of a save file: compact UTF-8 JSON."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def read_tables(path: Path, kind: str) -> Tables:
    """A save file's checked tables (for read-only use without TinyDB)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise CorruptSaveError(path, "the file is missing") from None
    return parse_document(path, raw, kind)


class AtomicJSONStorage(Storage):
    """TinyDB storage over one save file of format `kind`, written by atomic replacement.

    `create=True` writes a new empty file when there is none; `read_only=True` refuses writes.
    Inside `with storage.batch():` writes are collected and the file is replaced once at the end.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        kind: str,
        create: bool = False,
        read_only: bool = False,
        durable: bool = True,
    ) -> None:
        self.path = Path(path)
        self.kind = kind
        self.read_only = read_only
        self.durable = durable
        self._batch_depth = 0
        self._pending = False
        if create and not read_only and not self.path.exists():
            self._data = new_document(kind)
            self._flush()
        else:
            self._data = read_tables(self.path, kind)

    def read(self) -> dict[str, dict[str, Any]]:
        return self._data

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        if self.read_only:
            raise ReadOnlyError(f"{self.path} is open read-only")
        self._data = data
        if self._batch_depth:
            self._pending = True
        else:
            self._flush()

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Group several TinyDB operations into one atomic file replacement."""
        self._batch_depth += 1
        try:
            yield
        except BaseException:
            self._batch_depth -= 1
            if not self._batch_depth and self._pending:
                self._pending = False
                self._data = read_tables(self.path, self.kind)  # drop the half-made change
            raise
        self._batch_depth -= 1
        if not self._batch_depth and self._pending:
            self._pending = False
            self._flush()

    def close(self) -> None:
        """Nothing to release: every write is already on disk."""

    def _flush(self) -> None:
        write_atomic(self.path, encode(self._data), durable=self.durable)
