"""The improvement phase (docs/rules.md#experience): an experience roll per ticked ability.

`ImprovementScreen` lists every ticked ability of every character; `a` rolls them all with the
app's dice, `space` the selected line, `t` takes physical dice (the D100, then the 1D6 gain),
`f` grants the four free ticks of a long gap. Enter accepts: each roll is logged, the new values
saved and the ticks cleared (`gmdash.play.experience.apply_improvement`). Escape leaves unsaved.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Input, Label, OptionList, SelectionList, Static
from textual.widgets.option_list import Option
from textual.widgets.selection_list import Selection

from gmdash.model.errors import ValidationError
from gmdash.play import experience
from gmdash.play.experience import ExperienceLine
from gmdash.play.roll_plan import parse_whole
from gmdash.rules import d100_text, read_d100
from gmdash.rules.experience import FREE_TICKS_AFTER_LONG_GAP
from gmdash.tui.dialogs.modal_base import GuardedModal, dice_field, only_while_open
from gmdash.tui.error_reports import guarded
from gmdash.tui.keymap import FREE_TICKS, IMPROVEMENT, bindings_for, table_of
from gmdash.tui.user_text import literal, markup
from gmdash.tui.widgets.lists import PagedOptionList, PagedSelectionList

_Key = tuple[str, str]  # (character id, ability name casefolded)


def _key(line: ExperienceLine) -> _Key:
    return line.character_id, line.ability.casefold()


class ImprovementScreen(GuardedModal[int]):
    """Experience rolls for every ticked ability; dismisses with the number of lines saved."""

    BINDINGS: ClassVar[list[BindingType]] = bindings_for(IMPROVEMENT)
    DEFAULT_CSS = """
    ImprovementScreen { align: center middle; }
    ImprovementScreen > #dialog {
        width: 96; max-width: 100%; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    ImprovementScreen #lines { height: auto; max-height: 20; }
    ImprovementScreen .row { height: auto; }
    ImprovementScreen .field-label { width: auto; padding: 0 1; color: $text-muted; }
    ImprovementScreen Input { width: 18; }
    ImprovementScreen .error { color: $error; height: auto; }
    ImprovementScreen #status { height: auto; margin-top: 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[ExperienceLine] = []
        self._warned = False

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as dialog:
            dialog.border_title = "Improvement phase"
            yield DataTable(id="lines", cursor_type="row", zebra_stripes=True)
            with Horizontal(classes="row"):
                yield Label("Physical D100", classes="field-label")
                yield dice_field("00 is 100", id="typed-roll", compact=True)
                yield Label("1D6 gain", classes="field-label")
                yield Input(placeholder="if it improves", id="typed-gain", compact=True)
            yield Static("", id="typed-error", classes="error")
            yield Static("", id="status")
            key = table_of(self.app).hint_key
            yield Static(literal(f"{key('improvement.roll_all')}: roll all · "
                                 f"{key('improvement.roll_line')}: roll line · "
                                 f"{key('improvement.type_line')}: type dice · "
                                 f"{key('improvement.clear_line')}: clear line · "
                                 f"{key('improvement.free_ticks')}: four free ticks · "
                                 f"{key('improvement.confirm')}: accept and save · "
                                 f"{key('improvement.cancel')}: leave", style="dim"),
                         id="keys")  # fmt: skip

    def on_mount(self) -> None:
        table = self.query_one("#lines", DataTable)
        table.add_columns("Character", "Ability", "Value", "D100", "Gain", "Result")
        self.reload()
        table.focus()

    # --- lines -------------------------------------------------------------------------------

    def reload(self) -> None:
        """Re-read the ticked abilities, keeping the rolls already made."""
        done = {_key(line): line for line in self.lines if line.rolled}
        fresh = experience.ticked_lines(self.service)
        self.lines = [done.get(_key(line), line) for line in fresh]
        self.show_lines()

    def show_lines(self) -> None:
        table = self.query_one("#lines", DataTable)
        row = table.cursor_row
        table.clear()
        for line in self.lines:
            table.add_row(*self._cells(line))
        if self.lines:
            table.move_cursor(row=min(max(row, 0), len(self.lines) - 1))
        self._status()

    def _cells(self, line: ExperienceLine) -> tuple[str | Text, ...]:
        result = line.result
        need = "00 only" if line.value >= 99 else f"> {line.value}"
        if result is None:
            return (line.character_name, line.ability, str(line.value), Text(need, "dim"), "",
                    "")  # fmt: skip
        if result.improved:
            outcome = Text(f"improves {result.value} → {result.new_value}", "bold green")
            gain = f"+{result.gain}"
        else:
            outcome = Text(f"no gain ({need})", "yellow")
            gain = ""
        return (line.character_name, line.ability, str(line.value), d100_text(result.roll), gain,
                outcome)  # fmt: skip

    def _status(self) -> None:
        status = self.query_one("#status", Static)
        if not self.lines:
            status.update("No ticked ability. [b]f[/b] gives the four free ticks of a long gap.")
            return
        rolled = [line for line in self.lines if line.result is not None]
        improved = sum(1 for line in rolled if line.result and line.result.improved)
        status.update(
            f"{len(self.lines)} ticked · {len(rolled)} rolled · [b]{improved} improve[/b]"
            + ("" if rolled else " · nothing to save yet")
        )

    def _selected(self) -> int | None:
        table = self.query_one("#lines", DataTable)
        if not self.lines:
            return None
        return min(max(table.cursor_row, 0), len(self.lines) - 1)

    def _set(self, index: int, line: ExperienceLine) -> None:
        self.lines[index] = line
        self._warned = False
        table = self.query_one("#lines", DataTable)
        for column, value in enumerate(self._cells(line)):
            table.update_cell_at(Coordinate(index, column), value, update_width=True)
        self._status()

    # --- actions -----------------------------------------------------------------------------

    @guarded
    def action_roll_all(self) -> None:
        rng = self.dash.rng
        for index, line in enumerate(self.lines):
            if not line.rolled:
                self._set(index, experience.roll_line(line, rng))

    @guarded
    def action_roll_line(self) -> None:
        index = self._selected()
        if index is None:
            return
        line = self.lines[index]
        if line.rolled:
            self.notify("This line is rolled: x clears it first.", severity="warning")
            return
        self._set(index, experience.roll_line(line, self.dash.rng))
        self._next_line()

    def action_type_line(self) -> None:
        if self._selected() is not None:
            self.query_one("#typed-roll", Input).focus()

    @guarded
    def action_clear_line(self) -> None:
        index = self._selected()
        if index is not None and self.lines[index].rolled:
            line = self.lines[index]
            self._set(index, ExperienceLine(line.character_id, line.character_name,
                                            line.ability, line.value))  # fmt: skip

    def _next_line(self) -> None:
        table = self.query_one("#lines", DataTable)
        later = [i for i, line in enumerate(self.lines) if not line.rolled]
        if later:
            current = self._selected() or 0
            table.move_cursor(row=next((i for i in later if i > current), later[0]))

    @guarded
    def _apply_typed(self) -> None:
        """The typed D100 (and gain) to the selected line; the error shown if it is wrong."""
        index = self._selected()
        roll_field = self.query_one("#typed-roll", Input)
        gain_field = self.query_one("#typed-gain", Input)
        error = self.query_one("#typed-error", Static)
        if index is None:
            error.update("no line to type a roll for")
            return
        try:
            roll = read_d100(roll_field.value)
            gain_text = gain_field.value.strip()
            gain = parse_whole(gain_text, "1D6 gain", 1, 6) if gain_text else None
            line = experience.type_line(self.lines[index], roll, gain)
        except ValidationError as problem:
            error.update(literal(problem.message))
            if problem.field == "gain":
                gain_field.focus()
            return
        except ValueError as problem:
            error.update(literal(str(problem)))
            return
        error.update("")
        roll_field.value = gain_field.value = ""
        self._set(index, line)
        self._next_line()
        self.query_one("#lines", DataTable).focus()

    @guarded
    @only_while_open
    def action_confirm(self) -> None:
        if isinstance(self.focused, Input):
            self._apply_typed()
            return
        rolled = [line for line in self.lines if line.rolled]
        if not rolled:
            self.notify("Nothing rolled yet: a rolls every line.", severity="warning")
            return
        experience.apply_improvement(self.service, self.lines)
        improved = sum(1 for line in rolled if line.result and line.result.improved)
        left = len(self.lines) - len(rolled)
        message = f"{len(rolled)} experience rolls saved, {improved} abilities improved."
        if left:
            message += f" {left} unrolled stay ticked."
        self.notify(message, title="Improvement phase")
        self.dismiss(len(rolled))

    @only_while_open
    def action_cancel(self) -> None:
        if isinstance(self.focused, Input):
            self.query_one("#typed-error", Static).update("")
            self.query_one("#lines", DataTable).focus()
            return
        if any(line.rolled for line in self.lines) and not self._warned:
            self._warned = True
            self.notify(
                "These rolls are not saved: enter saves them, escape again leaves without.",
                severity="warning",
            )
            return
        super().action_cancel()

    def action_free_ticks(self) -> None:
        def granted(picks: dict[str, list[str]] | None) -> None:
            if picks:
                self.reload()

        self.app.push_screen(FreeTicksDialog(), granted)

    @on(Input.Changed)
    def _typed_changed(self, _: Input.Changed) -> None:
        self.query_one("#typed-error", Static).update("")


