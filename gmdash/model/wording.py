"""How stored keys read where a person reads them: the log, exports, messages.

The data keeps machine keys (`left_leg`, `useless:left_leg`, event ids); a game master reads
"left leg (useless, shock)" and "struck out: Harvald Stormbrow's Broadsword". Every line that
names a location, a condition or another event goes through here, so that no key or id leaks
into a row, an export or a notification. It sits in the model because the log line itself
(`model.log.log_entry`) is written here, below `play` and the front ends.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gmdash.model.errors import ValidationError

LEGS = ("left_leg", "right_leg")
REDUNDANT_REASONS = ("", "struck out from the log")
"""Reasons that say nothing the line does not (the log pane's `k` gives the second)."""
REASON_WORDS = {"undo": "undone"}


def words(key: str) -> str:
    """A stored key in words: `left_leg` -> `left leg`."""
    return key.replace("_", " ").strip()


def location_words(location: str) -> str:
    """A hit location as read: `left_leg` -> `left leg`."""
    return words(location)


def condition_words(conditions: Iterable[str], hit: str | None = None) -> list[str]:
    """Sheet conditions as read, next to the location `hit` (if any): `useless:left_leg` is
    "useless" beside a blow to that leg, "left leg useless" otherwise; both legs useless at once
    (a blow to the abdomen) read as one."""
    found = list(dict.fromkeys(conditions))
    useless = {c.partition(":")[2] for c in found if c.startswith("useless:")}
    both_legs = all(leg in useless for leg in LEGS) and hit not in LEGS
    out: list[str] = []
    for condition in found:
        kind, _, where = condition.partition(":")
        if not where or where == hit:
            out.append(words(kind))
        elif kind == "useless" and where in LEGS and both_legs:
            if "both legs useless" not in out:
                out.append("both legs useless")
        else:
            out.append(f"{location_words(where)} {words(kind)}")
    return out


def at_location(location: str | None, conditions: Iterable[str] = ()) -> str:
    """ "to left leg (useless, shock)", or "" when there is no location nor condition."""
    effects = condition_words(conditions, location)
    where = f" to {location_words(location)}" if location else ""
    return where + (f" ({', '.join(effects)})" if effects else "")


def struck_out_words(what: str | None, reason: str = "") -> str:
    """The log line of a roll struck out: "struck out: Broadsword (12, success) — undone"."""
    text = f"struck out: {what}" if what else "a roll struck out"
    if reason not in REDUNDANT_REASONS:
        text += f" — {REASON_WORDS.get(reason, reason)}"
    return text


def undone_words(what: str | None) -> str:
    """The log line of an undo: "undid: 5 damage to left leg"."""
    return f"undid: {what}" if what else "undid an earlier change"


def roll_words(
    actor: str | None, label: str | None, roll: int | None = None, level: str | None = None
) -> str:
    """A roll named in another line: "Harvald's Broadsword (12, success)"."""
    who = f"{actor}'s " if actor else ""
    what = label or "roll"
    result = ", ".join(part for part in (None if roll is None else str(roll), level) if part)
    return f"{who}{what}" + (f" ({result})" if result else "")


def experience_words(
    label: str | None, value: int | None, roll: int | None, improved: bool, gain: int | None
) -> str:
    """An experience roll as read: "Broadsword 45%: 75, improves +3" (D100 over the ability
    improves it), "Broadsword 45%: 30, no improvement"."""
    head = f"{label or 'ability'}" + ("" if value is None else f" {value}%")
    if roll is not None:
        head += f": {roll}"
    if not improved:
        return f"{head}, no improvement"
    return f"{head}, improves" + ("" if gain is None else f" +{gain}")


_INDEX = re.compile(r"\[(\d+)\]")


def error_words(error: ValidationError) -> str:
    """A refusal as read: the field in words ("abilities 3 value: ..."), none when it names
    an id (the message says what was wrong)."""
    field = error.field
    if field == "id" or field.endswith("_id"):
        return error.message
    where = _INDEX.sub(lambda m: f" {int(m.group(1)) + 1}", field).replace(".", " ")
    return f"{words(where)}: {error.message}"
