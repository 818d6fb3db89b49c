"""The roll log: the night's events, newest at the bottom, followed as rolls arrive.

Rows are appended one by one as events come from the bus (the table draws only what is on
screen, so thousands of entries cost nothing per new roll); the table is rebuilt only when the
shown session or the filters change. A row is given to the table as its plain text (which
sizes and measures it) and made in full only when drawn or read: a long session costs the
rows on screen. Search (`/`), filter (`f`), another session (`s`), the
summary (`i`), export (`x`), copy (`c`) and strike-out (`k`) come from the keymap's LOG scope.

A narrow pane (the 100x30 layout) gets compact rows (no cell padding, "12/30%", short level
names) so that "who · what" stays readable; names stay whole (the text wraps), so numbered foes
never read alike; the rows are rebuilt only when a resize crosses that threshold.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.css.query import NoMatches
from textual.widgets import Input, Static

from gmdash.level_words import LEVEL_STYLES
from gmdash.model import log_stats
from gmdash.model.effect_events import TimePassed
from gmdash.model.errors import ValidationError
from gmdash.model.events import (
    ChangeUndone,
    Event,
    RedoApplied,
    RollMade,
    RollStruckOut,
    SessionEnded,
    SessionStarted,
    UndoApplied,
)
from gmdash.model.log import LogEntry, Record, local_hhmm, target_of
from gmdash.play import log_reading
from gmdash.play.log_filter import LogFilter
from gmdash.play.log_reading import Which
from gmdash.rules.game_time import ROUND_SECONDS
from gmdash.safe_text import visible
from gmdash.store.errors import StoreError
from gmdash.tui.call_in import call_in
from gmdash.tui.channel_host import Pending
from gmdash.tui.error_reports import guarded
from gmdash.tui.keymap import LOG, bindings_for, scope_title, table_of
from gmdash.tui.panes.base import Pane
from gmdash.tui.widgets.row_table import LazyRow, RowKeyError, RowTable

COLUMNS = (("time", "time"), ("chance", "%"), ("roll", "roll"), ("level", "level"),
           ("what", "who · what"))  # fmt: skip
"""Numbers first, the free text last: in a narrow pane the level stays in sight."""
NARROW_COLUMNS = (("time", "time "), ("roll", "roll"), ("level", " lvl "), ("what", "who · what"))
"""The compact layout: chance and roll share a cell; the separators are in the cells."""
SHORT_LEVELS = {
    "critical": "crit",
    "special": "spec",
    "success": "succ",
    "failure": "fail",
    "fumble": "fumb",
}
NARROW_BELOW = 54
"""Below this many columns, borders included, the log is compact (100x30: 40, 130x40: 48;
160x50: 59 stays wide)."""
MAX_CHARS = 100
"""About the most of one entry's text a row shows, wrapped (a whole combat exchange is cut
there: enter shows it all)."""
INSTANT_SEARCH = 2000
"""Up to this many entries the search redraws on every key; beyond, once typing pauses."""
SEARCH_DELAY = 0.25


def which_text(which: Which, current: int) -> str:
    """'session 3', 'all sessions', 'between sessions' (`current`: `service.current_log`)."""
    number = current if which is None else which
    if number == "all":
        return "all sessions"
    if number == 0:
        return "between sessions"
    return f"session {number}"


def _rolled(entry: LogEntry) -> int | None:
    return entry.roll if entry.roll is not None else entry.total


def _label(entry: LogEntry) -> str:
    return entry.label or entry.expression or entry.kind


def _now(item: Record) -> str:
    """The game date time passing reached, after its row's text (a melee round's is left out:
    a fight's rounds stay on one day): the log shows the date where it changes; every entry's
    own is in its detail (enter) and the exports."""
    event = item.event
    if isinstance(event, TimePassed) and event.seconds > ROUND_SECONDS and item.entry.game_date:
        return f" · now {item.entry.game_date}"
    return ""


def _actor(entry: LogEntry) -> str:
    """Who, in full at any width: a first name alone would make "Gorp the Broo 1" and "Gorp the
    Black 1" one "Gorp 1"; a player's roll names the player ("Ana rolled for Harvald")."""
    return entry.who or ""