class FreeTicksDialog(GuardedModal[dict[str, list[str]]]):
    """A long gap between adventures: up to four free ticks per character (section 8)."""

    BINDINGS: ClassVar[list[BindingType]] = bindings_for(FREE_TICKS)
    DEFAULT_CSS = """
    FreeTicksDialog { align: center middle; }
    FreeTicksDialog > #dialog {
        width: 90; max-width: 100%; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    FreeTicksDialog #free-body { height: 16; }
    FreeTicksDialog #free-characters { width: 32; height: 1fr; }
    FreeTicksDialog #free-abilities { width: 1fr; height: 1fr; }
    FreeTicksDialog .error { color: $error; height: auto; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.picks: dict[str, set[str]] = {}
        self.character_id: str | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as dialog:
            dialog.border_title = f"Free ticks: up to {FREE_TICKS_AFTER_LONG_GAP} per character"
            with Horizontal(id="free-body"):
                yield PagedOptionList(id="free-characters")
                yield PagedSelectionList(id="free-abilities")
            yield Static("", id="free-error", classes="error")
            key = table_of(self.app).hint_key
            yield Static(literal(f"tab: characters / abilities · space: pick · "
                                 f"{key('free_ticks.confirm')}: tick them · "
                                 f"{key('free_ticks.cancel')}: cancel", style="dim"))  # fmt: skip

    def on_mount(self) -> None:
        self._characters()
        characters = self.query_one("#free-characters", OptionList)
        if characters.option_count:
            characters.highlighted = 0
        characters.focus()

    def _characters(self) -> None:
        characters = self.query_one("#free-characters", OptionList)
        highlighted = characters.highlighted
        characters.set_options(
            Option(markup("$name  [dim]$count/$most[/dim]", name=c.name,
                          count=len(self.picks.get(c.id, ())), most=FREE_TICKS_AFTER_LONG_GAP),
                   id=c.id)
            for c in self.service.characters
        )  # fmt: skip
        characters.highlighted = highlighted

    @on(OptionList.OptionHighlighted, "#free-characters")
    def _character(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id == self.character_id:
            return
        self.character_id = event.option.id
        character = self.service.state.characters.get(self.character_id or "")
        abilities = self.query_one("#free-abilities", SelectionList)
        abilities.clear_options()
        if character is None:
            return
        chosen = self.picks.get(character.id, set())
        abilities.add_options(
            Selection(
                literal(f"{a.name}  {a.value}%" + ("  (ticked)" if a.ticked else "")),
                a.name,
                a.name in chosen,
                disabled=a.ticked,
            )
            for a in character.abilities
        )
        if abilities.option_count:
            abilities.highlighted = 0

    @on(SelectionList.SelectedChanged, "#free-abilities")
    def _picked(self, event: SelectionList.SelectedChanged[str]) -> None:
        if self.character_id is None:
            return
        self.picks[self.character_id] = set(event.selection_list.selected)
        self._characters()
        self._check()

    def _check(self) -> bool:
        over = [
            self.service.state.characters[cid].name
            for cid, names in self.picks.items()
            if len(names) > FREE_TICKS_AFTER_LONG_GAP
        ]
        message = (
            f"at most {FREE_TICKS_AFTER_LONG_GAP} free ticks each: {', '.join(over)}"
            if over
            else ""
        )
        self.query_one("#free-error", Static).update(literal(message))
        return not over

    @guarded
    @only_while_open
    def action_confirm(self) -> None:
        if not self._check():
            self.app.bell()
            return
        picks = {cid: sorted(names) for cid, names in self.picks.items() if names}
        if not picks:
            self.query_one("#free-error", Static).update("pick abilities first (space)")
            return
        ticked = experience.grant_free_ticks(self.service, picks)
        self.notify(f"{len(ticked)} free ticks given.", title="Long gap")
        self.dismiss(picks)
