"""Persistence of campaigns: the only code that touches TinyDB and the file system.

See `CampaignStore` (files of one campaign), `AtomicJSONStorage` (crash-safe TinyDB storage),
`CampaignLock` (one writer per campaign) and `paths` (saves folder, slugs, last campaign).
"""

from __future__ import annotations

from gmdash.store.atomic import AtomicJSONStorage, write_atomic
from gmdash.store.campaign_store import CampaignStore
from gmdash.store.documents import SCHEMA_VERSION
from gmdash.store.errors import (
    CampaignLocked,
    CampaignNotFound,
    CorruptSaveError,
    ReadOnlyError,
    StoreError,
)
from gmdash.store.lock import CampaignLock
from gmdash.store.paths import resolve_saves_dir, slugify
from gmdash.store.recovery import move_aside

__all__ = [
    "SCHEMA_VERSION",
    "AtomicJSONStorage",
    "CampaignLock",
    "CampaignLocked",
    "CampaignNotFound",
    "CampaignStore",
    "CorruptSaveError",
    "ReadOnlyError",
    "StoreError",
    "move_aside",
    "resolve_saves_dir",
    "slugify",
    "write_atomic",
]
