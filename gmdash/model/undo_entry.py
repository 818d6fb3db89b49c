"""An entry of the undo (and redo) history: what it takes to take one change back."""

from __future__ import annotations

from dataclasses import dataclass, replace

from gmdash.model import validate as v
from gmdash.model.character import Character
from gmdash.model.combat import Combat


@dataclass(frozen=True, kw_only=True)
class UndoEntry:
    """What it takes to undo one change: the sheet or notes as they were before it.

    On the redo stack the same entry holds what it takes to make the change again (the sheet
    as it was after it). A `group` is the several events of one transaction (`change`, the id
    of its first event), taken back and made again together.
    """

    event_id: str
    summary: str
    character_id: str | None = None
    before: Character | None = None
    notes: str | None = None
    roll: bool = False
    combat_step: bool = False  # a combat event: undone by restoring `combat` (None: no fight)
    combat: Combat | None = None
    children: tuple[UndoEntry, ...] = ()  # the events that were part of the step or group
    session: int | None = None  # the session the change was made in (None: between sessions)
    change: str = ""  # the transaction it was part of (the id of its first event)
    group: bool = False
    improvement: bool = False  # an experience roll of the improvement phase is part of it

    def without(self, event_id: str) -> UndoEntry | None:
        """This entry without the event `event_id` (a roll struck out by hand); None if
        nothing is left of it."""
        if self.event_id == event_id and not self.group:
            return None
        if not self.children:
            return self
        kept = tuple(c for c in (child.without(event_id) for child in self.children) if c)
        if self.group and not kept:
            return None
        return replace(self, children=kept)

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "event_id": self.event_id,
            "summary": self.summary,
            "character_id": self.character_id,
            "before": None if self.before is None else self.before.to_dict(),
            "notes": self.notes,
            "roll": self.roll,
        }
        if self.combat_step:
            data["combat_step"] = True
            data["combat"] = None if self.combat is None else self.combat.to_dict()
        if self.combat_step or self.group:
            data["children"] = [child.to_dict() for child in self.children]
        data["session"] = self.session
        for key in ("change", "group", "improvement"):
            if getattr(self, key):
                data[key] = getattr(self, key)
        return data

    @classmethod
    def from_dict(cls, data: object, where: str = "undo") -> UndoEntry:
        raw = v.mapping(where, data)
        before = raw.get("before")
        cid = raw.get("character_id")
        notes = raw.get("notes")
        event_id = v.name(f"{where}.event_id", raw.get("event_id"))
        if "session" in raw:
            session = v.optional_whole(f"{where}.session", raw.get("session"), low=1)
        else:  # a snapshot from before undo knew sessions: the log file is the session's
            number = event_id.split("-", 1)[0]
            session = int(number) if number.isdigit() and int(number) > 0 else None
        return cls(
            event_id=event_id,
            summary=v.text(f"{where}.summary", raw.get("summary", "")),
            character_id=None if cid is None else v.name(f"{where}.character_id", cid),
            before=None if before is None else Character.from_dict(before),
            notes=None if notes is None else v.text(f"{where}.notes", notes),
            roll=v.flag(f"{where}.roll", raw.get("roll", False)),
            combat_step=v.flag(f"{where}.combat_step", raw.get("combat_step", False)),
            combat=None if raw.get("combat") is None else Combat.from_dict(raw.get("combat")),
            children=tuple(
                UndoEntry.from_dict(item, f"{where}.children[{i}]")
                for i, item in enumerate(v.items(f"{where}.children", raw.get("children", [])))
            ),
            session=session,
            change=v.text(f"{where}.change", raw.get("change", "")),
            group=v.flag(f"{where}.group", raw.get("group", False)),
            improvement=v.flag(f"{where}.improvement", raw.get("improvement", False)),
        )


def group_summary(children: tuple[UndoEntry, ...]) -> str:
    """One change of several events in words: the improvement phase, or its first part and
    how many more (a roll and the tick it earned: "... and its experience tick")."""
    if any(child.improvement for child in children):
        return "the improvement phase"
    first, rest = children[0].summary, len(children) - 1
    ticks = sum(1 for child in children[1:] if child.summary.startswith("the tick of"))
    if rest == ticks == 1:
        return f"{first} and its experience tick"
    return f"{first} and {rest} more change{'s' if rest > 1 else ''}"
