"""A campaign's state as its snapshot holds it, read back field by field: every value checked,
ValidationError naming the first that is wrong (the state itself is built by
`CampaignState.from_dict`)."""

from __future__ import annotations

from typing import Any

from gmdash.model import validate as v
from gmdash.model.bestiary import CreatureTemplate
from gmdash.model.campaign import MAX_SESSIONS, Campaign, GameSession
from gmdash.model.character import Character
from gmdash.model.combat import Combat
from gmdash.model.effects import TimedEffect
from gmdash.model.errors import ValidationError
from gmdash.model.undo_entry import UndoEntry


def read_state_fields(data: object) -> dict[str, Any]:
    """The fields of a `CampaignState` from its snapshot `data`."""
    raw = v.mapping("state", data)
    characters: dict[str, Character] = {}
    for index, item in enumerate(v.items("characters", raw.get("characters", []))):
        try:
            character = Character.from_dict(item)
        except ValidationError as error:
            raise ValidationError(f"characters[{index}].{error.field}", error.message) from None
        characters[character.id] = character
    return dict(
        campaign=Campaign.from_dict(raw.get("campaign")),
        characters=characters,
        sessions=[
            GameSession.from_dict(item, f"sessions[{i}]")
            for i, item in enumerate(v.items("sessions", raw.get("sessions", [])))
        ],
        undo=[
            UndoEntry.from_dict(item, f"undo[{i}]")
            for i, item in enumerate(v.items("undo", raw.get("undo", [])))
        ],
        redo=[
            UndoEntry.from_dict(item, f"redo[{i}]")
            for i, item in enumerate(v.items("redo", raw.get("redo", [])))
        ],
        struck={v.text("struck", s) for s in v.items("struck", raw.get("struck", []))},
        undone={v.text("undone", s) for s in v.items("undone", raw.get("undone", []))},
        last_ability={
            v.name("last_ability", key): v.text(f"last_ability.{key}", value)
            for key, value in v.mapping("last_ability", raw.get("last_ability", {})).items()
        },
        next_character=v.whole("next_character", raw.get("next_character", 1), low=1),
        log_file=v.whole("log_file", raw.get("log_file", 0), low=0, high=MAX_SESSIONS),
        last_event_id=v.text("last_event_id", raw.get("last_event_id", "")),
        combat=None if raw.get("combat") is None else Combat.from_dict(raw.get("combat")),
        effects=tuple(
            TimedEffect.from_dict(item, f"effects[{i}]")
            for i, item in enumerate(v.items("effects", raw.get("effects", [])))
        ),
        next_effect=v.whole("next_effect", raw.get("next_effect", 1), low=1),
        clock=v.whole("clock", raw.get("clock", 0), low=0),
        bestiary={
            template.name.casefold(): template
            for template in (
                CreatureTemplate.from_dict(item, f"bestiary[{i}]")
                for i, item in enumerate(v.items("bestiary", raw.get("bestiary", [])))
            )
        },
    )
