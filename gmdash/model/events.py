"""Every change of a campaign's state, as a frozen dataclass that serialises to a dict.

An event is stamped by `CampaignService.publish` with an `id` (`"<log file>-<sequence>"`, e.g.
`"0003-000042"`, ordered as text), a `time`, the open `session` (None between sessions), the
`game_date` of the campaign's calendar once it happened (a `rules.calendar.date_key`) and, for
the second and later events of one transaction, `change`: the id of its first event (so that
undo takes the whole change back, even after a restart).
`event_from_dict` reads any event back through a registry keyed by the `type` name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Any, ClassVar, Literal, TypeVar, get_args

from gmdash.model import validate as v
from gmdash.model.character import Character, read_conditions
from gmdash.model.errors import ValidationError

RollKind = Literal[
    "ability", "augment", "characteristic", "opposed", "resistance", "dice", "damage",
    "location", "attack", "parry", "dodge", "experience", "spell",
]  # fmt: skip
"""What a `RollMade` rolled: checked when the event is made (and when it is read back)."""

LevelName = Literal["critical", "special", "success", "failure", "fumble"]
"""A level of success as the log stores it (the values of `gmdash.rules.Level`)."""

ROLL_KINDS: frozenset[str] = frozenset(get_args(RollKind))
LEVEL_NAMES: frozenset[str] = frozenset(get_args(LevelName))

EVENT_TYPES: dict[str, type[Event]] = {}
"""Every event class by its `type` name."""

_E = TypeVar("_E", bound="type[Event]")
_BASE_FIELDS = ("id", "time", "session", "change", "game_date")
MAX_GAME_DATE = 20
"""The longest stamp of a game date ("9999.6.8.7", "d2939706", "2024-03-14")."""


def register(cls: _E) -> _E:
    """Class decorator: make `cls` readable by `event_from_dict` under its class name."""
    EVENT_TYPES[cls.__name__] = cls
    return cls


@dataclass(frozen=True, kw_only=True)
class Event:
    """Something that happened; `id`, `time` and `session` are filled in when it is published."""

    id: str = ""
    time: datetime | None = None
    session: int | None = None
    change: str = ""
    """The id of the first event of the transaction this one was part of ("": its own)."""
    game_date: str = ""
    """The game date it happened on, as `rules.calendar.date_key` writes it ("": logged before
    gmdash had calendars)."""

    undoable: ClassVar[bool] = False
    """Whether `CampaignService.undo` can take this event back."""

    @property
    def type(self) -> str:
        return type(self).__name__

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict: `type`, `id`, `time`, `session`, then the event's own fields."""
        data: dict[str, object] = {
            "type": self.type,
            "id": self.id,
            "time": None if self.time is None else self.time.isoformat(),
            "session": self.session,
        }
        if self.change and self.change != self.id:
            data["change"] = self.change
        if self.game_date:
            data["game_date"] = self.game_date
        for item in fields(self):
            if item.name not in _BASE_FIELDS:
                data[item.name] = _to_json(getattr(self, item.name))
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Event:
        """Read an event of this class (use `event_from_dict` when the type is not known)."""
        event_id, change = data.get("id", ""), data.get("change", "")
        values: dict[str, Any] = {
            "id": event_id if type(event_id) is str and event_id.isascii() else
            v.text("id", event_id),
            "time": v.optional_timestamp("time", data.get("time")),
            "session": v.optional_whole("session", data.get("session"), low=1),
            "change": change if type(change) is str and change.isascii() else
            v.text("change", change),
            "game_date": _game_date(data.get("game_date", "")),
        }  # fmt: skip
        for name, reader, required in _field_specs(cls):
            if name not in data:
                if required:
                    raise ValidationError(name, "missing")
                continue
            raw = data[name]
            # The values most fields hold, taken as they are without the reader's calls (a log
            # of years is read event by event, field by field): exactly what the reader would
            # accept and return unchanged.
            if (
                (reader is _opt_text and (raw is None or (type(raw) is str and raw.isascii())))
                or (reader is _opt_int and (raw is None or (
                    type(raw) is int and -v.MAX_WHOLE <= raw <= v.MAX_WHOLE)))
                or (reader is _flag and type(raw) is bool)
            ):  # fmt: skip
                values[name] = raw
            else:
                values[name] = reader(name, raw) if reader else raw
        try:
            return cls(**values)
        except TypeError as error:  # pragma: no cover - a field list out of step with the class
            raise ValidationError("type", str(error)) from None


