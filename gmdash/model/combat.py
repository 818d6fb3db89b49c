"""A fight in progress: its combatants, their declared actions, the round and the current action.

A combatant is either a sheet of the roster (`character_id`; its hit points live on the sheet
and change through `DamageApplied`) or a foe added on the spot (`foe`: a sheet of its own that
lives only in the combat). Both carry the combat's own bookkeeping: wound conditions, declared
actions, last round's actions (for "same as last round"), damage dealt and taken.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from gmdash.model import validate as v
from gmdash.model.character import Character, CharacterKind
from gmdash.model.derived import sheet_maxima
from gmdash.model.errors import ValidationError
from gmdash.rules import Effect, RuleSet, standing_conditions
from gmdash.rules.combat import ActionKind, Slot, Turn, in_this_round, order_turns

OUT_OF_ACTION = (Effect.DEAD, Effect.UNCONSCIOUS, Effect.SHOCK)
"""Conditions that stop a combatant from acting: it is shown as such and skipped."""
MAX_ACTIONS = 6
PARTY = "party"
FOES = "foes"


@dataclass(frozen=True, kw_only=True)
class Action:
    """One declared action: what (`kind`, `label`, the weapon used) and at which SR."""

    kind: ActionKind
    label: str
    sr: int
    weapon: str | None = None

    def to_dict(self) -> dict[str, object]:
        return {"kind": str(self.kind), "label": self.label, "sr": self.sr, "weapon": self.weapon}

    @classmethod
    def from_dict(cls, data: object, where: str = "action") -> Action:
        raw = v.mapping(where, data)
        weapon = raw.get("weapon")
        return cls(
            kind=v.choice(f"{where}.kind", raw.get("kind"), ActionKind),
            label=v.name(f"{where}.label", raw.get("label")),
            sr=v.whole(f"{where}.sr", raw.get("sr"), low=0, high=99),
            weapon=None if weapon is None else v.name(f"{where}.weapon", weapon),
        )


def actions_from(where: str, data: object) -> tuple[Action, ...]:
    """A list of actions (at most MAX_ACTIONS)."""
    raw = v.items(where, data)
    if len(raw) > MAX_ACTIONS:
        raise ValidationError(where, f"at most {MAX_ACTIONS} actions in a round")
    return tuple(Action.from_dict(item, f"{where}[{i}]") for i, item in enumerate(raw))


@dataclass(frozen=True, kw_only=True)
class Combatant:
    """Someone in the fight. `foe` holds the sheet of a foe added on the spot (`hp_max` its full
    hit points, `damage_bonus` its damage bonus); a roster combatant has `character_id`."""

    id: str
    name: str
    side: str = FOES
    character_id: str | None = None
    foe: Character | None = None
    hp_max: int = 0
    damage_bonus: str | None = None
    declared: tuple[Action, ...] = ()
    last: tuple[Action, ...] = ()
    resolved: tuple[int, ...] = ()
    dealt: int = 0
    taken: int = 0
    spirit: bool = False
    """A spirit: a foe sheet without hit locations, fought only in spirit combat (its magic
    points are its strength; at 0 it is defeated)."""
    defences: int = 0
    """Parries and dodges rolled this melee round (each further one costs more:
    `gmdash.rules.defences`); back to 0 when a round starts."""

    @property
    def is_foe(self) -> bool:
        return self.foe is not None

    def to_dict(self) -> dict[str, object]:
        return {
            "id": self.id,
            "name": self.name,
            "side": self.side,
            "character_id": self.character_id,
            "foe": None if self.foe is None else self.foe.to_dict(),
            "hp_max": self.hp_max,
            "damage_bonus": self.damage_bonus,
            "declared": [a.to_dict() for a in self.declared],
            "last": [a.to_dict() for a in self.last],
            "resolved": list(self.resolved),
            "dealt": self.dealt,
            "taken": self.taken,
            **({"spirit": True} if self.spirit else {}),
            **({"defences": self.defences} if self.defences else {}),
        }

    @classmethod
    def from_dict(cls, data: object, where: str = "combatant") -> Combatant:
        raw = v.mapping(where, data)
        cid = raw.get("character_id")
        foe_raw = raw.get("foe")
        bonus = raw.get("damage_bonus")
        try:
            foe = None if foe_raw is None else Character.from_dict(foe_raw)
        except ValidationError as error:
            raise ValidationError(f"{where}.foe.{error.field}", error.message) from None
        if (cid is None) == (foe is None):
            raise ValidationError(where, "needs either a character_id or a foe sheet")
        combatant = cls(
            id=v.name(f"{where}.id", raw.get("id")),
            name=v.name(f"{where}.name", raw.get("name")),
            side=_side(f"{where}.side", raw.get("side", FOES)),
            character_id=None if cid is None else v.name(f"{where}.character_id", cid),
            foe=foe,
            hp_max=v.whole(f"{where}.hp_max", raw.get("hp_max", 0), low=0),
            damage_bonus=None if bonus is None else _bonus(f"{where}.damage_bonus", bonus),
            declared=actions_from(f"{where}.declared", raw.get("declared", [])),
            last=actions_from(f"{where}.last", raw.get("last", [])),
            resolved=tuple(
                v.whole(f"{where}.resolved", i, low=0)
                for i in v.items(f"{where}.resolved", raw.get("resolved", []))
            ),
            dealt=v.whole(f"{where}.dealt", raw.get("dealt", 0), low=0),
            taken=v.whole(f"{where}.taken", raw.get("taken", 0), low=0),
            spirit=v.flag(f"{where}.spirit", raw.get("spirit", False)),
            defences=v.whole(f"{where}.defences", raw.get("defences", 0), low=0),
        )
        if combatant.spirit and foe is None:
            raise ValidationError(f"{where}.spirit", "a spirit is a foe of the fight")
        if foe is not None and not foe.locations and not combatant.spirit:
            raise ValidationError(f"{where}.foe.locations", "missing")
        if foe is not None and combatant.hp_max < 1:
            raise ValidationError(f"{where}.hp_max", "a foe needs its full hit points")
        return combatant


def _side(where: str, raw: object) -> str:
    side = v.text(where, raw)
    if side not in (PARTY, FOES):
        raise ValidationError(where, f"expected {PARTY} or {FOES}, got {side!r}")
    return side


def _bonus(where: str, raw: object) -> str:
    text = v.text(where, raw).strip()
    if text in ("", "0"):
        return "0"
    return v.dice(where, text.removeprefix("+"))


@dataclass(frozen=True, kw_only=True)
class Combat:
    """The fight: round number, combatants (in the order they joined) and the current action
    (`current`: combatant id and action index; None before the round's first action)."""

    round: int = 1
    combatants: tuple[Combatant, ...] = ()
    current: tuple[str, int] | None = None
    next_id: int = 1
    started: str = ""
    fallen: tuple[str, ...] = field(default=())

    def combatant(self, combatant_id: str) -> Combatant:
        for combatant in self.combatants:
            if combatant.id == combatant_id:
                return combatant
        raise ValidationError("combatant_id", f"no combatant {combatant_id!r} in this fight")

    def has(self, combatant_id: str) -> bool:
        return any(c.id == combatant_id for c in self.combatants)

    def new_id(self, offset: int = 0) -> str:
        return f"k{self.next_id + offset:02d}"

    def with_combatant(self, combatant: Combatant) -> Combat:
        """This fight with `combatant` replaced (same id)."""
        return replace(
            self,
            combatants=tuple(combatant if c.id == combatant.id else c for c in self.combatants),
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "round": self.round,
            "combatants": [c.to_dict() for c in self.combatants],
            "current": None if self.current is None else list(self.current),
            "next_id": self.next_id,
            "started": self.started,
            "fallen": list(self.fallen),
        }

    @classmethod
    def from_dict(cls, data: object, where: str = "combat") -> Combat:
        raw = v.mapping(where, data)
        current = raw.get("current")
        pair: tuple[str, int] | None = None
        if current is not None:
            items = v.items(f"{where}.current", current)
            if len(items) != 2:
                raise ValidationError(f"{where}.current", "expected [combatant id, action index]")
            pair = (
                v.name(f"{where}.current[0]", items[0]),
                v.whole(f"{where}.current[1]", items[1], low=0),
            )
        combatants = tuple(
            Combatant.from_dict(item, f"{where}.combatants[{i}]")
            for i, item in enumerate(v.items(f"{where}.combatants", raw.get("combatants", [])))
        )
        ids = [c.id for c in combatants]
        if len(set(ids)) != len(ids):
            raise ValidationError(f"{where}.combatants", "two combatants share an id")
        return cls(
            round=v.whole(f"{where}.round", raw.get("round", 1), low=1),
            combatants=combatants,
            current=pair,
            next_id=v.whole(f"{where}.next_id", raw.get("next_id", 1), low=1),
            started=v.text(f"{where}.started", raw.get("started", "")),
            fallen=tuple(
                v.text(f"{where}.fallen", f)
                for f in v.items(f"{where}.fallen", raw.get("fallen", []))
            ),
        )


# --- views over a fight and the roster -------------------------------------------------------


def sheet_of(combatant: Combatant, characters: Mapping[str, Character]) -> Character | None:
    """The combatant's sheet: the roster's (None if it left the roster) or the foe's own."""
    if combatant.foe is not None:
        return combatant.foe
    assert combatant.character_id is not None
    return characters.get(combatant.character_id)


def location_maxima(
    combatant: Combatant, sheet: Character, ruleset: RuleSet
) -> tuple[int, dict[str, int]]:
    """Full total and per-location hit points of a combatant."""
    if combatant.foe is not None:
        return combatant.hp_max, combatant.foe.table.hit_points(combatant.hp_max)
    full = sheet_maxima(sheet, ruleset)
    return full.hit_points, dict(full.locations)


def conditions_of(combatant: Combatant, sheet: Character | None) -> set[str]:
    """The sheet's wound conditions plus what its current hit points show."""
    found: set[str] = set()
    if sheet is None:
        found.add(Effect.DEAD.value)  # no longer on the roster: out of the fight
        return found
    if combatant.spirit:  # no body: only its magic points count (0: defeated, out of the fight)
        if sheet.magic_points <= 0:
            found.add(Effect.UNCONSCIOUS.value)
        return found | set(sheet.conditions)
    found |= {
        str(e)
        for e in standing_conditions(
            total_hp=sheet.hit_points, magic_points=sheet.magic_points,
            location_hp=sheet.locations, table=sheet.table,
        )
    }  # fmt: skip
    found |= set(sheet.conditions)
    return found


def out_of_action(conditions: set[str]) -> str | None:
    """The worst condition that keeps a combatant from acting, if any."""
    return next((str(e) for e in OUT_OF_ACTION if e.value in conditions), None)


def turns(combat: Combat, characters: Mapping[str, Character], ruleset: RuleSet) -> list[Turn]:
    """This round's declared actions in order (every combatant, out of action or not)."""
    slots: list[Slot] = []
    for combatant in combat.combatants:
        sheet = sheet_of(combatant, characters)
        dex = sheet.characteristics["DEX"] if sheet else 0
        slots += [
            Slot(combatant.id, i, action.sr, dex) for i, action in enumerate(combatant.declared)
        ]
    return order_turns(slots, ruleset)


def later(combatant: Combatant, ruleset: RuleSet) -> list[tuple[int, Action]]:
    """Declared actions that fall past SR 12 (they happen next round); none under BRP."""
    if ruleset is RuleSet.BRP:
        return []
    return [(i, a) for i, a in enumerate(combatant.declared) if not in_this_round(a.sr)]


@dataclass(frozen=True, slots=True)
class Row:
    """A line of the strike-rank order: an action in order, or a combatant without one."""

    combatant: Combatant
    sheet: Character | None
    turn: Turn | None
    action: Action | None
    status: str | None  # out of action: dead, unconscious, shock
    current: bool = False
    resolved: bool = False
    next_round: bool = False


def order_rows(combat: Combat, characters: Mapping[str, Character], ruleset: RuleSet) -> list[Row]:
    """The lines of the strike-rank order (the dashboard's pane, the players' view): this
    round's actions in order, then actions carried to the next round, then combatants with
    nothing declared, then combatants out of action."""
    status = {
        c.id: out_of_action(conditions_of(c, sheet_of(c, characters))) for c in combat.combatants
    }
    acting: list[Row] = []
    waiting: list[Row] = []
    out: list[Row] = []
    for turn in turns(combat, characters, ruleset):
        combatant = combat.combatant(turn.actor)
        if status[combatant.id]:
            continue
        action = combatant.declared[turn.index]
        acting.append(
            Row(
                combatant,
                sheet_of(combatant, characters),
                turn,
                action,
                None,
                current=combat.current == (turn.actor, turn.index),
                resolved=turn.index in combatant.resolved,
            )
        )
    for combatant in combat.combatants:
        sheet = sheet_of(combatant, characters)
        if status[combatant.id]:
            out.append(Row(combatant, sheet, None, None, status[combatant.id]))
            continue
        for _, action in later(combatant, ruleset):
            waiting.append(Row(combatant, sheet, None, action, None, next_round=True))
        if not combatant.declared:
            waiting.append(Row(combatant, sheet, None, None, None))
    return acting + waiting + out


def default_side(character: Character) -> str:
    """Player characters fight for the party, everyone else with the foes."""
    return PARTY if character.kind is CharacterKind.PC else FOES


def roster_combatant(combatant_id: str, character: Character) -> Combatant:
    """A combatant for a roster sheet."""
    return Combatant(
        id=combatant_id,
        name=character.name,
        side=default_side(character),
        character_id=character.id,
    )


def validate_declaration(
    combatant: Combatant, actions: Sequence[Action], sheet: Character | None
) -> None:
    """An attack must name one of the combatant's weapons."""
    if len(actions) > MAX_ACTIONS:
        raise ValidationError("actions", f"at most {MAX_ACTIONS} actions in a round")
    names = {w.name.casefold() for w in sheet.weapons} if sheet else set()
    for i, action in enumerate(actions):
        known = action.weapon is not None and action.weapon.casefold() in names
        if action.kind.is_attack and not known:
            raise ValidationError(
                f"actions[{i}].weapon", f"{combatant.name} has no weapon {action.weapon!r}"
            )
