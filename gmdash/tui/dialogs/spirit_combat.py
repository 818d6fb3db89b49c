"""A round of spirit combat (`S` in the strike ranks): the selected combatant against another
one, or against a spirit that joins the fight now. Blank rolls are rolled; typed ones are used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label, Select

from gmdash.model.character import Character
from gmdash.model.combat import Combatant
from gmdash.play.combat.spirit import SpiritInput, SpiritSpec
from gmdash.rules.spirit_combat import SPIRIT_COMBAT_SR
from gmdash.tui.dialogs.combat_base import CombatForm, cell, optional_whole, whole
from gmdash.tui.dialogs.modal_base import dice_field
from gmdash.tui.user_text import literal

NEW_SPIRIT = "+spirit"


@dataclass(frozen=True, slots=True)
class SpiritOrder:
    """The round asked for; `spirit` joins the fight first (then it is the other side)."""

    given: SpiritInput
    spirit: SpiritSpec | None = None


class SpiritCombatDialog(CombatForm[SpiritOrder]):
    """Who fights whom in spirit combat, and the dice typed (or blank: rolled)."""

    title_text: ClassVar[str] = "Spirit combat"
    ok_label: ClassVar[str] = "Resolve"

    def __init__(
        self,
        attacker: Combatant,
        chance: int,
        others: list[tuple[Combatant, Character, int]],
    ) -> None:
        super().__init__()
        self._attacker = attacker
        self._chance = chance
        self._others = {c.id: (c, s, chance_b) for c, s, chance_b in others}

    def body(self) -> ComposeResult:
        yield Label(
            literal(
                f"At SR {SPIRIT_COMBAT_SR}: {self._attacker.name} and the other side roll "
                "Spirit Combat; the winner does spirit combat damage (POW + CHA) to the "
                "loser's magic points. Blank rolls are rolled."
            ),
            classes="hint",
        )
        options = [(literal(c.name + (" (spirit)" if c.spirit else "")), c.id)
                   for c, _, _ in self._others.values()]  # fmt: skip
        options.append((literal("a new spirit (below)"), NEW_SPIRIT))
        spirits = [c.id for c, _, _ in self._others.values() if c.spirit]
        with Horizontal(classes="row"):
            yield cell("Against", Select[str](options, allow_blank=False,
                                              value=spirits[0] if spirits else NEW_SPIRIT,
                                              id="other"), "other")  # fmt: skip
            yield cell("Its %", Input(id="chance-b", placeholder="sheet"), "chance-b")
            yield cell("Its D100", dice_field("roll", id="roll-b"), "roll-b")
        with Horizontal(classes="row"):
            yield cell(f"{self._attacker.name} %", Input(str(self._chance), id="chance-a"),
                       "chance-a")  # fmt: skip
            yield cell("D100", dice_field("roll", id="roll-a"), "roll-a")
            yield cell("Damage", dice_field("roll", id="damage"), "damage")
        yield Label("A new spirit", classes="heading")
        with Horizontal(classes="row"):
            yield cell("Name", Input(id="spirit-name", placeholder="Ghost"), "spirit-name")
            yield cell("POW", Input(id="spirit-pow", placeholder="12"), "spirit-pow")
            yield cell("CHA", Input(id="spirit-cha", placeholder="8"), "spirit-cha")
            yield cell("Spirit Combat %", Input(id="spirit-skill", placeholder="50"),
                       "spirit-skill")  # fmt: skip

    def _text(self, field: str) -> str:
        return self.query_one(f"#{field}", Input).value.strip()

    def _other(self) -> str:
        value = self.query_one("#other", Select).value
        return value if isinstance(value, str) else NEW_SPIRIT

    def _read(self) -> tuple[SpiritOrder | None, dict[str, str]]:
        problems: dict[str, str] = {}

        def number(field: str, low: int, high: int, required: bool = False) -> int | None:
            try:
                text = self._text(field)
                return whole(text, low=low, high=high) if required else optional_whole(
                    text, low=low, high=high)  # fmt: skip
            except ValueError as error:
                problems[field] = str(error)
                return None

        chance_a = number("chance-a", 0, 999, required=True)
        roll_a = number("roll-a", 1, 100)
        chance_b = number("chance-b", 0, 999)
        roll_b = number("roll-b", 1, 100)
        damage = number("damage", 0, 99)
        spirit = None
        other = self._other()
        if other == NEW_SPIRIT:
            name = self._text("spirit-name")
            if not name:
                problems["spirit-name"] = "required"
            power = number("spirit-pow", 1, 99, required=True)
            charisma = number("spirit-cha", 1, 99, required=True)
            skill = number("spirit-skill", 0, 999, required=True)
            if problems:
                return None, problems
            assert power is not None and charisma is not None and skill is not None
            spirit = SpiritSpec(name=name, pow=power, cha=charisma, skill=skill)
        if problems:
            return None, problems
        given = SpiritInput(
            attacker_id=self._attacker.id, defender_id=other, chance_a=chance_a,
            chance_b=chance_b, roll_a=roll_a, roll_b=roll_b, damage=damage,
        )  # fmt: skip
        return SpiritOrder(given, spirit), {}

    def problems(self) -> dict[str, str]:
        return self._read()[1]

    def answer(self) -> SpiritOrder:
        order, _ = self._read()
        assert order is not None
        return order

    def preview(self) -> str:
        order = self.answer()
        if order.spirit is not None:
            who = f"{order.spirit.name} (a new spirit, {order.spirit.pow} MP)"
        else:
            combatant, sheet, chance = self._others[order.given.defender_id]
            who = f"{combatant.name} ({sheet.magic_points} MP, Spirit Combat {chance}%)"
        return f"{self._attacker.name} against {who}."
