"""The resistance calculator: active against passive, the live odds, a roll, the table.

Two values (stepped with up/down, or typed after `=`/`v`; left/right moves between them and the
typed result of physical dice), a preset naming them (STR vs SIZ, POW vs POW...), the chance and
the exact odds of each level (docs/rules.md#resistance: 01-05 succeeds even on a '---' cell),
`enter` to roll and log, and the 21x21 table with the current cell highlighted (a window of it
when the pane is small).

Digits type only in the explicit typing mode (`=`/`v` ... `enter`), so that everywhere else they
reach the app, whose keys 1-4 focus the panes from anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import Static

from gmdash import rules
from gmdash.level_words import LEVEL_STYLES
from gmdash.model.events import Event, RedoApplied, RollMade, RollStruckOut, UndoApplied
from gmdash.rules.resistance import TABLE_RANGE, resistance_level_chance
from gmdash.rules.ruleset import RuleSet
from gmdash.tui.error_reports import guarded
from gmdash.tui.keymap import RESISTANCE, bindings_for
from gmdash.tui.panes.base import Pane

if TYPE_CHECKING:
    from gmdash.tui.dialogs.resistance_actors import ActorPair

ACTIVE, PASSIVE, RESULT = 0, 1, 2
SIDES = ("active", "passive", "result")
LOWEST, HIGHEST = 1, 999
TABLE_LOW, TABLE_HIGH = TABLE_RANGE.start, TABLE_RANGE.stop - 1
SHORT_LEVEL = {"critical": "crit", "special": "spec", "success": "succ", "failure": "fail",
               "fumble": "fumb"}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Preset:
    """What the two values stand for."""

    active: str
    passive: str
    brp_only: bool = False

    @property
    def title(self) -> str:
        return f"{self.active} vs {self.passive}"


PRESETS: tuple[Preset, ...] = (
    Preset("STR", "SIZ"),
    Preset("MP", "MP"),
    Preset("POW", "POW"),
    Preset("CON", "potency"),
    Preset("CON", "CON"),
    Preset("DEX", "DEX"),
    Preset("APP", "APP", brp_only=True),
)


def presets_for(ruleset: RuleSet) -> tuple[Preset, ...]:
    """The presets of a rule set (APP vs APP is BRP's)."""
    return tuple(p for p in PRESETS if ruleset is RuleSet.BRP or not p.brp_only)


def clamp(value: int) -> int:
    """A value's place on the printed table (1..21)."""
    return min(TABLE_HIGH, max(TABLE_LOW, value))


def window(center: int, size: int) -> range:
    """`size` consecutive table values around `center`, kept inside 1..21."""
    size = max(1, min(size, TABLE_HIGH - TABLE_LOW + 1))
    start = min(max(TABLE_LOW, center - size // 2), TABLE_HIGH - size + 1)
    return range(start, start + size)


def cell_text(chance: int) -> str:
    """A cell as printed: the chance, or '---' for 0 or less."""
    return "---" if chance <= 0 else str(chance)


def render_table(active: int, passive: int, width: int, height: int) -> Text:
    """The resistance table (rows: passive, columns: active) with the current cell highlighted.

    Shows the whole 21x21 table when `width` x `height` allows, else a window around the cell.
    """
    col, row = clamp(active), clamp(passive)
    cols = window(col, (width - 4) // 4)
    rows = window(row, height - 1)
    text = Text(no_wrap=True, overflow="crop")
    text.append("P\\A", style="dim")
    for a in cols:
        text.append(f"{a:>4}", style="bold reverse" if a == col else "bold")
    for p in rows:
        text.append("\n")
        text.append(f"{p:>3}", style="bold reverse" if p == row else "bold")
        for a in cols:
            chance = rules.resistance_chance(a, p)
            cell = f"{cell_text(chance):>4}"
            if a == col and p == row:
                text.append(" ")
                text.append(cell[1:], style="bold reverse yellow")
            elif a == col or p == row:
                text.append(cell, style="cyan" if chance > 0 else "dim cyan")
            else:
                text.append(cell, style="" if chance > 0 else "dim")
    return text


def _unwrapped_lines(text: Text, width: int) -> int | None:
    """How many lines `text` takes at `width` if none of them wraps, else None."""
    lines = text.split("\n", allow_blank=True)
    if width <= 0 or any(line.cell_len > width for line in lines):
        return None
    return len(lines)


def _show(static: Static, text: Text) -> None:
    """Update a part of the pane; unchanged text costs nothing, and text as many lines high
    as before (none of them wrapping) repaints without a relayout of the screen."""
    old = static.content
    if isinstance(old, Text) and old == text:
        return
    width = static.content_size.width
    before = _unwrapped_lines(old, width) if isinstance(old, Text) else None
    same_height = before is not None and before == _unwrapped_lines(text, width)
    static.update(text, layout=not same_height)


class ResistanceTable(Widget):
    """The printed table, drawn to the size it is given.

    Drawn in `render` from the current size rather than `update`d on resize: its size never
    depends on its content, so a new cell or a resize repaints it without a relayout.
    """

    DEFAULT_CSS = """
    ResistanceTable { height: 1fr; min-height: 2; }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.active = 13
        self.passive = 15

    def show(self, active: int, passive: int) -> None:
        if (active, passive) != (self.active, self.passive):
            self.active, self.passive = active, passive
            self.refresh()

    @property
    def content(self) -> Text:
        """What is drawn at the current size."""
        width, height = self.content_size.width, self.content_size.height
        if width <= 0 or height <= 0:
            return Text()
        return render_table(self.active, self.passive, width, height)

    def render(self) -> Text:
        return self.content


class ResistancePane(Pane):
    """Resistance rolls at the table: pick two values, read the odds, roll, see the table."""

    scope: ClassVar[str] = RESISTANCE
    number: ClassVar[int] = 3
    BINDINGS: ClassVar[list[BindingType]] = bindings_for(RESISTANCE)
    can_focus = True

    DEFAULT_CSS = """
    ResistancePane #res-values { height: auto; }
    ResistancePane #res-result { height: auto; margin: 0 0 0 0; }
    ResistancePane.-tall #res-result { padding: 1 2; margin: 1 0; border: tall $panel-lighten-2; }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.active = 13
        self.passive = 15
        self.result: int | None = None
        self.side = ACTIVE
        self.preset_index = 0
        self.last: RollMade | None = None
        self.last_struck = False
        self.error = ""
        self._buffer = ""
        self._typing = False
        self._before: int | None = None  # the value typing started from (escape restores it)
        self.actors: ActorPair | None = None
        """Two sheets the values are taken from (`a`), as they are now; None: plain numbers."""

    # --- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        # The values, their odds and any note in one widget (the fewer widgets, the faster the
        # dashboard starts); the result apart, boxed when the pane is tall.
        yield Static(id="res-values")
        yield Static(id="res-result")
        yield ResistanceTable(id="res-table")

    def on_mount(self) -> None:
        super().on_mount()
        self.refresh_view()

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(self.size.height >= 36, "-tall")

    # --- what it shows ---------------------------------------------------------------------

    @property
    def ruleset(self) -> RuleSet:
        return self.dash.service.campaign.ruleset

    @property
    def presets(self) -> tuple[Preset, ...]:
        return presets_for(self.ruleset)

    @property
    def preset(self) -> Preset:
        presets = self.presets
        return presets[self.preset_index % len(presets)]

    @property
    def chance(self) -> int:
        return rules.resistance_chance(self.active, self.passive)

    @property
    def label(self) -> str:
        """What the log calls this roll: 'STR 13 vs SIZ 15', 'Harvald MP 13 vs Gorehorn MP 9'."""
        names = self._actor_names()
        if names is not None and self.actors is not None:
            return (f"{names[0]} {self.actors.active_key} {self.active} vs "
                    f"{names[1]} {self.actors.passive_key} {self.passive}")  # fmt: skip
        preset = self.preset
        return f"{preset.active} {self.active} vs {preset.passive} {self.passive}"

    def _actor_names(self) -> tuple[str, str] | None:
        if self.actors is None:
            return None
        characters = self.dash.service.state.characters
        active = characters.get(self.actors.active_id)
        passive = characters.get(self.actors.passive_id)
        if active is None or passive is None:
            return None
        return active.name, passive.name

    def _names(self) -> tuple[str, str]:
        """What the two values are called: the preset's, or the actors' values."""
        if self.actors is not None:
            return self.actors.active_key, self.actors.passive_key
        return self.preset.active, self.preset.passive

    def take_actors(self) -> None:
        """The two actors' values as their sheets have them now; an actor gone from the roster
        (or a value it lost) leaves plain numbers."""
        pair = self.actors
        if pair is None:
            return
        from gmdash.tui.dialogs.resistance_actors import actor_value

        characters = self.dash.service.state.characters
        active, passive = characters.get(pair.active_id), characters.get(pair.passive_id)
        values = (None if active is None else actor_value(active, pair.active_key),
                  None if passive is None else actor_value(passive, pair.passive_key))  # fmt: skip
        if values[0] is None or values[1] is None:
            self.actors = None
            return
        self.active, self.passive = max(LOWEST, values[0]), max(LOWEST, values[1])

    def odds(self) -> dict[rules.Level, int]:
        """How many of the 100 results give each level ('---' cells: 01-05 still succeed)."""
        return rules.level_odds(resistance_level_chance(self.chance), self.ruleset)

    def refresh_view(self) -> None:
        """Redraw every part from the current values."""
        try:
            values = self.query_one("#res-values", Static)
        except NoMatches:  # not composed yet
            return
        head = Text("\n").join([self._values_text(), self._odds_text()])
        note = self._note_text()
        if note:
            head.append("\n")
            head.append(note, style="bold red" if self.error else "dim")
        _show(values, head)
        _show(self.query_one("#res-result", Static), self._result_text())
        self.query_one(ResistanceTable).show(self.active, self.passive)
        title = self.preset.title if self.actors is None else "two actors"
        self.set_subtitle(f"{title} · p: preset · a: actors")

    def _field(self, side: int, text: str) -> Text:
        focused = side == self.side
        if focused and self._typing:
            text = self._buffer or "_"
        return Text(f"{text:>2}", style="bold reverse" if focused else "bold")

    def _values_text(self) -> Text:
        active_name, passive_name = self._names()
        names = self._actor_names()
        text = Text()
        if names is not None:
            text.append(f"{names[0]} ", style="bold")
        text.append(f"{active_name} ")
        text.append_text(self._field(ACTIVE, str(self.active)))
        text.append(" vs ")
        if names is not None:
            text.append(f"{names[1]} ", style="bold")
        text.append(f"{passive_name} ")
        text.append_text(self._field(PASSIVE, str(self.passive)))
        text.append("  d100 ", style="dim")
        typed = "--" if self.result is None else f"{self.result:02d}"[-2:]
        text.append_text(self._field(RESULT, typed))
        return text

    def _odds_text(self) -> Text:
        chance = self.chance
        text = Text()
        text.append(f"{chance}%", style="bold")
        text.append("  ")
        odds = self.odds()
        parts = []
        for level in rules.Level:
            if self.ruleset is RuleSet.BRP and level is rules.Level.CRITICAL:
                continue
            parts.append((f"{SHORT_LEVEL[level.value]} {odds[level]}", LEVEL_STYLES[level.value]))
        for index, (part, style) in enumerate(parts):
            if index:
                text.append(" ")
            text.append(part, style=style)
        return text

    def _result_text(self) -> Text:
        last = self.last
        if last is None or last.level is None or last.roll is None:
            return Text("enter: roll", style="dim")
        roll = rules.d100_text(last.roll)
        style = LEVEL_STYLES.get(last.level, "bold")
        text = Text()
        if self.last_struck:
            text.append(f" {roll}  {last.level.upper()} ", style="dim strike")
            text.append(" struck out", style="dim italic")
            return text
        text.append(f" {roll}  {last.level.upper()} ", style=f"{style} reverse")
        text.append(f" on {last.chance}%", style="dim")
        return text

    def _note_text(self) -> str:
        if self.error:
            return self.error
        off = []
        if self._typing:
            off.append("typing: enter keeps, escape cancels")
        if self.chance <= 0:
            off.append("'---': only 01-05 succeed")
        active_name, passive_name = self._names()
        for name, value in ((active_name, self.active), (passive_name, self.passive)):
            if clamp(value) != value:
                off.append(f"{name} {value} off the table: at {clamp(value)}")
        return "; ".join(off)

    # --- keys ------------------------------------------------------------------------------

    def _value(self, side: int) -> int | None:
        return (self.active, self.passive, self.result)[side]

    def _set(self, side: int, value: int | None) -> None:
        if side in (ACTIVE, PASSIVE) and value is not None and value != self._value(side):
            self.actors = None  # a value typed or stepped is a number, no longer a sheet's
        if side == ACTIVE and value is not None:
            self.active = value
        elif side == PASSIVE and value is not None:
            self.passive = value
        elif side == RESULT:
            self.result = value

    @property
    def typing(self) -> bool:
        """Whether digits are going into the focused value (after `=` or `v`)."""
        return self._typing

    def _end_typing(self) -> None:
        """Leave typing mode keeping what was typed (it is applied as it is typed, when valid)."""
        self._typing = False
        self._buffer = ""
        self.error = ""

    @guarded
    def action_type_value(self) -> None:
        """Start typing the focused value: digits replace it, enter keeps it, escape cancels."""
        if self._typing:
            return
        self._typing = True
        self._buffer = ""
        self._before = self._value(self.side)
        self.error = ""
        self.refresh_view()

    def confirm_typing(self) -> None:
        """`enter` while typing: keep the value (an empty result clears it). Bad digits are
        refused with their reason and typing goes on."""
        if self.error:
            self.app.notify(f"{self.error}: fix it or press escape", severity="warning")
            return
        if not self._buffer and self.side == RESULT:
            self.result = None
        self._end_typing()
        self.refresh_view()

    def cancel_typing(self) -> None:
        """`escape` while typing: the value goes back to what it was."""
        self._set(self.side, self._before)
        self._end_typing()
        self.refresh_view()

    @guarded
    def action_increase(self) -> None:
        self._step(1)

    @guarded
    def action_decrease(self) -> None:
        self._step(-1)

    def _step(self, delta: int) -> None:
        self._end_typing()
        current = self._value(self.side)
        if self.side == RESULT:
            if current is None:
                value = 1 if delta > 0 else 100
            else:
                value = min(100, max(1, current + delta))
            self.result = value
        else:
            assert current is not None
            self._set(self.side, min(HIGHEST, max(LOWEST, current + delta)))
        self.refresh_view()

    @guarded
    def action_switch_side(self) -> None:
        self._end_typing()
        self.side = (self.side + 1) % len(SIDES)
        self.refresh_view()

    def switch_to(self, side: int) -> None:
        """Give the keyboard to one value (tests and mouse)."""
        self._end_typing()
        self.side = side
        self.refresh_view()

    @guarded
    def action_next_preset(self) -> None:
        self._end_typing()
        self.actors = None
        self.preset_index = (self.preset_index + 1) % len(self.presets)
        self.refresh_view()

    @guarded
    def action_pick_actors(self) -> None:
        """Take both values from two actors' sheets (current MP, POW, STR...)."""
        from gmdash.tui.dialogs.resistance_actors import MAGIC_POINTS, ActorsDialog

        self._end_typing()
        service = self.dash.service
        characters = list(service.characters)
        if len(characters) < 2:
            raise ValueError("two actors are needed: the roster has fewer (a adds one)")
        keys = (MAGIC_POINTS, *service.campaign.edition.characteristics)
        preset = self.preset

        @guarded
        def chosen(pair: ActorPair | None) -> None:
            if pair is None:
                return
            self.actors = pair
            self.take_actors()
            self.refresh_view()

        self.app.push_screen(ActorsDialog(characters, keys, preset.active, preset.passive),
                             chosen)  # fmt: skip

    @guarded
    def on_key(self, event: events.Key) -> None:
        """Left goes back a value. In typing mode only: digits type the focused value,
        backspace erases one, enter keeps the value, escape cancels it. Outside typing mode
        digits are left to the app (1-4 focus the panes)."""
        if event.key == "left":
            event.stop()
            event.prevent_default()
            self._end_typing()
            self.side = (self.side - 1) % len(SIDES)
            self.refresh_view()
            return
        if not self._typing:
            return
        if event.character is not None and event.character.isdigit() and len(event.key) == 1:
            self.type_digit(event.character)
        elif event.key == "backspace":
            self._buffer = self._buffer[:-1]
            self._apply_buffer()
        elif event.key == "enter":
            self.confirm_typing()
        elif event.key == "escape":
            self.cancel_typing()
        else:
            return
        event.stop()
        event.prevent_default()

    def on_blur(self) -> None:
        """Focus leaving the pane ends typing, keeping what was typed."""
        if self._typing:
            self._end_typing()
            self.refresh_view()

    def type_digit(self, digit: str) -> None:
        """Type one digit into the focused value (starting typing mode if needed): the first
        digit replaces it."""
        if not self._typing:
            self._before = self._value(self.side)
        buffer = (self._buffer if self._typing else "") + digit
        if len(buffer) > 3:
            self.error = "at most 3 digits"
            self.refresh_view()
            return
        self._typing = True
        self._buffer = buffer
        self._apply_buffer()

    def _apply_buffer(self) -> None:
        """Take the typed digits when they make a valid value; else say why, change nothing."""
        buffer = self._buffer
        self.error = ""
        if self.side == RESULT:
            if not buffer:
                self.result = None
            else:
                try:
                    self.result = rules.read_d100(buffer)
                except ValueError as error:
                    self.error = str(error)
        elif buffer:
            value = int(buffer)
            name = self.preset.active if self.side == ACTIVE else self.preset.passive
            if value >= LOWEST:
                self._set(self.side, value)
            else:
                self.error = f"{name} must be 1 or more"
        self.refresh_view()

    @guarded
    def action_roll(self) -> None:
        """Roll (or read the typed result), log it, show it."""
        if self._typing and self.error:
            raise ValueError(f"{self.error}: nothing rolled")
        service = self.dash.service
        service.ensure_session()
        self.take_actors()
        active_name, passive_name = self._names()
        details: dict[str, object] = {"active_name": active_name, "passive_name": passive_name}
        if self.actors is not None:
            details |= {"active_id": self.actors.active_id, "passive_id": self.actors.passive_id}
        from gmdash.play import rolls  # imported at the first roll, not at start-up

        self.last = rolls.roll_resistance(
            service, self.dash.rng, self.active, self.passive, label=self.label,
            typed=self.result, details=details,
        )  # fmt: skip
        self.last_struck = False
        self.result = None
        self._end_typing()
        self.refresh_view()

    def campaign_changed(self, event: Event | None) -> None:
        if isinstance(event, RollStruckOut | UndoApplied | RedoApplied) and self.last is not None:
            struck = self.last.id in self.dash.service.state.struck  # redo reinstates it
            if struck != self.last_struck:
                self.last_struck = struck
                self.refresh_view()
            return
        if event is None:
            self.preset_index %= len(self.presets)
            self.refresh_view()
        if self.actors is not None:  # the actors' values as they are now
            self.take_actors()
            self.refresh_view()
