"""An augment rolled before the roll it augments (RQG, docs/rules.md#augments): what the
ability and cast dialogs share. The augmenting ability is matched by name as it is typed,
refused if it already augmented this session, rolled first (enter), then locked."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from textual.content import Content
from textual.widgets import Input, OptionList

from gmdash.model.character import Ability, Character
from gmdash.model.events import RollMade
from gmdash.play import experience, rolls
from gmdash.play.roll_plan import narrow
from gmdash.rules import AUGMENT_BONUS, Level, RuleSet, d100_text
from gmdash.tui.dialogs.level_markup import level_markup
from gmdash.tui.dialogs.roll_base import RollDialog
from gmdash.tui.user_text import literal, markup

R = TypeVar("R")


class AugmentFirst(RollDialog[R], Generic[R]):
    """A roll dialog with an `#augment` field, its `#augment-info` line, a `#search` field and
    a list (`locked_list`) that the augment's roll locks, and a `#typed` D100 field."""

    locked_list = "#abilities"

    def __init__(self) -> None:
        super().__init__()
        self.augment: Ability | None = None
        self.augment_roll: RollMade | None = None
        self._augments_used: set[str] | None = None

    @property
    def augment_level(self) -> Level | None:
        """The augment's level once rolled (None before, or without an augment)."""
        roll = self.augment_roll
        return Level(roll.level) if roll is not None and roll.level else None

    @property
    def augment_name(self) -> str | None:
        return self.augment.name if self.augment_roll and self.augment else None

    @property
    def augment_pending(self) -> bool:
        """An augment is chosen and not rolled yet: enter rolls it first."""
        return self.augment is not None and self.augment_roll is None

    def check_augment(self, character: Character, names: Sequence[str]) -> bool:
        """Match the typed augment among `names`; refused once used this session."""
        if self.ruleset is not RuleSet.RQG or self.augment_roll is not None:
            return True
        text = self.query_one("#augment", Input).value
        self.augment = None
        if not text.strip():
            self.set_error("augment-info", "")
            return True
        found = narrow(list(names), text)
        if not found:
            self.set_error("augment-info", markup("[$error]no ability matches $text[/]",
                                                  text=repr(text)))  # fmt: skip
            return False
        ability = character.ability(found[0])
        assert ability is not None
        if self._augments_used is None:  # the session's log, read once per dialog
            self._augments_used = experience.augments_used(self.service, character.id)
        refusal = experience.augment_refusal(self.service, character, ability.name,
                                             self._augments_used)  # fmt: skip
        if refusal:
            self.set_error("augment-info", markup("[$error]$refusal[/]", refusal=refusal))
            return False
        self.augment = ability
        bonuses = " ".join(f"{level_markup(lv, f'{b:+d}')}" for lv, b in AUGMENT_BONUS.items())
        self.set_error(
            "augment-info",
            markup("$name $value%, rolled first: ", name=ability.name, value=ability.value)
            + Content.from_markup(bonuses),
        )
        return True

    def roll_augment(
        self, character: Character, augmented: str, typed: int | None, hidden: bool,
        at_stake: bool = True, then: str = "rolls it",
    ) -> None:  # fmt: skip
        """Roll the augment (logged, ticked), show its bonus, lock what defines it."""
        assert self.augment is not None
        rolled = rolls.roll_augment(
            self.service, self.rng, character, self.augment, augmented, typed=typed,
            hidden=hidden, at_stake=at_stake,
        )  # fmt: skip
        self.augment_roll = rolled.event
        assert rolled.roll is not None
        bonus = AUGMENT_BONUS[rolled.level]
        told = f"augment {self.augment.name}: {bonus:+d} to {augmented}. Enter {then}."
        self.show_level(rolled.roll, rolled.level, told)
        # the augment is spent: lock the fields that define it, clear the typed D100
        for widget_id in ("augment", "search"):
            self.query_one(f"#{widget_id}", Input).disabled = True
        self.query_one(self.locked_list, OptionList).disabled = True
        self.set_error(
            "augment-info",
            literal(f"{self.augment.name}: ")
            + Content.from_markup(f"{level_markup(rolled.level)} ({d100_text(rolled.roll)}), ")
            + Content(f"{bonus:+d}"),
        )
        typed_field = self.query_one("#typed", Input)
        typed_field.value = ""
        typed_field.focus()
        self.refresh_form()
