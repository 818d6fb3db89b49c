"""The players' screen: the party, the fight and the night's public rolls, read-only.

One `PlayersApp` runs per browser (textual-serve starts `python -m gmdash.serve.players` for
each connection). It has no key that changes anything, no command palette and no file dialog:
it draws a `PlayersView` from its source and redraws within POLL_SECONDS of a write. Every name
and label is drawn as plain `Text` with its control characters shown (`safe_text.visible`),
never parsed as markup nor sent raw to the browser's terminal.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import lru_cache
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.containers import Container, Vertical, VerticalScroll
from textual.widgets import Static

from gmdash.drawing.points import hp_bar, points_style
from gmdash.drawing.user_text import rich_literal
from gmdash.level_words import LEVEL_STYLES
from gmdash.safe_text import visible
from gmdash.serve.view import (
    MAX_ROLLS,
    CombatView,
    Fighter,
    PartyMember,
    PlayersView,
    PublicRoll,
    SourceError,
    ViewSource,
)

POLL_SECONDS = 0.25
"""How often the campaign's files are looked at (a few stat calls; a write is then read from
where the last read stopped): well within a second."""


class PlayersApp(App[None]):
    """The read-only players' screen of one campaign."""

    TITLE = "gmdash · players' view"
    ENABLE_COMMAND_PALETTE = False
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]  # noqa: RUF012 (Textual reads it)
    BINDINGS: ClassVar[list[BindingType]] = []
    CSS = """
    #title { height: 1; background: $primary-background; color: $text; text-style: bold;
             padding: 0 1; }
    #problem { display: none; color: $text-error; background: $error-muted; padding: 0 1; }
    #problem.-shown { display: block; }
    #main { layout: horizontal; height: 1fr; }
    #left { width: 1fr; height: 1fr; }
    .pane { border: round $primary; border-title-color: $text; padding: 0 1; }
    #party { height: auto; max-height: 60%; }
    #combat { height: 1fr; }
    #rolls { width: 1fr; height: 1fr; }
    Screen.-narrow #main { layout: vertical; }
    Screen.-narrow #left { height: auto; }
    Screen.-narrow #party { max-height: 16; }
    Screen.-narrow #combat { height: auto; max-height: 14; }
    """

    def __init__(self, source: ViewSource, *, server_pid: int | None = None) -> None:
        super().__init__()
        self.source = source
        self.server_pid = server_pid
        """The server's pid: the screen quits when it is gone (even killed outright)."""
        self.view: PlayersView | None = None
        self.problem = ""
        self.shown_title: Text | None = None
        self.shown_problem: str | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="title", markup=False)
        yield Static("", id="problem", markup=False)
        yield table()

    def on_mount(self) -> None:
        self.reload()
        self.set_interval(POLL_SECONDS, self.poll)

    def poll(self) -> None:
        if self.server_pid is not None and os.getppid() != self.server_pid:
            self.exit()  # the server is gone: no one watches any more
            return
        if self.source.changed():
            self.reload()

    def reload(self) -> None:
        """Read the campaign again and redraw what changed; a failed read keeps the last view
        on screen with the reason under the title."""
        try:
            view = self.source.read()
        except SourceError as error:
            if str(error) != self.problem:  # the same reason again (a retry): nothing to redraw
                self.problem = str(error)
                self._show_title()
            return
        self.problem = ""
        old, self.view = self.view, view
        self._show_title()
        if old is None or old.party != view.party:
            self.query_one("#party-body", Static).update(party_renderable(view.party))
        if old is None or old.combat != view.combat:
            self.query_one("#combat-body", Static).update(combat_renderable(view.combat))
            self.query_one("#combat", VerticalScroll).border_title = (
                view.combat.heading if view.combat else "Combat"
            )
        rolls_title = f"Rolls · {view.session}"
        rolls_pane = self.query_one("#rolls", VerticalScroll)
        if rolls_pane.border_title != rolls_title:  # (each assignment draws the pane again)
            rolls_pane.border_title = rolls_title
        if old is None or old.rolls != view.rolls:
            self.query_one("#rolls-body", Static).update(rolls_renderable(view.rolls))
            self.call_after_refresh(self.query_one("#rolls", VerticalScroll).scroll_end,
                                    animate=False)  # fmt: skip

    def _show_title(self) -> None:
        line = Text(self.TITLE)
        if self.view is not None:
            line.append(" — ")
            line.append(visible(self.view.campaign))
            line.append(f" · {self.view.date}")
            line.append(f" · {self.view.session}", style="dim")
        # Drawn again only when it changed: each update lays the page out again, and a page
        # reads the campaign after every roll of the night.
        if line != self.shown_title:
            self.shown_title = line
            self.query_one("#title", Static).update(line)
        if self.problem != self.shown_problem:
            self.shown_problem = self.problem
            problem = self.query_one("#problem", Static)
            problem.update(rich_literal(f"Not up to date: {self.problem}" if self.problem else ""))
            problem.set_class(bool(self.problem), "-shown")


