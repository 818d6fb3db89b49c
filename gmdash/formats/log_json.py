"""The log as JSON: every entry's exact text (JSON escapes what a terminal would obey)."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TextIO

from gmdash.formats.log_rows import row_of
from gmdash.model.log import Record
from gmdash.safe_text import json_safe


def as_json(found: Sequence[Record]) -> str:
    """The exact text of every entry (JSON escapes what a terminal would obey)."""
    out = io.StringIO()
    write_json(found, out)
    return out.getvalue()


JSON_BATCH = 512
"""Entries written (and made terminal-safe) at once by `write_json`."""
_JSON_STRING = json.encoder.encode_basestring  # what json.dumps(..., ensure_ascii=False) uses
_JSON_SCALARS: dict[type, Callable[[Any], str]] = {
    str: _JSON_STRING,
    int: int.__repr__,
    bool: lambda value: "true" if value else "false",
    type(None): lambda value: "null",
}


def _json_value(value: object) -> str:
    """`value` as `json.dumps(..., ensure_ascii=False)` writes it, nested below an entry of the
    export (so a list or a mapping spans lines as `indent=1` indents it there)."""
    scalar = _JSON_SCALARS.get(type(value))
    if scalar is not None:
        return scalar(value)
    if isinstance(value, list | dict) and value:
        return json.dumps(value, ensure_ascii=False, indent=1).replace("\n", "\n  ")
    return json.dumps(value, ensure_ascii=False)


_JSON_FLAT = json.JSONEncoder(ensure_ascii=False, separators=(",\n  ", ": ")).encode
"""An entry with no modifiers and no details (most of them) in one call of the C encoder, its
fields already on lines of their own."""


def _entry_json(row: dict[str, Any]) -> str:
    """One entry of the export, exactly as `json.dumps(row, ensure_ascii=False, indent=1)`
    with every line indented by one more space (an item of the export's list): the standard
    encoder's indented output is pure Python, and was most of an export's time."""
    if not row["modifiers"] and not row["details"]:
        return " {\n  " + _JSON_FLAT(row)[1:-1] + "\n }"
    fields = [f"  {_JSON_STRING(key)}: {_json_value(value)}" for key, value in row.items()]
    return " {\n" + ",\n".join(fields) + "\n }"


def write_json(found: Iterable[Record], out: TextIO) -> None:
    """`as_json` written a few hundred entries at a time: the same text, in memory a batch of
    entries at a time."""
    write_json_rows(map(row_of, found), out)


def write_json_rows(rows: Iterable[dict[str, Any]], out: TextIO) -> None:
    """`write_json` of the records' rows (`row_of`, `roll_row`), as the CLI streams them."""
    batch: list[str] = []
    started = False
    for row in rows:
        batch.append(_entry_json(row))
        if len(batch) == JSON_BATCH:
            out.write(("[\n" if not started else ",\n") + json_safe(",\n".join(batch)))
            started, batch = True, []
    if batch:
        out.write(("[\n" if not started else ",\n") + json_safe(",\n".join(batch)))
        started = True
    out.write("\n]\n" if started else "[]\n")
