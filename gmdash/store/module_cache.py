"""The file of gmdash's own compiled modules kept between starts (see `gmdash.cli.kept_modules`).

One file in the config folder, keyed by the interpreter's bytecode magic, its optimisation level
and the folder the package is imported from. After that key: the index, one `Entry` per module
(where its source is, what that file and its folder looked like when the code was taken, as
Python checks its own `.pyc` files, and where the module's marshalled code lies in the file),
then the code of every module one after another.

The file is mapped, not read: a start touches only the code of the modules it imports, and
nothing is copied before it is unmarshalled. The index and each module's code carry a CRC-32, so
that a torn or damaged file is a miss (the module is then imported as usual), never wrong code.
"""

from __future__ import annotations

import marshal
import mmap
import struct
import sys
import zlib
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType

from gmdash.store import osio
from gmdash.store.code_cache import code_from
from gmdash.store.errors import StoreError
from gmdash.store.kept_bytes import key_of

FORMAT = b"gmdash-module-code-1\n"
_SIZES = struct.Struct("<QI")  # the index's length, its CRC-32

Entry = tuple[str, int, int, int, int, int, int]
"""(source file, its size, its modification time in ns, its folder's, the code's offset after
the index, its length, its CRC-32). The folder's time changes when a module or package is added
beside the source, which may change what an import finds."""


def modules_key(package_folder: str) -> bytes:
    """The key of the modules compiled by this interpreter from the package at `package_folder`."""
    return key_of(MAGIC_NUMBER.hex(), str(sys.flags.optimize), package_folder)


class ModuleFile:
    """A kept file, mapped: its index, and each module's code on demand."""

    def __init__(self, mapped: mmap.mmap | None, index: dict[str, Entry], start: int) -> None:
        self._mapped = mapped
        self.index = index
        self._start = start

    def code(self, entry: Entry) -> CodeType | None:
        """The code of `entry`, or None when its bytes are not whole."""
        view = self._view(entry)
        if view is None:
            return None
        with view:
            return code_from(view)

    def close(self) -> None:
        """Let the file go (before it is replaced: Windows replaces no mapped file). Its
        entries' code is not read after this."""
        if self._mapped is not None:
            self._mapped.close()
            self._mapped = None

    def marshalled(self, entry: Entry) -> bytes | None:
        """The marshalled code of `entry` (to keep it again), or None when not whole."""
        view = self._view(entry)
        if view is None:
            return None
        with view:
            return bytes(view)

    def _view(self, entry: Entry) -> memoryview | None:
        if self._mapped is None:
            return None
        offset, length, crc = entry[4:7]
        begin = self._start + offset
        if offset < 0 or length < 0 or begin + length > len(self._mapped):
            return None
        view = memoryview(self._mapped)[begin : begin + length]
        if zlib.crc32(view) != crc:
            view.release()
            return None
        return view


EMPTY = ModuleFile(None, {}, 0)


def read_modules(path: Path, key: bytes) -> ModuleFile:
    """The file at `path` made for `key`; an empty one when there is none whole (no file, a
    link, not a file or an empty one, too big, another format or key, a torn or damaged
    index)."""
    try:
        mapped = osio.map_file(path)
    except (OSError, StoreError):
        return EMPTY
    if mapped is None:
        return EMPTY
    head = FORMAT + key
    start = len(head) + _SIZES.size
    if len(mapped) < start or mapped[: len(head)] != head:
        return EMPTY
    length, crc = _SIZES.unpack_from(mapped, len(head))
    index_bytes = mapped[start : start + length]
    if len(index_bytes) != length or zlib.crc32(index_bytes) != crc:
        return EMPTY
    try:
        index = marshal.loads(index_bytes)
    except (EOFError, ValueError, TypeError):
        return EMPTY
    if not isinstance(index, dict):
        return EMPTY
    entries = {name: entry for name, entry in index.items()
               if isinstance(name, str) and _well_formed(entry)}  # fmt: skip
    return ModuleFile(mapped, entries, start + length)


def _well_formed(entry: object) -> bool:
    return (
        isinstance(entry, tuple)
        and len(entry) == 7
        and isinstance(entry[0], str)
        and all(type(value) is int for value in entry[1:])
    )


def write_modules(
    path: Path, key: bytes, modules: dict[str, tuple[str, int, int, int, bytes]]
) -> None:
    """Keep `modules` (name: source file, its size and time, its folder's time, the marshalled
    code) at `path`, whole or not at all; not fsynced: a lost file only means reading the
    modules one by one again. StoreError or OSError when it cannot be written."""
    index: dict[str, Entry] = {}
    blob: list[bytes] = []
    offset = 0
    for name, (origin, size, mtime_ns, folder_mtime_ns, code) in modules.items():
        index[name] = (origin, size, mtime_ns, folder_mtime_ns, offset, len(code),
                       zlib.crc32(code))  # fmt: skip
        blob.append(code)
        offset += len(code)
    index_bytes = marshal.dumps(index)
    sizes = _SIZES.pack(len(index_bytes), zlib.crc32(index_bytes))
    osio.make_dir(path.parent)
    from gmdash.store.atomic import write_atomic  # the model comes with it: only when written

    write_atomic(path, b"".join([FORMAT, key, sizes, index_bytes, *blob]), durable=False)
