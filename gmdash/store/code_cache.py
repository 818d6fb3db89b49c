"""The file of compiled dataclass methods kept between starts (see `gmdash.cli.class_code`).

One file in the config folder (`gmdash.store.kept_bytes`): a header (format, the interpreter's
bytecode magic as its key, a digest of the rest), then the marshalled table of method source to
code object, each code object itself marshalled (unmarshalled when first asked for). A file of
another Python, a torn or a damaged one reads as empty (everything is compiled again, as
without it); it is rewritten whole (atomically) when the table changed.
"""

from __future__ import annotations

import marshal
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType

from gmdash.store.kept_bytes import read_kept, write_kept

FORMAT = b"gmdash-class-code-4\n"
Codes = dict[str, CodeType]


class KeptCodes:
    """The kept table, each code object unmarshalled when first asked for: a start uses some
    of them (the dialogs' come later, or never), and unmarshalling them all was most of the
    reading."""

    def __init__(self, marshalled: dict[object, object]) -> None:
        self._marshalled = marshalled
        self._codes: Codes = {}

    def get(self, source: str) -> CodeType | None:
        """The code kept for `source`, or None (none, or not a code object)."""
        code = self._codes.get(source)
        if code is not None:
            return code
        data = self._marshalled.pop(source, None)
        found = code_from(data) if isinstance(data, bytes) else None
        if found is not None:
            self._codes[source] = found
        return found

    def __setitem__(self, source: str, code: CodeType) -> None:
        self._codes[source] = code

    def as_dict(self) -> Codes:
        """Every code object kept, unmarshalled."""
        for source in [s for s in self._marshalled if isinstance(s, str)]:
            self.get(source)
        return dict(self._codes)


def code_from(data: bytes | memoryview) -> CodeType | None:
    """The code object marshalled in `data`, or None (damaged, or not a code object)."""
    try:
        found = marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        return None
    return found if isinstance(found, CodeType) else None


def read_codes(path: Path) -> KeptCodes:
    """The table kept at `path`; empty when there is none this interpreter can trust."""
    payload = read_kept(path, FORMAT, MAGIC_NUMBER)  # keyed by the interpreter's bytecode
    if payload is None:
        return KeptCodes({})
    try:
        table = marshal.loads(payload)
    except (EOFError, ValueError, TypeError):
        return KeptCodes({})
    return KeptCodes(table if isinstance(table, dict) else {})


def write_codes(path: Path, codes: Codes) -> None:
    """Keep `codes` at `path` (not fsynced: a lost file only means compiling again)."""
    payload = marshal.dumps({source: marshal.dumps(code) for source, code in codes.items()})
    write_kept(path, FORMAT, MAGIC_NUMBER, payload)
