"""The events of effects and game time: an effect starts, ends (dismissed, or run out), time passes.

Registered in `gmdash.model.events`' registry; applied by `CampaignState` through its explicit
table. `TimePassed` lists the effects that run out with it (`ended`), so the log says so.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gmdash.model import validate as v
from gmdash.model.effects import TimedEffect
from gmdash.model.events import Event, register
from gmdash.rules.game_time import MAX_PASS, describe_span


def _read(read: Callable[[str, Any], object]) -> dict[str, object]:
    return {"read": read}


def _effect(where: str, raw: object) -> TimedEffect:
    return TimedEffect.from_dict(raw, where)


def _texts(where: str, raw: object) -> tuple[str, ...]:
    return tuple(v.text(f"{where}[{i}]", item) for i, item in enumerate(v.items(where, raw)))


def _span(where: str, raw: object) -> int:
    return v.whole(where, raw, low=1, high=MAX_PASS)


@register
@dataclass(frozen=True, kw_only=True)
class EffectStarted(Event):
    """An effect begins on its target."""

    effect: TimedEffect = field(metadata=_read(_effect))

    def to_dict(self) -> dict[str, object]:
        data = super().to_dict()
        data["effect"] = self.effect.to_dict()
        return data

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        effect = self.effect
        changes = effect.changes()
        by = f" by {effect.caster}" if effect.caster else ""
        what = f"{effect.title}{by}" + (f": {changes}" if changes else "")
        return effect.target_name, "effect", f"{what}, {describe_span(effect.duration)}"


@register
@dataclass(frozen=True, kw_only=True)
class EffectEnded(Event):
    """An effect ends before its time (dismissed by the game master); `label` for the log."""

    effect_id: str = field(metadata=_read(v.name))
    label: str = field(default="", metadata=_read(v.text))
    target_name: str = field(default="", metadata=_read(v.text))

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        return self.target_name or None, "effect", f"{self.label or 'an effect'} dismissed"


@register
@dataclass(frozen=True, kw_only=True)
class TimePassed(Event):
    """`seconds` of game time pass (a melee round ends, or the game master says so): effects
    count down and those in `ended` (their ids) run out; `ended_text` says which, for the log."""

    seconds: int = field(metadata=_read(_span))
    reason: str = field(default="", metadata=_read(v.text))
    ended: tuple[str, ...] = field(default=(), metadata=_read(_texts))
    ended_text: tuple[str, ...] = field(default=(), metadata=_read(_texts))

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        what = self.reason or f"{describe_span(self.seconds)} pass"
        if self.ended_text:
            what += "; ends: " + ", ".join(self.ended_text)
        return None, "time", what
