"""The Markdown journal: the night as a story, its summary, then every roll as a table."""

from __future__ import annotations

from collections.abc import Sequence

from gmdash.formats.log_table import TABLE_HEAD, cells
from gmdash.model.events import RollMade, SessionEnded, SessionStarted
from gmdash.model.log import LEVEL_WORDS, Record, local_hhmm, parse_time
from gmdash.model.log_stats import SessionStats, duration_text, plural, summarize, summary_lines
from gmdash.safe_text import visible


def markdown_table(found: Sequence[Record]) -> list[str]:
    lines = ["| " + " | ".join(TABLE_HEAD) + " |", "|" + "---|" * len(TABLE_HEAD)]
    lines += ["| " + " | ".join(cells(r.entry, markdown_text)) + " |" for r in found]
    return lines


_HTML_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
_MARKDOWN_SIGNS = ("\\", "*", "_", "`", "|", "[", "]", "~")


def markdown_text(text: str) -> str:
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
    who = f"**{markdown_text(entry.actor)}**" if entry.actor else "The game master"
    if entry.player is not None:  # "**Ana** rolled for **Harvald**: *Climb* at 60%: ..."
        who = f"**{markdown_text(entry.player)}**"
    if isinstance(event, RollMade):
        what = markdown_text(entry.label or entry.expression or _unlabelled(event))
        rolled = "rolled"
        if entry.player is not None and entry.actor:
            rolled = f"rolled for **{markdown_text(entry.actor)}**:"
        if event.kind == "experience":  # the label says it all: "Climb 40%: 77, improves +4"
            text = f"{who}'s experience roll: {what}"
        elif entry.chance is not None and entry.roll is not None:
            level = LEVEL_WORDS.get(entry.level or "", entry.level or "no result")
            text = f"{who} {rolled} *{what}* at {entry.chance}%: {entry.roll}, {level}"
            if event.kind == "resistance" and entry.chance <= 0:
                text += " (a '---' cell: only 01-05 succeed)"
        elif entry.total is not None:
            dice = (
                f" ({markdown_text(entry.expression)})" if entry.expression and entry.label else ""
            )
            text = f"{who} {rolled} *{what}*{dice}: {entry.total}"
        elif entry.roll is not None:
            text = f"{who} {rolled} *{what}*: {entry.roll}"
        else:
            text = f"{who} {rolled} *{what}*"
        if entry.modifiers:
            text += f" ({markdown_text(', '.join(entry.modifiers))})"
        text = _sentence(text)
        if entry.hidden:
            text += " *(the game master's roll, hidden from the players)*"
        if entry.struck:
            text = f"~~{text}~~ *(struck out)*"
    elif isinstance(event, SessionStarted | SessionEnded):
        text = f"*{markdown_text((entry.label or '').capitalize())}.*"
    else:
        subject = f"**{markdown_text(entry.actor)}**: " if entry.actor else ""
        text = _sentence(f"{subject}{markdown_text(entry.label or entry.kind)}")
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
    lines = [f"# {markdown_text(title) if title else 'Game journal'}", ""]
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
            lines += [f"#### {markdown_text(item.entry.game_date)} (in the game)", ""]
            game_day = item.entry.game_date
        lines.append(story_line(item))
    lines += ["", "## Summary", ""]
    lines += [
        ("  - " if line.startswith("  ") else "- ") + markdown_text(line.strip())
        for line in summary_lines(summarize(found), brp)
    ]
    lines += ["", "## Every entry", ""]
    lines += markdown_table(found)
    return "\n".join(lines) + "\n"
