"""The campaign as one player's page reads it: the players' view, plus their own sheet.

The sheet is the one the player's link names now: the links file (`players.json`) is read at
each `sheet()`, and a write to it counts as a change, so a revoked link's page stops showing the
sheet at the next poll (the dashboard refuses its rolls at once, whatever the page shows).
"""

from __future__ import annotations

from pathlib import Path

from gmdash.serve.sheet import OwnSheet, own_sheet
from gmdash.serve.source import CampaignSource, Stamp, _stat
from gmdash.store.errors import StoreError
from gmdash.store.player_links import LINKS_FILE, character_of


class PlayerSource(CampaignSource):
    """One campaign of `saves` as the player holding `token` sees it."""

    def __init__(self, saves: Path, slug: str, token: str) -> None:
        super().__init__(saves, slug)
        self.token = token

    def sheet(self) -> OwnSheet | None:
        """The player's own sheet as of the last `read()` (None: no live link, or its
        character is gone)."""
        if self.state is None:
            return None
        try:
            character_id = character_of(self.folder, self.token)
        except StoreError:
            return None
        return own_sheet(self.state, character_id)

    def _current_stamp(self) -> Stamp:
        return (*super()._current_stamp(), _stat(self.folder / LINKS_FILE))
