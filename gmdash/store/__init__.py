"""Persistence of campaigns: the only code that touches TinyDB and the file system.

See `CampaignStore` (files of one campaign), `AtomicJSONStorage` (crash-safe TinyDB storage),
`CampaignLock` (one writer per campaign) and `paths` (saves folder, slugs, last campaign).

The names below are imported when first asked for, not with the package: the dashboard reads
its kept dataclass code (`code_cache`, in this package) before it imports the model, whose
classes the campaign store would otherwise define first, compiling their methods again.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_HOMES = {
    "AtomicJSONStorage": "atomic",
    "write_atomic": "atomic",
    "CampaignStore": "campaign_store",
    "SCHEMA_VERSION": "documents",
    "CampaignLocked": "errors",
    "CampaignNotFound": "errors",
    "CorruptSaveError": "errors",
    "ReadOnlyError": "errors",
    "StoreError": "errors",
    "CampaignLock": "lock",
    "resolve_saves_dir": "paths",
    "slugify": "paths",
    "move_aside": "recovery",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)


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
