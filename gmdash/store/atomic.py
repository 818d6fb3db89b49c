"""Crash-safe whole-file writes, and the TinyDB storage of the campaign snapshot.

`write_atomic` writes a temporary file in the same folder, fsyncs it, renames it over the old
file and fsyncs the folder: a reader (or the next start after a crash) sees the old file or the
new one, whole. A failed write removes its temporary file at once and leaves the old file.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from gmdash.store import osio
from gmdash.store.documents import Tables, new_document, parse_document
from gmdash.store.errors import CorruptSaveError, ReadOnlyError, SaveFailed
from gmdash.store.leftovers import TEMP_SUFFIX
from gmdash.store.seal import has_seal, sealed


def write_atomic(path: Path, data: bytes, *, durable: bool = True, mode: int = 0o644) -> None:
    """Replace `path` by `data` so that no reader ever sees a partial file (new files get
    `mode`)."""
    osio.refuse_link(path)
    temp = path.with_name(f".{path.name}.{os.getpid()}{TEMP_SUFFIX}")
    try:
        with suppress(FileNotFoundError):
            os.unlink(temp)  # a stale temp of a dead process that had our pid
        fd = osio.OS.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        try:
            try:
                osio.write_all(fd, data)
                if durable:
                    osio.OS.fsync(fd)
            finally:
                osio.OS.close(fd)
            osio.OS.replace(temp, path)
        except BaseException:
            with suppress(OSError):
                os.unlink(temp)  # at once: no partial file stays behind
            raise
        if durable:
            osio.fsync_dir(path.parent)
    except OSError as error:
        raise SaveFailed(path, error) from None


def fsync_dir(folder: Path) -> None:
    """Make a rename in `folder` durable (where folders can be opened: not on Windows, whose
    file system journals the rename itself)."""
    if sys.platform == "win32":
        return
    osio.fsync_dir(folder)


def encode(data: Tables) -> bytes:
    """The bytes of a save file's document: compact UTF-8 JSON, on one line."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def encode_snapshot(data: Tables) -> bytes:
    """The bytes of a snapshot file: its document, then the seal line over it (`seal`)."""
    return sealed(encode(data) + b"\n")


def read_save(path: Path) -> bytes:
    """A save file's bytes (see `osio.read_file`); CorruptSaveError when it is missing."""
    try:
        return osio.read_file(path)
    except FileNotFoundError:
        raise CorruptSaveError(path, "the file is missing") from None


def read_tables(path: Path, kind: str) -> Tables:
    """A save file's checked tables (for read-only use without TinyDB)."""
    return parse_document(path, read_save(path), kind)


class SaveStorage(Storage):
    """What the TinyDB storages of save files share: the file, its format (`kind`), whether
    writes are refused (`read_only`) or fsynced (`durable`); `create=True` makes an empty file
    when there is none (`_create`), else the file is read (`_load`)."""

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
        if create and not read_only and not os.path.lexists(self.path):
            self._create()
        else:
            self._load()

    def _create(self) -> None:
        raise NotImplementedError

    def _load(self) -> None:
        raise NotImplementedError

    def refuse_if_read_only(self) -> None:
        if self.read_only:
            raise ReadOnlyError(f"{self.path} is open read-only")


class AtomicJSONStorage(SaveStorage):
    """TinyDB storage over one save file, written by atomic replacement.

    Inside `with storage.batch():` writes are collected and the file is replaced once at the end.
    The data in memory changes only once the file on disk holds it.
    """

    _batch_depth = 0
    _pending: Tables | None = None
    _raw: bytes | None = None
    """The file's bytes as read, until they are parsed (`encoded` gives them back as read)."""
    sealed = True
    """False for a file of the previous release, read without a seal line (see `seal`)."""
    size = 0
    """Bytes of the file as last read or written."""

    def _create(self) -> None:
        self._parsed: Tables = {}
        self._flush(new_document(self.kind))

    def _load(self) -> None:
        self._raw = read_save(self.path)
        self.sealed = has_seal(self._raw)
        self.size = len(self._raw)

    @property
    def _data(self) -> Tables:
        if self._raw is not None:
            self._parsed = parse_document(self.path, self._raw, self.kind)
            self._raw = None
        return self._parsed

    def read(self) -> dict[str, dict[str, Any]]:
        current = self._data if self._pending is None else self._pending
        return dict(current)  # TinyDB replaces a table it changes: a shallow copy isolates it

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        self.refuse_if_read_only()
        if self._batch_depth:
            self._pending = data
        else:
            self._flush(data)

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Group several TinyDB operations into one atomic file replacement."""
        self._batch_depth += 1
        try:
            yield
        except BaseException:
            self._batch_depth -= 1
            if not self._batch_depth:
                self._pending = None  # drop the half-made change
            raise
        self._batch_depth -= 1
        if not self._batch_depth and self._pending is not None:
            pending, self._pending = self._pending, None
            self._flush(pending)

    def encoded(self) -> bytes:
        """The bytes of the file as last read or written."""
        return self._raw if self._raw is not None else encode_snapshot(self._data)

    def close(self) -> None:
        """Nothing to release: every write is already on disk."""

    def _flush(self, data: Tables) -> None:
        raw = encode_snapshot(data)
        write_atomic(self.path, raw, durable=self.durable)
        self._parsed, self._raw = data, None
        self.sealed = True
        self.size = len(raw)
