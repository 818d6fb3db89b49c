"""The events of the bestiary: a creature template saved (new, or replacing one of the same
name) or deleted. Registered in `gmdash.model.events`' registry; applied by `CampaignState`.

Not in the undo history: a template is edited or deleted again as easily, and the log keeps
every version.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from gmdash.model import validate as v
from gmdash.model.bestiary import CreatureTemplate
from gmdash.model.events import Event, register


def _template(where: str, raw: object) -> CreatureTemplate:
    return CreatureTemplate.from_dict(raw, where)


@register
@dataclass(frozen=True, kw_only=True)
class TemplateSaved(Event):
    """A creature template joins the bestiary, or replaces the one of the same name."""

    template: CreatureTemplate = field(metadata={"read": _template})

    def to_dict(self) -> dict[str, object]:
        data = super().to_dict()
        data["template"] = self.template.to_dict()
        return data

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        return self.template.name, "bestiary", "template saved"


@register
@dataclass(frozen=True, kw_only=True)
class TemplateDeleted(Event):
    """A creature template leaves the bestiary (creatures spawned from it stay)."""

    name: str = field(metadata={"read": v.name})

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        return self.name, "bestiary", "template deleted"
