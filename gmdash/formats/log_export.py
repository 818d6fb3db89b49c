"""A log exported: the Markdown journal, CSV, JSON or a plain-text table, by name."""

from __future__ import annotations

from collections.abc import Sequence

from gmdash.formats.log_csv import as_csv
from gmdash.formats.log_json import as_json
from gmdash.formats.log_markdown import journal
from gmdash.formats.log_table import as_text
from gmdash.model.log import Record
from gmdash.model.log_stats import SessionStats

FORMATS = ("md", "csv", "json", "text")
FORMAT_NAMES = {"md": "Markdown journal", "csv": "CSV", "json": "JSON", "text": "plain text"}
EXTENSIONS = {"md": ".md", "csv": ".csv", "json": ".json", "text": ".txt"}


def export(
    found: Sequence[Record],
    fmt: str,
    *,
    title: str = "",
    sessions: Sequence[SessionStats] = (),
    width: int | None = None,
    brp: bool = False,
) -> str:
    """Records as `md` (the journal), `csv`, `json` or `text` (fitted to `width` if given)."""
    if fmt == "md":
        return journal(found, title=title, sessions=sessions, brp=brp)
    if fmt == "csv":
        return as_csv(found)
    if fmt == "json":
        return as_json(found)
    if fmt == "text":
        return as_text(found, width)
    raise ValueError(f"unknown export format {fmt!r} (expected one of {', '.join(FORMATS)})")
