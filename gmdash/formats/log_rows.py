"""A log entry as the flat row the JSON and CSV exports write."""

from __future__ import annotations

from collections.abc import Set
from typing import Any

from gmdash.model.events import RollMade
from gmdash.model.log import Record, game_date_of

LOG_FIELDS = ("time", "game_date", "session", "actor", "player", "kind", "label", "chance", "roll",
              "level", "hidden", "struck", "expression", "total", "id")  # fmt: skip
"""`player`: who asked for the roll through their link (empty: the game master's roll)."""


def row_of(item: Record) -> dict[str, Any]:
    """An entry as a flat dict of LOG_FIELDS, then modifiers and details."""
    entry = item.entry
    row: dict[str, Any] = {key: getattr(entry, key) for key in LOG_FIELDS}
    row["modifiers"] = list(entry.modifiers)
    row["details"] = dict(item.event.details) if isinstance(item.event, RollMade) else {}
    return row


def roll_row(event: RollMade, struck: Set[str]) -> dict[str, Any]:
    """`row_of` a roll's record, made from the roll itself: the same dict, without the log line
    in between (an export of years is mostly rolls; tests/test_journal.py keeps the two equal)."""
    return {
        "time": event.time.isoformat() if event.time else "",
        "game_date": game_date_of(event)[0],
        "session": event.session,
        "actor": event.actor,
        "player": event.player,
        "kind": event.kind,
        "label": event.label,
        "chance": event.chance,
        "roll": event.roll,
        "level": event.level,
        "hidden": event.hidden,
        "struck": event.id in struck,
        "expression": event.expression,
        "total": event.total,
        "id": event.id,
        "modifiers": list(event.modifiers),
        "details": dict(event.details),
    }
