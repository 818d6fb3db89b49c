"""The log as CSV for a spreadsheet: no internal ids, no cell read as a formula."""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

from gmdash.formats.log_rows import LOG_FIELDS, row_of
from gmdash.model.log import Record
from gmdash.safe_text import visible

CSV_FIELDS = tuple(name for name in LOG_FIELDS if name != "id")
"""A spreadsheet is read by people: no internal ids (the JSON export keeps them)."""
CSV_HEADS = {"game_date": "game date"}
"""A column a spreadsheet heads in words, not by its key."""
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula (OWASP's list)."""


def csv_cell(value: object) -> object:
    """A cell a spreadsheet shows as text: a leading `'` defuses a formula; controls are shown."""
    if not isinstance(value, str):
        return value
    if value.startswith(FORMULA_STARTS):
        value = "'" + value
    return visible(value)


def as_csv(found: Sequence[Record]) -> str:
    out = io.StringIO()
    write_csv(found, out)
    return out.getvalue()


def write_csv(found: Iterable[Record], out: TextIO) -> None:
    """`as_csv` written row by row."""
    write_csv_rows(map(row_of, found), out)


def write_csv_rows(rows: Iterable[dict[str, Any]], out: TextIO) -> None:
    """`write_csv` of the records' rows (`row_of`, `roll_row`), as the CLI streams them."""
    import csv  # only for an export: not at every start of the dashboard

    names = [CSV_HEADS.get(name, name) for name in (*CSV_FIELDS, "modifiers")]
    writer = csv.DictWriter(out, fieldnames=names, lineterminator="\n", extrasaction="ignore")
    writer.writeheader()
    for row in rows:
        row["modifiers"] = "; ".join(row["modifiers"])
        writer.writerow({CSV_HEADS.get(key, key): csv_cell(value) for key, value in row.items()})
