"""What a player's own page may show of their character's sheet, picked field by field.

The player's page is drawn from an `OwnSheet` only, never from the sheet itself, so what it
cannot show is decided here: the characteristics, abilities with their %, spells, hit points by
location with their wounds, magic and Rune points, wound status. Never the GM's notes, never
another character's sheet (`own_sheet` takes the one character id the link names, and only a
player character's).
"""

from __future__ import annotations

from dataclasses import dataclass

from gmdash.level_words import location_label
from gmdash.model.casting import SpellKind, castables
from gmdash.model.character import CharacterKind
from gmdash.model.derived import sheet_maxima
from gmdash.model.state import CampaignState
from gmdash.serve.view import PartyMember, party_member


@dataclass(frozen=True, kw_only=True)
class Rollable:
    """One line of the player's roll list: what the request names and what the line shows."""

    what: str
    """"characteristic", "ability" or "spell" (the request's `what`)."""
    name: str
    """The request's `name` ("STR", "Climb", "Orlanth/Lightning" for a cult's spell)."""
    label: str
    value: str
    """What the sheet says of it: "13", "60%", "2 MP"."""


@dataclass(frozen=True, kw_only=True)
class SheetLocation:
    name: str
    hit_points: int
    hit_points_max: int
    wounds: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class OwnSheet:
    """A player character as its own player sees it."""

    member: PartyMember
    """What every player sees of it too: its pools and its status."""
    locations: tuple[SheetLocation, ...]
    characteristics: tuple[Rollable, ...]
    abilities: tuple[Rollable, ...]
    spells: tuple[Rollable, ...]

    @property
    def name(self) -> str:
        return self.member.name

    @property
    def rollables(self) -> tuple[Rollable, ...]:
        return self.characteristics + self.abilities + self.spells


def own_sheet(state: CampaignState, character_id: str | None) -> OwnSheet | None:
    """The sheet of player character `character_id` as its player sees it (None if there is no
    such player character)."""
    character = None if character_id is None else state.characters.get(character_id)
    if character is None or character.kind is not CharacterKind.PC:
        return None
    ruleset = state.campaign.ruleset
    full = sheet_maxima(character, ruleset)
    spells = castables(character, ruleset)
    names = [s.name.casefold() for s in spells]
    return OwnSheet(
        member=party_member(character, full),
        locations=tuple(
            SheetLocation(
                name=location_label(key),
                hit_points=character.locations.get(key, top),
                hit_points_max=top,
                wounds=character.wounds_at(key, top),
            )
            for key, top in full.locations.items()
        ),
        characteristics=tuple(
            Rollable(what="characteristic", name=key, label=key, value=str(value))
            for key, value in character.characteristics.items()
        ),
        abilities=tuple(
            Rollable(what="ability", name=a.name, label=a.name, value=f"{a.value}%")
            for a in character.abilities
        ),
        spells=tuple(
            Rollable(
                what="spell",
                # A name two cults share is asked for with its cult ("Cult/Spell").
                name=f"{s.cult}/{s.name}" if names.count(s.name.casefold()) > 1 else s.name,
                label=f"{s.name} ({s.cult})" if s.cult else s.name,
                value=f"{s.points} {'RP' if s.kind is SpellKind.RUNE else 'MP'}",
            )
            for s in spells
        ),
    )
