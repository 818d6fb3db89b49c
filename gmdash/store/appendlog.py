"""Append-only save files: a base document, then committed transactions as JSON lines.

```
{"meta":{"1":{"format":"gmdash.session-log","schema_version":1}},"events":{...}}   the base
{"t":"events","id":"41","doc":{...}}                                 one line per document
{"t":"events","id":"42","doc":{...}}
{"commit":1,"ops":2,"crc":"5d1f0c2a"}                 the commit marker: count and CRC-32
```
A transaction is on disk once its commit line is written and fsynced: appending costs the same
whatever the file holds. Opening drops only a torn or uncommitted tail (never shown to anyone,
since nothing is shown before its commit is fsynced); damage followed by committed transactions
is a `CorruptSaveError`. Compaction rewrites the file atomically as one base line. A file of
the older format (the base alone, without a newline) reads as a compacted file.
"""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Iterable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.table import Table

from gmdash.store import osio
from gmdash.store.atomic import SaveStorage, encode, read_save, write_atomic
from gmdash.store.documents import Tables, check_document, is_doc_id, load_json, new_document
from gmdash.store.errors import CorruptSaveError, SaveFailed, StoreError

Op = tuple[str, str, dict[str, Any]]


@dataclass(slots=True)
class Tail:
    """The committed transactions read from a stretch of a file."""

    transactions: list[list[Op]] = field(default_factory=list)
    end: int = 0
    """The offset just after the last commit line read."""
    dropped: int = 0
    """Bytes after `end`: an uncommitted or torn tail (or, while a writer works, its next one)."""


def crc(data: bytes) -> str:
    return f"{zlib.crc32(data):08x}"


def encode_transaction(ops: Iterable[Op], sequence: int) -> bytes:
    """The lines of one transaction, commit marker last."""
    lines = [
        json.dumps({"t": t, "id": i, "doc": d}, ensure_ascii=False, separators=(",", ":")).encode()
        + b"\n"
        for t, i, d in ops
    ]
    body = b"".join(lines)
    marker = {"commit": sequence, "ops": len(lines), "crc": crc(body)}
    commit = json.dumps(marker, separators=(",", ":")).encode()
    return body + commit + b"\n"


def _op(line: bytes) -> Op | None:
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or set(data) != {"t", "id", "doc"}:
        return None
    table, key, doc = data["t"], data["id"], data["doc"]
    if isinstance(table, str) and is_doc_id(key) and isinstance(doc, dict):
        return table, key, doc
    return None


def _commit(line: bytes) -> dict[str, Any] | None:
    if not line.startswith(b'{"commit"'):
        return None
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) and set(data) == {"commit", "ops", "crc"} else None


def read_tail(path: Path, raw: bytes, start: int) -> Tail:
    """The committed transactions in `raw[start:]`, stopping before a torn or uncommitted tail.

    CorruptSaveError if a damaged line is followed by a commit marker (damage in the middle).
    """
    tail = Tail(end=start)
    ops: list[Op] = []
    body_start = position = start
    while position < len(raw):
        newline = raw.find(b"\n", position)
        if newline < 0:
            break  # a torn last line
        line = raw[position:newline]
        position = newline + 1
        commit = _commit(line)
        if commit is not None:
            body = raw[body_start : newline - len(line)]
            if commit["ops"] != len(ops) or commit["crc"] != crc(body):
                break
            tail.transactions.append(ops)
            ops = []
            tail.end = body_start = position
            continue
        op = _op(line)
        if op is None:
            break
        ops.append(op)
    tail.dropped = len(raw) - tail.end
    finished = raw[position:].split(b"\n")[:-1]  # a line without its newline is torn
    if tail.dropped and any(_commit(line) for line in finished):
        raise CorruptSaveError(path, f"damaged at byte {tail.end}, before later changes")
    return tail


@dataclass(slots=True)
class Parsed:
    """A whole append-only file, read."""

    tables: Tables
    end: int
    transactions: int
    dropped: int
    legacy: bool = False
    """The older format (no newline after the base): compacted before the first append."""

    @property
    def compacted(self) -> bool:
        return not self.transactions and not self.dropped and not self.legacy


def parse(path: Path, raw: bytes, kind: str) -> Parsed:
    """The tables of an append-only file (base plus committed transactions)."""
    if not raw.strip():
        raise CorruptSaveError(path, "the file is empty (truncated?)")
    newline = raw.find(b"\n")
    base_end = len(raw) if newline < 0 else newline + 1
    tables = check_document(path, load_json(path, raw[:base_end]), kind)
    if newline < 0:
        return Parsed(tables, len(raw), 0, 0, legacy=True)
    tail = read_tail(path, raw, base_end)
    apply(tables, (op for ops in tail.transactions for op in ops))
    return Parsed(tables, tail.end, len(tail.transactions), tail.dropped)


def apply(tables: Tables, ops: Iterable[Op]) -> None:
    for table, key, doc in ops:
        tables.setdefault(table, {})[key] = doc


