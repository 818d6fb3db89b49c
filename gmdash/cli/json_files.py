"""Reading a JSON file given on the command line: size-capped, one clear line when it fails."""

from __future__ import annotations

import json
from pathlib import Path

from gmdash.cli.errors import CliError
from gmdash.store.imports import ImportFileError, read_import_file


def read_json_file(path: Path, what: str) -> object:
    """The JSON of `path`; CliError when it is unreadable, too big or too deep to be `what`."""
    try:
        text = read_import_file(path)
    except ImportFileError as error:
        raise CliError(str(error)) from None
    try:
        return json.loads(text)
    except RecursionError:
        raise CliError(f"{path} is nested too deeply to be {what}") from None
    except ValueError as error:
        raise CliError(f"{path} is not valid JSON: {error}") from None
