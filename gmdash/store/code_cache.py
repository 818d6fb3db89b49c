"""The file of compiled dataclass methods kept between starts (see `gmdash.cli.class_code`).

One file in the config folder: a header (format, the interpreter's bytecode magic, a digest of
the rest), then the marshalled table of method source to code object. A file of another
Python, a torn or a damaged one reads as empty (everything is compiled again, as without it);
it is rewritten whole (atomically) when the table changed.
"""

from __future__ import annotations

import hashlib
import marshal
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType

from gmdash.store import osio
from gmdash.store.errors import StoreError

FORMAT = b"gmdash-class-code-2\n"
DIGEST_SIZE = 16
Codes = dict[str, CodeType]


def _digest(payload: bytes) -> bytes:
    return hashlib.blake2b(payload, digest_size=DIGEST_SIZE).digest()


def read_codes(path: Path) -> Codes:
    """The table kept at `path`; empty when there is none this interpreter can trust."""
    try:
        data = osio.read_file(path)
    except (OSError, StoreError):  # none, or a link or a folder in its place
        return {}
    head = FORMAT + MAGIC_NUMBER
    payload = data[len(head) + DIGEST_SIZE :]
    if not data.startswith(head) or data[len(head) : len(head) + DIGEST_SIZE] != _digest(payload):
        return {}
    try:
        table = marshal.loads(payload)
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(table, dict):
        return {}
    return {
        source: code
        for source, code in table.items()
        if isinstance(source, str) and isinstance(code, CodeType)
    }


def write_codes(path: Path, codes: Codes) -> None:
    """Keep `codes` at `path` (not fsynced: a lost file only means compiling again)."""
    payload = marshal.dumps(codes)
    osio.make_dir(path.parent)
    # Imported here: the atomic writer's module brings the model, whose classes are defined
    # only once this file's code is in use.
    from gmdash.store.atomic import write_atomic

    write_atomic(path, FORMAT + MAGIC_NUMBER + _digest(payload) + payload, durable=False)
