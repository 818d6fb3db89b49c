"""Shared builders for model and store tests: a fixed clock and small sheets."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from gmdash.model import Ability, AbilityKind, Character, Weapon, new_character

START = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)


class FakeClock:
    """A clock that moves one second per reading."""

    def __init__(self, start: datetime = START) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def sheet(name: str = "Ostra", id: str = "c0001", **changes: Any) -> Character:
    """A small valid RQG sheet at full points."""
    return new_character(
        id=id,
        name=name,
        characteristics={"STR": 13, "CON": 12, "SIZ": 11, "DEX": 14, "INT": 13, "POW": 15,
                         "CHA": 12},
        abilities=[
            Ability(name="Dodge", value=40),
            Ability(name="Air", kind=AbilityKind.RUNE, value=75),
            Ability(name="Honor", kind=AbilityKind.PASSION, value=60),
            Ability(name="Broadsword", value=55),
        ],
        weapons=[Weapon(name="Broadsword", skill="Broadsword", damage="1D8+1", sr=2,
                        hit_points=12)],
        armour={"head": 3, "chest": 4},
        **changes,
    )  # fmt: skip
