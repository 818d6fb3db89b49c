"""The bestiary at play: save, delete, import and export creature templates, and add creatures
rolled from a template to the roster ("Add 4 from template": Broo 1..4).

Each runner is one change (`one_change`): an import of twenty templates, or four creatures
added, is stored whole or not at all. `ValidationError` means nothing was stored.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from gmdash.model.bestiary import (
    MAX_SPAWN,
    CreatureTemplate,
    numbered_names,
    spawn_sheet,
)
from gmdash.model.bestiary_events import TemplateDeleted, TemplateSaved
from gmdash.model.character import Character
from gmdash.model.errors import ValidationError
from gmdash.model.events import CharacterAdded
from gmdash.play.change import one_change
from gmdash.rules import Rng

if TYPE_CHECKING:
    from gmdash.play.campaign import CampaignService


def templates(service: CampaignService) -> list[CreatureTemplate]:
    """The campaign's templates, in the order saved."""
    return list(service.state.bestiary.values())


def template(service: CampaignService, name: str) -> CreatureTemplate:
    """The template called `name` (case-insensitive, or a unique prefix of a name)."""
    found = service.state.template(name)
    if found is not None:
        return found
    wanted = name.strip().casefold()
    matches = [t for t in templates(service) if t.name.casefold().startswith(wanted)]
    if not matches:
        matches = [t for t in templates(service) if wanted in t.name.casefold()]
    if len(matches) == 1 and wanted:
        return matches[0]
    known = ", ".join(t.name for t in templates(service)) or "the bestiary is empty"
    if len(matches) > 1:
        raise ValidationError("template", f"{name!r} could be {', '.join(t.name for t in matches)}")
    raise ValidationError("template", f"no creature template {name!r} ({known})")


def save_template(service: CampaignService, creature: CreatureTemplate) -> TemplateSaved:
    """Add a template, or replace the one of the same name."""
    checked = CreatureTemplate.from_dict(creature.to_dict())
    return service.publish(TemplateSaved(template=checked))


def delete_template(service: CampaignService, name: str) -> TemplateDeleted:
    return service.publish(TemplateDeleted(name=template(service, name).name))


@one_change
def import_bestiary(service: CampaignService, data: object) -> list[CreatureTemplate]:
    """Every template of an export file, all or none; a template of a name already in the
    bestiary replaces it."""
    from gmdash.formats.bestiary_file import import_templates  # a file's reader: not at start

    found = import_templates(data)
    return [service.publish(TemplateSaved(template=t)).template for t in found]


def export(service: CampaignService, names: list[str] | None = None) -> dict[str, Any]:
    """The bestiary (or the templates named) as an export document."""
    from gmdash.formats.bestiary_file import export_bestiary  # a file's writer: not at start

    chosen = templates(service) if not names else [template(service, n) for n in names]
    return export_bestiary(chosen)


def roll_creatures(
    service: CampaignService, creature: CreatureTemplate, count: int, rng: Rng
) -> list[Character]:
    """`count` creatures of the template, each rolled with `rng`, named after it and numbered
    past the names the roster has; not yet added (the ids are placeholders)."""
    if not 1 <= count <= MAX_SPAWN:
        raise ValidationError("count", f"between 1 and {MAX_SPAWN}")
    taken = [c.name for c in service.characters]
    ruleset = service.campaign.ruleset
    return [
        spawn_sheet(creature, id=f"new{index}", name=name, rng=rng, ruleset=ruleset)
        for index, name in enumerate(numbered_names(creature.name, count, taken))
    ]


@one_change
def spawn(service: CampaignService, name: str, count: int, rng: Rng) -> list[Character]:
    """Add `count` creatures of template `name` to the roster as NPCs ("Broo 1".."Broo 4")."""
    creatures = roll_creatures(service, template(service, name), count, rng)
    added: list[Character] = []
    for creature in creatures:
        sheet = replace(creature, id=service.state.new_character_id())
        added.append(service.publish(CharacterAdded(character=sheet)).character)
    return added