def _game_date(raw: object) -> str:
    text = v.text("game_date", raw)
    if len(text) > MAX_GAME_DATE:
        raise ValidationError("game_date", f"at most {MAX_GAME_DATE} characters")
    return text


_MISSING: Any = field().default
_SPECS: dict[type[Event], list[tuple[str, Callable[[str, Any], object] | None, bool]]] = {}


def _field_specs(
    cls: type[Event],
) -> list[tuple[str, Callable[[str, Any], object] | None, bool]]:
    """(name, reader, required) of an event class's own fields, computed once per class."""
    specs = _SPECS.get(cls)
    if specs is None:
        specs = [
            (
                item.name,
                item.metadata.get("read"),
                item.default is _MISSING and item.default_factory is _MISSING,
            )
            for item in fields(cls)
            if item.name not in _BASE_FIELDS
        ]
        _SPECS[cls] = specs
    return specs


def _to_json(value: object) -> object:
    if isinstance(value, Character):
        return value.to_dict()
    if isinstance(value, tuple):
        return [_to_json(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): _to_json(item) for key, item in value.items()}
    return value


def _reader(read: Callable[[str, Any], object]) -> dict[str, object]:
    return {"read": read}


def _char(where: str, raw: object) -> Character:
    try:
        return Character.from_dict(raw)
    except ValidationError as error:
        raise ValidationError(f"{where}.{error.field}", error.message) from None


def _opt_char(where: str, raw: object) -> Character | None:
    return None if raw is None else _char(where, raw)


def _opt_text(where: str, raw: object) -> str | None:
    return None if raw is None else v.text(where, raw)


def _texts(where: str, raw: object) -> tuple[str, ...]:
    return tuple(v.text(f"{where}[{i}]", item) for i, item in enumerate(v.items(where, raw)))


def _details(where: str, raw: object) -> dict[str, object]:
    return dict(v.mapping(where, raw))


def _opt_int(where: str, raw: object) -> int | None:
    return v.optional_whole(where, raw)


def _count(where: str, raw: object) -> int:
    return v.whole(where, raw, low=0)


def _opt_count(where: str, raw: object) -> int | None:
    return v.optional_whole(where, raw, low=0)


def _conditions(where: str, raw: object) -> tuple[str, ...]:
    try:
        return read_conditions(raw)
    except ValidationError as error:
        raise ValidationError(f"{where}.{error.field}", error.message) from None


def _int(where: str, raw: object) -> int:
    return v.whole(where, raw)


def _number(where: str, raw: object) -> int:
    return v.whole(where, raw, low=1)


def _name(where: str, raw: object) -> str:
    return v.name(where, raw)


def _flag(where: str, raw: object) -> bool:
    return v.flag(where, raw)


# --- rolls ---------------------------------------------------------------------------------


@register
@dataclass(frozen=True, kw_only=True)
class RollMade(Event):
    """A roll of any kind: an ability, a characteristic, resistance, opposed, plain dice...

    `actor` is who rolled (a name; `character_id` when it is a sheet of the roster), `label` what
    was rolled, `kind` a short word (`ability`, `characteristic`, `resistance`, `opposed`, `dice`,
    `damage`, `experience`, `location`...), `chance` the modified chance, `modifiers` how it was
    modified, `roll` the D100 (or die) result, `level` the level of success, `hidden` a roll the
    players do not see. Dice rolls carry `expression` and `total`; anything else goes to `details`.
    `player` is the player who asked for it through their link (`gmdash.play.player_rolls`;
    None: the game master's roll, as every roll of an older log).
    """

    undoable: ClassVar[bool] = True

    actor: str | None = field(default=None, metadata=_reader(_opt_text))
    character_id: str | None = field(default=None, metadata=_reader(_opt_text))
    label: str | None = field(default=None, metadata=_reader(_opt_text))
    kind: RollKind = field(metadata=_reader(_name))
    chance: int | None = field(default=None, metadata=_reader(_opt_int))
    modifiers: tuple[str, ...] = field(default=(), metadata=_reader(_texts))
    roll: int | None = field(default=None, metadata=_reader(_opt_int))
    level: LevelName | None = field(default=None, metadata=_reader(_opt_text))
    hidden: bool = field(default=False, metadata=_reader(_flag))
    expression: str | None = field(default=None, metadata=_reader(_opt_text))
    total: int | None = field(default=None, metadata=_reader(_opt_int))
    details: Mapping[str, object] = field(default_factory=dict, metadata=_reader(_details))
    player: str | None = field(default=None, metadata=_reader(_opt_text))

    def to_dict(self) -> dict[str, object]:
        data = super().to_dict()
        if self.player is None:  # the game master's rolls (nearly all) are written as before
            del data["player"]
        return data

    def __post_init__(self) -> None:
        if self.kind not in ROLL_KINDS:
            raise ValidationError("kind", f"not a kind of roll: {self.kind!r}")
        # an empty level, as older logs hold for dice, means no level, like None
        if self.level and self.level not in LEVEL_NAMES:
            raise ValidationError("level", f"not a level of success: {self.level!r}")