def row_plains(item: Record, narrow: bool = False) -> list[str]:
    """The text of `row_cells(item, narrow)`, made without its styles (cheaply): what the
    table sizes its columns and measures the row with before it draws it."""
    entry = item.entry
    time = local_hhmm(entry.time) + " "
    rolled = _rolled(entry)
    roll = "" if rolled is None else str(rolled)
    chance = "" if entry.chance is None else f"{entry.chance}%"
    level = entry.level or ""
    actor = _actor(entry)
    what = "".join((
        "GM " if entry.hidden else "", f"{actor} · " if actor else "", _label(entry),
        _now(item), " (struck out)" if entry.struck else "",
    ))  # fmt: skip
    if narrow:
        short = SHORT_LEVELS.get(level, level[:4])
        both = roll + ("/" if roll and chance else "") + chance
        return [time, both, f" {short} " if short else "", what]
    return [time, chance, roll, level, what]


def row_cells(item: Record, narrow: bool = False) -> list[Text]:
    """The cells of one log row (see COLUMNS, or NARROW_COLUMNS when `narrow`); a struck-out
    roll is struck through."""
    entry = item.entry
    strike = " strike" if entry.struck else ""
    muted = "dim" + strike
    time = Text(local_hhmm(entry.time) + " ", style="dim" + strike)
    rolled = _rolled(entry)
    level = entry.level or ""
    level_style = (LEVEL_STYLES.get(level, "") + strike) if level else ""
    what = Text()
    if entry.hidden:
        what.append("GM", style="dim italic reverse")
        what.append(" ")
    if actor := _actor(entry):
        what.append(actor, style=("dim" if entry.struck else "bold") + strike)
        what.append(" · ", style="dim")
    label = _label(entry)
    if item.is_roll:
        what.append(label, style=muted if entry.struck else "")
    else:
        what.append(label, style="italic dim" + strike)
    if now := _now(item):
        what.append(now, style="dim" + strike)
    if entry.struck:
        what.append(" (struck out)", style="dim italic")
    if narrow:
        both = Text(justify="right")
        if rolled is not None:
            both.append(str(rolled), style="bold" + strike)
        if entry.chance is not None:
            both.append("/" if rolled is not None else "", style=muted)
            both.append(f"{entry.chance}%", style=muted)
        short = SHORT_LEVELS.get(level, level[:4])
        level_text = Text(f" {short} " if short else "", style=level_style)
        return [time, both, level_text, what]
    chance = Text("" if entry.chance is None else f"{entry.chance}%", style=muted, justify="right")
    roll = Text("" if rolled is None else str(rolled), style="bold" + strike, justify="right")
    return [time, chance, roll, Text(level, style=level_style), what]


def _lazy_row(item: Record, narrow: bool) -> LazyRow:
    """A log row for the table, made in full when first drawn."""
    return item.event.id, row_plains(item, narrow), partial(row_cells, item, narrow)


def chat_line(item: Record) -> str:
    """One entry as one line of plain text to paste into a chat:
    `20:14 Vasana · Broadsword 65%: 12, SUCCESS`."""
    entry = item.entry
    parts = [local_hhmm(entry.time)]
    if entry.hidden:
        parts.append("(GM)")
    what = _label(entry)
    parts.append(f"{entry.who} · {what}" if entry.who else what)
    text = " ".join(p for p in parts if p)
    if entry.chance is not None:
        text += f" {entry.chance}%"
    rolled = _rolled(entry)
    if rolled is not None:
        text += f": {rolled}"
        if entry.level:
            text += f", {entry.level.upper()}"
    if entry.struck:
        text += " (struck out)"
    # A label typed with a newline stays on the one line; other controls are shown as signs, so
    # nothing pasted into a chat carries an escape sequence.
    return visible(" ".join(text.split()))


class LogSearch(Input):
    """The incremental search line (`/`); escape clears it, enter keeps it."""

    DEFAULT_CSS = """
    LogSearch { dock: bottom; display: none; height: 1; border: none; padding: 0 1; }
    LogSearch:focus { border: none; }  /* Input's focus border would leave no line to type on */
    LogSearch.-shown { display: block; }
    """


class LogTable(RowTable):
    """The log's rows; escape clears the search and filters (see the LOG keymap)."""

    DEFAULT_CSS = """
    LogTable.-narrow { scrollbar-size-vertical: 1; }
    """


class AskRows(Static):
    """The players' rolls waiting for the game master (confirm mode), under the log's rows,
    oldest first: y allows the first, n declines it (the LOG keymap)."""

    DEFAULT_CSS = """
    AskRows { dock: bottom; height: auto; max-height: 8; display: none; padding: 0 1;
              background: $warning 15%; }
    AskRows.-shown { display: block; }
    """


