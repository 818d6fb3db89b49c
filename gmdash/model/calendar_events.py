"""The events of the calendar: its settings changed (the date set, a cult's holy days), and
what the calendar brings as time passes, named in the log (a week, a season, Sacred Time ends;
a holy day comes; the party worships).

Registered in `gmdash.model.events`' registry; applied by `CampaignState` through its table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from gmdash.model import validate as v
from gmdash.model.calendar import CalendarSettings
from gmdash.model.errors import ValidationError
from gmdash.model.events import Event, register

MarkKind = Literal["week", "season", "year", "holy_day", "worship"]
MARK_KINDS: frozenset[str] = frozenset(get_args(MarkKind))


def _read(read: Callable[[str, Any], object]) -> dict[str, object]:
    return {"read": read}


def _settings(where: str, raw: object) -> CalendarSettings:
    return CalendarSettings.from_dict(raw, where)


def _texts(where: str, raw: object) -> tuple[str, ...]:
    return tuple(v.text(f"{where}[{i}]", item) for i, item in enumerate(v.items(where, raw)))


@register
@dataclass(frozen=True, kw_only=True)
class CalendarSet(Event):
    """The campaign's calendar replaced: the date set (its `start` moved), or a cult's holy
    days set; `summary` says which, for the log."""

    calendar: CalendarSettings = field(metadata=_read(_settings))
    summary: str = field(default="", metadata=_read(v.text))

    def to_dict(self) -> dict[str, object]:
        data = super().to_dict()
        data["calendar"] = self.calendar.to_dict()
        return data

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        return None, "calendar", self.summary or "the calendar changed"


@register
@dataclass(frozen=True, kw_only=True)
class CalendarMarked(Event):
    """What the calendar brought, for the log: `kind` is "week" (a week ends: natural
    healing), "season" (a season ends), "year" (Sacred Time ends), "holy_day" (a cult's holy
    day comes, `who` its worshippers on the roster) or "worship" (who worshipped)."""

    kind: MarkKind = field(metadata=_read(v.name))
    text: str = field(metadata=_read(v.text))
    who: tuple[str, ...] = field(default=(), metadata=_read(_texts))
    """Names, as they were (the log names them even once they left the roster)."""

    def __post_init__(self) -> None:
        if self.kind not in MARK_KINDS:
            raise ValidationError("kind", f"not a mark of the calendar: {self.kind!r}")

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        who = f" ({', '.join(self.who)})" if self.who else ""
        return None, "calendar", f"{self.text}{who}"
