"""Reading a campaign's log: its events made into records (an event and its log line), of the
current session, of one, or of all, and the session list's numbers."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Literal

from gmdash.model.campaign import GameSession
from gmdash.model.events import CharacterAdded, Event
from gmdash.model.log import LogEntry, Record, log_entry, target_of
from gmdash.model.log_stats import SessionStats, session_stats

if TYPE_CHECKING:
    from gmdash.play.campaign import CampaignService

Which = int | Literal["all"] | None


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


def sessions_of(service: CampaignService, which: Which) -> list[GameSession]:
    """The sessions log `which` covers: one (none for the log kept between sessions), or all."""
    if which == "all":
        return list(service.sessions)
    number = service.current_log if which is None else which
    return [s for s in service.sessions if s.number == number]


def session_stats_of(
    service: CampaignService, which: Which, now: datetime | None = None
) -> list[SessionStats]:
    """The statistics of the sessions log `which` covers; an open one lasts until `now`."""
    now = now or service.clock()
    return [session_stats(s, records(service, s.number), now) for s in sessions_of(service, which)]


def session_list(service: CampaignService, now: datetime | None = None) -> list[SessionStats]:
    """Every session of the campaign, oldest first, with its numbers."""
    now = now or service.clock()
    return [session_stats(s, records(service, s.number), now) for s in service.sessions]
