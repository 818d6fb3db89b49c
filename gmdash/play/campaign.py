"""`CampaignService`: the one façade the TUI and the CLI use to work on a campaign.

Open a campaign from a saves folder, hold its state in memory, and change it only by events::

    with CampaignService.open(saves, "Demo — The Pavis Road") as service:
        service.bus.subscribe(Event, redraw)           # the TUI re-renders on every event
        service.start_session()
        service.publish(RollMade(actor="Vasana", label="Scan", kind="ability", chance=65,
                                 roll=12, level="success"))
        service.publish(DamageApplied(character_id="c0001", amount=4, location="chest"))
        service.undo()                                 # heals those 4 points back
        service.redo()                                 # and takes them off again

`publish(event)` stamps the event (id, time from the injected clock, session, game date), checks
and applies it to the state (`ValidationError`: nothing changes), appends it to the session log
as one fsynced transaction (a failed write: nothing changes either), and only then publishes it
on the bus for the screens. `with service.transaction():` makes several events one change:
committed together, then announced; if anything inside fails, none of them happened. Everything
is synchronous.

Read-only (`open(..., read_only=True)`), nothing is locked or written, and `refresh()` picks up
what the process holding the campaign committed since (see `gmdash.store.readonly`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, TypeVar

from gmdash.model import validate as v
from gmdash.model.campaign import Campaign, GameSession
from gmdash.model.character import Character
from gmdash.model.errors import ValidationError
from gmdash.model.events import (
    CharacterAdded,
    Event,
    RedoApplied,
    RollMade,
    RollStruckOut,
    SessionEnded,
    SessionStarted,
    UndoApplied,
    event_from_dict,
)
from gmdash.model.log import LogEntry, log_entry
from gmdash.model.sheets import complete
from gmdash.model.state import CampaignState
from gmdash.model.undo_entry import UndoEntry
from gmdash.play.bus import Bus
from gmdash.rules.ruleset import OptionalRule, RuleSet
from gmdash.store.campaign_store import CampaignStore
from gmdash.store.errors import (
    CampaignLocked,
    CampaignNotFound,
    CorruptSaveError,
    ReadOnlyError,
    StoreError,
)
from gmdash.store.lock import DEFAULT_WAIT
from gmdash.store.outcome import OUTCOME
from gmdash.store.paths import (
    CAMPAIGN_FILE,
    campaign_folder,
    campaign_slugs,
    read_last,
    slugify,
    write_last,
)
from gmdash.store.readonly import state_document
from gmdash.store.writer import StoreWriter, log_number

Clock = Callable[[], datetime]
E = TypeVar("E", bound=Event)
Which = int | Literal["all"] | None


def utc_now() -> datetime:
    """The default clock: now, in UTC."""
    return datetime.now(UTC)


class CampaignService:
    """One open campaign: its state, its bus and (unless read-only) its store."""

    def __init__(
        self,
        store: CampaignStore,
        state: CampaignState,
        *,
        clock: Clock = utc_now,
        bus: Bus | None = None,
    ) -> None:
        self.store = store
        self.state = state
        self.clock = clock
        self.bus = bus or Bus()
        self.read_only = store.read_only
        self._writer: StoreWriter | None = None
        self._pending: list[Event] | None = None
        """The events of the open transaction (None outside one)."""
        self._rolling_for: str | None = None
        """The player whose link asked for the rolls being made (`rolled_by`), if any."""
        self._parsed: tuple[int, list[Event]] = (-1, [])
        """The current log file's number and its events read so far, in order: a log file only
        grows, so `events` reads only what was added since (the log pane reads the current log
        whole at start-up, right after the opening replay read it)."""
        self._parsed_mark: tuple[int, int, int] | None = None
        """The current log file as it was when `_parsed` was all of it (see `CampaignStore.
        log_mark`): while it is unchanged, its events are `_parsed`'s, not read again."""
        if not self.read_only:
            self._writer = StoreWriter(store, self.state_dict)

    # --- opening ---------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        saves: Path,
        name: str,
        *,
        read_only: bool = False,
        clock: Clock = utc_now,
        bus: Bus | None = None,
        durable: bool = True,
        remember: bool = True,
        wait: float = DEFAULT_WAIT,
    ) -> CampaignService:
        """Open the campaign called (or slugged) `name` in `saves`.

        For writing (the default) the campaign is locked, waiting up to `wait` seconds for
        another writer (then `CampaignLocked` names the holder); `read_only=True` takes no lock
        and never writes. Unreadable files raise `CorruptSaveError`; a missing campaign
        `CampaignNotFound`. `remember` records it as the last campaign opened (for the app; the
        CLI passes False).
        """
        folder = campaign_folder(saves, name)
        try:
            store = CampaignStore.open(folder, read_only=read_only, durable=durable, wait=wait)
        except CampaignNotFound:
            raise CampaignNotFound(name, folder) from None
        except CampaignLocked as error:
            raise CampaignLocked(name, error.pid, error.path, holder=error.holder,
                                 waited=error.waited) from None  # fmt: skip
        try:
            replayed: list[Event] = []
            state = _load_state(store, replayed)
            service = cls(store, state, clock=clock, bus=bus)
            service._parsed = (state.log_file, [e for e in replayed
                                                if log_number(e.id) == state.log_file])  # fmt: skip
            # The replay read the log as it is (this writer holds the lock): the log pane's
            # first read takes its events without parsing the file again.
            service._parsed_mark = store.log_mark(state.log_file)
            if remember and not read_only:
                _remember(saves, store.folder.name)
        except BaseException:
            store.close()
            raise
        return service

    @classmethod
    def create(
        cls,
        saves: Path,
        name: str,
        ruleset: RuleSet = RuleSet.RQG,
        *,
        clock: Clock = utc_now,
        bus: Bus | None = None,
        durable: bool = True,
        state: CampaignState | None = None,
        optional: tuple[OptionalRule, ...] = (),
    ) -> CampaignService:
        """A new, empty campaign (or one holding `state`), open for writing; `optional` are the
        BRP optional rules it plays with."""
        clean = name.strip()
        if not clean:
            raise ValidationError("name", "must not be empty")
        slug = slugify(clean)
        if state is None:
            campaign = Campaign(name=clean, slug=slug, ruleset=ruleset, optional_rules=optional)
            state = CampaignState(campaign=campaign)
        store = CampaignStore.create(saves / slug, state.to_dict(), durable=durable)
        _remember(saves, slug)
        return cls(store, state, clock=clock, bus=bus)

    @classmethod
    def open_last(
        cls,
        saves: Path,
        *,
        clock: Clock = utc_now,
        bus: Bus | None = None,
        wait: float = DEFAULT_WAIT,
    ) -> CampaignService:
        """What the app opens at start: the last campaign, else the only one, else the demo
        (created on first start)."""
        slug = read_last(saves)
        slugs = campaign_slugs(saves)
        if slug is None and slugs:
            slug = slugs[0]
        if slug is None:
            return create_demo(saves, clock=clock, bus=bus)
        return cls.open(saves, slug, clock=clock, bus=bus, wait=wait)

    def compact_on_close(self) -> None:
        """Compact when closing, whatever it costs (the dashboard: its next start replays
        nothing); without it the store compacts only when that pays."""
        self.store.compact_at_close = True

    def close(self) -> None:
        """Release the campaign (never raises): every change is already on disk; what fails
        now is a warning (`gmdash.store.outcome`)."""
        self.store.close()

    def __enter__(self) -> CampaignService:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    # --- queries ---------------------------------------------------------------------------

    @property
    def campaign(self) -> Campaign:
        return self.state.campaign

    @property
    def characters(self) -> list[Character]:
        """The roster, in the order sheets were added."""
        return list(self.state.characters.values())

    def character(self, name_or_id: str) -> Character:
        """A sheet by id or name (case-insensitive); ValidationError if there is none."""
        found = self.state.find(name_or_id)
        if found is None:
            raise ValidationError("character", f"no character {name_or_id!r} in this campaign")
        return found

    @property
    def current_session(self) -> GameSession | None:
        return self.state.current_session

    @property
    def sessions(self) -> list[GameSession]:
        return list(self.state.sessions)

    @property
    def undo_history(self) -> list[UndoEntry]:
        """What `undo` would take back, oldest first (the last one goes first)."""
        return list(self.state.undo)

    @property
    def current_log(self) -> int:
        """What the log shows now: the open session's number, or 0 between sessions."""
        current = self.state.current_session
        return 0 if current is None else current.number

    def events(self, session: Which = None) -> list[Event]:
        """Logged events: of session N, of the current log (None: `current_log`), of every
        log ("all"), or (0) those made outside any session, before the first or between two.

        A change made after a session ended is stamped with no session: it belongs to the
        record between sessions, never to the session that was closed before it."""
        found = [event for n in self.log_numbers(session) for event in self._log_events(n)]
        return [e for e in found if self.in_log(e, session)]

    def _log_events(self, number: int) -> list[Event]:
        """Every event of log file `number`, read (the current file's from `_parsed` as far as
        it goes)."""
        path = self.store.folder / CAMPAIGN_FILE
        known_number, known = self._parsed
        if number == known_number == self.state.log_file and self._parsed_mark is not None:
            if self._parsed_mark == self.store.log_mark(number):
                return list(known)
            self._parsed_mark = None  # written since: read as below from now on
        raws = self.store.events(number)
        if number != self.state.log_file:
            return [read_event(raw, path) for raw in raws]
        if known_number != number or len(known) > len(raws):
            known = []  # another file now, or not the file read before: read it whole
        known = known + [read_event(raw, path) for raw in raws[len(known) :]]
        self._parsed = (number, known)
        return list(known)

    def in_log(self, event: Event, session: Which = None) -> bool:
        """Whether `event` belongs to `events(session)` (the streamed log filters by it)."""
        if session == "all":
            return True
        wanted = self.current_log if session is None else session
        return event.session == (wanted or None)

    def log_numbers(self, session: Which = None) -> list[int]:
        """The log files `events(session)` reads: the current one (between sessions: the one
        since the last session ended), session N's, every one for 0 (between sessions) or all."""
        if session == "all" or session == 0:
            return self.store.log_numbers()
        if session is None:
            return [self.state.log_file]
        return [session]

    def refresh(self) -> bool:
        """Read-only: apply what the campaign's writer committed since the last call (or the
        open) and announce it on the bus; whether anything changed.

        For a view of a campaign the dashboard holds (`gmdash log`, the players' view).
        """
        if not self.read_only:
            return False
        path = self.store.folder / CAMPAIGN_FILE
        fresh = [read_event(raw, path) for raw in self.store.refresh()]
        if not fresh:
            return False
        state = self.state.copy()
        for event in fresh:
            state.apply(event)
        self.state = state
        for event in fresh:
            self.bus.publish(event)
        return True

    def log(self, session: Which = None, *, rolls_only: bool = False) -> list[LogEntry]:
        """Log lines (struck-out rolls marked) of the current log, session N, or all."""
        return self.entries(self.events(session), rolls_only=rolls_only)

    def entries(self, events: Iterable[Event], *, rolls_only: bool = False) -> list[LogEntry]:
        """`events` (of one log, in order) as log lines: for a reader that keeps the current
        log's events itself instead of reading the file again (the players' view)."""
        names = {c.id: c.name for c in self.state.characters.values()}
        entries = []
        earlier: dict[str, LogEntry] = {}
        for event in events:
            if isinstance(event, CharacterAdded):
                names.setdefault(event.character.id, event.character.name)
            if rolls_only and event.type != "RollMade":
                continue
            entry = log_entry(event, names, self.state.struck, earlier)
            earlier[event.id] = entry
            entries.append(entry)
        return entries

    def entry(self, event: Event, earlier: Mapping[str, LogEntry] | None = None) -> LogEntry:
        """One event as a log line (for a pane that appends lines as events arrive);
        `earlier`: the lines it may name (see `log_entry`)."""
        names = {c.id: c.name for c in self.state.characters.values()}
        return log_entry(event, names, self.state.struck, earlier)

    def state_dict(self) -> dict[str, Any]:
        """The snapshot the store saves."""
        return self.state.to_dict()

    # --- changes ---------------------------------------------------------------------------

    def publish(self, event: E) -> E:
        """Stamp, check, apply, persist and announce `event`; returns the stamped event.

        Nothing is shown (no bus message, no new state) before the event is on disk; inside a
        `transaction()` it is committed and announced with the others at the end.
        """
        if self.read_only:
            raise ReadOnlyError(f"campaign {self.campaign.name!r} is open read-only")
        starting = isinstance(event, SessionStarted)
        number = event.number if isinstance(event, SessionStarted) else self.state.log_file
        current = self.state.current_session
        if self._rolling_for is not None and isinstance(event, RollMade):
            event = replace(event, player=self._rolling_for)
        stamped = replace(
            event,
            id=f"{number:04d}-{self._next_sequence(number):06d}",
            time=event.time or self.clock(),
            session=number if starting else (current.number if current else None),
            change=self._pending[0].id if self._pending else "",
        )
        after = self.state.copy()
        after.apply(stamped)
        # the game date once it happened (time passing: the day it reached)
        stamped = replace(stamped, game_date=event.game_date or after.game_date_key())
        if self._pending is not None:
            self._pending.append(stamped)
            self.state = after
            return stamped
        self._persist([stamped])
        self.state = after
        self.bus.publish(stamped)
        return stamped

    @contextmanager
    def rolled_by(self, player: str) -> Iterator[None]:
        """Every roll published inside is logged as `player`'s (`RollMade.player`): a player's
        link has the dashboard's own runners roll for it, the augment as well as the roll it
        helps, and the log says whose roll it was."""
        before, self._rolling_for = self._rolling_for, player
        try:
            yield
        finally:
            self._rolling_for = before

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Make every event published inside one change: written as one transaction, then
        announced; if anything inside fails (a rule, the disk), none of them happened.

        A nested `transaction()` joins the outer one.
        """
        if self._pending is not None:
            yield
            return
        before, self._pending = self.state, []
        try:
            yield
            events = self._pending
            self._pending = None
            self._persist(events)
        except BaseException:
            self._pending = None
            self.state = before
            raise
        for event in events:
            self.bus.publish(event)

    def _next_sequence(self, number: int) -> int:
        waiting = sum(1 for e in self._pending or () if log_number(e.id) == number)
        return self.store.count(number) + waiting + 1

    def _persist(self, events: list[Event]) -> None:
        if self._writer is not None:
            self._writer.write(events)

    def start_session(self) -> SessionStarted:
        """Open the next game session."""
        return self.publish(SessionStarted(number=len(self.state.sessions) + 1))

    def end_session(self) -> SessionEnded:
        """Close the open game session."""
        current = self.state.current_session
        if current is None:
            raise ValidationError("session", "no session is open")
        return self.publish(SessionEnded(number=current.number))

    def ensure_session(self) -> GameSession:
        """The open session, starting one if none is open."""
        if self.state.current_session is None:
            self.start_session()
        session = self.state.current_session
        assert session is not None
        return session

    def add_character(self, character: Character) -> Character:
        """Add a sheet under a fresh id; returns it as stored."""
        sheet = replace(character, id=self.state.new_character_id())
        event = self.publish(CharacterAdded(character=sheet))
        return event.character

    def import_character(
        self, data: object, *, convert: bool = False
    ) -> tuple[Character, list[str]]:
        """Add a sheet read from exported JSON; missing current points start full. Returns it
        with what a conversion changed (`fit_import` says what is checked)."""
        sheet, changes = self.fit_import(data, convert=convert)
        return self.publish(CharacterAdded(character=sheet)).character, changes

    def fit_import(self, data: object, *, convert: bool = False) -> tuple[Character, list[str]]:
        """The sheet an import would add, and what a conversion changed; nothing is stored.

        A sheet of the other rule set (CHA or APP, runes, passions, Rune points the campaign
        lacks) is refused with what does not fit, or with `convert` made to fit and reported;
        current points above the character's own maxima are refused (`ValidationError`).
        """
        from gmdash.formats import sheet_fit  # an import's check: not loaded at every start

        raw = dict(v.mapping("character", data))
        edition = self.campaign.edition
        changes: list[str] = []
        wrong = sheet_fit.mismatches(raw, edition)
        if wrong and not convert:
            rules = edition.ruleset.value.upper()
            raise ValidationError(
                "ruleset",
                f"this sheet is not a {rules} character ({'; '.join(wrong)}); "
                f"--convert makes it one and reports what changed",
            )
        if wrong:
            converted = sheet_fit.convert(raw, edition)
            raw, changes = converted.sheet, converted.changes
        sheet = complete(raw, id=self.state.new_character_id(), ruleset=edition.ruleset)
        sheet_fit.check_maxima(sheet, edition.ruleset)
        if self.state.find(sheet.name) is not None:  # as adding it would say, before saving
            raise ValidationError("name", f"{sheet.name!r} is already in this campaign")
        return sheet, changes

    def strike_out(self, roll_id: str, reason: str = "") -> RollStruckOut:
        """Strike a roll out of the log; it is never deleted."""
        return self.publish(RollStruckOut(roll_id=roll_id, reason=reason))

    @property
    def next_undo(self) -> UndoEntry | None:
        """The change `undo` would take back (None: nothing to undo)."""
        return self.state.undo[-1] if self.state.undo else None

    @property
    def next_redo(self) -> UndoEntry | None:
        """The change `redo` would make again (None: nothing to redo)."""
        return self.state.redo[-1] if self.state.redo else None

    def undo(self) -> UndoApplied | None:
        """Take back the last change, whole (every event of its transaction), by one logged
        `UndoApplied`; None when there is nothing. Its rolls are struck out, never deleted;
        sheets, notes and the fight are put back as they were."""
        entry = self.next_undo
        if entry is None:
            return None
        return self.publish(UndoApplied(change_id=entry.event_id, summary=entry.summary))

    def redo(self) -> RedoApplied | None:
        """Make the change undone last again (`RedoApplied`); None when there is nothing (a
        new change since the undo clears what could be redone)."""
        entry = self.next_redo
        if entry is None:
            return None
        return self.publish(RedoApplied(change_id=entry.event_id, summary=entry.summary))


def peek_campaign(saves: Path, name: str) -> Campaign:
    """The record of the campaign called (or slugged) `name` (its name, rules, options), read
    from its snapshot alone: no lock, no replay, no sheet checked. What a command needs to know
    before it works on the campaign (the rules a roll is made by), at a cost that does not grow
    with the roster or the log. A campaign's record is set when it is made: no event changes it.
    """
    folder = campaign_folder(saves, name)
    try:
        state = state_document(folder)
    except CampaignNotFound:
        raise CampaignNotFound(name, folder) from None
    try:
        return Campaign.from_dict(state.get("campaign"))
    except ValidationError as error:
        path = folder / CAMPAIGN_FILE
        raise CorruptSaveError(path, f"bad value for {error.field}: {error.message}") from None


def _remember(saves: Path, slug: str) -> None:
    """Remember `slug` as the campaign opened last; a failure is a warning (the campaign itself
    is saved and open: `gmdash.store.outcome`)."""
    try:
        write_last(saves, slug)
    except (StoreError, OSError) as error:
        OUTCOME.warn(f"campaign {slug!r} is saved, but it could not be remembered as the last "
                     f"one opened ({error})")  # fmt: skip


def read_event(raw: dict[str, Any], snapshot: Path) -> Event:
    """A logged event, read; CorruptSaveError names its log file (`snapshot`: campaign.json)."""
    event_id = str(raw.get("id", ""))
    try:
        return event_from_dict(raw)
    except (ValidationError, ValueError, TypeError, KeyError) as error:
        number = event_id.split("-", 1)[0]
        log = snapshot.parent / "sessions" / f"session-{number}.json"
        raise CorruptSaveError(log if number.isdigit() else snapshot,
                               f"bad event {event_id!r}: {error}") from None  # fmt: skip


def _load_state(store: CampaignStore, replayed: list[Event] | None = None) -> CampaignState:
    """The snapshot, with every event logged after it replayed, then (writing) compacted;
    `replayed` gets every event read from the logs, in order.

    The snapshot is written only when a compaction pays (see `CampaignStore.compaction_pays`),
    so the changes since are in the session log alone: replaying them is the normal way to open.
    """
    path = store.folder / CAMPAIGN_FILE
    raw = store.load_state()
    try:
        state = CampaignState.from_dict(raw)
    except ValidationError as error:
        raise CorruptSaveError(path, f"bad value for {error.field}: {error.message}") from None
    campaign = raw.get("campaign")
    if isinstance(campaign, dict) and "calendar" not in campaign and not store.read_only:
        # saved before calendars: its game time is mapped onto the default start date, and
        # written so at once, whatever later versions take as their default
        store.save_state(state.to_dict())
    kept = [read_event(raw, path) for raw in store.replay_events(state.log_file)]
    applied = 0
    for event in kept:
        if replayed is not None:
            replayed.append(event)
        if event.id <= state.last_event_id:
            continue
        applied += 1
        try:
            state.apply(event)
        except ValidationError as error:
            raise CorruptSaveError(
                path.parent / "sessions" / f"session-{event.id.split('-', 1)[0]}.json",
                f"bad event {event.id!r}: {error}",
            ) from None
    if applied and not store.read_only and store.compaction_pays():
        # The replay was long (a dashboard killed mid-evening, a session changed since): the
        # next open need not do it again.
        store.compact(state.to_dict(), state.log_file)
    return state


def create_demo(
    saves: Path, *, clock: Clock | None = None, bus: Bus | None = None
) -> CampaignService:
    """Create the demo campaign in `saves` and open it for writing."""
    from gmdash.play.demo import DEMO_NAME, demo_state  # only on a first start: keep it lazy

    return CampaignService.create(
        saves, DEMO_NAME, RuleSet.RQG, clock=clock or utc_now, bus=bus, state=demo_state()
    )
