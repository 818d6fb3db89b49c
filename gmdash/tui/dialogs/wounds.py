"""Damage and healing: which location, how much, what the wound does (RULES.md section 2).

The pure helpers (`parse_location`, `wound`, `heal`, `weekly_heals`) turn a sheet and the GM's
input into the events to publish and a one-line summary; the dialogs only collect the input,
show that summary before OK and publish the dice they roll (no roll is ever lost).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Button, Input, Select, Static

from gmdash import rules
from gmdash.model.character import LOCATIONS, Character
from gmdash.model.derived import maxima
from gmdash.model.events import DamageApplied, HealingApplied
from gmdash.play import rolls
from gmdash.rules import Effect, Location, RuleSet
from gmdash.tui.dialogs.form_base import FormDialog, error_label, field_label, whole_number
from gmdash.tui.widgets.character_sheet import derived_of, location_label

ALIASES = {
    "h": "head", "hd": "head", "head": "head",
    "c": "chest", "ch": "chest", "chest": "chest",
    "a": "abdomen", "ab": "abdomen", "abd": "abdomen", "abdomen": "abdomen",
    "ra": "right_arm", "la": "left_arm", "rl": "right_leg", "ll": "left_leg",
}  # fmt: skip
WHOLE_BODY = (Effect.SHOCK, Effect.UNCONSCIOUS, Effect.BLEEDING, Effect.DEAD)
LOCATION_HINT = "head, chest, abdomen, RA, LA, RL, LL, or a D20 roll (1-20)"


def parse_location(text: str) -> tuple[str, int | None]:
    """A hit location typed by the GM: a name, a short form, or a D20 roll of the table.

    Returns the location and the D20 roll (None when named); ValueError with the message to show.
    """
    raw = " ".join(text.strip().casefold().replace("_", " ").split())
    if not raw:
        raise ValueError(f"required: {LOCATION_HINT}")
    if raw.isdigit():
        roll = int(raw)
        if not 1 <= roll <= 20:
            raise ValueError(f"a D20 roll is 1 to 20, not {roll}")
        return str(rules.location_from_d20(roll)), roll
    if raw in ALIASES:
        return ALIASES[raw], None
    words = raw.split()
    if len(words) == 2 and words[0] in ("r", "right", "l", "left") and words[1] in (
        "arm", "leg"
    ):  # fmt: skip
        side = "right" if words[0].startswith("r") else "left"
        return f"{side}_{words[1]}", None
    candidates = [loc for loc in LOCATIONS if loc.replace("_", " ").startswith(raw)]
    if len(candidates) == 1:
        return candidates[0], None
    raise ValueError(f"not a hit location: {text.strip()!r} ({LOCATION_HINT})")


# --- damage ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Wound:
    """One blow worked out: the event to publish and what to tell the GM."""

    event: DamageApplied
    result: rules.WoundResult
    summary: str


def _effects_text(result: rules.WoundResult) -> list[str]:
    where = location_label(result.location).lower()
    words: list[str] = []
    if Effect.USELESS in result.effects:
        if result.location.is_limb:
            words.append(f"{where} useless")
        else:
            words.append("both legs useless")
    if Effect.FALLS in result.effects:
        words.append("falls")
    if Effect.SEVERED in result.effects:
        words.append(f"{where} severed or maimed")
    for effect, text in ((Effect.SHOCK, "shock (cannot fight)"),
                         (Effect.UNCONSCIOUS, "unconscious"),
                         (Effect.BLEEDING, "bleeding 1 HP per melee round"),
                         (Effect.DEAD, "dead")):  # fmt: skip
        if effect in result.effects:
            words.append(text)
    return words


def _lasting(result: rules.WoundResult) -> tuple[str, ...]:
    """The wound's effects as the sheet's lasting conditions (falling is over at once)."""
    lasting: list[str] = [f"useless:{loc}" for loc in result.useless]
    if Effect.SEVERED in result.effects:
        lasting.append(f"severed:{result.location}")
    lasting += [str(e) for e in result.effects if e in WHOLE_BODY]
    return tuple(dict.fromkeys(lasting))


def wound(character: Character, ruleset: RuleSet, location: str, damage: int) -> Wound:
    """`damage` (before armour) to `location`: armour off, then the wound rules."""
    if damage < 0:
        raise ValueError("damage cannot be negative")
    full = maxima(character.characteristics, ruleset)
    armour = character.armour.get(location, 0)
    through = rules.armour_absorbs(damage, armour)
    result = rules.apply_wound(
        Location(location),
        through,
        location_hp=character.locations[location],
        location_max=full.locations[location],
        total_hp=character.hit_points,
        magic_points=character.magic_points,
    )
    event = DamageApplied(
        character_id=character.id,
        amount=through,
        location=location,
        total_loss=result.total_loss if result.total_loss != through else None,
        effects=_lasting(result),
    )
    head = f"{location_label(location)}: {damage} − {armour} armour = {through}"
    if through == 0:
        head += " (the armour stops it)"
    words = _effects_text(result)
    tail = f"HP {character.hit_points} → {result.total_hp}/{full.hit_points}"
    if result.total_loss != through:
        tail += f" (a limb passes on at most {result.total_loss})"
    summary = "; ".join([head, *words, tail])
    return Wound(event=event, result=result, summary=summary)


def damage_with_bonus(attacker: Character, weapon_damage: str, ruleset: RuleSet) -> str:
    """A weapon's damage plus its wielder's damage bonus, as one dice expression."""
    bonus = derived_of(attacker, ruleset).damage_bonus
    return weapon_damage if bonus == "0" else weapon_damage + bonus


@dataclass(frozen=True, slots=True)
class DamageOrder:
    """What the damage dialog asks for: a location and damage before armour."""

    location: str
    damage: int


class DamageDialog(FormDialog[DamageOrder]):
    """Hit a location of one character: type or roll the location, type or roll the damage."""

    title_text = "Damage"
    ok_label = "Apply"
    BINDINGS = [  # noqa: RUF012 - Textual merges BINDINGS along the class hierarchy
        Binding("ctrl+l", "roll_location", "Roll location"),
        Binding("ctrl+r", "roll_damage", "Roll damage"),
    ]

    def __init__(self, character: Character) -> None:
        super().__init__()
        self.character = character

    def dialog_body(self) -> ComposeResult:
        yield Static(Text(f"Damage to {self.character.name}", style="bold"))
        yield field_label("Location")
        yield Input(placeholder=LOCATION_HINT, id="location")
        yield error_label("location")
        yield field_label("Damage (before armour)")
        yield Input(placeholder="a number, or dice such as 1D8+1+1D4 (rolled on apply)",
                    id="damage")  # fmt: skip
        yield error_label("damage")
        yield Select[str](
            self._weapon_options(), prompt="…or pick the attacker's weapon", id="weapon"
        )
        yield Static("ctrl+l rolls the location (D20), ctrl+r rolls the damage now.",
                     classes="hint")  # fmt: skip
        yield Static("", id="preview", classes="preview")

    def extra_buttons(self) -> ComposeResult:
        yield Button("Roll D20", id="roll-location")
        yield Button("Roll damage", id="roll-damage")

    def _weapon_options(self) -> list[tuple[str, str]]:
        ruleset = self.dash.service.campaign.ruleset
        options: list[tuple[str, str]] = []
        for attacker in self.dash.service.characters:
            for weapon in attacker.weapons:
                dice = damage_with_bonus(attacker, weapon.damage, ruleset)
                options.append((f"{attacker.name}: {weapon.name} {dice}", dice))
        return options

    # --- checks ---------------------------------------------------------------------------

    def _location(self) -> str:
        return parse_location(self.query_one("#location", Input).value)[0]

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
    """What the heal dialog asks for."""

    location: str
    amount: int


def heal(character: Character, ruleset: RuleSet, location: str, amount: int) -> tuple[
    HealingApplied | None, str
]:  # fmt: skip
    """Healing to one location: the event (None when nothing heals) and a summary."""
    full = maxima(character.characteristics, ruleset)
    result = rules.heal_location(
        Location(location),
        amount,
        location_hp=character.locations[location],
        location_max=full.locations[location],
        total_hp=character.hit_points,
        total_max=full.hit_points,
    )
    where = location_label(location)
    if result.healed == 0:
        return None, f"{where} is already at full hit points ({full.locations[location]})."
    summary = (
        f"{where}: {character.locations[location]} → {result.location_hp}"
        f"/{full.locations[location]}; HP {character.hit_points} → {result.total_hp}"
        f"/{full.hit_points}"
    )
    event = HealingApplied(character_id=character.id, amount=result.healed, location=location)
    return event, summary


class HealDialog(FormDialog[HealOrder]):
    """Heal one location of one character (magic, First Aid...)."""

    title_text = "Heal"
    ok_label = "Heal"

    def __init__(self, character: Character) -> None:
        super().__init__()
        self.character = character

    def dialog_body(self) -> ComposeResult:
        yield Static(Text(f"Heal {self.character.name}", style="bold"))
        yield field_label("Location")
        yield Input(placeholder=LOCATION_HINT, id="location")
        yield error_label("location")
        yield field_label("Hit points healed")
        yield Input(placeholder="e.g. 3", id="amount")
        yield error_label("amount")
        yield Static("", id="preview", classes="preview")

    def problems(self) -> dict[str, str]:
        found: dict[str, str] = {}
        try:
            parse_location(self.query_one("#location", Input).value)
        except ValueError as error:
            found["location"] = str(error)
        try:
            whole_number(self.query_one("#amount", Input).value, low=1, high=999)
        except ValueError as error:
            found["amount"] = str(error)
        return found

    def answer(self) -> HealOrder:
        return HealOrder(
            location=parse_location(self.query_one("#location", Input).value)[0],
            amount=whole_number(self.query_one("#amount", Input).value),
        )

    def update_preview(self) -> None:
        order = self.answer()
        ruleset = self.dash.service.campaign.ruleset
        self.set_preview(heal(self.character, ruleset, order.location, order.amount)[1])


# --- a game week passes ------------------------------------------------------------------------


def weekly_heals(characters: list[Character], ruleset: RuleSet, weeks: int) -> list[HealingApplied]:
    """Natural healing for everyone: each location regains the healing rate per week.

    The dead do not heal. Total hit points rise by what the locations regain (never above the
    maximum); a character whose locations are whole but whose total is low (damage taken without
    a location) regains the rate on the total.
    """
    events: list[HealingApplied] = []
    for character in characters:
        if "dead" in character.conditions or character.hit_points <= 0:
            continue
        full = maxima(character.characteristics, ruleset)
        rate = derived_of(character, ruleset).healing_rate * weeks
        total = character.hit_points
        for location in LOCATIONS:
            result = rules.heal_location(
                Location(location),
                rate,
                location_hp=character.locations[location],
                location_max=full.locations[location],
                total_hp=total,
                total_max=full.hit_points,
            )
            if result.healed:
                events.append(HealingApplied(character_id=character.id, amount=result.healed,
                                             location=location))  # fmt: skip
                total = result.total_hp
        if total < full.hit_points and not any(e.character_id == character.id for e in events):
            events.append(
                HealingApplied(character_id=character.id, amount=min(rate, full.hit_points - total))
            )
    return events


class WeeksDialog(FormDialog[int]):
    """How many game weeks pass (natural healing for everyone)."""

    title_text = "A game week passes"
    ok_label = "Heal everyone"

    def dialog_body(self) -> ComposeResult:
        yield Static("Natural healing: every location of every living character regains its "
                     "healing rate (by CON) per week.")  # fmt: skip
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
        events = weekly_heals(service.characters, service.campaign.ruleset, self.answer())
        healed: dict[str, int] = {}
        for event in events:
            healed[event.character_id] = healed.get(event.character_id, 0) + event.amount
        if not healed:
            self.set_preview("Nobody is wounded: nothing to heal.")
            return
        names = {c.id: c.name for c in service.characters}
        self.set_preview("\n".join(f"{names[cid]}: +{n} HP over the locations"
                                   for cid, n in healed.items()))  # fmt: skip
