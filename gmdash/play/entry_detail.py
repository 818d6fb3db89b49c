"""Every field of one log entry, in words: what the log's detail view (enter) shows.

A row of the log says who and what; this says the rest: the chance and each modifier, the
augment rolled before it, the dice, the level, whether it was hidden or struck out and why, the
session and time, the combat round and strike rank. Plain (label, text) pairs, no Textual: the
dialog lays them out and marks them up. Ids never show: an augment or a strike-out is named by
what it was, a combatant by name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from gmdash.model.events import ChangeUndone, RollMade, RollStruckOut
from gmdash.model.log import LEVEL_WORDS, LogEntry, Record, parse_time
from gmdash.model.wording import REASON_WORDS, REDUNDANT_REASONS, roll_words, words

ODDS_KINDS = ("ability", "characteristic", "augment", "resistance", "opposed", "attack",
              "parry", "dodge")  # fmt: skip
"""Kinds of roll whose level comes from the Ability Results table (their odds are shown)."""
SHOWN_ELSEWHERE = frozenset({"base", "augment_roll", "combatant", "round", "sr", "typed", "dice",
                             "rolls", "nothing_at_stake", "no_roll", "ability_kind"})  # fmt: skip
"""Details read into their own lines (or, `combatant`, an id that names nobody to a reader)."""
DETAIL_WORDS = {
    "augments": "augments",
    "active": "active",
    "passive": "passive",
    "value": "value",
    "multiplier": "multiplier",
    "opponent": "opponent",
    "opponent_label": "opponent's roll",
    "opponent_chance": "opponent's chance",
    "outcome": "outcome",
    "effective_level": "level after the contest",
    "double_effect": "double effect",
    "gain": "gain",
    "new_value": "new value",
    "improved": "improved",
    "armour": "armour",
    "through": "through armour",
    "location": "location",
}


@dataclass(frozen=True, slots=True)
class EntryDetail:
    """One entry's fields in reading order; `odds_chance`: the chance whose odds to show."""

    title: str
    fields: list[tuple[str, str]] = field(default_factory=list)
    odds_chance: int | None = None


def entry_detail(item: Record, found: Sequence[Record], brp: bool = False) -> EntryDetail:
    """The detail of `item`, looked up among `found` (the shown log: the augment rolled
    before it, the strike-out that took it back)."""
    entry, event = item.entry, item.event
    by_id = {r.event.id: r for r in found}
    details: Mapping[str, object] = event.details if isinstance(event, RollMade) else {}
    rows: list[tuple[str, str]] = [
        ("who", entry.who or "the game master"),
        ("what", entry.label or entry.expression or words(entry.kind)),
        ("kind", words(entry.kind)),
    ]
    rows += _chance_rows(entry, details)
    rows += _roll_rows(entry, details, by_id)
    rows += _taken_back_rows(item, found, by_id)
    rows += _when_rows(entry, details, brp)
    odds = entry.chance if entry.chance is not None and entry.kind in ODDS_KINDS else None
    return EntryDetail(title=_line(entry), fields=rows, odds_chance=odds)


def _chance_rows(entry: LogEntry, details: Mapping[str, object]) -> list[tuple[str, str]]:
    """The chance (and the base it was modified from) and each modifier."""
    rows: list[tuple[str, str]] = []
    if entry.chance is not None:
        base = details.get("base")
        chance = f"{entry.chance}%"
        if _whole(base) and base != entry.chance:
            chance += f" (base {base}%)"
        rows.append(("chance", chance))
    for number, modifier in enumerate(entry.modifiers, 1):
        rows.append((f"modifier {number}" if len(entry.modifiers) > 1 else "modifier", modifier))
    return rows


