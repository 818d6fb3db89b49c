"""Open a campaign and run the dashboard on it; every failure is one clear line, never a trace."""

from __future__ import annotations

import gc
import sys
from collections.abc import Sequence
from pathlib import Path

from gmdash.config import Config
from gmdash.model.errors import ValidationError
from gmdash.play.campaign import CampaignService
from gmdash.safe_text import visible
from gmdash.store.errors import StoreError

EXIT_REFUSED = 2
CRASH_LOG = "crash.log"


def open_for_dashboard(saves_dir: Path, campaign: str | None) -> CampaignService:
    """The named campaign, else the last one, else the demo (created on first start)."""
    if campaign:
        return CampaignService.open(saves_dir, campaign)
    return CampaignService.open_last(saves_dir)


def prepare() -> None:
    """Move everything loaded so far (modules, classes, the campaign) out of the garbage
    collector's reach: building the app allocates enough to trigger full collections, which
    would otherwise walk every imported object again and delay the first frame."""
    gc.freeze()


def run_dashboard(
    saves_dir: Path,
    campaign: str | None,
    *,
    config: Config | None = None,
    notes: Sequence[str] = (),
) -> int:
    """Run the app until the game master quits; returns the exit status.

    `notes` (a bad config, campaigns left in ./saves) are shown in the dashboard, and printed
    again once it closes so that they are not lost with the screen."""
    try:
        service = open_for_dashboard(saves_dir, campaign)
    except (StoreError, ValidationError, OSError) as error:
        print(visible(f"gmdash: {error}"), file=sys.stderr)  # the error may quote a name
        return EXIT_REFUSED
    from gmdash.tui.app import GmDashApp  # Textual only now that there is a campaign to show

    prepare()
    try:
        app = GmDashApp(service, crash_log=service.store.folder / CRASH_LOG, config=config,
                        notes=notes)  # fmt: skip
        app.run()
    finally:
        service.close()
    for note in app.notes:
        print(f"gmdash: {note}", file=sys.stderr)
    return 0