def read_parsed(path: Path, kind: str) -> Parsed:
    return parse(path, read_save(path), kind)


class AppendTable(Table):
    """A TinyDB table whose inserts append one transaction instead of rewriting the file."""

    def insert(self, document: Mapping[Any, Any]) -> int:
        return self.insert_multiple([document])[0]

    def insert_multiple(self, documents: Iterable[Mapping[Any, Any]]) -> list[int]:
        storage = self.storage
        if not isinstance(storage, AppendLogStorage):
            return super().insert_multiple(documents)
        ids = storage.append(self.name, [dict(d) for d in documents])
        self.clear_cache()  # its inserts never use TinyDB's next id: they are the storage's
        return ids


class AppendLogDB(TinyDB):
    """TinyDB over an `AppendLogStorage`, with appending tables."""

    table_class = AppendTable


class AppendLogStorage(SaveStorage):
    """TinyDB storage over an append-only file of format `kind`.

    Inserts through `AppendTable` append one transaction (constant time); any other TinyDB
    write compacts the whole file.
    The data in memory changes only once its transaction is fsynced.
    """

    _fd: int | None = None
    _broken = False

    def _create(self) -> None:
        self._next_ids: dict[str, int] = {}
        self._parsed = Parsed(new_document(self.kind), 0, 0, 0)
        self.compact()

    def _load(self) -> None:
        self._next_ids = {}
        self._parsed = read_parsed(self.path, self.kind)

    @property
    def compacted(self) -> bool:
        return self._parsed.compacted

    @property
    def dropped(self) -> int:
        """Bytes of a torn or uncommitted tail found at open (dropped by the next write)."""
        return self._parsed.dropped

    def read(self) -> dict[str, dict[str, Any]]:
        return dict(self._parsed.tables)  # TinyDB replaces a table it changes: isolate ours

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        self.refuse_if_read_only()
        self._write_base(data)

    def append(self, table: str, documents: list[dict[str, Any]]) -> list[int]:
        """Append `documents` to `table` as one transaction; their ids once it is on disk."""
        self.refuse_if_read_only()
        if self._broken:
            raise StoreError(f"an earlier write to {self.path} failed; reopen the campaign")
        if not documents:
            return []
        if self._parsed.dropped or self._parsed.legacy:
            self.compact()
        first = self._next_id(table)
        ids = list(range(first, first + len(documents)))
        ops = [(table, str(i), doc) for i, doc in zip(ids, documents, strict=True)]
        data = encode_transaction(ops, self._parsed.transactions + 1)
        try:
            fd = self._append_fd()
        except OSError as error:
            raise SaveFailed(self.path, error) from None
        try:
            osio.write_all(fd, data)
            if self.durable:
                osio.OS.fsync(fd)
        except BaseException as error:
            self._undo_partial(fd)
            if isinstance(error, OSError):
                raise SaveFailed(self.path, error) from None
            raise
        self._parsed.end += len(data)
        self._parsed.transactions += 1
        apply(self._parsed.tables, ops)
        self._next_ids[table] = ids[-1] + 1
        return ids

    def compact(self) -> None:
        """Rewrite the file as one base line (drops a torn tail; atomic)."""
        self.refuse_if_read_only()
        self._write_base(self._parsed.tables)

    def close(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            with suppress(OSError):
                osio.OS.close(fd)

    def _write_base(self, tables: Tables) -> None:
        data = encode(tables) + b"\n"
        self.close()  # the old file's descriptor would append to the replaced file
        write_atomic(self.path, data, durable=self.durable)
        self._parsed = Parsed(tables, len(data), 0, 0)
        self._next_ids = {}
        self._broken = False

    def _next_id(self, table: str) -> int:
        if table not in self._next_ids:
            rows = self._parsed.tables.get(table, {})
            self._next_ids[table] = max(map(int, rows), default=0) + 1
        return self._next_ids[table]

    def _append_fd(self) -> int:
        if self._fd is None:
            fd = osio.OS.open(self.path, os.O_WRONLY)
            os.lseek(fd, self._parsed.end, os.SEEK_SET)
            self._fd = fd
        return self._fd

    def _undo_partial(self, fd: int) -> None:
        """Cut a failed transaction off at once; if even that fails, refuse further writes."""
        try:
            osio.OS.ftruncate(fd, self._parsed.end)
            os.lseek(fd, self._parsed.end, os.SEEK_SET)
            if self.durable:
                osio.OS.fsync(fd)
        except OSError:
            self._broken = True  # the next open drops the uncommitted tail
            self.close()


def open_db(path: Path, *, kind: str, create: bool, durable: bool) -> AppendLogDB:
    """A TinyDB over the append-only file at `path`."""
    return AppendLogDB(path, storage=AppendLogStorage, kind=kind, create=create, durable=durable)


def documents(table: dict[str, Any]) -> list[dict[str, Any]]:
    """A table's documents in id order."""
    return [dict(table[key]) for key in sorted(table, key=int)]
