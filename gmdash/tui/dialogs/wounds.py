"""Damage and healing dialogs: which location, how much (docs/rules.md, wounds).

The dialogs only collect the input (`parse_location` reads a typed location), show the summary
`gmdash.play.wounds` works out before OK, and have the dice they roll logged by
`gmdash.play.rolls` (no roll is ever lost).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Button, Checkbox, Input, Select, Static

from gmdash import rules
from gmdash.drawing.user_text import multiline
from gmdash.formats.location_names import location_hint, read_location
from gmdash.level_words import location_label
from gmdash.model.character import Character
from gmdash.play import rolls, time_passing
from gmdash.play.wounds import heal, weapon_dice, wound
from gmdash.rules import HUMANOID, HitTable
from gmdash.rules.game_time import WEEK
from gmdash.tui.dialogs.form_base import FormDialog, error_label, field_label, whole_number
from gmdash.tui.keymap import DAMAGE, bindings_for, table_of
from gmdash.tui.user_text import literal
from gmdash.tui.widgets.toggles import TickBox


def parse_location(text: str, table: HitTable = HUMANOID) -> tuple[str, int | None]:
    """A hit location typed by the GM on `table`: a name, a short form, or a D20 roll.

    Returns the location and the D20 roll (None when named); ValueError with the message to show.
    """
    location, roll = read_location(text, table)
    if location is None:
        raise ValueError(f"required: {location_hint(table)}")
    return location, roll


# --- damage ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DamageOrder:
    """What the damage dialog asks for: a location and damage before armour."""

    location: str
    damage: int


class DamageDialog(FormDialog[DamageOrder]):
    """Hit a location of one character: type or roll the location, type or roll the damage."""

    title_text = "Damage"
    ok_label = "Apply"
    BINDINGS = bindings_for(DAMAGE)  # Textual merges BINDINGS along the class hierarchy

    def __init__(self, character: Character) -> None:
        super().__init__()
        self.character = character

    def dialog_body(self) -> ComposeResult:
        yield Static(literal(f"Damage to {self.character.name}", style="bold"))
        yield field_label("Location")
        yield Input(placeholder=location_hint(self.character.table), id="location")
        yield error_label("location")
        yield field_label("Damage (before armour)")
        yield Input(placeholder="a number, or dice such as 1D8+1+1D4 (rolled on apply)",
                    id="damage")  # fmt: skip
        yield error_label("damage")
        yield Select[str](
            self._weapon_options(), prompt="…or pick the attacker's weapon", id="weapon"
        )
        keys = table_of(self.app)
        yield Static(literal(f"{keys.hint_key('damage.roll_location')} rolls the location (D20), "
                             f"{keys.hint_key('damage.roll_damage')} rolls the damage now."),
                     classes="hint")  # fmt: skip
        yield Static("", id="preview", classes="preview")

    def extra_buttons(self) -> Iterator[Button]:
        yield Button("Roll D20", id="roll-location")
        yield Button("Roll damage", id="roll-damage")

    def _weapon_options(self) -> list[tuple[Content, str]]:
        ruleset = self.dash.service.campaign.ruleset
        options: list[tuple[Content, str]] = []
        for attacker in self.dash.service.characters:
            for weapon in attacker.weapons:
                dice = weapon_dice(attacker, weapon, ruleset)
                options.append((literal(f"{attacker.name}: {weapon.name} {dice}"), dice))
        return options

    # --- checks ---------------------------------------------------------------------------

    def _location(self) -> str:
        return parse_location(self.query_one("#location", Input).value, self.character.table)[0]

    def _damage_text(self) -> str:
        return self.query_one("#damage", Input).value.strip()

    def problems(self) -> dict[str, str]:
        found: dict[str, str] = {}
        try:
            self._location()
        except ValueError as error:
            found["location"] = str(error)
        text = self._damage_text()
        if not text:
            found["damage"] = "required: a number or dice"
        elif not text.isdigit():
            try:
                rules.parse_dice(text)
            except rules.DiceError as error:
                found["damage"] = str(error)
        return found

    def update_preview(self) -> None:
        text = self._damage_text()
        ruleset = self.dash.service.campaign.ruleset
        if text.isdigit():
            self.set_preview(wound(self.character, ruleset, self._location(), int(text)).summary)
        else:
            dice = rules.parse_dice(text)
            self.set_preview(f"{location_label(self._location())}: {dice} "
                             f"({dice.minimum}-{dice.maximum}) is rolled on apply")  # fmt: skip

    def answer(self) -> DamageOrder:
        text = self._damage_text()
        damage = int(text) if text.isdigit() else self._roll(text)
        return DamageOrder(location=self._location(), damage=damage)

    # --- rolling --------------------------------------------------------------------------

    def _roll(self, expression: str) -> int:
        event = rolls.roll_dice(
            self.dash.service, self.dash.rng, rules.parse_dice(expression), label="Damage",
            kind="damage", character=self.character,
        )  # fmt: skip
        assert event.total is not None
        return event.total

    def action_roll_location(self) -> None:
        roll, _ = rolls.roll_location(
            self.dash.service, self.dash.rng, self.character,
            lambda where: f"Hit location: {location_label(str(where))}",
        )  # fmt: skip
        self.query_one("#location", Input).value = str(roll)

    def action_roll_damage(self) -> None:
        if "damage" in self.problems():
            self.notify("Type dice to roll first (or pick a weapon).", severity="warning")
            return
        text = self._damage_text()
        if not text.isdigit():
            self.query_one("#damage", Input).value = str(self._roll(text))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "roll-location":
            event.stop()
            self.action_roll_location()
        elif event.button.id == "roll-damage":
            event.stop()
            self.action_roll_damage()

    def on_select_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str):
            self.query_one("#damage", Input).value = event.value


# --- healing -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HealOrder:
    """What the heal dialog asks for: where, how much, which wound (None: oldest first)."""

    location: str
    amount: int
    wound: int | None = None
    magical: bool = False


class HealDialog(FormDialog[HealOrder]):
    """Heal one location of one character (magic, First Aid...)."""

    title_text = "Heal"
    ok_label = "Heal"

    def __init__(self, character: Character) -> None:
        super().__init__()
        self.character = character

    def dialog_body(self) -> ComposeResult:
        yield Static(literal(f"Heal {self.character.name}", style="bold"))
        yield field_label("Location")
        yield Input(placeholder=location_hint(self.character.table), id="location")
        yield error_label("location")
        yield field_label("Hit points healed")
        yield Input(placeholder="e.g. 3", id="amount")
        yield error_label("amount")
        yield field_label("Wound (1 is the oldest; blank: oldest first)")
        yield Input(placeholder="e.g. 2", id="wound")
        yield error_label("wound")
        yield TickBox("Magical healing (6 points or more restore a severed limb)", id="magical")
        yield Static("", id="preview", classes="preview")

    def problems(self) -> dict[str, str]:
        found: dict[str, str] = {}
        try:
            parse_location(self.query_one("#location", Input).value, self.character.table)
        except ValueError as error:
            found["location"] = str(error)
        try:
            whole_number(self.query_one("#amount", Input).value, low=1, high=999)
        except ValueError as error:
            found["amount"] = str(error)
        text = self.query_one("#wound", Input).value.strip()
        if text:
            try:
                whole_number(text, low=1, high=99)
            except ValueError as error:
                found["wound"] = str(error)
        return found

    def answer(self) -> HealOrder:
        text = self.query_one("#wound", Input).value.strip()
        return HealOrder(
            location=parse_location(self.query_one("#location", Input).value, self.character.table)[
                0
            ],
            amount=whole_number(self.query_one("#amount", Input).value),
            wound=whole_number(text) - 1 if text else None,
            magical=self.query_one("#magical", Checkbox).value,
        )

    def update_preview(self) -> None:
        order = self.answer()
        ruleset = self.dash.service.campaign.ruleset
        self.set_preview(heal(self.character, ruleset, order.location, order.amount,
                              wound=order.wound, magical=order.magical)[1])  # fmt: skip


# --- a game week passes ------------------------------------------------------------------------


class WeeksDialog(FormDialog[int]):
    """How many game weeks pass: seven days each, the end of each week heals everyone."""

    title_text = "A game week passes"
    ok_label = "Let them pass"

    def dialog_body(self) -> ComposeResult:
        yield Static("Seven days of game time for each week: at the end of each game week, "
                     "every location of every living character regains its healing rate (by "
                     "CON); effects end, magic points come back, holy days come.")  # fmt: skip
        yield field_label("Weeks")
        yield Input(value="1", id="weeks")
        yield error_label("weeks")
        yield Static("", id="preview", classes="preview")

    def problems(self) -> dict[str, str]:
        try:
            whole_number(self.query_one("#weeks", Input).value, low=1, high=52)
        except ValueError as error:
            return {"weeks": str(error)}
        return {}

    def answer(self) -> int:
        return whole_number(self.query_one("#weeks", Input).value)

    def update_preview(self) -> None:
        service = self.dash.service
        passage = time_passing.plan(service.state, self.answer() * WEEK)
        names = {c.id: c.name for c in service.characters}
        self.set_preview(multiline("\n".join(time_passing.summary_lines(passage, names))))
