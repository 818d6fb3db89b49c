"""The dice dialog (key d): a free dice expression or a weapon's damage, rolled or typed."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import (
    Digits,
    Input,
    Label,
    OptionList,
    Static,
)
from textual.widgets.option_list import Option

from gmdash.model.character import Character
from gmdash.model.events import RollMade
from gmdash.play import rolls
from gmdash.play.roll_plan import parse_whole
from gmdash.rules import (
    DiceError,
    DiceExpr,
    damage_bonus,
    parse_dice,
)
from gmdash.tui.dialogs.modal_base import dice_field
from gmdash.tui.dialogs.roll_base import ListSearch, RollDialog
from gmdash.tui.user_text import literal, markup
from gmdash.tui.widgets.lists import PagedOptionList


class DiceDialog(RollDialog[RollMade]):
    """A free dice expression (damage): checked as typed, rolled or typed as a total."""

    title_text: ClassVar[str] = "Dice"
    DEFAULT_CSS = """
    DiceDialog #picks { height: 8; width: 44; }
    DiceDialog #dice-fields { width: 1fr; padding: 0 1; }
    """

    def __init__(self, character: Character | None) -> None:
        super().__init__()
        self.character = character
        self.expr: DiceExpr | None = None
        self.label = "dice"

    def _picks(self) -> list[tuple[str, str]]:
        """(label, expression) quick picks: each weapon's damage with (and without) the bonus."""
        if self.character is None:
            return []
        chars = self.character.characteristics
        bonus = damage_bonus(chars["STR"] + chars["SIZ"], self.ruleset)
        picks: list[tuple[str, str]] = []
        for weapon in self.character.weapons:
            if bonus in ("0", ""):
                picks.append((weapon.name, weapon.damage))
            else:
                picks.append((weapon.name, f"{weapon.damage}{bonus}"))
                picks.append((f"{weapon.name} (no bonus)", weapon.damage))
        return picks

    def compose_form(self) -> ComposeResult:
        who = self.character.name if self.character else "no character"
        yield Static(literal(who, "bold"), id="who")
        picks = self._picks()
        with Horizontal(classes="row"):
            if picks:
                yield PagedOptionList(
                    *(Option(markup("$label  [b]$expr[/b]", label=label, expr=expr),
                             id=f"pick-{i}")
                      for i, (label, expr) in enumerate(picks)),
                    id="picks",
                )  # fmt: skip
            with Vertical(id="dice-fields", classes="row"):
                with Horizontal(classes="row"):
                    yield Label("Dice", classes="field-label")
                    yield (
                        ListSearch("picks", placeholder="e.g. 1D8+1+1D4 (up/down: weapons)",
                                   id="expression", compact=True)
                        if picks
                        else Input(placeholder="e.g. 1D8+1+1D4", id="expression", compact=True)
                    )  # fmt: skip
                yield Static("", id="expression-error", classes="error")
                yield Static("", id="stats", classes="info")
                with Horizontal(classes="row"):
                    yield Label("Physical total", classes="field-label")
                    yield dice_field("blank: the app rolls", id="typed", compact=True)
                yield Static("", id="typed-error", classes="error")

    def on_mount(self) -> None:
        for picks in self.query("#picks").results(OptionList):
            picks.can_focus = False  # driven from the field (up/down): the dialog opens on it
        self.query_one("#expression", Input).focus()
        super().on_mount()

    @on(OptionList.OptionHighlighted, "#picks")
    def _picked(self, event: OptionList.OptionHighlighted) -> None:
        index = int((event.option.id or "pick-0").removeprefix("pick-"))
        label, expression = self._picks()[index]
        self.label = label
        field = self.query_one("#expression", Input)
        with field.prevent(Input.Changed):
            field.value = expression
        # Selected, so that dice typed replace the weapon's (whether the field took its focus
        # before or after this first pick)
        field.select_all()
        self.refresh_form()

    @on(Input.Changed, "#expression")
    def _typed_expression(self, _: Input.Changed) -> None:
        self.label = "dice"

    def validate(self) -> bool:
        text = self.query_one("#expression", Input).value
        self.expr = None
        if not text.strip():
            self.set_error("expression-error", "")
            self.set_error("stats", Content.from_markup("[dim]type dice, or pick a weapon[/dim]"))
            return False
        try:
            self.expr = parse_dice(text)
        except DiceError as error:
            self.set_error("expression-error", str(error))
            self.set_error("stats", "")
            return False
        self.set_error("expression-error", "")
        expr = self.expr
        mean = float(expr.mean)
        self.set_error(
            "stats",
            markup("[b]$expr[/b]: min $low · max $high · mean $mean", expr=expr,
                   low=expr.minimum, high=expr.maximum, mean=f"{mean:g}"),
        )  # fmt: skip
        typed = self.query_one("#typed", Input).value
        if not typed.strip():
            self.set_error("typed-error", "")
            return True
        try:
            parse_whole(typed, "total", expr.minimum, expr.maximum)
        except ValueError as error:
            self.set_error("typed-error", str(error))
            return False
        self.set_error("typed-error", "")
        return True

    def roll(self) -> None:
        assert self.expr is not None
        expr = self.expr
        typed = self.query_one("#typed", Input).value
        event = rolls.roll_dice(
            self.service, self.rng, expr, label=self.label, character=self.character,
            typed_total=parse_whole(typed, "total", expr.minimum, expr.maximum)
            if typed.strip() else None,
        )  # fmt: skip
        total = event.total
        assert total is not None
        self.show_total(total, f"{self.label}: {expr} = {total}")
        self.finish(event)

    def show_total(self, total: int, text: str) -> None:
        """A dice total, large (dice have no level of success)."""
        self.query_one("#result-digits", Digits).update(str(total))
        self.query_one("#result-level", Static).update("")
        self.query_one("#result-text", Static).update(literal(text))
