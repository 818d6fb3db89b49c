"""The one error raised when data on its way into the domain state is not acceptable."""

from __future__ import annotations


class ValidationError(ValueError):
    """Bad data for `field` (a dotted path such as `abilities[2].value`); nothing was stored."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")