@register
@dataclass(frozen=True, kw_only=True)
class OpposedSettled(Event):
    """The outcome of an opposed roll, after its two `RollMade` (their ids in `rolls`):
    `winner` the winning side's name (None: a tie, a stalemate or two losers), `text` the
    outcome in words ("Gorehorn wins"). Undone, or struck out, with its rolls."""

    undoable: ClassVar[bool] = True

    rolls: tuple[str, ...] = field(default=(), metadata=_reader(_texts))
    winner: str | None = field(default=None, metadata=_reader(_opt_text))
    text: str = field(metadata=_reader(v.text))

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        """(actor, kind, label) of the event as a log line."""
        return None, "outcome", self.text


@register
@dataclass(frozen=True, kw_only=True)
class RollStruckOut(Event):
    """A roll that no longer counts; it stays in the log, struck out."""

    roll_id: str = field(metadata=_reader(_name))
    reason: str = field(default="", metadata=_reader(v.text))


# --- wounds --------------------------------------------------------------------------------


@register
@dataclass(frozen=True, kw_only=True)
class DamageApplied(Event):
    """`amount` points off total hit points and, when given, off `location` (after armour)."""

    undoable: ClassVar[bool] = True

    character_id: str = field(metadata=_reader(_name))
    amount: int = field(metadata=_reader(_count))
    location: str | None = field(default=None, metadata=_reader(_opt_text))
    total_loss: int | None = field(default=None, metadata=_reader(_opt_count))
    """Points off total hit points when not `amount` (a limb passes on at most 2x its HP)."""
    effects: tuple[str, ...] = field(default=(), metadata=_reader(_conditions))
    """Lasting conditions the blow caused (`Character.conditions` values), added to the sheet."""
    wound: int | None = field(default=None, metadata=_reader(_opt_count))
    """Points the location's wound record (and its HP) takes when not `amount` (a limb takes
    at most 2x its HP in all)."""


@register
@dataclass(frozen=True, kw_only=True)
class HealingApplied(Event):
    """Up to `amount` points of healing. With a `location`: off its wounds (the one numbered
    `wound`, from 0, or the oldest first), and total hit points regain what those wounds gave
    back; without: total hit points only. Never above the maximum."""

    undoable: ClassVar[bool] = True

    character_id: str = field(metadata=_reader(_name))
    amount: int = field(metadata=_reader(_count))
    location: str | None = field(default=None, metadata=_reader(_opt_text))
    wound: int | None = field(default=None, metadata=_reader(_opt_count))
    magical: bool = field(default=False, metadata=_reader(_flag))
    """Magical healing: 6 points or more at once restore a severed limb."""
    natural: bool = field(default=False, metadata=_reader(_flag))
    """A week's natural healing: spread evenly over the location's wounds."""


@register
@dataclass(frozen=True, kw_only=True)
class WeaponDamaged(Event):
    """`amount` hit points off one weapon of a sheet (it parried a blow, or a parry struck it);
    at 0 it is broken and cannot parry."""

    undoable: ClassVar[bool] = True

    character_id: str = field(metadata=_reader(_name))
    weapon: str = field(metadata=_reader(_name))
    amount: int = field(metadata=_reader(_count))

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        who = names.get(self.character_id, "someone")  # never the id
        return who, "damage", f"{self.weapon} loses {self.amount} HP"


