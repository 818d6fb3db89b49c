"""A campaign's own settings and its game sessions."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cached_property

from gmdash.model import validate as v
from gmdash.model.calendar import CalendarSettings, default_calendar
from gmdash.rules.ruleset import Edition, OptionalRule, RuleSet

MAX_SESSIONS = 9_999
"""A campaign's game sessions (27 years of weekly play); log files are `session-NNNN.json`."""


@dataclass(frozen=True, kw_only=True)
class Campaign:
    """A campaign: its display name, folder slug, rule set (with the optional rules a BRP
    campaign turned on), the GM's notes and its calendar (None: the rule set's default)."""

    name: str
    slug: str
    ruleset: RuleSet = RuleSet.RQG
    notes: str = ""
    optional_rules: tuple[OptionalRule, ...] = ()
    calendar: CalendarSettings | None = None
    """None when made: the rule set's default calendar (`__post_init__`)."""

    def __post_init__(self) -> None:
        if self.calendar is None:
            object.__setattr__(self, "calendar", default_calendar(self.ruleset))

    @property
    def edition(self) -> Edition:
        return Edition.of(self.ruleset, self.optional_rules)

    @property
    def dates(self) -> CalendarSettings:
        """The campaign's calendar (docs/rules.md#calendar)."""
        return self.calendar or default_calendar(self.ruleset)

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "slug": self.slug,
            "ruleset": str(self.ruleset),
            "notes": self.notes,
            "optional_rules": [str(rule) for rule in self.optional_rules],
            "calendar": self.dates.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: object) -> Campaign:
        """Read a campaign; one saved before calendars gets its rule set's default calendar,
        written with it from its next save on (its game time is mapped onto that start)."""
        raw = v.mapping("campaign", data)
        ruleset = v.choice("ruleset", raw.get("ruleset", "rqg"), RuleSet)
        calendar = raw.get("calendar")
        return cls(
            name=v.name("name", raw.get("name")),
            slug=v.name("slug", raw.get("slug")),
            ruleset=ruleset,
            notes=v.text("notes", raw.get("notes", "")),
            optional_rules=tuple(
                dict.fromkeys(
                    v.choice(f"optional_rules[{i}]", item, OptionalRule)
                    for i, item in enumerate(
                        v.items("optional_rules", raw.get("optional_rules", []))
                    )
                )
            ),
            calendar=(
                default_calendar(ruleset)
                if calendar is None
                else CalendarSettings.from_dict(calendar)
            ),
        )


@dataclass(frozen=True, kw_only=True)
class GameSession:
    """One evening at the table: its number (from 1), when it started and ended (None: open)."""

    number: int
    start: datetime
    end: datetime | None = None

    @property
    def is_open(self) -> bool:
        return self.end is None

    def to_dict(self) -> dict[str, object]:
        return dict(self._as_dict)

    @cached_property
    def _as_dict(self) -> dict[str, object]:
        # computed once: the snapshot lists every past session on every save
        return {
            "number": self.number,
            "start": self.start.isoformat(),
            "end": None if self.end is None else self.end.isoformat(),
        }

    @classmethod
    def from_dict(cls, data: object, where: str = "session") -> GameSession:
        raw = v.mapping(where, data)
        return cls(
            number=v.whole(f"{where}.number", raw.get("number"), low=1, high=MAX_SESSIONS),
            start=v.timestamp(f"{where}.start", raw.get("start")),
            end=v.optional_timestamp(f"{where}.end", raw.get("end")),
        )
