"""The dashboard app: four panes on one campaign, driven from the keyboard."""

from __future__ import annotations

import io
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from rich.console import Console
from textual import events, on
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import BindingType
from textual.dom import DOMNode
from textual.markup import escape
from textual.message import Message
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.widget import Widget

if TYPE_CHECKING:
    from gmdash.play.time_passing import Passage

from gmdash.config import Config, remember
from gmdash.model.events import Event
from gmdash.play.campaign import CampaignService
from gmdash.rules import OptionalRule, Rng, SeededRng
from gmdash.safe_text import visible
from gmdash.tui.breakpoints import HORIZONTAL_BREAKPOINTS, breakpoint_class
from gmdash.tui.channel_host import (
    CLOSED,
    OFF_REFUSAL,
    PLAYER_ROLL_MODES,
    ChannelHost,
    CommandRunner,
    PlayerAsks,
    PlayerRolls,
    runners_for,
)
from gmdash.tui.collection_pause import CollectionPause
from gmdash.tui.dashboard_screen import DashboardScreen
from gmdash.tui.dialog_preload import preload_dialogs
from gmdash.tui.error_reports import guarded, write_crash_report
from gmdash.tui.key_gate import KeyGate
from gmdash.tui.keybar import KeyBar
from gmdash.tui.keymap import (
    GLOBAL,
    PANES,
    ROSTER,
    SCOPE_TITLES,
    KeyTable,
    bindings_for,
    configured_keys,
)
from gmdash.tui.panes.base import Pane, pane_of
from gmdash.tui.panes.log import LogPane
from gmdash.tui.panes.resistance import ResistancePane
from gmdash.tui.panes.roster import RosterPane
from gmdash.tui.panes.strike_ranks import StrikeRankPane
from gmdash.tui.titlebar import TitleBar

DARK_THEME = "textual-dark"
LIGHT_THEME = "textual-light"


TOLD_KEPT = 100
"""Notifications remembered (`GmDashApp.told`)."""
CRASH_WIDTH = 100
"""Columns of a traceback written to the crash log."""


class Told(NamedTuple):
    """A notification as the game master was shown it."""

    title: str
    message: str
    severity: SeverityLevel


class CampaignChanged(Message):
    """A campaign event, carried from the bus into Textual's message queue."""

    def __init__(self, event: Event) -> None:
        super().__init__()
        self.event = event


