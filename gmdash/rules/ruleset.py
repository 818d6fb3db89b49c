"""The two rule sets a campaign can use, and the optional rules a BRP campaign may turn on."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum


class RuleSet(StrEnum):
    """RuneQuest: Roleplaying in Glorantha, or Basic Roleplaying."""

    RQG = "rqg"
    BRP = "brp"


class OptionalRule(StrEnum):
    """BRP's optional rules that bring RuneQuest's Runes, Passions and Rune points to a campaign
    (docs/rules.md, BRP's optional rules). RQG always has all three."""

    RUNES = "runes"
    PASSIONS = "passions"
    RUNE_POINTS = "rune-points"


RQG_CHARACTERISTICS = ("STR", "CON", "SIZ", "DEX", "INT", "POW", "CHA")
"""The characteristics (docs/rules.md#characteristics), in the RQG sheet's order."""
BRP_CHARACTERISTICS = ("STR", "CON", "SIZ", "INT", "POW", "DEX", "APP")
"""The characteristics (docs/rules.md#characteristics), in the BRP sheet's order: APP, no
CHA."""


@dataclass(frozen=True, slots=True)
class Edition:
    """The rules a campaign plays by: its rule set and the optional rules it turned on."""

    ruleset: RuleSet = RuleSet.RQG
    optional: frozenset[OptionalRule] = frozenset()

    @classmethod
    def of(cls, ruleset: RuleSet, optional: Iterable[OptionalRule | str] = ()) -> Edition:
        return cls(ruleset, frozenset(OptionalRule(rule) for rule in optional))

    @property
    def is_brp(self) -> bool:
        return self.ruleset is RuleSet.BRP

    def uses(self, rule: OptionalRule) -> bool:
        """Whether the campaign has Runes, Passions or Rune points."""
        return self.ruleset is RuleSet.RQG or rule in self.optional

    @property
    def characteristics(self) -> tuple[str, ...]:
        return BRP_CHARACTERISTICS if self.is_brp else RQG_CHARACTERISTICS

    @property
    def order_name(self) -> str:
        """What the order of action in a melee round is called."""
        return "DEX order" if self.is_brp else "strike ranks"
