"""Small checks shared by the domain dataclasses; each raises `ValidationError` naming the field."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import TypeVar

from gmdash.model.errors import ValidationError
from gmdash.rules.dice import DiceError, parse_dice
from gmdash.safe_text import is_encodable, visible

E = TypeVar("E")

MAX_WHOLE = 1_000_000_000
"""No number gmdash keeps comes near this; beyond it a file is broken or hostile."""


def mapping(field: str, value: object) -> Mapping[str, object]:
    """`value` as a JSON object."""
    if not isinstance(value, Mapping):
        raise ValidationError(field, f"expected an object, got {type(value).__name__}")
    return value


def items(field: str, value: object) -> list[object]:
    """`value` as a JSON array."""
    if not isinstance(value, list | tuple):
        raise ValidationError(field, f"expected a list, got {type(value).__name__}")
    return list(value)


def text(field: str, value: object, *, allow_empty: bool = True) -> str:
    """A string; `allow_empty=False` also refuses blank text."""
    if not isinstance(value, str):
        raise ValidationError(field, f"expected text, got {type(value).__name__}")
    if not is_encodable(value):
        # A lone surrogate: not text, and it could be neither saved nor shown.
        raise ValidationError(field, f"not valid text: {visible(value)[:80]}")
    if not allow_empty and not value.strip():
        raise ValidationError(field, "must not be empty")
    return value


def name(field: str, value: object) -> str:
    """A non-empty name, stripped of surrounding blanks."""
    return text(field, value, allow_empty=False).strip()


def whole(field: str, value: object, *, low: int | None = None, high: int | None = None) -> int:
    """A whole number (a bool is not one) within [low, high]."""
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise ValidationError(field, f"expected a whole number, got {_shown(value)}")
    if low is not None and value < low:
        raise ValidationError(field, f"must be at least {low}, got {_number(value)}")
    if high is not None and value > high:
        raise ValidationError(field, f"must be at most {high}, got {_number(value)}")
    if not -MAX_WHOLE <= value <= MAX_WHOLE:
        raise ValidationError(field, f"{_number(value)} is absurdly large")
    return value


def _shown(value: object) -> str:
    """A value for a one-line message: control characters visible, long values cut short."""
    shown = visible(repr(value))
    return shown if len(shown) <= 60 else shown[:57] + "..."


def _number(value: int) -> str:
    """A number for a message: 10^100 is shown by its size, not its hundred digits."""
    digits = len(str(abs(value))) if abs(value) < 10**100 else 101
    return str(value) if digits <= 12 else f"a {digits}-digit number"


def optional_whole(
    field: str, value: object, *, low: int | None = None, high: int | None = None
) -> int | None:
    """None, or a whole number within [low, high]."""
    return None if value is None else whole(field, value, low=low, high=high)


def flag(field: str, value: object) -> bool:
    """A true/false value."""
    if not isinstance(value, bool):
        raise ValidationError(field, f"expected true or false, got {_shown(value)}")
    return value


def dice(field: str, value: object) -> str:
    """A dice expression that parses (`1D8+1`), kept as the user wrote it."""
    raw = text(field, value, allow_empty=False).strip()
    try:
        parse_dice(raw)
    except DiceError as error:
        raise ValidationError(field, f"not a dice expression: {error}") from None
    return raw


def choice(field: str, value: object, allowed: type[E]) -> E:
    """A member of the enum `allowed`, given as its value."""
    try:
        return allowed(value)  # type: ignore[call-arg]
    except ValueError:
        options = ", ".join(str(getattr(member, "value", member)) for member in allowed)  # type: ignore[attr-defined]
        raise ValidationError(field, f"expected one of {options}, got {_shown(value)}") from None


def timestamp(field: str, value: object) -> datetime:
    """An ISO 8601 date and time."""
    raw = text(field, value, allow_empty=False)
    try:
        return datetime.fromisoformat(raw)
    except ValueError:
        raise ValidationError(field, f"not an ISO date and time: {raw!r}") from None


def optional_timestamp(field: str, value: object) -> datetime | None:
    """None, or an ISO 8601 date and time."""
    return None if value is None else timestamp(field, value)
