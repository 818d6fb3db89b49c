"""The file of compiled dataclass methods kept between starts (see `gmdash.cli.class_code`).

One file in the config folder: a header (format, the interpreter's bytecode magic, a digest of
the rest), then the marshalled table of method source to code object, each code object itself
marshalled (unmarshalled when first asked for). A file of another Python, a torn or a damaged
one reads as empty (everything is compiled again, as without it); it is rewritten whole
(atomically) when the table changed.
"""

from __future__ import annotations

import marshal
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType

from gmdash.store import osio
from gmdash.store.digests import blake2b
from gmdash.store.errors import StoreError

FORMAT = b"gmdash-class-code-3\n"
DIGEST_SIZE = 16
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
        if not isinstance(data, bytes):
            return None
        try:
            found = marshal.loads(data)
        except (EOFError, ValueError, TypeError):
            return None
        if not isinstance(found, CodeType):
            return None
        self._codes[source] = found
        return found

    def __setitem__(self, source: str, code: CodeType) -> None:
        self._codes[source] = code

    def as_dict(self) -> Codes:
        """Every code object kept, unmarshalled."""
        for source in [s for s in self._marshalled if isinstance(s, str)]:
            self.get(source)
        return dict(self._codes)


def _digest(payload: bytes) -> bytes:
    return blake2b(payload, digest_size=DIGEST_SIZE).digest()


def read_codes(path: Path) -> KeptCodes:
    """The table kept at `path`; empty when there is none this interpreter can trust."""
    try:
        data = osio.read_file(path)
    except (OSError, StoreError):  # none, or a link or a folder in its place
        return KeptCodes({})
    head = FORMAT + MAGIC_NUMBER
    payload = data[len(head) + DIGEST_SIZE :]
    if not data.startswith(head) or data[len(head) : len(head) + DIGEST_SIZE] != _digest(payload):
        return KeptCodes({})
    try:
        table = marshal.loads(payload)
    except (EOFError, ValueError, TypeError):
        return KeptCodes({})
    return KeptCodes(table if isinstance(table, dict) else {})


def write_codes(path: Path, codes: Codes) -> None:
    """Keep `codes` at `path` (not fsynced: a lost file only means compiling again)."""
    payload = marshal.dumps({source: marshal.dumps(code) for source, code in codes.items()})
    osio.make_dir(path.parent)
    # Imported here: the atomic writer's module brings the model, whose classes are defined
    # only once this file's code is in use.
    from gmdash.store.atomic import write_atomic

    write_atomic(path, FORMAT + MAGIC_NUMBER + _digest(payload) + payload, durable=False)
