"""Reviewing and exporting a campaign's log: the night's journal, CSV, JSON, summaries.

Plain functions over `CampaignService` (no Textual), shared by the dashboard's log pane and by
`gmdash log` / `gmdash session list`. A `Record` pairs an event with its log line, so that a
summary can tell a damage *roll* from damage *applied* and skip what was struck out or undone.
"""

from __future__ import annotations

import io
import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Literal, TextIO

from gmdash.model.campaign import GameSession
from gmdash.model.events import (
    AbilityTicked,
    ChangeUndone,
    CharacterAdded,
    DamageApplied,
    Event,
    HealingApplied,
    RedoApplied,
    RollMade,
    SessionEnded,
    SessionStarted,
    UndoApplied,
)
from gmdash.model.log import LogEntry, game_date_of, log_entry, target_of
from gmdash.safe_text import json_safe, visible

if TYPE_CHECKING:
    from gmdash.play.campaign import CampaignService

Which = int | Literal["all"] | None
FORMATS = ("md", "csv", "json", "text")
FORMAT_NAMES = {"md": "Markdown journal", "csv": "CSV", "json": "JSON", "text": "plain text"}
EXTENSIONS = {"md": ".md", "csv": ".csv", "json": ".json", "text": ".txt"}
LOG_FIELDS = ("time", "game_date", "session", "actor", "kind", "label", "chance", "roll", "level",
              "hidden", "struck", "expression", "total", "id")  # fmt: skip
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


def records(service: CampaignService, which: Which = None) -> list[Record]:
    """The log of the current session (None), of session N, or of every session ("all")."""
    return LogReading(service, which).records()


class LogReading:
    """One log's events, made into records on demand and from either end: the dashboard makes
    the lines in view first (the last ones), the rest right after its first frame.

    A line that names an earlier one (a strike-out, an undo) has that one made first; a name
    comes from the campaign, else from the log's first `CharacterAdded` of that character."""

    def __init__(self, service: CampaignService, which: Which = None) -> None:
        self.events = service.events(which)
        names = {c.id: c.name for c in service.characters}
        for event in self.events:
            if isinstance(event, CharacterAdded):
                names.setdefault(event.character.id, event.character.name)
        self._names = names
        self._struck = service.state.struck
        self._made: dict[str, LogEntry] = {}
        self._positions: dict[str, int] | None = None

    def __len__(self) -> int:
        return len(self.events)

    def records(self, start: int = 0, stop: int | None = None) -> list[Record]:
        """The records of events `start` to `stop` (default: to the end), in order."""
        events = self.events
        end = len(events) if stop is None else stop
        return [Record(events[i], self._entry(i)) for i in range(start, end)]

    def _entry(self, index: int) -> LogEntry:
        event = self.events[index]
        entry = self._made.get(event.id)
        if entry is not None:
            return entry
        earlier: dict[str, LogEntry] = {}
        target = target_of(event)
        if target is not None:
            if self._positions is None:
                self._positions = {e.id: i for i, e in enumerate(self.events)}
            position = self._positions.get(target)
            if position is not None and position < index:
                earlier[target] = self._entry(position)
        entry = log_entry(event, self._names, self._struck, earlier)
        self._made[event.id] = entry
        return entry


def record(
    service: CampaignService, event: Event, earlier: Mapping[str, LogEntry] | None = None
) -> Record:
    """One event as it arrives (the log pane appends these); `earlier`: the lines it may
    name (see `log_entry`)."""
    return Record(event, service.entry(event, earlier))


def log_file_of(event: Event) -> int | None:
    """The number of the log file an event was written to (from its id), None if unstamped."""
    head = event.id.split("-", 1)[0]
    return int(head) if head.isdigit() else None


# --- times ----------------------------------------------------------------------------------


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


# --- session list ---------------------------------------------------------------------------


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


def session_list(service: CampaignService, now: datetime | None = None) -> list[SessionStats]:
    """Every session of the campaign, oldest first, with its numbers."""
    now = now or service.clock()
    return [session_stats(s, records(service, s.number), now) for s in service.sessions]


def session_list_text(stats: Sequence[SessionStats]) -> str:
    """The session list as an aligned plain-text table."""
    if not stats:
        return "(no sessions yet)\n"
    head = ["session", "date", "duration", "rolls", "criticals", "fumbles"]
    rows = [
        [
            str(s.number),
            s.date,
            duration_text(s.duration) + (" (open)" if s.is_open else ""),
            str(s.rolls),
            str(s.criticals),
            str(s.fumbles),
        ]
        for s in stats
    ]
    return _aligned(head, rows)


# --- summary --------------------------------------------------------------------------------


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


