"""The bestiary file: `{"format": "gmdash.bestiary", "schema_version": 1, "templates": [...]}`
(a single template object, or a bare list of them, is read too), every template checked against
the bestiary's limits (`gmdash.model.bestiary`) before any is returned."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gmdash.model import validate as v
from gmdash.model.bestiary import MAX_TEMPLATES, CreatureTemplate
from gmdash.model.errors import ValidationError
from gmdash.model.magic import unique

BESTIARY_FORMAT = "gmdash.bestiary"
BESTIARY_SCHEMA_VERSION = 1


def export_bestiary(templates: Iterable[CreatureTemplate]) -> dict[str, Any]:
    """Templates wrapped for exchange."""
    return {
        "format": BESTIARY_FORMAT,
        "schema_version": BESTIARY_SCHEMA_VERSION,
        "templates": [t.to_dict() for t in templates],
    }


def import_templates(data: object) -> list[CreatureTemplate]:
    """The templates of an export file (or of one template object, or of a bare list), all
    checked before any is returned; ValidationError names the first bad field."""
    if isinstance(data, list):
        items: list[object] = data
    else:
        raw = v.mapping("file", data)
        if "format" not in raw and "templates" not in raw:
            items = [raw]
        else:
            if raw.get("format") != BESTIARY_FORMAT:
                raise ValidationError(
                    "format", f"expected {BESTIARY_FORMAT!r}, got {raw.get('format')!r}"
                )
            version = v.whole("schema_version", raw.get("schema_version"), low=1)
            if version > BESTIARY_SCHEMA_VERSION:
                raise ValidationError("schema_version", f"{version} is newer than this gmdash "
                                      f"reads ({BESTIARY_SCHEMA_VERSION})")  # fmt: skip
            items = v.items("templates", raw.get("templates"))
    if len(items) > MAX_TEMPLATES:
        raise ValidationError("templates", f"at most {MAX_TEMPLATES}, got {len(items)}")
    templates = [
        CreatureTemplate.from_dict(item, f"templates[{i}]") for i, item in enumerate(items)
    ]
    unique("templates", [t.name for t in templates])
    return templates
