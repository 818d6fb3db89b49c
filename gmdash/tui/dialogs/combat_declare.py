"""Declare what one combatant does this round (`s`): up to three actions, each after the last."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label, Select

from gmdash.model.arms import action_kind
from gmdash.model.casting import Castable, castables, spell_own_sr
from gmdash.model.character import Character
from gmdash.model.combat import Action, Combatant
from gmdash.model.errors import ValidationError
from gmdash.play.combat import Plan, plan_actions
from gmdash.rules import RuleSet
from gmdash.rules.combat import ActionKind
from gmdash.tui.dialogs.combat_base import CombatForm, cell, error_label, optional_whole
from gmdash.tui.user_text import literal

ROWS = 3
SPELL_PREFIX = "spell:"
"""The Weapon-or-spell select's value for a spell (its `Castable.key` follows)."""
KINDS = [
    ("melee attack", ActionKind.MELEE.value),
    ("missile attack", ActionKind.MISSILE.value),
    ("spell", ActionKind.SPELL.value),
    ("other (move...)", ActionKind.OTHER.value),
]


class DeclareDialog(CombatForm[tuple[Plan, ...]]):
    """Actions for one combatant; the SR of each is shown as it is chosen."""

    title_text: ClassVar[str] = "Declare actions"
    ok_label: ClassVar[str] = "Declare"

    def __init__(self, combatant: Combatant, sheet: Character, ruleset: RuleSet) -> None:
        super().__init__()
        self._combatant = combatant
        self._sheet = sheet
        self._ruleset = ruleset

    def _start(self) -> list[Action]:
        return list(self._combatant.declared or self._combatant.last)

    def body(self) -> ComposeResult:
        chars = self._sheet.characteristics
        brp = self._ruleset is RuleSet.BRP
        if brp:  # BRP: everyone acts in DEX order, highest first (docs/rules.md)
            hint = (f"{self._combatant.name}: DEX {chars['DEX']}. Everyone acts in DEX order, "
                    "highest DEX first; each action comes after the one before.")  # fmt: skip
        else:
            hint = (
                f"{self._combatant.name}: DEX {chars['DEX']}, SIZ {chars['SIZ']}. Melee SR = "
                "DEX SR + SIZ SR + weapon SR; missile SR = DEX SR + weapon SR; a spell goes off "
                "at DEX SR + 1 per point past the first (spirit magic) or at DEX SR (Rune "
                "magic), + any boost in 'Spell/other SR'; movement adds its SR; each action "
                "comes after the one before."
            )
        yield Label(literal(hint), classes="hint")
        start = self._start()
        weapons = [(literal(w.name), w.name) for w in self._sheet.weapons]
        # a spell is declared with its name: it is cast at its own strike rank
        weapons += [(literal(f"spell: {c.title}"), f"{SPELL_PREFIX}{c.key}")
                    for c in castables(self._sheet, self._ruleset)]  # fmt: skip
        for row in range(ROWS):
            action = start[row] if row < len(start) else None
            kind: str | object = Select.NULL
            weapon: str | object = Select.NULL
            if action is not None:
                kind = action.kind.value
                weapon = action.weapon if action.weapon else Select.NULL
                spell = self._spell_named(action.label) if action.kind is ActionKind.SPELL else None
                if spell is not None:
                    weapon = f"{SPELL_PREFIX}{spell.key}"
            elif row == 0 and self._sheet.weapons:
                first = self._sheet.weapons[0]
                kind, weapon = action_kind(first).value, first.name
            with Horizontal(classes="row"):
                yield cell(
                    f"Action {row + 1}",
                    Select[str](KINDS, prompt="— none —", value=kind, id=f"kind-{row}"),  # type: ignore[arg-type]
                )
                yield cell(
                    "Weapon or spell",
                    Select[str](weapons, prompt="—", value=weapon, id=f"weapon-{row}"),  # type: ignore[arg-type]
                )
                if not brp:  # strike ranks of a spell or movement: none in DEX order
                    yield cell("Spell/other SR", Input(id=f"own-{row}", placeholder="blank: 0"))
                    yield cell("Movement SR", Input(id=f"move-{row}", placeholder="blank: 0"))
            yield error_label(f"row-{row}")

    def _typed(self, widget_id: str) -> str:
        found = next(iter(self.query(f"#{widget_id}").results(Input)), None)
        return "" if found is None else found.value

    def on_select_changed(self, event: Select.Changed) -> None:
        """Picking a weapon picks its attack: a bow, sling or gun shoots (missile SR), a thrown
        weapon is thrown, anything else strikes in melee (a javelin may still be set to melee)."""
        select_id = event.select.id or ""
        if not select_id.startswith("weapon-") or not isinstance(event.value, str):
            return
        kind = self.query_one(f"#kind-{select_id.removeprefix('weapon-')}", Select)
        if event.value.startswith(SPELL_PREFIX):
            kind.value = ActionKind.SPELL.value
            return
        weapon = self._sheet.weapon(event.value)
        attack = kind.value in (ActionKind.MELEE.value, ActionKind.MISSILE.value)
        if weapon is not None and (attack or kind.value == Select.NULL):
            kind.value = action_kind(weapon).value

    def _plans(self) -> tuple[list[Plan], dict[str, str]]:
        plans: list[Plan] = []
        problems: dict[str, str] = {}
        for row in range(ROWS):
            kind_value = self.query_one(f"#kind-{row}", Select).value
            if not isinstance(kind_value, str):
                continue
            kind = ActionKind(kind_value)
            weapon = self.query_one(f"#weapon-{row}", Select).value
            try:
                own = optional_whole(self._typed(f"own-{row}"), low=0, high=30)
                move = optional_whole(self._typed(f"move-{row}"), low=0, high=30)
            except ValueError as error:
                problems[f"row-{row}"] = f"SR: {error}"
                continue
            spell = self._spell_keyed(weapon)
            if kind.is_attack and (not isinstance(weapon, str) or spell is not None):
                problems[f"row-{row}"] = "pick the weapon"
                continue
            label, spell_sr = "", 0
            if kind is ActionKind.SPELL:
                label = spell.name if spell is not None else "Spell"
                if spell is not None and self._ruleset is RuleSet.RQG:
                    spell_sr = spell_own_sr(self._sheet, spell)
            plans.append(
                Plan(
                    kind=kind,
                    weapon=weapon if kind.is_attack and isinstance(weapon, str) else None,
                    label=label,
                    own_sr=(own or 0) + spell_sr,
                    movement=move or 0,
                )
            )
        return plans, problems

    def _spell_keyed(self, value: object) -> Castable | None:
        if not isinstance(value, str) or not value.startswith(SPELL_PREFIX):
            return None
        key = value.removeprefix(SPELL_PREFIX)
        return next((c for c in castables(self._sheet, self._ruleset) if c.key == key), None)

    def _spell_named(self, name: str) -> Castable | None:
        wanted = name.casefold()
        return next((c for c in castables(self._sheet, self._ruleset)
                     if c.name.casefold() == wanted), None)  # fmt: skip

    def problems(self) -> dict[str, str]:
        plans, problems = self._plans()
        if not problems:
            try:
                plan_actions(self._sheet, plans)
            except ValidationError as error:
                problems["row-0"] = error.message
        return problems

    def answer(self) -> tuple[Plan, ...]:
        return tuple(self._plans()[0])

    def preview(self) -> str:
        actions = plan_actions(self._sheet, self.answer())
        if not actions:
            return "No action this round."
        if self._ruleset is RuleSet.BRP:
            dex = self._sheet.characteristics["DEX"]
            return f"BRP: acts at DEX {dex}: " + ", then ".join(a.label for a in actions)
        parts = [
            f"{a.label} at SR {a.sr}" + (f" (next round, SR {a.sr - 12})" if a.sr > 12 else "")
            for a in actions
        ]
        return "; ".join(parts)