class GmDashApp(App[int]):
    """The game master's dashboard on one open campaign."""

    CSS_PATH = "gmdash.tcss"
    TITLE = "gmdash"
    BINDINGS: ClassVar[list[BindingType]] = bindings_for(GLOBAL)
    ENABLE_COMMAND_PALETTE = True
    ALLOW_IN_MAXIMIZED_VIEW = "TitleBar, KeyBar"
    HORIZONTAL_BREAKPOINTS = HORIZONTAL_BREAKPOINTS

    def __init__(
        self,
        service: CampaignService,
        *,
        rng: Rng | None = None,
        clock: Callable[[], datetime] | None = None,
        crash_log: Path | None = None,
        config: Config | None = None,
        notes: Sequence[str] = (),
        commands: CommandRunner | None = None,
    ) -> None:
        """`config` (None: every default, nothing remembered) gives the theme, remembered there
        when it changes, and the keys; `notes` are told once the dashboard shows. `commands`
        runs the CLI commands other processes send while the dashboard holds the campaign
        (`gmdash.cli.hosting`; None: they are refused by the lock, as before)."""
        super().__init__()
        self.crash_log = crash_log
        self.service = service
        self.rng: Rng = rng or SeededRng()
        self.clock: Callable[[], datetime] = clock or service.clock
        self._unsubscribe = service.bus.subscribe(Event, self._on_bus_event)
        self.config = config
        self.notes = list(notes)
        self.key_table = configured_keys(config)
        self.notes += self.key_table.problems
        self.set_keymap(dict(self.key_table.keymap))
        self.theme = self._configured_theme()
        self._start_up = CollectionPause()
        self._rows_left_out = True
        """Whether the roster's and the log's rows out of the first frame's view are still to
        be made (`_show_every_row`)."""
        self.key_gate = KeyGate(self)
        self._asks_told = 0
        self.told: deque[Told] = deque(maxlen=TOLD_KEPT)
        """The last notifications, newest last (what the game master was told)."""
        self.player_rolls: PlayerRolls = self._configured_player_rolls()
        """What players' links may do: roll, wait for the GM's answer, or nothing (P cycles)."""
        self.player_asks = PlayerAsks(self._asks_changed)
        """The players' rolls waiting for the GM's answer ("confirm"), shown in the log pane."""
        runners = runners_for(service, commands, lambda: self.rng, lambda: self.player_rolls,
                              self.player_asks)  # fmt: skip
        self.channel: ChannelHost | None = ChannelHost(service, runners) if runners else None
        """The campaign's channel: other processes' changes carried out here."""
        if crash_log is not None:
            # What Textual prints as it stops on an error none of ours caught (a traceback),
            # kept for the crash log instead of the terminal (`gmdash.tui.launch`).
            self.error_console = Console(file=io.StringIO(), width=CRASH_WIDTH, markup=False,
                                         highlight=False, color_system=None)  # fmt: skip

    async def on_event(self, event: events.Event) -> None:
        # Keys from the terminal go through the gate: one at a time, each once the last has
        # settled (focus moved, dialog built), so typed-ahead keys land where they were meant.
        try:
            if isinstance(event, events.Key) and not event.is_forwarded:
                if event.key == "ctrl+j":
                    # An enter typed before the app had the terminal (while it started) was
                    # turned into a newline by the terminal, which reads as ctrl+j; no key of
                    # ours is ctrl+j.
                    event = events.Key("enter", "\r")
                if not self.key_gate.admit(event):
                    return
                self._show_every_row()  # a key typed before the first frame acts on whole lists
                try:
                    await super().on_event(event)
                finally:
                    self.key_gate.handled()
                return
            await super().on_event(event)
        except Exception as error:
            # A key's action, or any event the app handles, that failed unexpectedly.
            if self.crash_log is None:
                raise  # the tests: fail loudly, as Textual does
            self.report_crash(error)

    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        # A widget still being built (a dialog's fields, before they mount) gets its styles in
        # full when it mounts: restyling it for each class it takes before then is wasted.
        if node is not self and not node.is_attached:
            return
        super().update_styles(node, animate=animate)

    def _configured_player_rolls(self) -> PlayerRolls:
        wanted = self.config.player_rolls if self.config else None
        return next((mode for mode in PLAYER_ROLL_MODES if mode == wanted), "on")

    def _asks_changed(self) -> None:
        """A player's roll came to wait, or was answered: the log pane shows those waiting."""
        if self.is_running:
            for pane in self.query(LogPane):
                pane.show_asks(self.player_asks.waiting, self.player_rolls)
            waiting = self.player_asks.waiting
            if waiting and not self._asks_told:  # the first to wait (then the rows say it)
                keys = self.key_table
                allow, decline = keys.hint_key("log.allow_ask"), keys.hint_key("log.decline_ask")
                focus = keys.hint_key("global.focus_log")
                told = (
                    f"{waiting[-1].asked.text} ({focus}, then {allow}: allow, {decline}: decline)"
                )
                self.notify(told, title="A player asks", markup=False)
        self._asks_told = len(self.player_asks.waiting)

    def action_cycle_player_rolls(self) -> None:
        """Players' rolls: on -> confirm -> off -> on, remembered in the config. Going off
        declines the rolls still waiting (the GM wants none now)."""
        order = PLAYER_ROLL_MODES
        self.player_rolls = order[(order.index(self.player_rolls) + 1) % len(order)]
        declined = self.player_asks.answer_all(OFF_REFUSAL) if self.player_rolls == "off" else 0
        self._asks_changed()
        words = {"on": "on: players' links roll at once",
                 "confirm": "confirm: each waits in the log for y (allow) or n (decline)",
                 "off": "off: players' links are refused"}  # fmt: skip
        told = f"Players' rolls {words[self.player_rolls]}."
        if declined:
            told += f" {declined} waiting declined."
        self.notify(told, title="Players' rolls")
        if self.config is not None and self.config.player_rolls != self.player_rolls:
            problem = remember(self.config.path, "player_rolls", self.player_rolls)
            if problem is None:
                self.config = replace(self.config, player_rolls=self.player_rolls)
            else:
                self.notify(problem, title="Players' rolls not remembered", severity="warning",
                            timeout=15, markup=False)  # fmt: skip

    def _configured_theme(self) -> str:
        wanted = self.config.theme if self.config else None
        if wanted is None:
            return DARK_THEME
        if wanted in self.available_themes:
            return wanted
        assert self.config is not None
        self.notes.append(self.config.problem(
            "theme", f"there is no theme {wanted!r} (ctrl+p, 'theme', lists them)",
            f"{DARK_THEME} is used"))  # fmt: skip
        return DARK_THEME

    # --- layout --------------------------------------------------------------------------

    def get_default_screen(self) -> Screen[object]:
        # The breakpoint class the first resize would set, given now: the panes are then styled
        # once rather than again, all of them, when the real size arrives; and given with the
        # grid's class (gmdash.tcss) as the screen is made, not added after, each of which
        # restyled it.
        classes = f"{breakpoint_class(self.size.width)} -dashboard"
        return DashboardScreen(id="_default", classes=classes)

    def compose(self) -> ComposeResult:
        yield TitleBar(id="title")
        # Placed by the screen's grid (gmdash.tcss): the roster and the log span both rows, the
        # strike ranks over the resistance calculator in the middle; no container in between
        # (each would be drawn under the panes). Tab follows the pane numbers, not this order.
        yield RosterPane(id="roster")
        yield StrikeRankPane(id="strike-ranks")
        yield LogPane(id="log")
        yield ResistancePane(id="resistance")
        yield KeyBar(ROSTER, self.key_table, id="keys")

    def on_load(self) -> None:
        self._start_up.start()  # until the first frame is drawn (see collection_pause)

    def on_mount(self) -> None:
        if self.channel is not None:
            self.run_worker(self._open_channel(), name="channel", exit_on_error=False)
        self.call_after_refresh(self._first_frame_drawn)
        if self.player_rolls != "on":
            self._asks_changed()  # the log pane's title says so from the start
        self._update_header()
        self.watch(self.screen, "focused", self._focus_moved)
        self.pane("roster").focus_main()
        self.theme_changed_signal.subscribe(self, self._remember_theme)
        for note in self.notes:
            self.notify(note, title="gmdash", severity="warning", timeout=30, markup=False)

    async def _open_channel(self) -> None:
        assert self.channel is not None
        await self.channel.open()
        if self.channel.problem:
            self.notify(f"{self.channel.problem}: gmdash commands are refused while the "
                        "dashboard runs", title="No channel", severity="warning", timeout=20,
                        markup=False)  # fmt: skip

    def _first_frame_drawn(self) -> None:
        self._show_every_row()
        self._start_up.end(freeze=True)
        preload_dialogs()

    def _show_every_row(self) -> None:
        """The roster's and the log's rows out of view, which their first frame left out (a
        long roster or session log costs then what a screenful does)."""
        if self._rows_left_out:
            self._rows_left_out = False
            self.query_one(RosterPane).show_rest()
            self.query_one(LogPane).show_older()

    def _remember_theme(self, theme: object) -> None:
        """The theme picked (ctrl+t or the palette) is the next start's theme."""
        if self.config is None or self.theme == self.config.theme:
            return
        problem = remember(self.config.path, "theme", self.theme)
        if problem is None:
            self.config = replace(self.config, theme=self.theme)
        else:
            self.notify(problem, title="Theme not remembered", severity="warning", timeout=15,
                        markup=False)  # fmt: skip

    def _focus_moved(self, focused: Widget | None) -> None:
        # The footer follows the focus (the pane's keys, then the global ones), in the frame
        # that shows it; each pane lights itself (Pane.light).
        pane = pane_of(focused)
        self.query_one(KeyBar).show_scope(pane.scope if pane else None)

    async def on_unmount(self) -> None:
        self.player_asks.answer_all(CLOSED)  # no player left waiting on a closed dashboard
        if self.channel is not None:
            # Before the campaign's lock is released (gmdash.tui.launch), and once the waiting
            # players have been told (their refusals are sent as the channel closes).
            await self.channel.close()
        self._start_up.release()
        self._unsubscribe()

    def pane(self, scope: str) -> Pane:
        return self.query_one(f"#{scope}", Pane)

    def panes(self) -> list[Pane]:
        return [self.pane(scope) for scope, _ in PANES]

    # --- the bus, carried into Textual ---------------------------------------------------

    def _on_bus_event(self, event: Event) -> None:
        self.post_message(CampaignChanged(event))

    @on(CampaignChanged)
    def _campaign_changed(self, message: CampaignChanged) -> None:
        event = message.event
        self._update_header()  # the date and its holy days follow time, sheets and sessions
        for pane in self.panes():
            pane.campaign_changed(event)

    def _update_header(self) -> None:
        from gmdash.play.calendar import date_line  # plain arithmetic, cheap on every event

        campaign = self.service.campaign
        session = self.service.current_session
        self.title = campaign.name
        if session is None:
            tonight = "no session open (ctrl+g starts one)"
        else:
            started = session.start.astimezone().strftime("%H:%M") if session.start else ""
            tonight = f"session {session.number}" + (f", since {started}" if started else "")
        mode = " · read-only" if self.service.read_only else ""
        today = date_line(self.service.state)
        self.sub_title = f"{campaign.ruleset.value.upper()} · {today} · {tonight}{mode}"

    # --- focus and layout actions ----------------------------------------------------------

    def _focused_pane(self) -> Pane | None:
        return pane_of(self.focused)

    def action_focus_pane(self, scope: str) -> None:
        if self.screen.maximized is not None:
            self.screen.minimize()
        self.pane(scope).focus_main()

    def _cycle(self, step: int) -> None:
        if not self._on_main_screen():
            if step > 0:
                self.screen.focus_next()
            else:
                self.screen.focus_previous()
            return
        order = [scope for scope, _ in PANES]
        current = self._focused_pane()
        index = order.index(current.scope) if current is not None else -1
        self.action_focus_pane(order[(index + step) % len(order)])

    def action_focus_next_pane(self) -> None:
        self._cycle(1)

    def action_focus_previous_pane(self) -> None:
        self._cycle(-1)

    def _on_main_screen(self) -> bool:
        # No stack while the app closes
        stack = self.screen_stack
        return bool(stack) and stack[-1] is stack[0]

    def action_toggle_maximize(self) -> None:
        if self.screen.maximized is not None:
            self.screen.minimize()
            return
        pane = self._focused_pane()
        if pane is not None:
            self.screen.maximize(pane, container=False)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Every notification as plain text: messages carry names, labels and error texts,
        and a name such as `Grima [/]` read as markup would break the toast (and, in the
        crash handler, loop). Widgets' and screens' `notify` come here too."""
        self.told.append(Told(visible(title), visible(message), severity))
        super().notify(
            visible(message), title=visible(title), severity=severity, timeout=timeout,
            markup=False,
        )  # fmt: skip

    def action_toggle_theme(self) -> None:
        self.theme = LIGHT_THEME if self.theme == DARK_THEME else DARK_THEME

    def action_help(self) -> None:
        from gmdash.tui.help import help_screen

        self.push_screen(help_screen(*self._help_arguments()))

    def _help_arguments(self) -> tuple[str | None, KeyTable, bool, bool]:
        """What the help is opened with: the focused pane's keys first, the edition's."""
        pane = self._focused_pane()
        edition = self.service.campaign.edition
        return (pane.scope if pane else None, self.key_table, edition.is_brp,
                edition.uses(OptionalRule.RUNE_POINTS))  # fmt: skip

    # --- campaign actions ----------------------------------------------------------------

    @guarded
    def action_undo(self) -> None:
        """Undo the last change; the improvement phase, or a change made before this session
        started, is asked about first (escape keeps everything)."""
        from gmdash.play import undoing  # with the first undo, not at start-up

        step = undoing.next_undo(self.service)
        if step is None:
            self.notify("Nothing to undo.", title="Undo")
            return
        if step.warning is None:
            self._undo()
            return
        from gmdash.tui.dialogs.confirm import ConfirmDialog

        self.push_screen(
            ConfirmDialog(f"{step.warning} Undo {step.summary}?", title="Undo?", yes="Undo"),
            self._undo_if_confirmed,
        )

    @guarded
    def _undo_if_confirmed(self, yes: bool | None) -> None:
        if yes:
            self._undo()

    def _undo(self) -> None:
        from gmdash.play import undoing

        undone = self.service.undo()
        if undone is not None:
            self.notify(undoing.undone_message(undone.summary), title="Undo")

    @guarded
    def action_redo(self) -> None:
        from gmdash.play import undoing

        redone = self.service.redo()
        if redone is None:
            self.notify("Nothing to redo.", title="Redo")
        else:
            self.notify(undoing.redone_message(redone.summary), title="Redo")

    @guarded
    def action_toggle_session(self) -> None:
        if self.service.current_session is None:
            started = self.service.start_session()
            self.notify(f"Session {started.number} started.", title="Game night")
        else:
            ended = self.service.end_session()
            self.notify(f"Session {ended.number} ended.", title="Game night")

    def action_weekly_healing(self) -> None:
        """A game week passes (seven days each): the end of each week heals everyone, holy
        days come (docs/rules.md#calendar)."""
        from gmdash.tui.dialogs.wounds import WeeksDialog

        self.push_screen(WeeksDialog(), self._weeks_passed)

    @guarded
    def _weeks_passed(self, weeks: int | None) -> None:
        if weeks is None:
            return
        from gmdash.play import time_passing

        self._after_passage(time_passing.pass_weeks(self.service, weeks), "A game week passes")

    def action_time_passes(self) -> None:
        """Game time passes (a span typed): effects count down, magic points come back, the
        end of a week heals, holy days come."""
        from gmdash.tui.dialogs.effects import TimePassesDialog

        self.push_screen(TimePassesDialog(), self._time_passed)

    @guarded
    def _time_passed(self, seconds: int | None) -> None:
        if seconds is None:
            return
        from gmdash.play import time_passing

        self._after_passage(time_passing.pass_time(self.service, seconds), "Time passes")

    def _after_passage(self, passage: Passage, title: str) -> None:
        """Say what the time brought; at the holy days it reached, ask who worshipped."""
        from gmdash.play import time_passing
        from gmdash.play.calendar import today_text

        state = self.service.state
        names = {c.id: c.name for c in self.service.characters}
        lines = time_passing.summary_lines(passage, names, today_text(state))
        self.notify(" ".join(lines), title=title, timeout=10)
        offers = time_passing.worship_offers(state, passage.holy_days)
        if offers:
            from gmdash.tui.dialogs.worship import WorshipDialog

            self.push_screen(WorshipDialog(offers))

    def action_week_view(self) -> None:
        """The calendar: the week's days and holy days, the next holy days; set the date."""
        from gmdash.tui.dialogs.week_view import WeekView

        self.push_screen(WeekView())

    def action_improvement_phase(self) -> None:
        """Experience rolls for every ticked ability (docs/rules.md#experience)."""
        from gmdash.tui.dialogs.improvement import ImprovementScreen

        self.push_screen(ImprovementScreen())

    # --- the last safety net --------------------------------------------------------------

    def report_crash(self, error: Exception) -> None:
        """Keep the table running: record the trace in the crash log, tell the GM, go on.

        Every change is an event applied whole or not at all, so carrying on is safe."""
        assert self.crash_log is not None
        try:
            write_crash_report(self.crash_log, error, self.clock())
            where = f" (details in {self.crash_log})"
        except OSError:
            where = ""
        self.notify(
            f"Something went wrong: {type(error).__name__}: {error}{where}. Nothing was lost.",
            title="Unexpected error",
            severity="error",
            timeout=15,
        )

    def stopped_on(self) -> str:
        """What Textual reported as it stopped the app on an error nothing of ours caught (a
        message handler's, a timer's): the traceback, or "" if it did not stop on one."""
        if self.crash_log is None or self.return_code != 1:
            return ""
        file = self.error_console.file
        return file.getvalue() if isinstance(file, io.StringIO) else ""

    # --- the command palette, from the same table ------------------------------------------

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        for command in self.key_table.commands:
            if not command.palette:
                continue
            where = SCOPE_TITLES[command.scope]
            yield SystemCommand(
                f"{command.title} ({where})" if command.scope != GLOBAL else command.title,
                escape(f"{command.help}  [{command.keys_text}]"),  # "[/]" is not markup
                partial(self._run_command, command.scope, command.action),
            )
        yield from super().get_system_commands(screen)

    async def _run_command(self, scope: str, action: str) -> None:
        if scope == GLOBAL:
            await self.run_action(action)
            return
        pane = self.pane(scope)
        pane.focus_main()
        await self.run_action(action, pane)
