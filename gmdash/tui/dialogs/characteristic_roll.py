"""The characteristic roll dialog (key c): a characteristic times 1 to 10, rolled as a D100."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import (
    Input,
    Label,
    OptionList,
    Static,
)
from textual.widgets.option_list import Option

from gmdash.model import effective
from gmdash.model.character import Character
from gmdash.model.events import RollMade
from gmdash.play import rolls
from gmdash.play.roll_plan import parse_whole
from gmdash.rules import (
    characteristic_chance,
)
from gmdash.tui.dialogs.level_markup import odds_markup
from gmdash.tui.dialogs.roll_base import RollDialog
from gmdash.tui.user_text import literal, markup
from gmdash.tui.widgets.lists import PagedOptionList


class CharacteristicRollDialog(RollDialog[RollMade]):
    """A characteristic times 1..10 (x5 the norm) rolled as a D100."""

    title_text: ClassVar[str] = "Characteristic roll"
    DEFAULT_CSS = """
    CharacteristicRollDialog #characteristics { height: 9; width: 24; }
    CharacteristicRollDialog #char-mods { width: 1fr; padding: 0 1; }
    CharacteristicRollDialog #odds-box { width: 30; }
    """

    def __init__(self, character: Character) -> None:
        super().__init__()
        self.character = character
        self.keys: list[str] = []
        self.key: str | None = None
        self.multiplier = 5

    def compose_form(self) -> ComposeResult:
        # the campaign's characteristics, in its sheet's order (BRP: APP, no CHA)
        keys = self.service.campaign.edition.characteristics
        self.keys = [k for k in keys if k in self.character.characteristics]
        self.key = self.keys[0] if self.keys else None
        yield Static(literal(self.character.name, "bold"), id="who")
        with Horizontal(classes="row"):
            yield PagedOptionList(
                *(
                    Option(f"{key}  [dim]{self.character.characteristics[key]}[/dim]", id=key)
                    for key in self.keys
                ),
                id="characteristics",
            )
            with Vertical(id="char-mods", classes="row"):
                with Horizontal(classes="row"):
                    yield Label("Multiplier x", classes="field-label")
                    yield Input("5", placeholder="1 to 10", id="multiplier", compact=True)
                yield Static("", id="multiplier-error", classes="error")
                yield Static(
                    "[dim]x5 normal · x10 easy · x1 almost impossible[/dim]", classes="info"
                )
                yield from self.compose_typed_d100("typed")
            with Vertical(id="odds-box", classes="row"):
                yield Static("", id="chance")
                yield Static("", id="odds")

    def on_mount(self) -> None:
        listing = self.query_one("#characteristics", OptionList)
        if listing.option_count:
            listing.highlighted = 0
        listing.focus()
        super().on_mount()

    @on(OptionList.OptionHighlighted, "#characteristics")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.key = event.option.id
        self.refresh_form()

    def validate(self) -> bool:
        valid = True
        try:
            self.multiplier = parse_whole(
                self.query_one("#multiplier", Input).value, "multiplier", 1, 10
            )
            self.set_error("multiplier-error", "")
        except ValueError as error:
            self.set_error("multiplier-error", str(error))
            valid = False
        typed_ok, _ = self.typed_d100("typed", "typed-error")
        if self.key is None:
            return False
        running = effective.on_target(self.service.state, self.character.id)
        extra = effective.characteristic(running, self.key)
        value = max(0, self.character.characteristics[self.key] + extra.amount)
        if valid:
            chance = characteristic_chance(value, self.multiplier)
            self.query_one("#chance", Static).update(
                markup(
                    "[b]$key[/b] $value$why x$times → [b]$chance%[/b]", key=self.key,
                    value=value, why=extra.beside(), times=self.multiplier, chance=chance,
                )
            )  # fmt: skip
            self.query_one("#odds", Static).update(odds_markup(chance, self.ruleset))
        return valid and typed_ok

    def roll(self) -> None:
        assert self.key is not None
        _, typed = self.typed_d100("typed", "typed-error")
        done = rolls.roll_characteristic(
            self.service, self.rng, self.character, self.key, self.multiplier, typed=typed
        )
        chance = done.event.chance
        self.show_level(done.roll, done.level, f"{self.key} x{self.multiplier} = {chance}%")
        self.finish(done.event)