# --- filters --------------------------------------------------------------------------------


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
    """The text `/` searches in: actor, label, kind, level, dice, modifiers, numbers."""
    parts = [
        entry.actor or "",
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


# --- export ---------------------------------------------------------------------------------


def export(
    found: Sequence[Record],
    fmt: str,
    *,
    title: str = "",
    sessions: Sequence[SessionStats] = (),
    width: int | None = None,
    brp: bool = False,
) -> str:
    """Records as `md` (the journal), `csv`, `json` or `text` (fitted to `width` if given)."""
    if fmt == "md":
        return journal(found, title=title, sessions=sessions, brp=brp)
    if fmt == "csv":
        return as_csv(found)
    if fmt == "json":
        return as_json(found)
    if fmt == "text":
        return as_text(found, width)
    raise ValueError(f"unknown export format {fmt!r} (expected one of {', '.join(FORMATS)})")


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


def as_json(found: Sequence[Record]) -> str:
    """The exact text of every entry (JSON escapes what a terminal would obey)."""
    out = io.StringIO()
    write_json(found, out)
    return out.getvalue()


JSON_BATCH = 512
"""Entries written (and made terminal-safe) at once by `write_json`."""
_JSON_STRING = json.encoder.encode_basestring  # what json.dumps(..., ensure_ascii=False) uses
_JSON_SCALARS: dict[type, Callable[[Any], str]] = {
    str: _JSON_STRING,
    int: int.__repr__,
    bool: lambda value: "true" if value else "false",
    type(None): lambda value: "null",
}


def _json_value(value: object) -> str:
    """`value` as `json.dumps(..., ensure_ascii=False)` writes it, nested below an entry of the
    export (so a list or a mapping spans lines as `indent=1` indents it there)."""
    scalar = _JSON_SCALARS.get(type(value))
    if scalar is not None:
        return scalar(value)
    if isinstance(value, list | dict) and value:
        return json.dumps(value, ensure_ascii=False, indent=1).replace("\n", "\n  ")
    return json.dumps(value, ensure_ascii=False)


_JSON_FLAT = json.JSONEncoder(ensure_ascii=False, separators=(",\n  ", ": ")).encode
"""An entry with no modifiers and no details (most of them) in one call of the C encoder, its
fields already on lines of their own."""


def _entry_json(row: dict[str, Any]) -> str:
    """One entry of the export, exactly as `json.dumps(row, ensure_ascii=False, indent=1)`
    with every line indented by one more space (an item of the export's list): the standard
    encoder's indented output is pure Python, and was most of an export's time."""
    if not row["modifiers"] and not row["details"]:
        return " {\n  " + _JSON_FLAT(row)[1:-1] + "\n }"
    fields = [f"  {_JSON_STRING(key)}: {_json_value(value)}" for key, value in row.items()]
    return " {\n" + ",\n".join(fields) + "\n }"


def write_json(found: Iterable[Record], out: TextIO) -> None:
    """`as_json` written a few hundred entries at a time: the same text, in memory a batch of
    entries at a time."""
    write_json_rows(map(row_of, found), out)


def write_json_rows(rows: Iterable[dict[str, Any]], out: TextIO) -> None:
    """`write_json` of the records' rows (`row_of`, `roll_row`), as the CLI streams them."""
    batch: list[str] = []
    started = False
    for row in rows:
        batch.append(_entry_json(row))
        if len(batch) == JSON_BATCH:
            out.write(("[\n" if not started else ",\n") + json_safe(",\n".join(batch)))
            started, batch = True, []
    if batch:
        out.write(("[\n" if not started else ",\n") + json_safe(",\n".join(batch)))
        started = True
    out.write("\n]\n" if started else "[]\n")


CSV_FIELDS = tuple(name for name in LOG_FIELDS if name != "id")
"""A spreadsheet is read by people: no internal ids (the JSON export keeps them)."""
CSV_HEADS = {"game_date": "game date"}
"""A column a spreadsheet heads in words, not by its key."""
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula (OWASP's list)."""


def csv_cell(value: object) -> object:
    """A cell a spreadsheet shows as text: a leading `'` defuses a formula; controls are shown."""
    if not isinstance(value, str):
        return value
    if value.startswith(FORMULA_STARTS):
        value = "'" + value
    return visible(value)


def as_csv(found: Sequence[Record]) -> str:
    out = io.StringIO()
    write_csv(found, out)
    return out.getvalue()


def write_csv(found: Iterable[Record], out: TextIO) -> None:
    """`as_csv` written row by row."""
    write_csv_rows(map(row_of, found), out)


def write_csv_rows(rows: Iterable[dict[str, Any]], out: TextIO) -> None:
    """`write_csv` of the records' rows (`row_of`, `roll_row`), as the CLI streams them."""
    import csv  # only for an export: not at every start of the dashboard

    names = [CSV_HEADS.get(name, name) for name in (*CSV_FIELDS, "modifiers")]
    writer = csv.DictWriter(out, fieldnames=names, lineterminator="\n", extrasaction="ignore")
    writer.writeheader()
    for row in rows:
        row["modifiers"] = "; ".join(row["modifiers"])
        writer.writerow({CSV_HEADS.get(key, key): csv_cell(value) for key, value in row.items()})


TABLE_HEAD = ("time", "game date", "session", "actor", "what", "kind", "chance", "roll", "level")
BETWEEN = "between"
"""The session column of a change made outside any session."""


def cells(entry: LogEntry, escape: Callable[[str], str] = visible) -> list[str]:
    """An entry as the cells of the plain (or, with `_md`, the Markdown) table.

    Every text from the log goes through `escape`; only the strike-out marks are ours.
    """
    what = escape(entry.label or entry.expression or "")
    if entry.hidden:
        what += " (hidden)"
    if entry.struck:
        what = f"~~{what}~~ (struck out)"
    roll = entry.roll if entry.roll is not None else entry.total
    return [
        escape(entry.time[:19].replace("T", " ")),
        escape(entry.game_date),
        BETWEEN if entry.session is None else str(entry.session),
        escape(entry.actor or ""),
        what,
        escape(entry.kind),
        "" if entry.chance is None else f"{entry.chance}%",
        "" if roll is None else str(roll),
        escape(entry.level or ""),
    ]


CUT_NOTE = "(long entries cut to fit {width} columns; --format md or json has their full text)"
GIVING_WAY = (("what", 24), ("time", 11), ("game date", 6), ("what", 12), ("actor", 8),
              ("day", 0))  # fmt: skip
"""What gives way, in turn, when a line is wider than the terminal: a column down to a width
(the time loses its year and seconds: "03-14 20:05"; the game date becomes its day, "Wind",
and last goes: the header of the terminal's `gmdash time now` says it)."""


def as_text(found: Sequence[Record], width: int | None = None) -> str:
    """The log as an aligned table; with `width`, every line fits it (the longest texts are
    cut with "…", and a note at the end says where the full text is)."""
    if not found:
        return "(the log is empty)\n"
    head = list(TABLE_HEAD)
    rows = [cells(r.entry) for r in found]
    if width is None:
        return _aligned(head, rows)
    widths = _widths(head, rows)
    cut = False
    for name, narrowest in GIVING_WAY:
        excess = sum(widths) + 2 * (len(widths) - 1) - width
        if name not in head:
            name = "day"  # the game date, its day only by now
        index = head.index(name)
        if excess <= 0 or widths[index] <= narrowest:
            continue
        cut = True
        if name == "time":
            rows = [[row[0][5:16], *row[1:]] for row in rows]
            widths[index] = _widths(head, rows)[index]
        elif name == "game date":
            head[index] = "day"
            rows = [[*row[:index], escape_day(r.entry), *row[index + 1 :]]
                    for row, r in zip(rows, found, strict=True)]  # fmt: skip
            widths[index] = _widths(head, rows)[index]
        elif name == "day":
            del head[index], widths[index]
            rows = [row[:index] + row[index + 1 :] for row in rows]
        else:
            widths[index] = max(narrowest, widths[index] - excess)
    if not cut:
        return _aligned(head, rows)
    fitted = [[_cut(cell, widths[i]) for i, cell in enumerate(row)] for row in rows]
    return _aligned(head, fitted) + CUT_NOTE.format(width=width) + "\n"


def escape_day(entry: LogEntry) -> str:
    return visible(entry.game_day)


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def _widths(head: list[str], rows: list[list[str]]) -> list[int]:
    return [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(head)]


def _aligned(head: list[str], rows: list[list[str]]) -> str:
    widths = _widths(head, rows)
    lines = ["  ".join(h.ljust(w) for h, w in zip(head, widths, strict=True)).rstrip()]
    lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
              for row in rows]  # fmt: skip
    return "\n".join(lines) + "\n"


def markdown_table(found: Sequence[Record]) -> list[str]:
    lines = ["| " + " | ".join(TABLE_HEAD) + " |", "|" + "---|" * len(TABLE_HEAD)]
    lines += ["| " + " | ".join(cells(r.entry, _md)) + " |" for r in found]
    return lines


_HTML_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
_MARKDOWN_SIGNS = ("\\", "*", "_", "`", "|", "[", "]", "~")


def _md(text: str) -> str:
    """User text as literal Markdown: one line, no HTML, no emphasis, links or table breaks.

    A newline is shown as `␊` (it would start a heading or a list), `<` `>` `&` become
    entities (no tag survives), and emphasis, code, link and table signs are backslashed.
    The rendered journal reads as the text was typed.
    """
    text = visible(text)
    text = "".join(_HTML_ENTITIES.get(char, char) for char in text)
    for char in _MARKDOWN_SIGNS:
        text = text.replace(char, "\\" + char)
    return text


def story_line(item: Record) -> str:
    """One event told as a sentence of the night's story (Markdown)."""
    event, entry = item.event, item.entry
    when = local_hhmm(entry.time)
    who = f"**{_md(entry.actor)}**" if entry.actor else "The game master"
    if isinstance(event, RollMade):
        what = _md(entry.label or entry.expression or _unlabelled(event))
        if event.kind == "experience":  # the label says it all: "Climb 40%: 77, improves +4"
            text = f"{who}'s experience roll: {what}"
        elif entry.chance is not None and entry.roll is not None:
            level = LEVEL_WORDS.get(entry.level or "", entry.level or "no result")
            text = f"{who} rolled *{what}* at {entry.chance}%: {entry.roll}, {level}"
            if event.kind == "resistance" and entry.chance <= 0:
                text += " (a '---' cell: only 01-05 succeed)"
        elif entry.total is not None:
            dice = f" ({_md(entry.expression)})" if entry.expression and entry.label else ""
            text = f"{who} rolled *{what}*{dice}: {entry.total}"
        elif entry.roll is not None:
            text = f"{who} rolled *{what}*: {entry.roll}"
        else:
            text = f"{who} rolled *{what}*"
        if entry.modifiers:
            text += f" ({_md(', '.join(entry.modifiers))})"
        text = _sentence(text)
        if entry.hidden:
            text += " *(the game master's roll, hidden from the players)*"
        if entry.struck:
            text = f"~~{text}~~ *(struck out)*"
    elif isinstance(event, SessionStarted | SessionEnded):
        text = f"*{_md((entry.label or '').capitalize())}.*"
    else:
        subject = f"**{_md(entry.actor)}**: " if entry.actor else ""
        text = _sentence(f"{subject}{_md(entry.label or entry.kind)}")
    if entry.session is None:
        text += " *(between sessions)*"
    return f"- `{when}` {text}" if when else f"- {text}"


def _sentence(text: str) -> str:
    """The text ended with one full stop (never "..": a label may end with its own)."""
    return text if text.endswith((".", "!", "?", "…")) else text + "."


def _unlabelled(event: RollMade) -> str:
    """A name for a roll logged without a label (a CLI resistance roll: 'resistance 13 vs 15')."""
    active, passive = event.details.get("active"), event.details.get("passive")
    if event.kind == "resistance" and active is not None and passive is not None:
        return f"resistance {active} vs {passive}"
    return event.kind


def journal(
    found: Sequence[Record],
    *,
    title: str = "",
    sessions: Sequence[SessionStats] = (),
    brp: bool = False,
) -> str:
    """The Markdown journal: the night as a story, its summary, then every roll as a table."""
    lines = [f"# {_md(title) if title else 'Game journal'}", ""]
    for stats in sessions:
        span = duration_text(stats.duration)
        state = " (still open)" if stats.is_open else ""
        lines.append(
            f"*Session {stats.number}: {stats.start.astimezone():%A %d %B %Y, %H:%M}"
            + (f", {span}" if span else "")
            + f"{state} · {plural(stats.rolls, 'roll')}, "
            + ("" if brp else f"{plural(stats.criticals, 'critical')}, ")
            + f"{plural(stats.fumbles, 'fumble')}.*"
        )
        lines.append("")
    if not found:
        lines += ["Nothing was logged.", ""]
        return "\n".join(lines)
    lines += ["## The story of the night", ""]
    day = game_day = ""
    for item in found:
        when = parse_time(item.entry.time)
        this_day = when.astimezone().strftime("%A %d %B %Y") if when else ""
        if this_day and this_day != day:
            if day:
                lines.append("")
            lines += [f"### {this_day}", ""]
            day = this_day
            game_day = ""  # said again under each evening
        if item.entry.game_date and item.entry.game_date != game_day:
            if lines[-1]:
                lines.append("")
            lines += [f"#### {_md(item.entry.game_date)} (in the game)", ""]
            game_day = item.entry.game_date
        lines.append(story_line(item))
    lines += ["", "## Summary", ""]
    lines += [
        ("  - " if line.startswith("  ") else "- ") + _md(line.strip())
        for line in summary_lines(summarize(found), brp)
    ]
    lines += ["", "## Every entry", ""]
    lines += markdown_table(found)
    return "\n".join(lines) + "\n"
