"""Reading a Foundry export's JSON values: a mapping, a short text, a whole number."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmdash.formats.character_file import MAX_NAME

SOURCE = "the Foundry export"


def mapping(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def text(value: object) -> str:
    return value.strip()[:MAX_NAME] if isinstance(value, str) else ""


def whole(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def number(value: object) -> float | None:
    """A number (whole or not: an item's ENC may be 0.5)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def rqid(item: Mapping[str, Any]) -> str:
    """An item's Foundry RQG id (`flags.rqg.documentRqidFlags.id`, `i.skill.dodge`)."""
    return text(mapping(mapping(mapping(item.get("flags")).get("rqg")).get("documentRqidFlags"))
                .get("id"))  # fmt: skip
