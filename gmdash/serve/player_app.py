"""A player's own page: the players' view, plus their character's sheet and its rolls.

`PlayerApp` runs when the page was opened with a player's link (the server passes the link's
token in the process's environment). The character (its sheet; a list of what it can roll, an
augment and a multiplier, a Roll button) beside the table (the party, the fight and the public
rolls, as every player sees them); on a screen narrower than BESIDE columns, one of the two at a
time (`c`, `t`). A roll is asked of the GM's dashboard over its channel
(`gmdash.store.channel`), in a thread: the screen keeps following the campaign meanwhile, and
shows "waiting for the GM…" until the answer (the dashboard may wait for the GM's
confirmation). The page checks nothing itself: the dashboard decides what the token may roll,
and the answer line says what it decided. Nothing here writes to the campaign.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from gmdash.drawing.user_text import rich_literal
from gmdash.safe_text import visible
from gmdash.serve.app import PlayersApp, member_lines, table
from gmdash.serve.player_source import PlayerSource
from gmdash.serve.sheet import OwnSheet, Rollable
from gmdash.store import channel
from gmdash.store.channel import ChannelError, Reply, Request

Ask = Callable[[Path, Request], Reply | None]
NO_DASHBOARD = "The GM's dashboard is not running: rolls wait until it is"
WAITING = "waiting for the GM…"
MULTIPLIERS = tuple(range(1, 6))
BESIDE = 150
"""Columns from which the character and the table are shown side by side."""
PLAYER_CSS = """
#page { height: 1fr; }
#own { width: 1fr; height: 1fr; padding: 0; }
#sheet-head { height: auto; padding: 0 1; }
#own-main { height: 1fr; }
#rollables { width: 1fr; height: 1fr; }
#roll-form { width: 26; height: auto; padding: 0 1; }
#roll-form Select, #roll-form Button { width: 100%; }
#page > #main { width: 1fr; }
#page.-one > .-away { display: none; }
#page.-beside > #own { width: 62; }
Screen.-narrow #party, Screen.-narrow #combat { max-height: 8; }
#answer { height: auto; padding: 0 1; background: $boost; }
#answer.-refused { color: $text-error; }
#answer.-ok { color: $text-success; }
#keys { height: 1; background: $panel; }
"""
NO_SHEET = "This link names no character now (revoked?): ask the GM for a new one."


class PlayerApp(PlayersApp):
    """The page of the player holding `source.token`."""

    TITLE = "gmdash · player's page"
    KEYS: ClassVar[dict[str, str]] = {"c": "Character", "t": "Table", "r": "Roll"}
    """The page's own keys, read in `on_key`: not Bindings, which are the dashboard's
    configurable key table's (`gmdash.tui.keymap`); the page has none of those."""
    CSS = PlayersApp.CSS + PLAYER_CSS

    def __init__(
        self, source: PlayerSource, *, server_pid: int | None = None, ask: Ask = channel.ask
    ) -> None:
        super().__init__(source, server_pid=server_pid)
        self.player_source = source
        self.ask = ask
        """How a request reaches the dashboard (`channel.ask`; a test's stand-in)."""
        self.sheet: OwnSheet | None = None
        self.choices: list[Rollable | None] = []
        """What each line of the roll list rolls (None: a heading)."""
        self.pending = False
        """A roll is out, waiting for the dashboard's answer."""
        self.augments: list[str] | None = None
        """The abilities offered as the augment now (None: none offered yet)."""

    def compose(self) -> ComposeResult:
        yield Static("", id="title", markup=False)
        yield Static("", id="problem", markup=False)
        with Horizontal(id="page", classes="-one"):
            with Vertical(id="own", classes="pane"):
                yield Static("", id="sheet-head")
                with Horizontal(id="own-main"):
                    yield OptionList(id="rollables")
                    with Vertical(id="roll-form"):
                        yield Label("Augment with")
                        yield Select[str]([], prompt="no augment", id="augment")
                        yield Label("Characteristic ×")
                        yield Select(
                            [(f"x{m}", m) for m in MULTIPLIERS], value=5, allow_blank=False,
                            id="multiplier",
                        )  # fmt: skip
                        yield Button("Roll", id="roll", variant="primary")
            yield table().add_class("-away")
        yield Static("", id="answer", markup=False)
        yield Static(keys_line(self.KEYS), id="keys")

    def on_mount(self) -> None:
        self.query_one("#own").border_title = "Character"  # the character's name once read
        super().on_mount()
        self.query_one("#rollables", OptionList).focus()

    def on_resize(self, event: events.Resize) -> None:
        """Side by side from BESIDE columns, else one at a time (`c`, `t`)."""
        beside = event.size.width >= BESIDE
        page = self.query_one("#page")
        page.set_class(beside, "-beside")
        page.set_class(not beside, "-one")
        keys = {"r": "Roll"} if beside else self.KEYS
        self.query_one("#keys", Static).update(keys_line(keys))

    def reload(self) -> None:
        super().reload()
        sheet = self.player_source.sheet()
        if sheet == self.sheet and self.choices:
            return
        old, self.sheet = self.sheet, sheet
        self.query_one("#sheet-head", Static).update(sheet_renderable(sheet))
        self.query_one("#own").border_title = rich_literal(sheet.name) if sheet else "Character"
        if old is None or sheet is None or old.rollables != sheet.rollables:
            self._fill_choices(sheet)

    def _fill_choices(self, sheet: OwnSheet | None) -> None:
        rollables = self.query_one("#rollables", OptionList)
        highlighted = self.choice()
        self.choices, options = [], []
        if sheet is not None:
            groups = (("Characteristics", sheet.characteristics), ("Abilities", sheet.abilities),
                      ("Spells", sheet.spells))  # fmt: skip
            for heading, group in groups:
                if group:
                    options.append(Option(Text(heading, style="bold underline"), disabled=True))
                    self.choices.append(None)
                for rollable in group:
                    options.append(Option(choice_line(rollable)))
                    self.choices.append(rollable)
        rollables.set_options(options)
        if highlighted is not None and highlighted in self.choices:
            rollables.highlighted = self.choices.index(highlighted)
        elif self.choices:
            rollables.highlighted = next(i for i, c in enumerate(self.choices) if c is not None)
        self.augments = None  # the sheet's abilities changed: offered again from them
        self.query_one("#roll", Button).disabled = sheet is None or self.pending
        self._enable_form()

    def choice(self) -> Rollable | None:
        """The line of the roll list highlighted now."""
        index = self.query_one("#rollables", OptionList).highlighted
        if index is None or not 0 <= index < len(self.choices):
            return None
        return self.choices[index]

    # --- rolling ---------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """The page's keys, where the focused widget left them (a list's search takes its
        letters first)."""
        if event.key not in self.KEYS:
            return
        event.stop()
        if event.key == "r":
            self.action_roll()
        else:
            self.action_show("own" if event.key == "c" else "table")

    def action_show(self, part: str) -> None:
        """Show the character (`own`) or the table (`table`): the other is put away when the
        screen is too narrow for both; the character's list takes the keys when shown."""
        own = part == "own"
        self.query_one("#own").set_class(not own, "-away")
        self.query_one("#main").set_class(own, "-away")
        if own:
            self.query_one("#rollables", OptionList).focus()
        elif self.query_one("#page").has_class("-one"):
            self.set_focus(None)  # the list is put away: its keys with it

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._enable_form()

    def _enable_form(self) -> None:
        """The augment for an ability, the multiplier for a characteristic (the others are
        skipped by tab)."""
        rollable = self.choice()
        what = rollable.what if rollable else None
        self._offer_augments(rollable.name if rollable and what == "ability" else None)
        self.query_one("#augment", Select).disabled = what != "ability"
        self.query_one("#multiplier", Select).disabled = what != "characteristic"

    def _offer_augments(self, rolled: str | None) -> None:
        """Every ability of the sheet but the one rolled (an ability cannot augment itself;
        the dashboard refuses it), the augment chosen kept while it is offered."""
        names = [a.name for a in self.sheet.abilities if a.name != rolled] if self.sheet else []
        if names == self.augments:
            return
        self.augments = names
        augment = self.query_one("#augment", Select)
        kept = augment.value
        augment.set_options([(visible(name), name) for name in names])
        if isinstance(kept, str) and kept in names:
            augment.value = kept

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "roll":
            self.action_roll()

    def action_roll(self) -> None:
        """Ask the dashboard for the highlighted roll (one at a time)."""
        if self.pending:
            return
        rollable = self.choice()
        if self.sheet is None or rollable is None:
            self.show_answer("Pick something to roll first." if self.sheet else NO_SHEET, False)
            return
        token = self.player_source.token
        request: Request = {"kind": "player", "token": token, "action": "roll",
                            "what": rollable.what, "name": rollable.name}  # fmt: skip
        augment = self.query_one("#augment", Select).value
        if rollable.what == "ability" and isinstance(augment, str):
            request["augment"] = augment
        if rollable.what == "characteristic":
            request["multiplier"] = self.query_one("#multiplier", Select).value
        self.pending = True
        self.query_one("#roll", Button).disabled = True
        self.show_answer(f"{visible(rollable.label)}: {WAITING}", None)
        self.send(request)

    @work(thread=True, exclusive=True, group="roll")
    def send(self, request: Request) -> None:
        """Ask in a thread (the answer may wait for the GM): the screen goes on meanwhile."""
        try:
            reply = self.ask(self.player_source.folder, request)
        except ChannelError as error:
            text, ok = str(error), False
        else:
            text, ok = answer_text(reply)
        with contextlib.suppress(RuntimeError):  # the page closed while it waited
            self.call_from_thread(self.answered, text, ok)

    def answered(self, text: str, ok: bool) -> None:
        self.pending = False
        self.query_one("#roll", Button).disabled = self.sheet is None
        self.show_answer(text, ok)

    def show_answer(self, text: str, ok: bool | None) -> None:
        answer = self.query_one("#answer", Static)
        answer.update(rich_literal(text))
        answer.set_class(ok is True, "-ok")
        answer.set_class(ok is False, "-refused")


