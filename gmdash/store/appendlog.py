"""Append-only save files: a base document, then committed transactions as JSON lines.

```
{"meta":{"1":{"format":"gmdash.session-log","schema_version":5}},"events":{...}}   the base
{"seal":"crc32","crc":"0b9d3e55","bytes":8121}                  the base's checksum (`seal`)
{"t":"events","id":"41","doc":{...}}                                 one line per document
{"t":"events","id":"42","doc":{...}}
{"commit":1,"ops":2,"crc":"5d1f0c2a"}                 the commit marker: count and CRC-32
```
A transaction is on disk once its commit line is written and fsynced: appending costs the same
whatever the file holds. Opening drops only a torn or uncommitted tail: whole lines of
documents with no commit line after them, and a last line cut short (never shown to anyone,
since nothing is shown before its commit is fsynced). Anything else that does not read (a
commit line whose checksum does not match, a whole line that is not one of ours) is damage:
a `CorruptSaveError`, so that a flipped bit is never mistaken for a torn write and dropped.
Compaction rewrites the file atomically as the base and its seal. Files of the previous
release (no seal line after the base; older still, the base alone without a newline) read as
they are and are compacted, sealed, before the next append.
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
from gmdash.store.seal import SEAL_START, check_seal, sealed

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


def encode_base(tables: Tables) -> bytes:
    """A compacted append-only file: the base document and its seal line."""
    return sealed(encode(tables) + b"\n")


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
    """The committed transactions in `raw[start:]`, stopping before a torn or uncommitted tail
    (whole document lines with no commit line after them, then perhaps a line cut short).

    CorruptSaveError for anything else: a commit line that does not match what it commits, a
    whole line that is neither a document nor a commit line (a write is torn only at its end,
    and every newline we write ends a line: damage in the middle of a file, or a flipped bit).
    """
    tail = Tail(end=start)
    count = 0
    ops: list[Op] = []
    body_start = position = start
    while position < len(raw):
        newline = raw.find(b"\n", position)
        if newline < 0:
            # A torn last line: the start of a line, never a whole commit line and one byte
            # more (that is a commit line whose newline was damaged).
            if _commit(raw[position:-1]) is not None:
                raise CorruptSaveError(path, f"damaged at byte {len(raw) - 1}")
            break
        line = raw[position:newline]
        commit = _commit(line)
        if commit is not None:
            body = raw[body_start:position]
            if commit["ops"] != count or commit["crc"] != crc(body):
                raise CorruptSaveError(
                    path, f"the change at byte {body_start} does not match its checksum"
                )
            tail.transactions.append(ops)
            ops = []
            count = 0
            tail.end = body_start = position = newline + 1
            continue
        op = _op(line)
        if op is None:
            raise CorruptSaveError(path, f"damaged at byte {position}")
        ops.append(op)
        count += 1
        position = newline + 1
    tail.dropped = len(raw) - tail.end
    return tail


@dataclass(slots=True)
class Parsed:
    """A whole append-only file, read."""

    tables: Tables
    end: int
    transactions: int
    dropped: int
    legacy: bool = False
    """The oldest format (no newline after the base): compacted before the first append."""
    base_end: int = 0
    """Where the transactions begin (after the base and its seal)."""
    sealed: bool = True
    """False for a file of the previous release (no seal line): sealed before the next append."""

    @property
    def compacted(self) -> bool:
        return not self.transactions and not self.dropped and not self.legacy and self.sealed

    @property
    def appended(self) -> int:
        """Bytes of transactions after the base (what a compaction would fold into it)."""
        return self.end - self.base_end


def parse(path: Path, raw: bytes, kind: str) -> Parsed:
    """The tables of an append-only file (base, its seal checked, plus committed transactions)."""
    if not raw.strip():
        raise CorruptSaveError(path, "the file is empty (truncated?)")
    newline = raw.find(b"\n")
    if newline < 0:
        tables = check_document(path, load_json(path, raw), kind, sealed=False)
        return Parsed(tables, len(raw), 0, 0, legacy=True, base_end=len(raw), sealed=False)
    base_end = newline + 1
    seal_end = raw.find(b"\n", base_end) + 1
    is_sealed = seal_end > 0 and raw.startswith(SEAL_START, base_end)
    if is_sealed:
        check_seal(path, raw[:base_end], raw[base_end : seal_end - 1])
        base_data = load_json(path, raw[:base_end])
        tables = check_document(path, base_data, kind)
        base_end = seal_end
    else:
        tables = check_document(path, load_json(path, raw[:base_end]), kind, sealed=False)
    tail = read_tail(path, raw, base_end)
    apply(tables, (op for ops in tail.transactions for op in ops))
    return Parsed(tables, tail.end, len(tail.transactions), tail.dropped, base_end=base_end,
                  sealed=is_sealed)  # fmt: skip


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
    def appended(self) -> int:
        """Bytes of transactions after the base (what a compaction would fold into it)."""
        return self._parsed.appended

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
        if self._parsed.dropped or self._parsed.legacy or not self._parsed.sealed:
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
        data = encode_base(tables)
        self.close()  # the old file's descriptor would append to the replaced file
        write_atomic(self.path, data, durable=self.durable)
        self._parsed = Parsed(tables, len(data), 0, 0, base_end=len(data))
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


def documents(table: dict[str, Any], *, copy: bool = True) -> list[dict[str, Any]]:
    """A table's documents in id order; `copy=False` for a table read just for the caller (no
    one else holds it: a log read to be shown or exported)."""
    ordered = sorted(table, key=int)
    if not copy:
        return [table[key] for key in ordered]
    return [dict(table[key]) for key in ordered]
