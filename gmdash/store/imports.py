"""Reading a file to import a character from (gmdash JSON, a Foundry actor, a stat block):
the one place both front ends read such a file, within the import size limit."""

from __future__ import annotations

import errno
from pathlib import Path

from gmdash.store import osio
from gmdash.store.errors import StoreError

MAX_FILE_BYTES = 1_000_000
"""The largest import file read (docs/character-schema.md): far beyond any real sheet, low
enough that a hostile or broken file cannot bloat a campaign or a screen."""


class ImportFileError(StoreError):
    """An import file that cannot be read, is too big, or is not UTF-8 text."""


def read_import_file(path: Path) -> str:
    """The text of `path` (a `~` is the home folder); ImportFileError says why not."""
    path = path.expanduser()
    try:
        raw = osio.read_user_file(path, MAX_FILE_BYTES)  # never waits on a FIFO
    except OSError as error:
        if error.errno == errno.EFBIG:
            raise ImportFileError(
                f"{path} is larger than {MAX_FILE_BYTES:,} bytes: not a character sheet"
            ) from None
        raise ImportFileError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        if raw.lstrip().startswith((b"{", b"[")):
            raise ImportFileError(f"{path} is not valid JSON: {error}") from None
        raise ImportFileError(f"{path} is not UTF-8 text: {error}") from None
