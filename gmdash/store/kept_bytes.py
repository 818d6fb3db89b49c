"""Derived bytes kept in the config folder between starts, taken back only whole and only for
the same key.

What the dashboard works out the same way at every start (its dataclasses' compiled methods,
see `gmdash.store.code_cache`; the styles its CSS parses to, see `gmdash.tui.kept_styles`) can
be kept here and read back instead. The file names what made it
(`key`: the versions and inputs it depends on) and the CRC-32 of what it holds, so that a file
made by other code, for other inputs, torn or damaged is a miss, and the work is done again (a
check of integrity, as Python checks its own `.pyc` files, not of trust: what is read back is
code objects and Textual's style classes only). It is never fsynced: losing it only costs that
work.
"""

from __future__ import annotations

import os
import zlib
from pathlib import Path

from gmdash.store import osio
from gmdash.store.digests import blake2b
from gmdash.store.errors import StoreError

DIGEST_SIZE = 16
"""Of the key."""
CHECK_SIZE = 4


def key_of(*parts: str) -> bytes:
    """A key for what the kept bytes were made from."""
    mark = blake2b(digest_size=DIGEST_SIZE)
    for part in parts:
        mark.update(part.encode("utf-8", "surrogatepass") + b"\0")
    return mark.digest()


def source_marks(folder: Path, names: frozenset[str] | None = None) -> list[str]:
    """`name|size|time` of each Python source file in `folder` (of `names` only, if given), in
    order of name: what derived data made from that code depends on (a new release, an edit,
    changes them). OSError if the folder cannot be listed."""
    marks = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.name.endswith(".py") and (names is None or entry.name in names):
                info = entry.stat()
                marks.append(f"{entry.name}|{info.st_size}|{info.st_mtime_ns}")
    return sorted(marks)


def _check(payload: bytes) -> bytes:
    # CRC-32: a tenth of the time of a digest over the megabyte of the class code.
    return zlib.crc32(payload).to_bytes(CHECK_SIZE, "little")


def read_kept(path: Path, form: bytes, key: bytes) -> bytes | None:
    """The bytes kept at `path` in the format `form` for `key`; None when there are none whole
    for that key (no file, another format or key, a torn or edited one)."""
    try:
        data = osio.read_file(path)
    except (OSError, StoreError):  # none, or a link or a folder in its place
        return None
    head = form + key
    payload = data[len(head) + CHECK_SIZE :]
    if not data.startswith(head) or data[len(head) : len(head) + CHECK_SIZE] != _check(payload):
        return None
    return payload


def write_kept(path: Path, form: bytes, key: bytes, payload: bytes) -> None:
    """Keep `payload` at `path` for `key` (StoreError or OSError when it cannot be written)."""
    osio.make_dir(path.parent)
    from gmdash.store.atomic import write_atomic  # the model comes with it: only when written

    write_atomic(path, form + key + _check(payload) + payload, durable=False)
