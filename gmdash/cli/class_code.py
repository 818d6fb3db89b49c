"""Dataclass methods compiled once, not at every start of the dashboard.

Python 3.11 and 3.12 build each dataclass's methods (`__init__`, `__eq__`, `__repr__`,
`__hash__`, a frozen class's `__setattr__`...) by compiling their source text on the spot, each
time the class is defined: about a millisecond a class. The dashboard defines some 150 (its
events and sheets, Textual's own), which made compiling them the larger part of its imports.
The source depends only on the class's fields, so the compiled code is kept, source text to
code object, in the config folder (`gmdash.store.code_cache`) and reused at the next start.

How: the `dataclasses` module's one call of `exec` on source text is given a version that looks
the source up first (`dataclasses.exec`, a module global, shadows the builtin for that module
alone). The code objects are exactly what compiling that text gives (same text, same file name
`<string>`), so the classes are the same; a text never seen is compiled as before. On a Python
whose `dataclasses` no longer compiles this way nothing changes but the speed.
"""

from __future__ import annotations

import builtins
import dataclasses
import threading
from contextlib import suppress
from pathlib import Path
from typing import Any

from gmdash.store.code_cache import Codes, KeptCodes, read_codes, write_codes
from gmdash.store.errors import StoreError


class ClassCode:
    """The kept code, the code used this run, and whether anything new was compiled."""

    def __init__(self, path: Path, kept: KeptCodes) -> None:
        self.path = path
        self.kept = kept
        self.used: Codes = {}
        self.compiled = 0
        self._lock = threading.Lock()  # the dialogs are imported in a thread of their own

    def exec(self, source: object, globals: Any = None, locals: Any = None) -> None:
        """`exec` for `dataclasses`: source text runs from its kept code when there is some."""
        if isinstance(source, str):
            code = self.kept.get(source)
            new = code is None
            if code is None:  # (not `if new`: mypy narrows `code` only so)
                # dont_inherit: this module's `from __future__ import annotations` must not
                # reach the methods (`dataclasses` compiles with none in effect).
                code = compile(source, "<string>", "exec", dont_inherit=True)
            with self._lock:
                if new:  # kept at once: two classes of the same fields share their source
                    self.kept[source] = code
                    self.compiled += 1
                self.used[source] = code
            source = code
        builtins.exec(source, globals, locals)  # type: ignore[arg-type]

    def save(self) -> None:
        """Keep this run's code for the next start, if anything was new (then only what this
        run used: code of classes that are gone is dropped)."""
        with self._lock:
            if not self.compiled:
                return
            used, self.compiled = dict(self.used), 0
        with suppress(StoreError, OSError):  # then the next start compiles again: no more
            write_codes(self.path, used)


_installed: ClassCode | None = None


def install(path: Path) -> ClassCode | None:
    """Reuse the code kept at `path` for the dataclasses defined from now on (once per
    process); None where `dataclasses` does not compile through `exec`."""
    global _installed
    if _installed is not None:
        return _installed
    if not callable(getattr(dataclasses, "_create_fn", None)) or "exec" in vars(dataclasses):
        return None  # not the `dataclasses` this was made for, or already patched by another
    _installed = ClassCode(path, read_codes(path))
    dataclasses.exec = _installed.exec  # type: ignore[attr-defined]
    return _installed
