"""Statistics of a stretch of log: each session's numbers (the session list) and the
summary of rolls, damage and experience; struck-out rolls and undone changes do not count."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence, Set
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from gmdash.model.campaign import GameSession
from gmdash.model.events import (
    AbilityTicked,
    ChangeUndone,
    DamageApplied,
    HealingApplied,
    RedoApplied,
    RollMade,
    UndoApplied,
)
from gmdash.model.log import Record


def plural(count: int, word: str) -> str:
    """'1 roll', '3 rolls'."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def duration_text(span: timedelta | None) -> str:
    """A duration as '3 h 05 min' (or '' when unknown)."""
    if span is None:
        return ""
    minutes = max(0, int(span.total_seconds() // 60))
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"


@dataclass(frozen=True, slots=True)
class SessionStats:
    """One line of the session list."""

    number: int
    start: datetime
    end: datetime | None
    duration: timedelta | None
    rolls: int
    criticals: int
    fumbles: int

    @property
    def is_open(self) -> bool:
        return self.end is None

    @property
    def date(self) -> str:
        return self.start.astimezone().strftime("%Y-%m-%d")

    def to_dict(self) -> dict[str, object]:
        return {
            "number": self.number,
            "date": self.date,
            "start": self.start.isoformat(),
            "end": None if self.end is None else self.end.isoformat(),
            "minutes": None if self.duration is None else int(self.duration.total_seconds() // 60),
            "open": self.is_open,
            "rolls": self.rolls,
            "criticals": self.criticals,
            "fumbles": self.fumbles,
        }


def counted_rolls(found: Iterable[Record]) -> list[Record]:
    """The rolls that count: not struck out."""
    return [r for r in found if r.is_roll and not r.entry.struck]


def session_stats(
    session: GameSession, found: Sequence[Record], now: datetime | None = None
) -> SessionStats:
    """Statistics of one session from its records; an open session lasts until `now`."""
    rolls = counted_rolls(found)
    levels = Counter(r.entry.level for r in rolls)
    end = session.end or now
    return SessionStats(
        number=session.number,
        start=session.start,
        end=session.end,
        duration=None if end is None else end - session.start,
        rolls=len(rolls),
        criticals=levels["critical"],
        fumbles=levels["fumble"],
    )


@dataclass(slots=True)
class Tally:
    """How one actor's rolls went."""

    rolls: int = 0
    criticals: int = 0
    specials: int = 0
    successes: int = 0
    failures: int = 0
    fumbles: int = 0

    def add(self, level: str | None) -> None:
        self.rolls += 1
        if level == "critical":
            self.criticals += 1
        elif level == "special":
            self.specials += 1
        elif level == "success":
            self.successes += 1
        elif level == "failure":
            self.failures += 1
        elif level == "fumble":
            self.fumbles += 1


@dataclass(slots=True)
class Summary:
    """What happened in a stretch of log: rolls, criticals, fumbles, damage and experience."""

    rolls: int = 0
    struck: int = 0
    hidden: int = 0
    criticals: int = 0
    fumbles: int = 0
    per_actor: dict[str, Tally] = field(default_factory=dict)
    damage_dealt: dict[str, int] = field(default_factory=dict)
    damage_taken: dict[str, int] = field(default_factory=dict)
    healed: dict[str, int] = field(default_factory=dict)
    checks: dict[str, list[str]] = field(default_factory=dict)
    improvements: list[tuple[str, str, int]] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return {
            "rolls": self.rolls,
            "struck": self.struck,
            "hidden": self.hidden,
            "criticals": self.criticals,
            "fumbles": self.fumbles,
            "per_actor": {
                name: {
                    "rolls": t.rolls,
                    "criticals": t.criticals,
                    "specials": t.specials,
                    "successes": t.successes,
                    "failures": t.failures,
                    "fumbles": t.fumbles,
                }
                for name, t in self.per_actor.items()
            },
            "damage_dealt": dict(self.damage_dealt),
            "damage_taken": dict(self.damage_taken),
            "healed": dict(self.healed),
            "checks": {name: list(items) for name, items in self.checks.items()},
            "improvements": [
                {"actor": a, "ability": b, "gain": g} for a, b, g in self.improvements
            ],
        }


NOBODY = "the game master"


def _undone_in(found: Sequence[Record]) -> set[str]:
    """The changes the records themselves undo (and did not redo): the ids undone, and the
    first ids of the transactions undone whole (their events carry it as `change`)."""
    undone: set[str] = set()
    for item in found:
        event = item.event
        if isinstance(event, ChangeUndone):
            undone.add(event.undone_id)
        elif isinstance(event, UndoApplied):
            undone.add(event.change_id)
        elif isinstance(event, RedoApplied):
            undone.discard(event.change_id)
    return undone


def summarize(found: Sequence[Record], undone_by: Set[str] = frozenset()) -> Summary:
    """The summary of some records; struck-out rolls and undone changes (`undone_by`: the
    state's `undone`, with those of the records' `ChangeUndone`) do not count."""
    undone = set(undone_by) | _undone_in(found)
    summary = Summary()
    ticks: dict[tuple[str, str], bool] = {}
    for item in found:
        event, entry = item.event, item.entry
        if event.id in undone or (event.change or event.id) in undone:
            continue
        who = entry.actor or NOBODY
        if isinstance(event, RollMade):
            if entry.struck:
                summary.struck += 1
                continue
            summary.rolls += 1
            summary.hidden += event.hidden
            summary.per_actor.setdefault(who, Tally()).add(event.level)
            if event.level == "critical":
                summary.criticals += 1
            elif event.level == "fumble":
                summary.fumbles += 1
            dealt = dealt_by_attack(event)
            if dealt:
                summary.damage_dealt[who] = summary.damage_dealt.get(who, 0) + dealt
            if event.kind == "experience":
                gain = _experience_gain(event)
                if gain:
                    summary.improvements.append((who, event.label or "?", gain))
        elif isinstance(event, DamageApplied):
            summary.damage_taken[who] = summary.damage_taken.get(who, 0) + event.amount
        elif isinstance(event, HealingApplied):
            summary.healed[who] = summary.healed.get(who, 0) + event.amount
        elif isinstance(event, AbilityTicked):
            ticks[(who, event.ability)] = event.ticked
    for (who, ability), ticked in ticks.items():
        if ticked:
            summary.checks.setdefault(who, []).append(ability)
    return summary


def dealt_by_attack(event: RollMade) -> int | None:
    """The damage an attack's damage roll put through armour (and parry), as the combat summary
    counts it; None for any other roll. Damage typed or rolled on a sheet (`h`, `d`) is not
    dealt by anyone: its actor is the one hurt, or the dice were only rolled."""
    through = event.details.get("through")
    if event.kind != "damage" or isinstance(through, bool) or not isinstance(through, int):
        return None
    return through


def _experience_gain(event: RollMade) -> int:
    """Points an experience roll added (details 'gain', else its total when it improved)."""
    gain = event.details.get("gain")
    if isinstance(gain, int) and not isinstance(gain, bool):
        return gain
    improved = event.details.get("improved")
    if improved is False:
        return 0
    if improved or event.level == "success":
        return event.total or 0
    return 0


def summary_lines(summary: Summary, brp: bool = False) -> list[str]:
    """The summary as plain lines (the dialog marks them up; the journal lists them); BRP has
    no critical level, so no criticals are counted."""
    lines = [
        f"Rolls: {summary.rolls}"
        + (f" ({summary.hidden} hidden)" if summary.hidden else "")
        + (f", {summary.struck} struck out" if summary.struck else ""),
        f"Fumbles: {summary.fumbles}"
        if brp
        else f"Criticals: {summary.criticals}   Fumbles: {summary.fumbles}",
    ]
    if summary.per_actor:
        lines.append("Rolls per actor:")
        for name, t in sorted(summary.per_actor.items(), key=lambda kv: (-kv[1].rolls, kv[0])):
            critical = "" if brp else f"critical {t.criticals}, "
            lines.append(
                f"  {name}: {t.rolls} ({critical}special {t.specials}, "
                f"success {t.successes}, failure {t.failures}, fumble {t.fumbles})"
            )
    for title, table in (
        ("Damage dealt", summary.damage_dealt),
        ("Damage taken", summary.damage_taken),
        ("Healed", summary.healed),
    ):
        if table:
            lines.append(f"{title}: " + ", ".join(f"{n} {v}" for n, v in sorted(table.items())))
    if summary.checks:
        lines.append(
            "Experience checks: "
            + "; ".join(f"{n}: {', '.join(a)}" for n, a in sorted(summary.checks.items()))
        )
    if summary.improvements:
        lines.append(
            "Experience gained: " + ", ".join(f"{n} {a} +{g}" for n, a, g in summary.improvements)
        )
    if not summary.checks and not summary.improvements:
        lines.append("Experience: none")
    return lines
