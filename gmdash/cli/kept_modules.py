"""The dashboard's modules read from one kept file at start-up, not found and read one by one.

The dashboard imports some 300 modules before its first frame: some 120 of its own, and those of
the libraries it is built on (Textual's, Rich's, TinyDB's, platformdirs'). For each, Python's
import system searches the package folder, checks the source's time and size, opens and reads
its `.pyc` file. The same code objects are kept in one file of the config folder
(`gmdash.store.module_cache`) and taken from there, each checked first as Python checks a
`.pyc`: the source's size and time, and its folder's time (a file added beside it may change
what an import finds). A module whose source changed (a library upgraded), or that is not kept,
is imported as usual, and the file is written again when the dashboard closes.

Only the packages of `SERVED` are served, from where this run finds them; the file's key names
the folder of the running gmdash, so another checkout sharing the config folder finds no entry
of its own.
"""

from __future__ import annotations

import marshal
import os
import sys
import threading
from contextlib import suppress
from importlib.machinery import ModuleSpec, PathFinder, SourceFileLoader
from importlib.util import spec_from_file_location
from pathlib import Path
from types import CodeType, ModuleType
from typing import Any

import gmdash
from gmdash.store.errors import StoreError
from gmdash.store.module_cache import Entry, ModuleFile, modules_key, read_modules, write_modules

SERVED = frozenset({"gmdash", "textual", "rich", "tinydb", "platformdirs"})
"""The top-level packages whose modules are served: gmdash and what it starts with (pure
Python, loaded from source or `.pyc`; the standard library is left to Python's own)."""


class _KeptLoader(SourceFileLoader):
    """A source loader whose code comes from the kept file (once; a reload reads the source)."""

    def __init__(self, fullname: str, path: str, code: CodeType) -> None:
        super().__init__(fullname, path)
        self._kept: CodeType | None = code

    def get_code(self, fullname: str) -> CodeType | None:
        code, self._kept = self._kept, None
        return code if code is not None else super().get_code(fullname)


class _TakingLoader(SourceFileLoader):
    """A source loader that hands the code it reads (or compiles) to be kept as well."""

    def __init__(self, fullname: str, path: str, owner: KeptModules) -> None:
        super().__init__(fullname, path)
        self._owner = owner

    def get_code(self, fullname: str) -> CodeType | None:
        code = super().get_code(fullname)
        if code is not None:
            self._owner.take(fullname, self.path, code)
        return code


class KeptModules:
    """A finder (just ahead of Python's path finder) of the served modules: the kept ones from
    the file, the others found as usual and their code taken to be kept at the end."""

    def __init__(self, path: Path, folder: str, kept: ModuleFile) -> None:
        self.path = path
        self._key = modules_key(folder)
        self._kept = kept
        self._table = kept.index
        self._folders: dict[str, int | None] = {}
        self._served: set[str] = set()
        self._taken: dict[str, tuple[str, int, int, int, CodeType]] = {}
        self._lock = threading.Lock()  # the dialogs are imported in a thread of their own

    @property
    def served(self) -> int:
        return len(self._served)

    @property
    def taken(self) -> int:
        """Modules imported as usual (not kept, or changed since), to keep at the end."""
        return len(self._taken)

    def find_spec(
        self, name: str, path: Any = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if name.partition(".")[0] not in SERVED:
            return None
        entry = self._table.get(name)
        code = self._current(entry) if entry is not None else None
        if entry is not None and code is not None:
            with self._lock:
                self._served.add(name)
            loader = _KeptLoader(name, entry[0], code)
            return spec_from_file_location(name, entry[0], loader=loader)
        spec = PathFinder.find_spec(name, path, target)
        if spec is not None and type(spec.loader) is SourceFileLoader and spec.origin:
            spec.loader = _TakingLoader(name, spec.origin, self)
        return spec

    def _current(self, entry: Entry) -> CodeType | None:
        """The entry's code, if its source and folder are as they were when it was kept."""
        origin, size, mtime_ns, folder_mtime_ns = entry[:4]
        try:
            info = os.stat(origin)
        except OSError:
            return None
        if info.st_size != size or info.st_mtime_ns != mtime_ns:
            return None
        if self._folder_time(os.path.dirname(origin)) != folder_mtime_ns:
            return None
        return self._kept.code(entry)

    def _folder_time(self, folder: str) -> int | None:
        if folder not in self._folders:
            try:
                self._folders[folder] = os.stat(folder).st_mtime_ns
            except OSError:
                self._folders[folder] = None
        return self._folders[folder]

    def take(self, name: str, origin: str, code: CodeType) -> None:
        """Keep `code`, just read or compiled from `origin`, for module `name`."""
        try:
            info = os.stat(origin)
            folder = os.stat(os.path.dirname(origin)).st_mtime_ns
        except OSError:
            return
        with self._lock:
            self._taken[name] = (origin, info.st_size, info.st_mtime_ns, folder, code)

    def save(self) -> None:
        """If any module was imported as usual this run, keep its code with the rest: the
        kept entries still in use, and those of modules not imported this run whose source is
        still there (a changed one is taken again when next imported)."""
        with self._lock:
            if not self._taken:
                return
            taken, self._taken = dict(self._taken), {}
            served = set(self._served)
        modules: dict[str, tuple[str, int, int, int, bytes]] = {}
        for name, entry in self._table.items():
            if name in served or os.path.exists(entry[0]):
                marshalled = self._kept.marshalled(entry)
                if marshalled is not None:
                    modules[name] = (*entry[:4], marshalled)
        for name, (origin, size, mtime_ns, folder, code) in taken.items():
            modules[name] = (origin, size, mtime_ns, folder, marshal.dumps(code))
        with self._lock:  # a module imported from now on is found as usual
            self._table = {}
        self._kept.close()
        with suppress(StoreError, OSError):  # then the next start reads them one by one
            write_modules(self.path, self._key, modules)


_installed: KeptModules | None = None


def install(path: Path) -> KeptModules | None:
    """Serve the package's modules imported from now on from the file at `path` (once per
    process); None when the package has no single folder to key them by."""
    global _installed
    if _installed is not None:
        return _installed
    folders = list(getattr(gmdash, "__path__", []))
    if len(folders) != 1:
        return None
    folder = os.path.realpath(folders[0])
    _installed = KeptModules(path, folder, read_modules(path, modules_key(folder)))
    # Just ahead of Python's own path finder, which would find the same modules: a finder put
    # first by someone else (a debugger's, a profiler's, the benchmarks' probe) still comes first.
    at = next((i for i, finder in enumerate(sys.meta_path) if finder is PathFinder), 0)
    sys.meta_path.insert(at, _installed)
    return _installed
