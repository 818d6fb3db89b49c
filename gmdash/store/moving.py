"""Moving campaigns from one saves folder to another (`gmdash saves move FROM`)."""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path

from gmdash.store import osio
from gmdash.store.errors import CampaignLocked, StoreError
from gmdash.store.lock import CampaignLock
from gmdash.store.paths import LAST_FILE, LOCK_FILE, SMALL_FILE_BYTES, campaign_slugs


@dataclass
class MoveReport:
    moved: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (slug, why)


def move_campaigns(source: Path, target: Path) -> MoveReport:
    """Move every campaign folder of `source` into `target`, never over a campaign already
    there and never one that is open (its lock is taken first); `.last` follows when `target`
    has none. An emptied `source` is removed."""
    report = MoveReport()
    target.mkdir(parents=True, exist_ok=True)
    for slug in campaign_slugs(source):
        destination = target / slug
        if destination.exists():
            report.skipped.append((slug, f"{destination} already exists"))
            continue
        try:
            lock = CampaignLock.acquire(source / slug / LOCK_FILE, slug)
        except CampaignLocked as error:
            report.skipped.append((slug, str(error)))
            continue
        lock.release()  # a folder with an open file cannot be moved on Windows
        shutil.move(source / slug, destination)
        report.moved.append(slug)
    last = source / LAST_FILE
    if last.is_file() and not (target / LAST_FILE).exists():
        try:
            slug = osio.read_file(last, SMALL_FILE_BYTES).decode("utf-8", "replace").strip()
        except (OSError, StoreError):
            slug = ""
        if slug in report.moved:
            shutil.move(last, target / LAST_FILE)
    if source.is_dir() and not any(source.iterdir()):
        source.rmdir()
    return report
