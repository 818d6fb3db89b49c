"""A pasted text as lines, with what has been read blanked out.

Every reader takes what it understands from the `Buffer` and blanks it; what is left at the end
is exactly what was not read, line by line (`line_status`). The text is normalised one
character for one character (dashes, hard spaces, tabs), so a position in the normalised text is
the same position in the original, and a line not read is reported as it was written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum

LETTER = "A-Za-zÀ-ÖØ-öø-ÿŒœ"
"""Letters a name may hold (English and French)."""

_ONE_FOR_ONE = str.maketrans({
    "\t": " ", "\u00a0": " ", "\u2009": " ", "\u202f": " ", "\u2007": " ", "\u200a": " ",
    "\u2002": " ", "\u2003": " ", "–": "-", "—": "-", "−": "-", "‒": "-", "―": "-",
    "’": "'", "‘": "'", "％": "%", "\u00ad": " ", "|": " ", "*": " ",
    **dict.fromkeys("•◆♦▪■●◇○►▸", "·"),
})  # fmt: skip
"""Tabs, hard and thin spaces, dashes, curly apostrophes and a full-width percent sign, each read
as its plain form; a table's bars and the stars of emphasis or footnotes as spaces; bullets as
"·", which parts entries like a comma. One character for one, so positions stay those of the
original."""

NOISE = " \t,.;:|%/()-*•·"
"""Characters that carry nothing on their own: a line of only these is read."""


def normal(text: str) -> str:
    """`text` with its odd characters plain (same length, same positions)."""
    return text.translate(_ONE_FOR_ONE)


def split_lines(text: str) -> list[str]:
    """The lines of `text` (CR, LF or CRLF), without their ends."""
    return re.split(r"\r\n|\r|\n", text)


class LineState(StrEnum):
    """How much of one line of the block was read."""

    READ = "read"
    PARTLY = "partly read"
    NOT_READ = "not read"


@dataclass(frozen=True, slots=True)
class LineStatus:
    """One non-empty line of the block: its number (from 1), its text as written, what was read
    of it, and each piece not read, word for word."""

    number: int
    text: str
    state: LineState
    unread: tuple[str, ...] = ()


@dataclass(slots=True)
class Buffer:
    """The block's lines joined by newlines, normalised, with what was read blanked to spaces."""

    original: list[str]
    text: str = field(init=False)
    """The lines joined by newlines, normalised, nothing blanked."""
    chars: list[str] = field(init=False)
    read: list[bool] = field(init=False)
    starts: list[int] = field(init=False)
    cached: str | None = field(init=False, default=None)
    """`now` as last made, until something more is read."""

    def __post_init__(self) -> None:
        joined = "\n".join(normal(line) for line in self.original)
        self.text = joined
        self.chars = list(joined)
        self.read = [False] * len(joined)
        self.starts = []
        at = 0
        for line in self.original:
            self.starts.append(at)
            at += len(line) + 1

    @classmethod
    def of(cls, text: str) -> Buffer:
        return cls(split_lines(text))

    @property
    def now(self) -> str:
        """The text as it is now: what was read is spaces, newlines kept."""
        if self.cached is None:
            self.cached = "".join(self.chars)
        return self.cached

    def blank(self, start: int, end: int) -> None:
        """Mark `start:end` as read."""
        if start < end:
            self.cached = None
        for index in range(max(0, start), min(end, len(self.chars))):
            if self.chars[index] != "\n":
                self.chars[index] = " "
                self.read[index] = True

    def is_free(self, start: int, end: int, original: str) -> bool:
        """Whether `start:end` still holds `original` (nothing in it was read yet)."""
        return "".join(self.chars[start:end]) == original

    def matches(
        self, pattern: re.Pattern[str], start: int = 0, end: int | None = None
    ) -> Iterator[re.Match[str]]:
        """Each match in `start:end` of the text as it is now (positions are the buffer's);
        what an earlier match of the same pass blanked is not offered again."""
        now = self.now
        stop = len(now) if end is None else end
        for match in list(pattern.finditer(now, start, stop)):
            if self.is_free(match.start(), match.end(), match.group(0)):
                yield match

    def line_span(self, index: int) -> tuple[int, int]:
        start = self.starts[index]
        return start, start + len(self.original[index])

    def line_statuses(self) -> list[LineStatus]:
        """Every line that holds anything: read, partly read (with its pieces not read, as
        written) or not read."""
        statuses: list[LineStatus] = []
        for index, line in enumerate(self.original):
            if not _meaningful(line):
                continue
            start, end = self.line_span(index)
            pieces = _unread_pieces(line, self.read[start:end])
            took = any(self.read[i] and self.original[index][i - start].isalnum()
                       for i in range(start, end))  # fmt: skip
            if not pieces:
                state = LineState.READ
            elif took:
                state = LineState.PARTLY
            else:
                state = LineState.NOT_READ
            statuses.append(LineStatus(index + 1, line.strip(), state, tuple(pieces)))
        return statuses


def _meaningful(text: str) -> bool:
    return any(char.isalnum() for char in text)


def _unread_pieces(line: str, read: list[bool]) -> list[str]:
    """The runs of `line` not read that hold a letter or a digit, as written (separators and
    brackets at their ends trimmed)."""
    pieces: list[str] = []
    run: list[str] = []
    for char, was_read in [*zip(line, read, strict=True), ("", True)]:
        if was_read:
            piece = "".join(run).strip(NOISE.replace("(", "").replace(")", "") + " ")
            piece = _trim_brackets(piece)
            if _meaningful(piece):
                pieces.append(" ".join(piece.split()))
            run = []
        else:
            run.append(char)
    return pieces


def _trim_brackets(piece: str) -> str:
    """A lone bracket left at an end (the rest of the bracket was read) is dropped."""
    piece = piece.strip()
    if piece.startswith("(") and ")" not in piece:
        piece = piece[1:]
    if piece.endswith(")") and "(" not in piece:
        piece = piece[:-1]
    return piece.strip(" ,;:.")


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of a list (`Dodge 40%` in `Skills: Dodge 40%, Scan 55%`): its text and where
    it starts in the buffer."""

    text: str
    start: int

    @property
    def end(self) -> int:
        return self.start + len(self.text)

    def stripped(self) -> Entry:
        """The entry without the spaces at its ends (its start moved accordingly)."""
        lead = len(self.text) - len(self.text.lstrip())
        return Entry(self.text.strip(), self.start + lead)


def split_entries(text: str, start: int, separators: str = ",;\n·•") -> list[Entry]:
    """The entries of a list that begins at `start`, split on `separators` (and on a full stop
    ending a sentence, `Dodge 24%. Communication: ...`) outside brackets."""
    entries: list[Entry] = []
    depth = 0
    begin = 0
    for index, char in enumerate(text):
        if char in "([":
            depth += 1
        elif char in ")]":
            depth = max(0, depth - 1)
        elif depth == 0 and (char in separators or _full_stop(text, index)):
            entries.append(Entry(text[begin:index], start + begin))
            begin = index + 1
    entries.append(Entry(text[begin:], start + begin))
    return [entry.stripped() for entry in entries if entry.text.strip()]


def _full_stop(text: str, index: int) -> bool:
    """A "." that ends a sentence: not between digits (`1.5`), followed by a space or the end."""
    if text[index] != ".":
        return False
    after = text[index + 1 : index + 2]
    before = text[index - 1 : index]
    return after in ("", " ", "\n") and before != "."  # `Dodge ...... 35%` leads the eye
