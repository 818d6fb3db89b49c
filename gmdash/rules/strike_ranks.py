"""Strike ranks: when in a 12-SR melee round an action happens (docs/rules.md#strike-ranks)."""

from __future__ import annotations

from gmdash.rules.attributes import dex_strike_rank, siz_strike_rank

ROUND_LENGTH = 12


def melee_sr(dex: int, siz: int, weapon_sr: int) -> int:
    """Melee SR = DEX SR + SIZ SR + weapon SR."""
    return dex_strike_rank(dex) + siz_strike_rank(siz) + weapon_sr


def missile_sr(dex: int, weapon_or_spell_sr: int) -> int:
    """Missile and spell SR = DEX SR + the weapon's (or spell's) SR."""
    return dex_strike_rank(dex) + weapon_or_spell_sr
