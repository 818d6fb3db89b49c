"""What the log pane shows: a text search and actor / kind / level filters."""

from __future__ import annotations

from dataclasses import dataclass

from gmdash.model.log import LogEntry


@dataclass(frozen=True, slots=True)
class LogFilter:
    """What the log pane shows: text search and actor / kind / level (empty: any)."""

    text: str = ""
    actor: str = ""
    kind: str = ""
    level: str = ""

    @property
    def active(self) -> bool:
        return bool(self.text or self.actor or self.kind or self.level)

    def describe(self) -> str:
        parts = []
        if self.text:
            parts.append(f"/{self.text}")
        if self.actor:
            parts.append(f"actor {self.actor}")
        if self.kind:
            parts.append(f"kind {self.kind}")
        if self.level:
            parts.append(f"level {self.level}")
        return " · ".join(parts)

    def matches(self, entry: LogEntry) -> bool:
        if self.actor and (entry.actor or "").casefold() != self.actor.casefold():
            return False
        if self.kind and entry.kind.casefold() != self.kind.casefold():
            return False
        if self.level and not level_matches(entry.level, self.level):
            return False
        if self.text:
            return self.text.casefold() in searchable(entry)
        return True


ANY_SUCCESS = frozenset({"critical", "special", "success"})


def level_matches(level: str | None, wanted: str) -> bool:
    """A log line's level against a filter's: "success" means any success (a special or a
    critical is a success too); any other level means itself."""
    have, want = (level or "").casefold(), wanted.casefold()
    if want == "success":
        return have in ANY_SUCCESS
    return have == want


def searchable(entry: LogEntry) -> str:
    """The text `/` searches in: actor (and the player who rolled), label, kind, level, dice,
    modifiers, numbers."""
    parts = [
        entry.who or "",
        entry.label or "",
        entry.kind,
        entry.level or "",
        entry.expression or "",
        " ".join(entry.modifiers),
        "" if entry.chance is None else f"{entry.chance}%",
        "" if entry.roll is None else str(entry.roll),
        "" if entry.total is None else str(entry.total),
        "gm hidden" if entry.hidden else "",
        "struck" if entry.struck else "",
    ]
    return " ".join(parts).casefold()
