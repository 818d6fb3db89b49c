"""What an import read from a foreign format (a Foundry VTT actor, a printed stat block): the
sheet it makes, in the exchange format (docs/character-schema.md), and the report beside it.

The report has what a game master reads before saving: for a text, how many of its lines were
read and each line (or piece of a line) that was not, word for word; what was read but not kept
(gmdash has no place for it); what gmdash chose where the source was silent; and where the
source's own derived numbers differ from those gmdash computes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gmdash.formats.text import LineState, LineStatus


@dataclass(frozen=True, slots=True)
class LocationRow:
    """One row of a hit-location table as the source gives it."""

    name: str
    low: int
    high: int
    armour: int
    hit_points: int

    @property
    def d20(self) -> str:
        return f"{self.low:02d}" if self.low == self.high else f"{self.low:02d}-{self.high:02d}"


@dataclass(slots=True)
class Reading:
    """A sheet read from `source`, and what the game master should know before saving it."""

    source: str
    sheet: dict[str, Any]
    unread: list[str] = field(default_factory=list)
    """What was not read or not kept, one line each (for a text: beside `lines`)."""
    assumed: list[str] = field(default_factory=list)
    differences: list[str] = field(default_factory=list)
    location_table: list[LocationRow] = field(default_factory=list)
    lines: list[LineStatus] = field(default_factory=list)
    """A text's lines that hold anything, each read, partly read or not read."""
    kept_notes: list[str] = field(default_factory=list)
    """Text read but kept only in the sheet's notes (a `Notes:` section, sorcery)."""

    @property
    def lines_read(self) -> int:
        return sum(1 for line in self.lines if line.state is LineState.READ)

    def line_summary(self) -> str:
        """`read 27 of 29 lines` (with how many of the others were partly read); empty for a
        source that is not text."""
        if not self.lines:
            return ""
        partly = sum(1 for line in self.lines if line.state is LineState.PARTLY)
        return f"read {self.lines_read} of {len(self.lines)} lines" + (
            f" ({partly} partly)" if partly else ""
        )

    def lines_not_read(self) -> list[str]:
        """Each line not read, and each piece of a line partly read, word for word."""
        found: list[str] = []
        for line in self.lines:
            if line.state is LineState.NOT_READ:
                found.append(f"line {line.number}: {line.text}")
            elif line.state is LineState.PARTLY:
                found += [f"line {line.number}: {piece} (in: {line.text})"
                          for piece in line.unread]  # fmt: skip
        return found

    def report(self) -> dict[str, Any]:
        """The report as JSON (the CLI's `--json`)."""
        report: dict[str, Any] = {
            "source": self.source,
            "not_read": list(self.unread),
            "assumed": list(self.assumed),
            "differences": list(self.differences),
            "locations": [
                {"name": r.name, "d20": r.d20, "armour": r.armour, "hit_points": r.hit_points}
                for r in self.location_table
            ],
        }
        if self.lines:
            report["lines"] = {
                "read": self.lines_read,
                "total": len(self.lines),
                "not_read": [
                    {"line": line.number, "text": line.text, "state": str(line.state),
                     "pieces": list(line.unread)}
                    for line in self.lines if line.state is not LineState.READ
                ],
            }  # fmt: skip
        return report
