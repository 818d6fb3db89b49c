"""JSON files of the command line: read size-capped, written (or printed) as an export; one
clear line when either fails."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from gmdash.cli.errors import CliError
from gmdash.safe_text import json_safe
from gmdash.store.exports import export_refusal
from gmdash.store.imports import ImportFileError, read_import_file


def read_json_file(path: Path, what: str) -> object:
    """The JSON of `path`; CliError when it is unreadable, too big or too deep to be `what`."""
    try:
        text = read_import_file(path)
    except ImportFileError as error:
        raise CliError(str(error)) from None
    return json_of(path, text, what)


def json_of(path: Path, text: str, what: str) -> object:
    """The JSON in `text` (read from `path`); CliError when it is not JSON or too deep."""
    try:
        return json.loads(text)
    except RecursionError:
        raise CliError(f"{path} is nested too deeply to be {what}") from None
    except ValueError as error:
        raise CliError(f"{path} is not valid JSON: {error}") from None


def write_export(document: object, out: Path | None) -> bool:
    """Print `document` as JSON, or write it to `out` (never into a campaign folder); True
    when it went to a file. CliError when the file cannot be written."""
    text = json_safe(json.dumps(document, ensure_ascii=False, indent=2)) + "\n"
    if out is None:
        sys.stdout.write(text)
        return False
    refusal = export_refusal(out)
    if refusal is not None:
        raise CliError(refusal)
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as error:
        raise CliError(f"cannot write {out}: {error.strerror or error}") from None
    return True
