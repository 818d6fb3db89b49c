"""The envelope of every save file: a `meta` table naming the format and its schema version.

A file is a TinyDB document set `{"meta": {"1": {"format": ..., "schema_version": N}}, ...}`.
Reading checks the envelope and migrates old versions forward (`MIGRATIONS`); anything else is a
`CorruptSaveError`. Migration path: bump `SCHEMA_VERSION`, add a function
`MIGRATIONS[(format, old_version)]` returning the data at `old_version + 1`.

From version 5 on, every file carries a checksum line (`seal`): a file of version 5 or later
read without one is damaged (its seal line was lost), one of an older version is a previous
release's, read as it is and sealed when next written.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gmdash.model.character import migrate_weapon
from gmdash.store.errors import CorruptSaveError
from gmdash.store.seal import unseal

CAMPAIGN_FORMAT = "gmdash.campaign"
SESSION_FORMAT = "gmdash.session-log"
SCHEMA_VERSION = 5
SEALED_VERSION = 5
"""The first schema version whose files all carry a checksum line."""

Tables = dict[str, dict[str, Any]]

_WEAPON_KEYS = frozenset({"name", "skill", "damage", "sr", "hit_points"})


def _with_weapon_kinds(data: Any) -> Any:
    """Version 1 -> 2: every weapon (on a sheet, a foe, in a logged event) gets its special
    kind and use guessed from its name and its full hit points, written once."""
    if isinstance(data, dict):
        if data.keys() >= _WEAPON_KEYS and "use" not in data:
            return migrate_weapon(data)
        return {key: _with_weapon_kinds(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_with_weapon_kinds(item) for item in data]
    return data


def _with_magic(data: Any) -> Any:
    """Version 2 -> 3: sheets gained spells and cults, both optional (empty when left out),
    so the data stays as it is. The single Rune point pool of a version 2 sheet is kept as its
    "no cult" pool (docs/rules.md#rune-point-pools). The version is bumped all the same so
    that an older gmdash refuses a save with magic instead of dropping it on its next write."""
    return data


def _with_calendar(data: Tables) -> Tables:
    """Version 3 -> 4: a campaign has a calendar and a logged event may carry its game date;
    both are optional, so the data stays as it is: a campaign without a calendar opens on its
    rule set's default one, its game time mapped onto the default start date, and is written
    with it at once (`play.campaign`), so the mapping is made once. The version is bumped so
    that an older gmdash refuses a save with a calendar instead of dropping it."""
    return data


def _sealed(data: Tables) -> Tables:
    """Version 4 -> 5: the file gains its checksum line when next written; its data stays."""
    return data


MIGRATIONS: dict[tuple[str, int], Callable[[Tables], Tables]] = {
    (CAMPAIGN_FORMAT, 1): _with_weapon_kinds,
    (SESSION_FORMAT, 1): _with_weapon_kinds,
    (CAMPAIGN_FORMAT, 2): _with_magic,
    (SESSION_FORMAT, 2): _with_magic,
    (CAMPAIGN_FORMAT, 3): _with_calendar,
    (SESSION_FORMAT, 3): _with_calendar,
    (CAMPAIGN_FORMAT, 4): _sealed,
    (SESSION_FORMAT, 4): _sealed,
}


def new_document(kind: str) -> Tables:
    """An empty file of format `kind` at the current schema version."""
    return {"meta": {"1": {"format": kind, "schema_version": SCHEMA_VERSION}}}


def load_json(path: Path, raw: bytes) -> Any:
    """`json.loads` of a save file's bytes; every way it can fail is a CorruptSaveError."""
    try:
        return json.loads(raw)
    except UnicodeDecodeError:
        raise CorruptSaveError(path, "not valid UTF-8") from None
    except json.JSONDecodeError as error:
        raise CorruptSaveError(path, f"not valid JSON (truncated?): {error}") from None
    except RecursionError:
        raise CorruptSaveError(path, "JSON nested too deeply") from None
    except ValueError as error:  # e.g. an integer of thousands of digits
        raise CorruptSaveError(path, f"not a value gmdash reads: {error}") from None


def is_doc_id(key: object) -> bool:
    """TinyDB document ids are decimal integers stored as strings."""
    return isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 12


def parse_document(path: Path, raw: bytes, kind: str) -> Tables:
    """The tables of a snapshot file's bytes (its seal checked), checked and migrated;
    CorruptSaveError names `path`."""
    if not raw.strip():
        raise CorruptSaveError(path, "the file is empty (truncated?)")
    content = unseal(path, raw)
    if content is None:
        return check_document(path, load_json(path, raw), kind, sealed=False)
    return check_document(path, load_json(path, content), kind)


def check_document(path: Path, data: Any, kind: str, *, sealed: bool = True) -> Tables:
    """`data` (a decoded save file) checked and migrated to the current schema version;
    `sealed`: whether its checksum line was there (and matched)."""
    if not isinstance(data, dict) or not isinstance(data.get("meta"), dict):
        raise CorruptSaveError(path, "not a gmdash save file (no meta table)")
    meta = data["meta"].get("1")
    if not isinstance(meta, dict) or "format" not in meta:
        raise CorruptSaveError(path, "not a gmdash save file (no format in the meta table)")
    if meta["format"] != kind:
        raise CorruptSaveError(path, f"a {meta['format']!r} file where {kind!r} was expected")
    version = meta.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise CorruptSaveError(path, f"unknown schema version {version!r}")
    if version > SCHEMA_VERSION:
        raise CorruptSaveError(
            path, f"schema version {version} is newer than this gmdash reads ({SCHEMA_VERSION})"
        )
    if not sealed and version >= SEALED_VERSION:
        raise CorruptSaveError(path, "its checksum line is missing (damaged, or cut short)")
    for name, table in data.items():
        if not isinstance(table, dict) or not all(isinstance(d, dict) for d in table.values()):
            raise CorruptSaveError(path, f"table {name!r} is not a table of documents")
        bad = next((key for key in table if not is_doc_id(key)), None)
        if bad is not None:
            raise CorruptSaveError(path, f"table {name!r} has a document id {bad[:20]!r}")
    while version < SCHEMA_VERSION:
        migrate = MIGRATIONS.get((kind, version))
        if migrate is None:
            raise CorruptSaveError(path, f"no migration from schema version {version}")
        data = migrate(data)
        version += 1
        data["meta"]["1"]["schema_version"] = version
    tables: Tables = data
    return tables
