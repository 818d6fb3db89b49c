"""One line of the roll log, as shown by the dashboard and `gmdash log`."""

from __future__ import annotations

from dataclasses import asdict, dataclass

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

    def to_dict(self) -> dict[str, object]:
        data = asdict(self)
        data["modifiers"] = list(self.modifiers)
        return data


def log_entry(event: Event, names: dict[str, str], struck: set[str]) -> LogEntry:
    """`event` as a log line; `names` maps character ids to names, `struck` the struck rolls."""
    time = event.time.isoformat() if event.time else ""
    if isinstance(event, RollMade):
        return LogEntry(
            id=event.id,
            time=time,
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
        )
    actor, kind, label = _describe(event, names)
    return LogEntry(
        id=event.id, time=time, session=event.session, actor=actor, kind=kind, label=label
    )


def _describe(event: Event, names: dict[str, str]) -> tuple[str | None, str, str]:
    def who(cid: str | None) -> str | None:
        return None if cid is None else names.get(cid, cid)

    where = ""
    match event:
        case DamageApplied():
            where = f" to {event.location}" if event.location else ""
            effects = f" ({', '.join(event.effects)})" if event.effects else ""
            return who(event.character_id), "damage", f"{event.amount} damage{where}{effects}"
        case HealingApplied():
            where = f" to {event.location}" if event.location else ""
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
            return (
                None,
                "strike",
                f"roll {event.roll_id} struck out" + (f" ({event.reason})" if event.reason else ""),
            )
        case ChangeUndone():
            return who(event.character_id), "undo", f"undid {event.undone_id}"
    describe = getattr(event, "describe", None)  # events that describe themselves (combat)
    if callable(describe):
        actor, kind, label = describe(names)
        return actor, kind, label
    return None, event.type, event.type
