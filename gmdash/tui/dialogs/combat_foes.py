"""Quick foe entry (`Broo x3`, BRP `Bandit x3`, DEX, SIZ, HP, armour, one weapon), used when a
fight starts and when a combatant is added."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label

from gmdash.model.errors import ValidationError
from gmdash.play.combat import FoeSpec
from gmdash.rules import DiceError, parse_dice
from gmdash.tui.context import dashboard
from gmdash.tui.dialogs.combat_base import cell, name_and_count, optional_whole, whole
from gmdash.tui.dialogs.form_base import widgets_by_id

FOE_FIELDS = (
    "foe-name", "foe-dex", "foe-siz", "foe-hp", "foe-armour", "foe-weapon", "foe-skill",
    "foe-damage", "foe-sr", "foe-bonus", "foe-dodge",
)  # fmt: skip


class FoeFields(Vertical):
    """The quick foe form. Blank name: no foe; otherwise every required field must be good."""

    DEFAULT_CSS = """
    FoeFields { height: auto; }
    """

    def compose(self) -> ComposeResult:
        # BRP: no strike ranks (DEX order) and no Gloranthan example
        brp = dashboard(self).service.campaign.edition.is_brp
        example = "Bandit x3" if brp else "Broo x3"
        yield Label("Foes on the spot (leave the name blank for none)", classes="heading")
        with Horizontal(classes="row"):
            yield cell(
                f"Name ({example})", Input(id="foe-name", placeholder="blank: none"), "foe-name"
            )
        with Horizontal(classes="row"):
            yield cell("DEX", Input(id="foe-dex", placeholder="e.g. 12"), "foe-dex")
            yield cell("SIZ", Input(id="foe-siz", placeholder="e.g. 13"), "foe-siz")
            yield cell("Hit points", Input(id="foe-hp", placeholder="e.g. 12"), "foe-hp")
            yield cell("Armour", Input(id="foe-armour", placeholder="blank: 0"), "foe-armour")
        with Horizontal(classes="row"):
            yield cell("Weapon", Input(id="foe-weapon", placeholder="e.g. Club"), "foe-weapon")
            yield cell("Skill %", Input(id="foe-skill", placeholder="e.g. 45"), "foe-skill")
            yield cell("Damage", Input(id="foe-damage", placeholder="e.g. 1D6"), "foe-damage")
            if not brp:
                yield cell("Weapon SR", Input(id="foe-sr", placeholder="blank: 2"), "foe-sr")
        with Horizontal(classes="row"):
            bonus = Input(id="foe-bonus", placeholder="blank: none")
            yield cell("Damage bonus", bonus, "foe-bonus")
            yield cell("Dodge %", Input(id="foe-dodge", placeholder="blank: 0"), "foe-dodge")

    _inputs: dict[str, Input] | None = None

    def _text(self, field: str) -> str:
        if self._inputs is None:  # the fields are all made with the widget: looked up once
            self._inputs = widgets_by_id(self, Input)
        found = self._inputs.get(field)
        return "" if found is None else found.value.strip()  # a field these rules lack

    def blank(self) -> bool:
        return not self._text("foe-name")

    def read(self) -> tuple[FoeSpec | None, dict[str, str]]:
        """The foe entry (None when the name is blank) and the problems of its fields."""
        if self.blank():
            return None, {}
        problems: dict[str, str] = {}
        name, count = name_and_count(self._text("foe-name"))
        numbers: dict[str, int] = {}
        for field, low, high, required in (
            ("foe-dex", 1, 99, True), ("foe-siz", 1, 99, True), ("foe-hp", 1, 999, True),
            ("foe-armour", 0, 99, False), ("foe-skill", 0, 999, True), ("foe-sr", 0, 12, False),
            ("foe-dodge", 0, 999, False),
        ):  # fmt: skip
            try:
                value = (
                    whole(self._text(field), low=low, high=high)
                    if required
                    else optional_whole(self._text(field), low=low, high=high)
                )
            except ValueError as error:
                problems[field] = str(error)
                continue
            if value is not None:
                numbers[field] = value
        if not 1 <= count <= 30:
            problems["foe-name"] = "from 1 to 30 foes at once"
        weapon = self._text("foe-weapon")
        if not weapon:
            problems["foe-weapon"] = "required"
        damage = self._text("foe-damage")
        try:
            parse_dice(damage)
        except DiceError as error:
            problems["foe-damage"] = "required" if not damage else str(error)
        bonus = self._text("foe-bonus").removeprefix("+") or "0"
        if bonus != "0":
            try:
                parse_dice(bonus)
            except DiceError as error:
                problems["foe-bonus"] = str(error)
        if problems:
            return None, problems
        spec = FoeSpec(
            name=name, count=count, dex=numbers["foe-dex"], siz=numbers["foe-siz"],
            hit_points=numbers["foe-hp"], armour=numbers.get("foe-armour", 0), weapon=weapon,
            skill=numbers["foe-skill"], damage=damage, weapon_sr=numbers.get("foe-sr", 2),
            damage_bonus=bonus, dodge=numbers.get("foe-dodge", 0),
        )  # fmt: skip
        try:
            spec.check()
        except ValidationError as error:
            return None, {"foe-name": error.message}
        return spec, {}