def table() -> Container:
    """What every player sees: the party and the fight beside the public rolls."""
    return Container(
        Vertical(_pane("party", "Party"), _pane("combat", "Combat"), id="left"),
        _pane("rolls", "Rolls"),
        id="main",
    )


def _pane(name: str, title: str) -> VerticalScroll:
    """A bordered, scrolling pane holding one Static `#<name>-body`; never focused (the page
    takes no input)."""
    pane = VerticalScroll(Static("", id=f"{name}-body"), id=name, classes="pane", can_focus=False)
    pane.border_title = title
    return pane


def party_renderable(party: Sequence[PartyMember]) -> RenderableType:
    if not party:
        return Text("No player characters yet.", style="dim")
    lines: list[RenderableType] = []
    for member in party:
        lines += member_lines(member, indent="  ")
    return Group(*lines)


def member_lines(member: PartyMember, *, indent: str = "") -> tuple[Text, Text]:
    """Its name (and player) with its status, then its HP bar, MP and RP (if it has any)."""
    heading = rich_literal(member.name, style="bold")
    if member.player:
        heading.append(f" ({visible(member.player)})", style="dim")
    heading.append("  ")
    heading.append_text(status_line(member.status, member.hit_points < member.hit_points_max))
    points = Text(f"{indent}HP ")
    points.append_text(hp_bar(member.hit_points, member.hit_points_max, 10))
    points.append("   MP ")
    points.append_text(points_text(member.magic_points, member.magic_points_max))
    if member.rune_points_max:
        points.append("   RP ")
        points.append_text(points_text(member.rune_points, member.rune_points_max))
    return heading, points


def points_text(current: int, maximum: int) -> Text:
    return Text(f"{current}/{maximum}", style=points_style(current, maximum))


def status_line(status: Sequence[str], wounded: bool) -> Text:
    if "dead" in status:
        return Text("dead", style="bold red")
    if status:
        return Text(", ".join(status), style="bold red" if "unconscious" in status else "red")
    return Text("wounded", style="yellow") if wounded else Text("ok", style="green")


def combat_renderable(combat: CombatView | None) -> RenderableType:
    if combat is None:
        return Text("No combat.", style="dim")
    table = Table.grid(padding=(0, 1))
    table.add_column(width=1)
    table.add_column(justify="right", min_width=3)
    table.add_column(ratio=2)
    table.add_column(ratio=2)
    table.add_column(justify="right")
    table.add_column(ratio=2)
    for fighter in combat.fighters:
        table.add_row(*_fighter_cells(fighter))
    return table


def _fighter_cells(fighter: Fighter) -> list[Text]:
    if fighter.current:
        mark = Text("▶", style="bold yellow")
    else:
        mark = Text("✓" if fighter.resolved else " ", style="green")
    name_style = "dim strike" if fighter.out else ("bold" if fighter.current else "")
    if not fighter.public and not fighter.out:
        name_style += " italic"
    effects = ", ".join(fighter.effects)
    if fighter.public:
        effect_style = "red" if fighter.effects else "green"
        effects = effects or "ok"
    else:
        effect_style = {"unhurt": "green", "hurt": "yellow"}.get(effects, "red")
    return [
        mark,
        Text(fighter.rank, style="bold" if fighter.current else ""),
        rich_literal(fighter.name, style=name_style.strip()),
        rich_literal(fighter.action, style="dim" if fighter.resolved or not fighter.acting else ""),
        Text(fighter.hit_points),
        Text(effects, style=effect_style),
    ]


def rolls_renderable(rolls: Sequence[PublicRoll]) -> RenderableType:
    if not rolls:
        return Text("No rolls yet this session.", style="dim")
    return Group(*map(roll_line, rolls))


@lru_cache(maxsize=2 * MAX_ROLLS)
def roll_line(roll: PublicRoll) -> Text:
    """A public roll's line, made once: the page draws the last MAX_ROLLS after every roll of
    the night, each new one added and those before unchanged (a roll is a frozen value; one
    struck out is another)."""
    strike = " strike" if roll.struck else ""
    line = Text(f"{roll.day} {roll.time} ".lstrip(), style="dim" + strike)
    if roll.actor:
        line.append(visible(roll.actor), style="bold" + strike)
        line.append(" · ", style="dim")
    line.append(visible(roll.label), style=("dim" if roll.struck else "") + strike)
    if roll.chance is not None:
        line.append(f"  {roll.chance}%", style="dim" + strike)
    if roll.roll is not None:
        line.append(f"  {roll.roll}", style="bold" + strike)
    if roll.level:
        line.append(f"  {roll.level}", style=LEVEL_STYLES.get(roll.level, "") + strike)
    if roll.struck:
        line.append("  (struck out)", style="dim italic")
    return line
