"""Domain state: campaigns, sessions, characters and the state a stream of events builds.

Plain data with `to_dict`/`from_dict`, validated on the way in (`ValidationError(field, message)`).
"""

from __future__ import annotations

from gmdash.model.campaign import Campaign, GameSession
from gmdash.model.character import (
    CHARACTERISTICS,
    LOCATIONS,
    Ability,
    AbilityKind,
    Character,
    CharacterKind,
    Weapon,
)
from gmdash.model.errors import ValidationError
from gmdash.model.sheets import checked, complete, new_character

__all__ = [
    "CHARACTERISTICS",
    "LOCATIONS",
    "Ability",
    "AbilityKind",
    "Campaign",
    "Character",
    "CharacterKind",
    "GameSession",
    "ValidationError",
    "Weapon",
    "checked",
    "complete",
    "new_character",
]
