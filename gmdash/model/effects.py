"""Effects that run out: a spell (or anything the game master names) on one target, for a time.

An effect holds its modifiers already worked out for its points (`Modifier.amount`), its full
duration and the time left, both in seconds of game time (`gmdash.rules.game_time`). Its
`target` is a roster sheet's id or, for a foe added on the spot, the combatant's id.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmdash.model import validate as v
from gmdash.model.errors import ValidationError
from gmdash.rules.game_time import MAX_PASS, describe_span
from gmdash.rules.spells import ModifierKind

MAX_EFFECT_POINTS = 99
MAX_MODIFIER = 999


@dataclass(frozen=True, kw_only=True)
class Modifier:
    """What an effect changes: `amount` added to the number `kind` names (`name`: which ability,
    weapon, location or characteristic; None: all of them)."""

    kind: ModifierKind
    amount: int
    name: str | None = None

    def to_dict(self) -> dict[str, object]:
        return {"kind": str(self.kind), "amount": self.amount, "name": self.name}

    @classmethod
    def from_dict(cls, data: object, where: str = "modifier") -> Modifier:
        raw = v.mapping(where, data)
        name = raw.get("name")
        modifier = cls(
            kind=v.choice(f"{where}.kind", raw.get("kind"), ModifierKind),
            amount=v.whole(
                f"{where}.amount", raw.get("amount"), low=-MAX_MODIFIER, high=MAX_MODIFIER
            ),
            name=None if name is None else v.name(f"{where}.name", name),
        )
        if modifier.kind.needs_name and modifier.name is None:
            raise ValidationError(f"{where}.name", f"a {modifier.kind} modifier needs a name")
        return modifier

    def text(self) -> str:
        """`"+20% Broadsword"`, `"+2 AP"`, `"+8 STR"`..."""
        sign = f"{self.amount:+d}"
        match self.kind:
            case ModifierKind.ABILITY:
                return f"{sign}% {self.name or 'all rolls'}"
            case ModifierKind.ATTACK:
                return f"{sign}% {self.name or 'attacks'}"
            case ModifierKind.DAMAGE:
                return f"{sign} damage" + (f" {self.name}" if self.name else "")
            case ModifierKind.DOUBLE_DAMAGE:
                return "damage dice x2" + (f" {self.name}" if self.name else "")
            case ModifierKind.ARMOUR:
                where = self.name.replace("_", " ") if self.name else ""
                return f"{sign} AP" + (f" {where}" if where else "")
            case ModifierKind.CHARACTERISTIC:
                return f"{sign} {self.name}"
            case ModifierKind.MAGIC_POINTS:
                return f"{sign} MP"
            case ModifierKind.DEFENCE:
                return f"{sign}% to hit it"
        return str(self.amount)


@dataclass(frozen=True, kw_only=True)
class TimedEffect:
    """A spell or other effect on `target` (`target_name` for display), from `spell` (a
    catalogue name, or None: free-form), cast by `caster` with `points`, lasting `duration`
    seconds of game time of which `left` remain."""

    id: str
    target: str
    target_name: str
    label: str
    spell: str | None = None
    caster: str | None = None
    points: int = 0
    modifiers: tuple[Modifier, ...] = ()
    duration: int
    left: int
    note: str = ""

    def __post_init__(self) -> None:
        if not self.label.strip():
            raise ValidationError("label", "an effect needs a name")
        if not 1 <= self.duration <= MAX_PASS:
            raise ValidationError("duration", "an effect lasts from a round to 52 weeks")
        if not 0 <= self.left <= self.duration:
            raise ValidationError("left", "the time left is between 0 and the duration")
        if not 0 <= self.points <= MAX_EFFECT_POINTS:
            raise ValidationError("points", f"an effect has 0 to {MAX_EFFECT_POINTS} points")

    @property
    def title(self) -> str:
        """`"Bladesharp 4"`, or the label alone when it has no points."""
        return f"{self.label} {self.points}" if self.points else self.label

    def short(self) -> str:
        """`"Bladesharp 4 (3 rounds)"`: what the roster and strike-rank pane show."""
        return f"{self.title} ({describe_span(self.left)})"

    def changes(self) -> str:
        """What it changes, as text (`"+20% Broadsword, +4 damage Broadsword"`)."""
        parts = [m.text() for m in self.modifiers if m.kind is not ModifierKind.NOTE]
        if self.note:
            parts.append(self.note)
        return ", ".join(parts)

    def to_dict(self) -> dict[str, object]:
        return {
            "id": self.id,
            "target": self.target,
            "target_name": self.target_name,
            "label": self.label,
            "spell": self.spell,
            "caster": self.caster,
            "points": self.points,
            "modifiers": [m.to_dict() for m in self.modifiers],
            "duration": self.duration,
            "left": self.left,
            "note": self.note,
        }

    @classmethod
    def from_dict(cls, data: object, where: str = "effect") -> TimedEffect:
        raw = v.mapping(where, data)
        spell = raw.get("spell")
        caster = raw.get("caster")
        duration = v.whole(f"{where}.duration", raw.get("duration"), low=1, high=MAX_PASS)
        modifiers = v.items(f"{where}.modifiers", raw.get("modifiers", []))
        try:
            return cls(
                id=v.name(f"{where}.id", raw.get("id")),
                target=v.name(f"{where}.target", raw.get("target")),
                target_name=v.text(f"{where}.target_name", raw.get("target_name", "")),
                label=v.name(f"{where}.label", raw.get("label")),
                spell=None if spell is None else v.name(f"{where}.spell", spell),
                caster=None if caster is None else v.text(f"{where}.caster", caster),
                points=v.whole(f"{where}.points", raw.get("points", 0), low=0),
                modifiers=tuple(
                    Modifier.from_dict(item, f"{where}.modifiers[{i}]")
                    for i, item in enumerate(modifiers)
                ),
                duration=duration,
                left=v.whole(f"{where}.left", raw.get("left", duration), low=0),
                note=v.text(f"{where}.note", raw.get("note", "")),
            )
        except ValidationError as error:
            if error.field.startswith(where):
                raise
            raise ValidationError(f"{where}.{error.field}", error.message) from None


def effects_on(effects: tuple[TimedEffect, ...], *targets: str | None) -> list[TimedEffect]:
    """The effects on any of `targets` (a sheet's id, a combatant's id), oldest first."""
    wanted = {t for t in targets if t}
    return [e for e in effects if e.target in wanted]