def keys_line(keys: dict[str, str]) -> Text:
    line = Text()
    for key, words in keys.items():
        line.append(f" {key} ", style="bold reverse")
        line.append(f" {words}  ")
    return line


def answer_text(reply: Reply | None) -> tuple[str, bool]:
    """What the page shows of the dashboard's reply, and whether the roll was made."""
    if reply is None:
        return NO_DASHBOARD, False
    if reply.get("ok") is True and isinstance(reply.get("text"), str):
        return reply["text"], True
    error = reply.get("error")
    return (error if isinstance(error, str) and error else "The GM's dashboard refused."), False


def choice_line(rollable: Rollable) -> Text:
    line = rich_literal(f"  {rollable.label}")
    line.append(f"  {rollable.value}", style="bold")
    return line


def sheet_renderable(sheet: OwnSheet | None) -> RenderableType:
    if sheet is None:
        return Text(NO_SHEET, style="italic")
    heading, points = member_lines(sheet.member)
    body = Text()
    for number, location in enumerate(sheet.locations):
        if number:
            body.append(" · ", style="dim")
        style = "red" if location.hit_points <= 0 else ("yellow" if location.wounds else "")
        body.append(f"{location.name} {location.hit_points}/{location.hit_points_max}", style)
        if location.wounds:
            body.append(f" ({'+'.join(map(str, location.wounds))})", style="dim")
    return Group(heading, points, body)