@register
@dataclass(frozen=True, kw_only=True)
class PointsSpent(Event):
    """Magic or rune points spent (`amount` > 0) or regained (`amount` < 0)."""

    undoable: ClassVar[bool] = True

    character_id: str = field(metadata=_reader(_name))
    pool: str = field(metadata=_reader(_name))
    amount: int = field(metadata=_reader(_int))


# --- roster --------------------------------------------------------------------------------


@register
@dataclass(frozen=True, kw_only=True)
class CharacterAdded(Event):
    """A new sheet joins the roster."""

    undoable: ClassVar[bool] = True

    character: Character = field(metadata=_reader(_char))


@register
@dataclass(frozen=True, kw_only=True)
class CharacterEdited(Event):
    """A sheet replaced by its edited version (same `id`)."""

    undoable: ClassVar[bool] = True

    character: Character = field(metadata=_reader(_char))


@register
@dataclass(frozen=True, kw_only=True)
class CharacterDeleted(Event):
    """A sheet leaves the roster."""

    undoable: ClassVar[bool] = True

    character_id: str = field(metadata=_reader(_name))


@register
@dataclass(frozen=True, kw_only=True)
class AbilityTicked(Event):
    """An ability's experience check box set (`ticked`) or cleared."""

    undoable: ClassVar[bool] = True

    character_id: str = field(metadata=_reader(_name))
    ability: str = field(metadata=_reader(_name))
    ticked: bool = field(default=True, metadata=_reader(_flag))


@register
@dataclass(frozen=True, kw_only=True)
class NotesChanged(Event):
    """New notes for the campaign (`character_id` None) or for one character."""

    undoable: ClassVar[bool] = True

    character_id: str | None = field(default=None, metadata=_reader(_opt_text))
    text: str = field(metadata=_reader(v.text))


# --- sessions and undo ---------------------------------------------------------------------


@register
@dataclass(frozen=True, kw_only=True)
class SessionStarted(Event):
    """Game session `number` begins; later events belong to it."""

    number: int = field(metadata=_reader(_number))


@register
@dataclass(frozen=True, kw_only=True)
class SessionEnded(Event):
    """Game session `number` ends."""

    number: int = field(metadata=_reader(_number))


@register
@dataclass(frozen=True, kw_only=True)
class ChangeUndone(Event):
    """The compensating event of an undo: puts back what `undone_id` changed.

    `character_id` with `restored` (the sheet as it was; None: it did not exist) for a sheet;
    `notes` (the campaign's notes as they were) when campaign notes were changed.
    """

    undone_id: str = field(metadata=_reader(_name))
    character_id: str | None = field(default=None, metadata=_reader(_opt_text))
    restored: Character | None = field(default=None, metadata=_reader(_opt_char))
    notes: str | None = field(default=None, metadata=_reader(_opt_text))


@register
@dataclass(frozen=True, kw_only=True)
class UndoApplied(Event):
    """Undo: the last change (`change_id`, the id of its first event) taken back whole.

    The state holds what it takes (`CampaignState.undo`); `summary` says what it was, in words,
    for the log and the message ("8 damage to Harvald's Left Arm").
    """

    change_id: str = field(metadata=_reader(_name))
    summary: str = field(default="", metadata=_reader(v.text))

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        return None, "undo", f"undid {self.summary or 'a change'}"


@register
@dataclass(frozen=True, kw_only=True)
class RedoApplied(Event):
    """Redo: the change undone last (`change_id`) made again, as it was."""

    change_id: str = field(metadata=_reader(_name))
    summary: str = field(default="", metadata=_reader(v.text))

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        return None, "redo", f"redid {self.summary or 'a change'}"


def event_from_dict(data: object) -> Event:
    """Any event from its dict; an unknown `type` or a bad field raises `ValidationError`."""
    raw = v.mapping("event", data)
    kind = raw.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValidationError("type", f"unknown event type {kind!r}")
    return cls.from_dict(raw)