def _roll_rows(
    entry: LogEntry, details: Mapping[str, object], by_id: Mapping[str, Record]
) -> list[tuple[str, str]]:
    """The augment rolled before it, the dice, the level and the roll's other details."""
    rows: list[tuple[str, str]] = []
    add = rows.append
    augment = by_id.get(str(details.get("augment_roll", "")))
    if augment is not None:
        add(("augment", _roll_line(augment.entry)))
    elif "augment_roll" in details:
        add(("augment", "rolled before it (not in the shown log)"))
    add(("dice", _dice(entry, details)))
    if entry.level:
        add(("level", LEVEL_WORDS.get(entry.level, entry.level)))
    elif details.get("no_roll"):
        add(("level", f"not rolled ({words(str(details['no_roll']))})"))
    if details.get("nothing_at_stake"):
        add(("experience", "nothing at stake: no tick"))
    for key, value in details.items():
        if key in SHOWN_ELSEWHERE or not _scalar(value):
            continue
        add((DETAIL_WORDS.get(key, words(key)), _value(value)))
    return rows


def _taken_back_rows(
    item: Record, found: Sequence[Record], by_id: Mapping[str, Record]
) -> list[tuple[str, str]]:
    """Whether a roll was hidden or struck out; what a strike-out or an undo took back."""
    entry, event = item.entry, item.event
    rows: list[tuple[str, str]] = []
    if isinstance(event, RollMade):
        rows.append(("hidden", "yes: the game master's roll, not shown to the players"
                     if entry.hidden else "no"))  # fmt: skip
        rows.append(("struck out", _struck(item, found) if entry.struck else "no"))
    if isinstance(event, RollStruckOut | ChangeUndone):
        target = by_id.get(event.roll_id if isinstance(event, RollStruckOut) else event.undone_id)
        if target is not None:
            back = _roll_line(target.entry) if target.is_roll else _line(target.entry)
            rows.append(("took back", back))
    return rows


def _when_rows(entry: LogEntry, details: Mapping[str, object], brp: bool) -> list[tuple[str, str]]:
    """The session, the time, the game date and the combat round."""
    when = parse_time(entry.time)
    rows = [
        ("session", "between sessions" if entry.session is None else str(entry.session)),
        ("time", when.astimezone().strftime("%A %d %B %Y, %H:%M:%S") if when else "unknown"),
    ]
    if entry.game_date:
        rows.append(("game date", entry.game_date))
    if _whole(details.get("round")):
        rows.append(("combat", _combat(details, brp)))
    return rows


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _scalar(value: object) -> bool:
    return isinstance(value, str | int | float | bool) and value != ""


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return (
        words(value) if isinstance(value, str) and "_" in value and " " not in value else str(value)
    )


def _line(entry: LogEntry) -> str:
    return f"{entry.who} · {entry.label}" if entry.who else entry.label or words(entry.kind)


def _roll_line(entry: LogEntry) -> str:
    """ "Harvald Stormbrow's Dance (23, success), 60%"."""
    rolled = entry.roll if entry.roll is not None else entry.total
    text = roll_words(entry.actor, entry.label or entry.expression, rolled, entry.level)
    return text + (f" at {entry.chance}%" if entry.chance is not None else "")


def _dice(entry: LogEntry, details: Mapping[str, object]) -> str:
    typed = " (typed in, not rolled)" if details.get("typed") else ""
    each = details.get("dice") or details.get("rolls")
    faces = ""
    if isinstance(each, list) and each and len(each) > 1:
        faces = " (" + " + ".join(str(n) for n in each) + ")"
    if entry.expression:
        total = "" if entry.total is None else f" = {entry.total}"
        return f"{entry.expression}{total}{faces}{typed}"
    if entry.roll is not None:
        return f"D100 {entry.roll:02d}{typed}"
    return "none"


def _struck(item: Record, found: Sequence[Record]) -> str:
    """ "yes: undone", "yes: wrong ability"."""
    for other in found:
        event = other.event
        if isinstance(event, RollStruckOut) and event.roll_id == item.event.id:
            reason = event.reason
            if reason in REDUNDANT_REASONS:
                return "yes: struck out from the log"
            return f"yes: {REASON_WORDS.get(reason, reason)}"
    return "yes"


def _combat(details: Mapping[str, object], brp: bool) -> str:
    text = f"round {details['round']}"
    rank = details.get("sr")
    if _whole(rank):
        text += f", DEX rank {rank}" if brp else f", strike rank {rank}"
    return text
