"""One line of the roll log, as shown by the dashboard and `gmdash log`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from datetime import datetime

from gmdash.model.combat_events import CombatStepUndone
from gmdash.model.events import (
    AbilityTicked,
    ChangeUndone,
    CharacterAdded,
    CharacterDeleted,
    CharacterEdited,
    DamageApplied,
    Event,
    HealingApplied,
    NotesChanged,
    PointsSpent,
    RollMade,
    RollStruckOut,
    SessionEnded,
    SessionStarted,
)
from gmdash.model.magic import pool_label
from gmdash.model.wording import (
    at_location,
    experience_words,
    roll_words,
    struck_out_words,
    undone_words,
)
from gmdash.rules.calendar import date_text, read_key, short_day


@dataclass(frozen=True, kw_only=True)
class LogEntry:
    """An event flattened for display and export; roll fields are None for other events."""

    id: str
    time: str
    session: int | None
    actor: str | None
    kind: str
    label: str | None
    chance: int | None = None
    roll: int | None = None
    level: str | None = None
    hidden: bool = False
    struck: bool = False
    modifiers: tuple[str, ...] = ()
    expression: str | None = None
    total: int | None = None
    game_date: str = ""
    """The game date it happened on, in words ("" before calendars: docs/rules.md#calendar)."""
    game_day: str = ""
    """That day in a word, for a log row ("Wind", "D12")."""
    player: str | None = None
    """The player who rolled it through their link (None: the game master)."""

    @property
    def who(self) -> str | None:
        """Who rolled, as a line names them: "Ana rolled for Harvald" for a player's roll,
        else the actor."""
        if self.player is None:
            return self.actor
        return f"{self.player} rolled for {self.actor}" if self.actor else self.player

    def to_dict(self) -> dict[str, object]:
        # Field by field: `dataclasses.asdict` deep-copies every value, a few times the cost of
        # the line itself (an export of 100,000 lines calls this for each).
        data: dict[str, object] = {item.name: getattr(self, item.name) for item in _FIELDS}
        data["modifiers"] = list(self.modifiers)
        return data


_FIELDS = fields(LogEntry)


def log_entry(
    event: Event,
    names: Mapping[str, str],
    struck: set[str],
    earlier: Mapping[str, LogEntry] | None = None,
) -> LogEntry:
    """`event` as a log line; `names` maps character ids to names, `struck` the struck rolls,
    `earlier` the lines of the events before it by id (a strike-out or an undo names what it
    took back from there, never by its id)."""
    time = event.time.isoformat() if event.time else ""
    game_date, game_day = game_date_of(event)
    if isinstance(event, RollMade) and event.kind == "experience":
        return _experience_entry(event, time, game_date, game_day, event.id in struck)
    if isinstance(event, RollMade):
        return LogEntry(
            id=event.id,
            time=time,
            game_date=game_date,
            game_day=game_day,
            session=event.session,
            actor=event.actor,
            kind=event.kind,
            label=event.label,
            chance=event.chance,
            roll=event.roll,
            level=event.level,
            hidden=event.hidden,
            struck=event.id in struck,
            modifiers=event.modifiers,
            expression=event.expression,
            total=event.total,
            player=event.player,
        )
    actor, kind, label = _describe(event, names, earlier or {})
    return LogEntry(
        id=event.id, time=time, session=event.session, actor=actor, kind=kind, label=label,
        game_date=game_date, game_day=game_day,
    )  # fmt: skip


def game_date_of(event: Event) -> tuple[str, str]:
    """The game date `event` happened on in words, and that day in a word ("", "" before
    calendars)."""
    day = read_key(event.game_date) if event.game_date else None
    return ("", "") if day is None else (date_text(*day), short_day(*day))


def target_of(event: Event) -> str | None:
    """The id of the event that `event` takes back (a strike-out's roll, an undo's change)."""
    if isinstance(event, RollStruckOut):
        return event.roll_id
    if isinstance(event, ChangeUndone | CombatStepUndone):
        return event.undone_id
    return None


UNKNOWN = "someone"
"""Who a line names when the character is gone from the campaign's records."""


def _experience_entry(
    event: RollMade, time: str, game_date: str, game_day: str, struck: bool
) -> LogEntry:
    """An experience roll reads as experience, not as a roll of the ability: "Broadsword 45%:
    75, improves +3" (a D100 over the ability improves it; no level of success to show)."""
    gain = event.details.get("gain")
    improved = event.details.get("improved", event.level == "success")
    label = experience_words(
        event.label, event.chance, event.roll, bool(improved) and gain != 0,
        gain if isinstance(gain, int) and not isinstance(gain, bool) else None,
    )  # fmt: skip
    return LogEntry(
        id=event.id, time=time, game_date=game_date, game_day=game_day, session=event.session,
        actor=event.actor, kind=event.kind, label=label, hidden=event.hidden, struck=struck,
        total=event.total,
    )  # fmt: skip


def _describe(
    event: Event, names: Mapping[str, str], earlier: Mapping[str, LogEntry]
) -> tuple[str | None, str, str]:
    def who(cid: str | None) -> str | None:
        return None if cid is None else names.get(cid, UNKNOWN)

    target = earlier.get(target_of(event) or "")
    match event:
        case DamageApplied():
            where = at_location(event.location, event.effects)
            return who(event.character_id), "damage", f"{event.amount} damage{where}"
        case HealingApplied():
            where = at_location(event.location)
            return who(event.character_id), "heal", f"{event.amount} healed{where}"
        case PointsSpent():
            if event.amount < 0:
                return (
                    who(event.character_id),
                    "points",
                    (f"{-event.amount} {pool_label(event.pool)} points regained"),
                )
            return (
                who(event.character_id),
                "points",
                f"{event.amount} {pool_label(event.pool)} points spent",
            )
        case CharacterAdded():
            return event.character.name, "roster", "added"
        case CharacterEdited():
            return event.character.name, "roster", "edited"
        case CharacterDeleted():
            return who(event.character_id), "roster", "deleted"
        case AbilityTicked():
            verb = "ticked" if event.ticked else "unticked"
            return who(event.character_id), "experience", f"{event.ability} {verb}"
        case NotesChanged():
            return who(event.character_id), "notes", "notes changed"
        case SessionStarted():
            return None, "session", f"session {event.number} started"
        case SessionEnded():
            return None, "session", f"session {event.number} ended"
        case RollStruckOut():
            what = None
            if target is not None:
                rolled = target.roll if target.roll is not None else target.total
                what = roll_words(None, target.label or target.expression, rolled, target.level)
            actor = None if target is None else target.actor
            return actor, "strike", struck_out_words(what, event.reason)
        case ChangeUndone():
            actor = who(event.character_id) or (None if target is None else target.actor)
            return actor, "undo", undone_words(None if target is None else target.label)
        case CombatStepUndone():
            return None, "undo", undone_words(None if target is None else target.label)
    describe = getattr(event, "describe", None)  # events that describe themselves (combat)
    if callable(describe):
        actor, kind, label = describe(names)
        return actor, kind, label
    return None, event.type, event.type


LEVEL_WORDS = {
    "critical": "a critical success",
    "special": "a special success",
    "success": "a success",
    "failure": "a failure",
    "fumble": "a fumble",
}


@dataclass(frozen=True, slots=True)
class Record:
    """One logged event and its log line."""

    event: Event
    entry: LogEntry

    @property
    def is_roll(self) -> bool:
        return isinstance(self.event, RollMade)


def parse_time(text: str) -> datetime | None:
    """An entry's ISO time, or None when it has none."""
    if not text:
        return None
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None


def local_hhmm(text: str) -> str:
    """An entry's time as local HH:MM (what the table's clock said)."""
    when = parse_time(text)
    return when.astimezone().strftime("%H:%M") if when else ""
