"""`gmdash log --format json|csv` written entry by entry, one session log at a time.

Memory stays flat in the number of sessions: only one log file's events are held at once.
The output is byte for byte what `log_export.export` gives for the same records.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from gmdash.formats import log_csv, log_json, log_rows
from gmdash.model.events import CharacterAdded, RollMade
from gmdash.model.log import Record, log_entry
from gmdash.play.campaign import CampaignService, read_event
from gmdash.store.paths import CAMPAIGN_FILE

STREAMED_FORMATS = ("json", "csv")


def stream_rows(
    service: CampaignService,
    numbers: Iterable[int],
    *,
    rolls_only: bool,
    session: int | str | None = "all",
) -> Iterator[dict[str, Any]]:
    """The export rows (`log_rows.row_of`) of log files `numbers`, read one file at a time; only
    those of `session` (a number, 0 for between sessions, "all") as `service.in_log` tells."""
    names = {c.id: c.name for c in service.characters}
    struck = service.state.struck
    snapshot = service.store.folder / CAMPAIGN_FILE
    for number in numbers:
        for raw in service.store.events(number):
            event = read_event(raw, snapshot)
            if isinstance(event, CharacterAdded):
                names.setdefault(event.character.id, event.character.name)
            if rolls_only and not isinstance(event, RollMade):
                continue
            if not service.in_log(event, session):  # type: ignore[arg-type]
                continue
            if isinstance(event, RollMade):  # most of a log: its row without the line between
                yield log_rows.roll_row(event, struck)
            else:
                yield log_rows.row_of(Record(event, log_entry(event, names, struck)))


def write_stream(rows: Iterable[dict[str, Any]], fmt: str, out: TextIO) -> None:
    """Write `rows` as `fmt` ("json" or "csv") to `out` as they come."""
    if fmt == "csv":
        log_csv.write_csv_rows(rows, out)
    else:
        log_json.write_json_rows(rows, out)
