"""Resolve the current action as an attack (`t`): every step rolled, or typed from the table.

Blank fields are rolled by the app; a typed value (the D100 of the attack, the defence, the
D20 of the location or its name, the damage, the armour) is used as it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label, Select

from gmdash.formats.location_names import read_location
from gmdash.model import effective
from gmdash.model.arms import can_parry, default_parry
from gmdash.model.character import Character, Weapon
from gmdash.model.combat import Combatant
from gmdash.model.effects import TimedEffect
from gmdash.play.combat import AttackInput, skill_of
from gmdash.rules import HUMANOID, RuleSet
from gmdash.rules.combat import DamageMode, Defence
from gmdash.rules.defences import defence_note, defence_penalty
from gmdash.tui.dialogs.combat_base import (
    CombatForm,
    cell,
    optional_whole,
)
from gmdash.tui.dialogs.modal_base import dice_field
from gmdash.tui.user_text import literal

Target = tuple[Combatant, Character]

DEFENCES = [("no defence", Defence.NONE.value), ("parry", Defence.PARRY.value),
            ("dodge", Defence.DODGE.value)]  # fmt: skip
MODES = [
    ("as rolled", "auto"),
    ("normal", DamageMode.NORMAL.value),
    ("special", DamageMode.SPECIAL.value),
    ("critical", DamageMode.CRITICAL.value),
]


class AttackDialog(CombatForm[AttackInput]):
    """The attack of the current action on a chosen defender."""

    title_text: ClassVar[str] = "Attack"
    ok_label: ClassVar[str] = "Resolve"

    def __init__(
        self,
        attacker: Combatant,
        weapon: Weapon,
        chance: int,
        targets: list[Target],
        default: str | None,
        *,
        effects: Mapping[str, Sequence[TimedEffect]] | None = None,
        ruleset: RuleSet = RuleSet.RQG,
    ) -> None:
        super().__init__()
        self._ruleset = ruleset
        self._attacker = attacker
        self._weapon = weapon
        self._effects = dict(effects or {})  # by combatant id: what runs on each
        own = self._effects.get(attacker.id, ())
        self._bonus = effective.attack(own, weapon)
        self._chance = chance + self._bonus.amount
        self._hits_with = effective.weapon_with(own, weapon)
        self._targets = {c.id: (c, s) for c, s in targets}
        self._default = default if default in self._targets else None

    def body(self) -> ComposeResult:
        how = "" if self._weapon.use.value == "melee" else f", {self._weapon.use}"
        spells = f" Effects: {'; '.join(self._bonus.notes)}." if self._bonus else ""
        damage = effective.damage(self._effects.get(self._attacker.id, ()), self._weapon)[0]
        if damage:
            spells += f" Damage {'; '.join(damage.notes)}."
        yield Label(
            literal(
                f"{self._attacker.name} attacks with {self._weapon.name} "
                f"({self._hits_with.damage}, {self._weapon.special}{how}).{spells} "
                "Blank rolls are rolled; type a result to use the table's dice."
            ),
            classes="hint",
        )
        with Horizontal(classes="row"):
            yield cell(
                "Defender",
                Select[str](
                    [(literal(c.name), c.id) for c, _ in self._targets.values()],
                    prompt="— pick —",
                    value=self._default or Select.NULL,
                    id="target",
                ),
                "target",
            )
            yield cell("Attack %", Input(str(self._chance), id="chance"), "chance")
            yield cell("D100", dice_field("blank: rolled", id="attack-roll"), "attack-roll")
        with Horizontal(classes="row"):
            yield cell(
                "Defence",
                Select[str](DEFENCES, allow_blank=False, value=Defence.PARRY.value, id="defence"),
            )
            yield cell("Parry with", Select[str]([], prompt="—", id="parry"))
            yield cell("Defence %", Input(id="defence-chance"), "defence-chance")
            defence_roll = dice_field("blank: rolled", id="defence-roll")
            yield cell("D100", defence_roll, "defence-roll")
        yield Label("", id="defence-note", classes="hint")
        with Horizontal(classes="row"):
            location = dice_field("blank: rolled (or 1-20, chest)", id="location")
            yield cell("Location", location, "location")
            yield cell(
                "Damage rule",
                Select[str](
                    MODES if self._ruleset is RuleSet.RQG else MODES[:-1],  # BRP: no critical
                    allow_blank=False,
                    value="auto",
                    id="mode",
                ),
            )
            yield cell("Damage", dice_field("blank: rolled", id="damage"), "damage")
            yield cell("Armour", Input(id="armour", placeholder="blank: the sheet's"), "armour")

    def on_mount(self) -> None:
        super().on_mount()
        self._update_parry_weapons()
        self._update_defence()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "target":
            self._update_parry_weapons()
        if event.select.id in ("target", "defence", "parry"):
            self._update_defence()

    def _update_parry_weapons(self) -> None:
        """The defender's weapons that can parry this attack (a shield only against a missile,
        never a missile weapon or a broken one), its default parry chosen; no parry possible:
        dodge."""
        select = self.query_one("#parry", Select)
        target = self._target()
        if target is None:
            select.set_options([])
            return
        sheet = target[1]
        use = self._weapon.use
        select.set_options(
            [(literal(w.name), w.name) for w in sheet.weapons if can_parry(w, use) is None]
        )
        default = default_parry(sheet, use)
        defence = self.query_one("#defence", Select)
        if default is not None:
            select.value = default.name
        elif defence.value == Defence.PARRY.value:
            defence.value = Defence.DODGE.value

    def _parry(self) -> Weapon | None:
        target = self._target()
        value = self.query_one("#parry", Select).value
        if target is None or not isinstance(value, str):
            return None
        return next((w for w in target[1].weapons if w.name == value), None)

    def _target(self) -> Target | None:
        value = self.query_one("#target", Select).value
        return self._targets.get(value) if isinstance(value, str) else None

    def _defence(self) -> Defence:
        value = self.query_one("#defence", Select).value
        return Defence(value) if isinstance(value, str) else Defence.NONE

    def _update_defence(self) -> None:
        """The defence chance field's hint: the defender's skill for the chosen defence, less
        what its earlier parries and dodges this round cost (shown with the reason)."""
        field = self.query_one("#defence-chance", Input)
        note = self.query_one("#defence-note", Label)
        target = self._target()
        defence = self._defence()
        if target is None or defence is Defence.NONE:
            field.placeholder = "—"
            note.update("")
            return
        combatant, sheet = target
        on_it = self._effects.get(combatant.id, ())
        weapon = self._parry()
        if defence is Defence.PARRY and weapon is None:
            field.placeholder = "0"
            note.update("")
            return
        skill = weapon.skill if weapon is not None and defence is Defence.PARRY else "Dodge"
        extra = effective.ability(on_it, skill)
        chance = skill_of(sheet, skill) + extra.amount
        name = weapon.name if weapon is not None and defence is Defence.PARRY else "Dodge"
        why = defence_note(combatant.defences, self._ruleset)
        field.placeholder = f"{name} {chance}{extra.beside()}" + (f" {why}" if why else "")
        if why:
            penalty = defence_penalty(combatant.defences, self._ruleset)
            note.update(
                literal(
                    f"{combatant.name}: {defence.value.capitalize()} {chance}% {why} = "
                    f"{max(0, chance - penalty)}%"  # a typed Defence % takes the same penalty
                )
            )
        else:
            note.update(literal(f"{combatant.name}: {defence.value.capitalize()} {chance}%"))

    def _read(self) -> tuple[AttackInput | None, dict[str, str]]:
        problems: dict[str, str] = {}

        def number(field: str, low: int, high: int) -> int | None:
            try:
                return optional_whole(self.query_one(f"#{field}", Input).value, low=low, high=high)
            except ValueError as error:
                problems[field] = str(error)
                return None

        target = self._target()
        if target is None:
            problems["target"] = "pick the defender"
        chance = number("chance", 0, 999)
        if not self.query_one("#chance", Input).value.strip():
            problems["chance"] = "required"
        attack_roll = number("attack-roll", 1, 100)
        defence_chance = number("defence-chance", 0, 999)
        defence_roll = number("defence-roll", 1, 100)
        damage = number("damage", 0, 999)
        armour = number("armour", 0, 99)
        try:
            table = target[1].table if target else HUMANOID
            location, d20 = read_location(self.query_one("#location", Input).value, table)
            if d20 is not None:
                location = None  # a typed D20 is the attack's own location roll
        except ValueError as error:
            problems["location"] = str(error)
            location, d20 = None, None
        mode_value = self.query_one("#mode", Select).value
        mode = (
            DamageMode(mode_value) if isinstance(mode_value, str) and mode_value != "auto" else None
        )
        if problems or target is None:
            return None, problems
        defence = self._defence()
        parry = self._parry() if defence is Defence.PARRY else None
        if defence is Defence.PARRY and parry is None:
            return None, {"target": f"{target[0].name} has nothing that parries this attack"}
        return (
            AttackInput(
                defender_id=target[0].id,
                chance=chance,
                attack_roll=attack_roll,
                defence=defence,
                parry_weapon=parry.name if parry else None,
                defence_chance=defence_chance,
                defence_roll=defence_roll,
                location=location,
                location_roll=d20,
                mode=mode,
                damage=damage,
                armour=armour,
            ),
            {},
        )

    def problems(self) -> dict[str, str]:
        return self._read()[1]

    def answer(self) -> AttackInput:
        given, _ = self._read()
        assert given is not None
        return given

    def preview(self) -> str:
        given = self.answer()
        target = self._targets[given.defender_id][0]
        rolled = [
            name
            for name, value in (
                ("attack", given.attack_roll),
                ("defence", given.defence_roll if given.defence is not Defence.NONE else 0),
                ("location", given.location or given.location_roll),
                ("damage", given.damage),
            )
            if value is None
        ]
        rolls = f"The app rolls: {', '.join(rolled)}." if rolled else "Every roll is typed."
        return f"{self._attacker.name} → {target.name} ({given.defence}). {rolls}"
