"""The checksum line every save file carries: CRC-32 and length of the bytes it seals.

```
{"meta":{"1":{"format":"gmdash.campaign","schema_version":5}},"state":{...}}
{"seal":"crc32","crc":"5d1f0c2a","bytes":541022}
```
A snapshot (`campaign.json`, `campaign.previous.json`) is its document and one seal line over
all of it; a session log is its base document and a seal line over the base, then transactions
that each end with a commit line holding their own CRC-32 (see `appendlog`). So every byte the
store writes is checked when it is read back: one flipped bit of a roll's number is a
`CorruptSaveError`, never a wrong number shown and made permanent by the next write.

CRC-32 finds every error of up to 32 bits in a row (any flipped bit or byte) and costs about a
millisecond a megabyte; it guards against damage, not against a hand that means it (that
person can write a matching line). Files of schema version 4 and before (the previous releases)
have no seal and are read as they are; the writer seals them the first time it opens the
campaign (`documents.SEALED_VERSION`).
"""

from __future__ import annotations

import re
import zlib
from pathlib import Path

from gmdash.store.errors import CorruptSaveError

SEAL_START = b'{"seal":'
_SEAL = re.compile(rb'\{"seal":"crc32","crc":"([0-9a-f]{8})","bytes":(\d{1,12})\}')


def seal_line(content: bytes) -> bytes:
    """The line that seals `content` (which ends with a newline)."""
    return b'{"seal":"crc32","crc":"%08x","bytes":%d}\n' % (zlib.crc32(content), len(content))


def sealed(content: bytes) -> bytes:
    """`content` (a document ending with a newline) followed by its seal line."""
    return content + seal_line(content)


def check_seal(path: Path, content: bytes, line: bytes) -> None:
    """CorruptSaveError unless `line` (without its newline) is the seal of `content`."""
    found = _SEAL.fullmatch(line)
    if found is None:
        raise CorruptSaveError(path, "its checksum line is damaged")
    crc, size = found.group(1), int(found.group(2))
    if size != len(content) or int(crc, 16) != zlib.crc32(content):
        raise CorruptSaveError(
            path, "its checksum does not match its content (damaged on disk, or edited by hand)"
        )


def last_line_start(raw: bytes) -> int:
    """Where the last line of `raw` (which ends with a newline) begins."""
    return raw.rfind(b"\n", 0, len(raw) - 1) + 1


def has_seal(raw: bytes) -> bool:
    """Whether a snapshot file's bytes end with a seal line (else: the older format)."""
    return raw.endswith(b"\n") and raw.startswith(SEAL_START, last_line_start(raw))


def unseal(path: Path, raw: bytes) -> bytes | None:
    """The checked document of a sealed snapshot file; None for a file with no seal line (the
    older format: its schema version says whether it may lack one)."""
    if not has_seal(raw):
        return None
    start = last_line_start(raw)
    line = raw[start:-1]
    content = raw[:start]
    check_seal(path, content, line)
    return content
