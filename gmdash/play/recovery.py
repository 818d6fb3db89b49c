"""Opening a damaged campaign again: the one recovery both the CLI and the dashboard offer.

Each damaged save file is renamed `<name>.corrupt-<time>` (kept, never deleted) and what can be
trusted is put back (see `gmdash.store.recovery`); a session log keeps its events up to the
first one that does not read.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from gmdash.play.campaign import CampaignService, read_event
from gmdash.store.errors import CorruptSaveError
from gmdash.store.lock import DEFAULT_WAIT
from gmdash.store.paths import CAMPAIGN_FILE, campaign_folder
from gmdash.store.recovery import Recovered, open_recovering


def recover(
    saves: Path, name: str, now: datetime, *, wait: float = DEFAULT_WAIT
) -> tuple[CampaignService, list[Recovered]]:
    """The campaign `name`, opened for writing once its damaged files are recovered, and what
    recovering each one kept and lost (empty when nothing was damaged)."""
    folder = campaign_folder(saves, name)

    def readable(raw: dict[str, Any]) -> bool:
        try:
            read_event(raw, folder / CAMPAIGN_FILE)
        except CorruptSaveError:
            return False
        return True

    return open_recovering(
        lambda: CampaignService.open(saves, name, remember=False, wait=wait), folder, now, readable
    )