PLAYER_ROLLS_MARKS = {"on": "", "confirm": " · players: confirm", "off": " · players: off"}
"""The log pane's title says how players' rolls are taken, unless simply on."""


class LogPane(Pane):
    """The roll log of the shown session (default: the current one), live."""

    scope: ClassVar[str] = LOG
    number: ClassVar[int] = 4
    BINDINGS: ClassVar[list[BindingType]] = bindings_for(LOG)

    DEFAULT_CSS = """
    LogPane LogTable { height: 1fr; }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.which: Which = None
        self.filter = LogFilter()
        self.records: list[Record] = []
        self._index: dict[str, int] = {}
        self._shown_ids: set[str] = set()
        self._pending_search: str | None = None
        self._search_timer: asyncio.TimerHandle | None = None
        self.narrow = False
        """Whether the rows are compact (NARROW_COLUMNS); follows the pane's width."""
        self._older: tuple[log_reading.LogReading, int] | None = None
        """At start-up, until `show_older` (right after the first frame): the log read, and how
        many of its first lines are not made yet (only the last ones, in view, are)."""

    # --- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        table: LogTable = LogTable(cell_padding=1, wrap=True, max_chars=MAX_CHARS, id="log-table")
        for key, label in COLUMNS:
            table.add_column(label, key=key, flex=key == "what")
        yield table
        yield AskRows(id="log-asks")
        # The search line (`/`) is mounted on first use: one widget less at start-up.

    def on_mount(self) -> None:
        super().on_mount()
        self.reload(in_view_first=True)

    def show_asks(self, waiting: Sequence[Pending], mode: str) -> None:
        """The players' rolls waiting for the GM, as rows under the log; the mode in the title."""
        brp = self.dash.service.campaign.edition.is_brp
        self.set_title(f"{self.number} {scope_title(self.scope, brp)}{PLAYER_ROLLS_MARKS[mode]}")
        rows = self.query_one(AskRows)
        lines = Text()
        for number, pending in enumerate(waiting):
            if number:
                lines.append("\n")
            lines.append("? ", style="bold")
            lines.append(visible(pending.asked.text))
            if number == 0:
                keys = table_of(self.app)
                allow, decline = keys.hint_key("log.allow_ask"), keys.hint_key("log.decline_ask")
                lines.append(f"  {allow}: allow · {decline}: decline", style="dim")
        rows.update(lines)
        rows.set_class(bool(waiting), "-shown")

    @guarded
    def action_allow_ask(self) -> None:
        self._answer_ask(True)

    @guarded
    def action_decline_ask(self) -> None:
        self._answer_ask(False)

    def _answer_ask(self, allow: bool) -> None:
        answered = self.dash.player_asks.answer(allow)
        if answered is None:
            raise ValueError("no player's roll waits for you (P switches players' rolls)")
        if not allow:
            self.app.notify(f"Declined: {answered.asked.text}", title="Players' rolls")

    def on_resize(self, event: events.Resize) -> None:
        """Compact rows when the pane gets narrow, full rows when it widens again; a resize
        that stays on the same side of NARROW_BELOW costs nothing."""
        width = self.outer_size.width  # not the content: the compact layout drops the padding
        if width > 0 and (width < NARROW_BELOW) != self.narrow:
            self.set_narrow(width < NARROW_BELOW)

    def set_narrow(self, narrow: bool) -> None:
        """Switch between the full and the compact layout, keeping the selected row."""
        if narrow == self.narrow:
            return
        self.narrow = narrow
        table = self.table
        selected = self.table.cursor_key
        at_bottom = table.row_count == 0 or table.cursor_row >= table.row_count - 1
        table.clear(columns=True)
        table.cell_padding = 0 if narrow else 1
        table.set_class(narrow, "-narrow")
        self.styles.padding = (0, 0) if narrow else None  # None: back to the shared CSS
        for key, label in self.shown_columns:
            table.add_column(label, key=key, flex=key == "what")
        self._rebuild(keep=None if at_bottom else selected)

    @property
    def shown_columns(self) -> tuple[tuple[str, str], ...]:
        """The (key, label) of the shown columns."""
        return NARROW_COLUMNS if self.narrow else COLUMNS

    def main_widget(self) -> LogTable:
        return self.table

    @property
    def table(self) -> LogTable:
        return self.query_one(LogTable)

    @property
    def search_input(self) -> LogSearch | None:
        """The search line, once `/` has been pressed."""
        try:
            return self.query_one(LogSearch)
        except NoMatches:
            return None

    def _hide_search(self) -> None:
        search = self.search_input
        if search is not None:
            search.value = ""
            search.remove_class("-shown")

    # --- what is shown ---------------------------------------------------------------------

    @property
    def shown(self) -> list[Record]:
        """The records that pass the filters, oldest first (what export writes)."""
        return [r for r in self.records if self.filter.matches(r.entry)]

    def reload(self, *, in_view_first: bool = False) -> None:
        """Read the shown session's log again and redraw the whole table; `in_view_first`
        (start-up): make only the last lines, as many as the screen has lines, and the rest
        at `show_older`."""
        reading = log_reading.LogReading(self.dash.service, self.which)
        lines = self.app.size.height
        start = max(0, len(reading) - lines - 1) if in_view_first and lines > 0 else 0
        self._older = (reading, start) if start else None
        self.records = reading.records(start)
        self._index = {r.event.id: i for i, r in enumerate(self.records)}
        self._rebuild()

    def show_older(self) -> None:
        """Make the lines left for after the first frame (see `reload`), before the others;
        the rows in view stay in view."""
        if self._older is None:
            return
        reading, count = self._older
        self._older = None
        older = reading.records(0, count)
        self.records[:0] = older
        self._index = {r.event.id: i for i, r in enumerate(self.records)}
        shown = [item for item in older if self.filter.matches(item.entry)]
        self.table.prepend_lazy_rows(_lazy_row(item, self.narrow) for item in shown)
        self._shown_ids.update(item.event.id for item in shown)
        self._update_subtitle()

    def _rebuild(self, keep: str | None = None) -> None:
        """Redraw every shown row; the cursor goes to the row `keep` if shown, else the last."""
        table = self.table
        table.clear()
        self._shown_ids = set()
        narrow = self.narrow
        shown = [item for item in self.records if self.filter.matches(item.entry)]
        table.add_lazy_rows(_lazy_row(item, narrow) for item in shown)
        self._shown_ids = {item.event.id for item in shown}
        if table.row_count:
            if keep is not None and keep in self._shown_ids:
                table.move_cursor(row=table.get_row_index(keep), animate=False)
            else:
                table.move_cursor(row=table.row_count - 1, animate=False)
        self._update_subtitle()

    def _update_subtitle(self) -> None:
        service = self.dash.service
        where = which_text(self.which, service.current_log)
        older = self._older[1] if self._older is not None else 0  # (no filter at start-up)
        count = f"{len(self._shown_ids) + older}"
        if self.filter.active:
            count += f"/{len(self.records)}"
        parts = [where, count]
        if self.filter.active:
            parts.append(self.filter.describe() + " · esc: clear")
        self.set_subtitle(" · ".join(parts))

    def _follows(self, event: Event) -> bool:
        """Whether a new event belongs to the shown log."""
        if self.which == "all":
            return True
        wanted = self.dash.service.current_log if self.which is None else self.which
        return event.session == (wanted or None)

    # --- events from the bus ---------------------------------------------------------------

    def campaign_changed(self, event: Event | None) -> None:
        self.show_older()  # what follows reads or marks any line
        opens_or_closes = isinstance(event, SessionStarted | SessionEnded)
        if event is None or (opens_or_closes and self.which is None):
            self.reload()  # the current log is now another session's, or between sessions
            return
        if isinstance(event, RollStruckOut):
            self._mark_struck(event.roll_id)
        elif isinstance(event, UndoApplied | RedoApplied):
            self._follow_struck()
        if self._follows(event):
            self._append(log_reading.record(self.dash.service, event, self._earlier(event)))
        elif isinstance(event, ChangeUndone):
            self._update_subtitle()

    def _earlier(self, event: Event) -> dict[str, LogEntry]:
        """The shown line `event` takes back, if any (a strike-out or an undo names it)."""
        target = target_of(event)
        index = self._index.get(target or "")
        return {} if target is None or index is None else {target: self.records[index].entry}

    def _append(self, item: Record) -> None:
        if item.event.id in self._index:
            return
        self._index[item.event.id] = len(self.records)
        self.records.append(item)
        if not self.filter.matches(item.entry):
            self._update_subtitle()
            return
        table = self.table
        at_bottom = table.row_count == 0 or table.cursor_row >= table.row_count - 1
        table.add_lazy_rows([_lazy_row(item, self.narrow)])
        self._shown_ids.add(item.event.id)
        if at_bottom:
            table.move_cursor(row=table.row_count - 1, animate=False)
        self._update_subtitle()

    def _follow_struck(self) -> None:
        """After an undo or a redo: the rolls it struck out, or counts again, marked so."""
        struck = self.dash.service.state.struck
        for item in list(self.records):
            if item.is_roll and item.entry.struck != (item.event.id in struck):
                self._mark_struck(item.event.id, struck=not item.entry.struck)

    def _mark_struck(self, roll_id: str, *, struck: bool = True) -> None:
        index = self._index.get(roll_id)
        if index is None:
            return
        item = self.records[index]
        item = Record(item.event, replace(item.entry, struck=struck))
        self.records[index] = item
        if roll_id not in self._shown_ids:
            return
        if not self.filter.matches(item.entry):
            self._rebuild()
            return
        try:
            self.table.replace_row(*_lazy_row(item, self.narrow))
        except RowKeyError:
            self._rebuild()

    # --- filters ---------------------------------------------------------------------------

    def set_filter(self, new: LogFilter) -> None:
        """Show only what passes `new` (rebuilds the table)."""
        if new == self.filter:
            return
        self.show_older()
        self.filter = new
        self._rebuild()

    @guarded
    async def action_search(self) -> None:
        search = self.search_input
        if search is None:
            search = LogSearch(
                placeholder="search the log (enter: keep, escape: clear)", id="log-search"
            )
            await self.mount(search)
        search.add_class("-shown")
        search.value = self.filter.text
        search.focus()

    @on(Input.Changed, "#log-search")
    def _search_changed(self, message: Input.Changed) -> None:
        """Search as the GM types; on a long log, once typing pauses (a rebuild per key
        would lag behind fast typing)."""
        message.stop()
        self._pending_search = message.value.strip()
        if self._search_timer is not None:
            self._search_timer.cancel()
            self._search_timer = None
        if len(self.records) <= INSTANT_SEARCH:
            self._apply_search()
        else:
            self._search_timer = call_in(self, SEARCH_DELAY, self._apply_search)

    def _apply_search(self) -> None:
        self._search_timer = None
        if self._pending_search is not None:
            text, self._pending_search = self._pending_search, None
            self.set_filter(replace(self.filter, text=text))

    @on(Input.Submitted, "#log-search")
    def _search_done(self, message: Input.Submitted) -> None:
        message.stop()
        if self._search_timer is not None:
            self._search_timer.cancel()
        self._apply_search()
        if not message.value.strip():
            self._hide_search()
        self.table.focus()

    def on_key(self, event: events.Key) -> None:
        search = self.search_input
        if event.key == "escape" and search is not None and search.has_focus:
            event.stop()
            event.prevent_default()
            self._hide_search()
            self.set_filter(replace(self.filter, text=""))
            self.table.focus()

    @guarded
    def action_clear_filters(self) -> None:
        if not self.filter.active:
            self.app.notify("No search or filter to clear.")
            return
        self._hide_search()
        self.set_filter(LogFilter())

    @guarded
    def action_filter(self) -> None:
        from gmdash.tui.dialogs.log_filter import LogFilterDialog

        dialog = LogFilterDialog(*self.filter_arguments())
        self.app.push_screen(dialog, self._filter_chosen)

    def filter_arguments(self) -> tuple[LogFilter, list[LogEntry]]:
        """What the filter dialog is opened with: the filter, and the entries it offers."""
        return self.filter, [r.entry for r in self.records]

    def _filter_chosen(self, chosen: LogFilter | None) -> None:
        if chosen is not None:
            self.set_filter(replace(chosen, text=self.filter.text))

    # --- sessions, summary, export, strike out ---------------------------------------------

    @guarded
    def action_switch_session(self) -> None:
        from gmdash.tui.dialogs.log_sessions import SessionChoice, SessionListDialog

        def chosen(choice: SessionChoice | None) -> None:
            if choice is not None:
                self.show_session(choice.which)

        self.app.push_screen(SessionListDialog(self.which), chosen)

    @guarded
    def show_session(self, which: Which) -> None:
        """Show session `which` (None: the current log, "all": every session)."""
        if isinstance(which, int) and which != 0:
            known = {s.number for s in self.dash.service.sessions}
            if which not in known:
                raise ValidationError("session", f"there is no session {which}")
        self.which = which
        self.reload()

    @guarded
    def action_session_summary(self) -> None:
        from gmdash.tui.dialogs.log_summary import SummaryDialog

        title = which_text(self.which, self.dash.service.current_log)
        summary = log_stats.summarize(self.records, self.dash.service.state.undone)
        self.app.push_screen(SummaryDialog(title, summary))

    @guarded
    def action_export(self) -> None:
        from gmdash.tui.dialogs.log_export import ExportChoice, ExportDialog

        if not self.shown:
            raise ValueError("nothing to export: the log shows no entries")

        def chosen(choice: ExportChoice | None) -> None:
            if choice is not None:
                self.export_to(choice.path, choice.fmt)

        self.app.push_screen(ExportDialog(self.default_export_name(), self.export_folder()), chosen)

    def default_export_name(self) -> str:
        service = self.dash.service
        where = which_text(self.which, service.current_log).replace(" ", "-")
        return f"{service.campaign.slug}-{where}"

    def export_folder(self) -> Path:
        """Where relative export paths go: `<saves>/exports/`, never the campaign's folder."""
        from gmdash.play import exporting  # the export writers: not loaded at every start

        return exporting.export_folder(self.dash.service)

    @guarded
    def export_to(self, path: Path, fmt: str) -> Path:
        """Write the shown entries to `path` (relative: in the exports folder), atomically."""
        from gmdash.formats import log_export
        from gmdash.play import exporting

        service = self.dash.service
        found = self.shown
        title = f"{service.campaign.name} — {which_text(self.which, service.current_log)}"
        if self.filter.active:
            title += f" ({self.filter.describe()})"
        text = exporting.export_text(
            service, found, fmt, which=self.which, title=title, now=self.dash.clock()
        )
        try:
            target = exporting.save_export(service, path, text)
        except StoreError as error:
            raise ValueError(str(error)) from None
        self.app.notify(
            f"{len(found)} entries written to {target}",
            title=f"Exported ({log_export.FORMAT_NAMES[fmt]})",
        )
        return target

    @guarded
    def action_open_entry(self) -> None:
        from gmdash.play.entry_detail import entry_detail
        from gmdash.tui.dialogs.log_entry import LogEntryDialog

        index = self._index.get(self.table.cursor_key or "")
        if index is None:
            raise ValueError("the log shows no entries")
        edition = self.dash.service.campaign.edition
        detail = entry_detail(self.records[index], self.records, brp=edition.is_brp)
        self.app.push_screen(LogEntryDialog(detail, self.dash.service.campaign.ruleset))

    @guarded
    def action_copy_entry(self) -> None:
        index = self._index.get(self.table.cursor_key or "")
        if index is None:
            raise ValueError("select an entry of the log first")
        line = chat_line(self.records[index])
        self.app.copy_to_clipboard(line)
        self.app.notify(line, title="Copied to the clipboard")

    @guarded
    def action_roll_again(self) -> None:
        self._again(retry=False)

    @guarded
    def action_retry(self) -> None:
        self._again(retry=True)

    def _again(self, *, retry: bool) -> None:
        """The selected roll made again (or retried); its row is the log's new last line. On
        another entry (the tick a roll earned), the roll above it."""
        index = self._index.get(self.table.cursor_key or "")
        if index is None:
            raise ValueError("select a roll first")
        event = next(
            (item.event for item in reversed(self.records[: index + 1])
             if isinstance(item.event, RollMade) and item.event.id in self._shown_ids),
            None,
        )  # fmt: skip
        if event is None:
            raise ValueError("select a roll first: there is none above this entry")
        from gmdash.play import roll_again  # with the rolls' runners: only when rolling

        service = self.dash.service
        refusal = roll_again.again_refusal(service, event, retry=retry)
        if refusal is not None:
            raise ValueError(refusal)
        again = roll_again.roll_again(service, self.dash.rng, event, retry=retry)
        self.app.notify(again.describe(), title="Retried" if retry else "Rolled again")

    @guarded
    def action_strike_out(self) -> None:
        table = self.table
        if table.row_count == 0:
            raise ValueError("the log shows no entries")
        index = self._index.get(self.table.cursor_key or "")
        if index is None:
            raise ValueError("select a roll first")
        item = self.records[index]
        if not item.is_roll:
            raise ValueError("only a roll can be struck out (use ctrl+z to undo a change)")
        if item.entry.struck:
            raise ValueError("this roll is already struck out")
        self.dash.service.strike_out(item.event.id, "struck out from the log")
        self.app.notify(f"Struck out: {item.entry.label or item.entry.kind}", title="Roll log")
