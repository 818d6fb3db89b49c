"""The roster's changes: editing and removing sheets, ticks, wounds, healing and points.

The roster pane (and any other front end) calls these with what the game master chose; each
works the change out with the rules (through `play.wounds` and `play.points`), builds its
events and publishes them, several events as one change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from gmdash.model.character import Character
from gmdash.model.errors import ValidationError
from gmdash.model.events import (
    AbilityTicked,
    CharacterDeleted,
    CharacterEdited,
    HealingApplied,
    PointsSpent,
)
from gmdash.play import points, time_passing
from gmdash.play.campaign import CampaignService
from gmdash.play.change import one_change
from gmdash.play.wounds import Wound, heal, wound
from gmdash.rules import RuleSet


def edit_character(service: CampaignService, sheet: Character) -> Character:
    """Save an edited sheet (its id names the character); returns it as stored."""
    return service.publish(CharacterEdited(character=sheet)).character


def delete_character(service: CampaignService, character_id: str) -> None:
    """Remove a character from the roster (undo brings them back)."""
    service.publish(CharacterDeleted(character_id=character_id))


def clear_conditions(service: CampaignService, character_id: str) -> tuple[str, ...]:
    """Clear a character's lasting wound conditions; returns those cleared (none: no change)."""
    character = service.character(character_id)
    if character.conditions:
        service.publish(CharacterEdited(character=replace(character, conditions=())))
    return character.conditions


def toggle_tick(service: CampaignService, character_id: str, ability_name: str) -> bool:
    """Tick an ability's experience box, or untick it; returns whether it is ticked now."""
    character = service.character(character_id)
    ability = character.ability(ability_name)
    if ability is None:
        raise ValidationError("ability", f"{character.name} has no ability {ability_name!r}")
    service.publish(
        AbilityTicked(character_id=character.id, ability=ability.name, ticked=not ability.ticked)
    )
    return not ability.ticked


def damage(service: CampaignService, character_id: str, location: str, amount: int) -> Wound:
    """A blow of `amount` (before armour) to one location of a character; returns the blow
    worked out (armour off, then the wound rules)."""
    blow = wound(service.character(character_id), service.campaign.ruleset, location, amount)
    service.publish(blow.event)
    return blow


def heal_location(
    service: CampaignService,
    character_id: str,
    location: str,
    amount: int,
    *,
    wound_index: int | None = None,
    magical: bool = False,
) -> str:
    """Heal one location's wounds; returns what to tell the game master (nothing healed: why)."""
    event, summary = heal(service.character(character_id), service.campaign.ruleset, location,
                          amount, wound=wound_index, magical=magical)  # fmt: skip
    if event is not None:
        service.publish(event)
    return summary


def weekly_healing(service: CampaignService, weeks: int) -> list[HealingApplied]:
    """A week passes (`ctrl+w`), `weeks` times: seven days of game time each, and each week
    that ends on the way heals everyone (`play.time_passing.pass_weeks`); the healing events."""
    passage = time_passing.pass_weeks(service, weeks)
    return [event for event in passage.events if isinstance(event, HealingApplied)]


@one_change
def change_points(service: CampaignService, changes: Sequence[PointsSpent]) -> None:
    """Spend or regain points, pool by pool, as one change."""
    for change in changes:
        service.publish(change)


def _restore(
    service: CampaignService,
    character_ids: Sequence[str] | None,
    events_of: Callable[[Character, RuleSet], list[PointsSpent]],
) -> list[PointsSpent]:
    who = (
        service.characters
        if character_ids is None
        else [service.character(character_id) for character_id in character_ids]
    )
    events = [event for c in who for event in events_of(c, service.campaign.ruleset)]
    return [service.publish(event) for event in events]


@one_change
def full_rest(service: CampaignService, character_ids: Sequence[str] | None) -> list[PointsSpent]:
    """A full rest for these characters (None: everyone): magic points back to full."""
    return _restore(service, character_ids, points.rest_events)


@one_change
def worship(
    service: CampaignService, character_ids: Sequence[str] | None, cult_name: str | None = None
) -> list[PointsSpent]:
    """Worship for these characters (None: everyone): the Rune points of the cult worshipped
    (`cult_name`; None: of every pool) back to full."""
    return _restore(
        service, character_ids, lambda character, _: points.worship_events(character, cult_name)
    )
