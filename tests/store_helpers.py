"""What the store's tests check alike: every save file whole, hashes of a folder."""

from __future__ import annotations

import hashlib
from pathlib import Path

from gmdash.store.appendlog import parse
from gmdash.store.documents import CAMPAIGN_FORMAT, SESSION_FORMAT, parse_document


def assert_files_whole(folder: Path) -> int:
    """Every save file of a campaign folder reads; returns how many torn-tail bytes were found
    (a transaction being written when the process died: never acknowledged)."""
    dropped = 0
    parse_document(folder / "campaign.json", (folder / "campaign.json").read_bytes(),
                   CAMPAIGN_FORMAT)  # fmt: skip
    for path in sorted((folder / "sessions").glob("session-*.json")):
        dropped += parse(path, path.read_bytes(), SESSION_FORMAT).dropped
    return dropped


def hashes(folder: Path) -> dict[str, str]:
    """The SHA-256 of every file under `folder` (links by their target text, not followed)."""
    found = {}
    for path in sorted(folder.rglob("*")):
        if path.is_symlink():
            found[str(path.relative_to(folder))] = "link:" + str(path.readlink())
        elif path.is_file():
            found[str(path.relative_to(folder))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found
