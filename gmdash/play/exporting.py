"""Exporting a campaign's log: the one runner the log pane (`x`) and `gmdash log --format` call.

It gathers what an export says beside its entries (each session's statistics, for the
Markdown journal), has `gmdash.formats.log_export` write the text, and saves a file through
the store (`gmdash.store.exports.write_export`: never into a campaign folder, atomically).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from gmdash.formats import log_export
from gmdash.model.log import Record
from gmdash.play.log_reading import Which, session_stats_of
from gmdash.store.exports import exports_folder, write_export

if TYPE_CHECKING:
    from gmdash.play.campaign import CampaignService


def export_text(
    service: CampaignService,
    found: Sequence[Record],
    fmt: str,
    *,
    which: Which,
    title: str,
    width: int | None = None,
    now: datetime | None = None,
) -> str:
    """`found` (records of log `which`) as `fmt`; the Markdown journal opens with the numbers of
    the sessions `which` covers (an open one lasting until `now`)."""
    stats = session_stats_of(service, which, now) if fmt == "md" else []
    brp = service.campaign.edition.is_brp
    return log_export.export(found, fmt, title=title, sessions=stats, width=width, brp=brp)


def export_folder(service: CampaignService) -> Path:
    """Where the dashboard's exports go (a relative name is taken there): `<saves>/exports/`,
    never the campaign's own folder."""
    return exports_folder(Path(service.store.folder).parent)


def save_export(service: CampaignService, path: Path, text: str) -> Path:
    """Write `text` to `path` (relative: in `export_folder`); the file written. StoreError (a
    target inside a campaign folder, a folder that cannot be made, a failed write) says why."""
    folder = export_folder(service)
    target = path.expanduser()
    if not target.is_absolute():
        target = folder / target
    write_export(target, text, folder)
    return target
