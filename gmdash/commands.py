"""Requests to change a campaign, executed by `CampaignService.dispatch` (via the bus).

An event says what happened; a command asks for something the service must first work out
(an id, a session number, what an undo has to put back). Events themselves can also be
dispatched: they are published as they are.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gmdash.model.character import Character


@dataclass(frozen=True)
class Command:
    """Base class of commands."""


@dataclass(frozen=True)
class Undo(Command):
    """Take back the last change (a roll is struck out, anything else compensated)."""


@dataclass(frozen=True)
class StrikeOut(Command):
    """Strike roll `roll_id` out of the log (it stays there, marked)."""

    roll_id: str
    reason: str = ""


@dataclass(frozen=True)
class StartSession(Command):
    """Open the next game session."""


@dataclass(frozen=True)
class EndSession(Command):
    """Close the open game session."""


@dataclass(frozen=True)
class AddCharacter(Command):
    """Add a sheet to the roster; its `id` is replaced by a fresh one."""

    character: Character


@dataclass(frozen=True)
class ImportCharacter(Command):
    """Add a sheet from exported JSON (see docs/character-schema.md)."""

    data: dict[str, Any] = field(default_factory=dict)
