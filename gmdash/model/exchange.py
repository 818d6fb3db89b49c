"""The character exchange format (docs/character-schema.md): export and import envelopes."""

from __future__ import annotations

from typing import Any

from gmdash.model import validate as v
from gmdash.model.character import Character
from gmdash.model.errors import ValidationError

CHARACTER_FORMAT = "gmdash.character"
CHARACTER_SCHEMA_VERSION = 1


def export_character(character: Character) -> dict[str, Any]:
    """A sheet wrapped for exchange; the campaign-local `id` is left out."""
    sheet = character.to_dict()
    del sheet["id"]
    return {
        "format": CHARACTER_FORMAT,
        "schema_version": CHARACTER_SCHEMA_VERSION,
        "character": sheet,
    }


def import_payload(data: object) -> dict[str, Any]:
    """The sheet inside an exported envelope (a bare sheet object is accepted too)."""
    raw = v.mapping("file", data)
    if "format" not in raw and "character" not in raw:
        return dict(raw)
    if raw.get("format") != CHARACTER_FORMAT:
        raise ValidationError("format", f"expected {CHARACTER_FORMAT!r}, got {raw.get('format')!r}")
    version = v.whole("schema_version", raw.get("schema_version"), low=1)
    if version > CHARACTER_SCHEMA_VERSION:
        raise ValidationError(
            "schema_version",
            f"{version} is newer than this gmdash reads ({CHARACTER_SCHEMA_VERSION})",
        )
    return dict(v.mapping("character", raw.get("character")))
