"""Where exports go: never inside a campaign folder, so an export can never replace a save.

The dashboard writes a relative file name in `<saves>/exports/`; the CLI in the current folder.
Either way a target inside a campaign folder (one holding `campaign.json` and `sessions/`), or
a save file itself, is refused with a message.
"""

from __future__ import annotations

import os
from pathlib import Path

from gmdash.store.atomic import write_atomic
from gmdash.store.errors import StoreError
from gmdash.store.osio import make_dir
from gmdash.store.paths import EXPORTS_DIR, is_campaign_folder


class ExportRefused(StoreError):
    """An export aimed at a campaign folder or a save file."""


def exports_folder(saves: Path) -> Path:
    """The dashboard's folder for exports: `<saves>/exports/` (`exports-files/` beside a
    campaign of that name made by an older release, which no export may go into)."""
    folder = saves / EXPORTS_DIR
    if is_campaign_folder(folder):
        return saves / f"{EXPORTS_DIR}-files"
    return folder


def campaign_folder_of(target: Path) -> Path | None:
    """The campaign folder that `target` (a file to write) would be inside, if any."""
    resolved = Path(os.path.realpath(target.expanduser()))
    for folder in (resolved.parent, *resolved.parent.parents):
        if is_campaign_folder(folder):
            return folder
    return None


def export_refusal(target: Path) -> str | None:
    """Why `target` may not be written by an export (None: it may)."""
    folder = campaign_folder_of(target)
    if folder is not None:
        return f"{target} is inside the campaign folder {folder}: exports never go there"
    return None


def write_export(target: Path, text: str, exports: Path) -> None:
    """Write an export's `text` to `target` atomically (the `exports` folder made first if that
    is where it goes); ExportRefused (inside a campaign folder) or StoreError says why not."""
    refusal = export_refusal(target)
    if refusal is not None:
        raise ExportRefused(refusal)
    try:
        if target.parent == exports:
            make_dir(target.parent)
        write_atomic(target, text.encode("utf-8"))
    except OSError as error:
        raise StoreError(str(error)) from None
