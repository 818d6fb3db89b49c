"""The log and the session list as aligned plain-text tables (`gmdash log`, `session list`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gmdash.model.log import LogEntry, Record
from gmdash.model.log_stats import SessionStats, duration_text
from gmdash.safe_text import visible


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
    return aligned(head, rows)


TABLE_HEAD = ("time", "game date", "session", "actor", "what", "kind", "chance", "roll", "level")
BETWEEN = "between"
"""The session column of a change made outside any session."""


def cells(entry: LogEntry, escape: Callable[[str], str] = visible) -> list[str]:
    """An entry as the cells of the plain (or, with `markdown_text`, the Markdown) table.

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
        escape(entry.who or ""),
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
        return aligned(head, rows)
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
        return aligned(head, rows)
    fitted = [[_cut(cell, widths[i]) for i, cell in enumerate(row)] for row in rows]
    return aligned(head, fitted) + CUT_NOTE.format(width=width) + "\n"


def escape_day(entry: LogEntry) -> str:
    return visible(entry.game_day)


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def _widths(head: list[str], rows: list[list[str]]) -> list[int]:
    return [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(head)]


def aligned(head: list[str], rows: list[list[str]]) -> str:
    widths = _widths(head, rows)
    lines = ["  ".join(h.ljust(w) for h, w in zip(head, widths, strict=True)).rstrip()]
    lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
              for row in rows]  # fmt: skip
    return "\n".join(lines) + "\n"
