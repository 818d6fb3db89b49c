"""Argument types shared by the subcommands: argparse reports their message as one clear line."""

from __future__ import annotations

import argparse

from gmdash.rules.rolls import read_d100


def whole(text: str) -> int:
    """A whole number (negative allowed)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def d100(text: str) -> int:
    """A D100 as rolled at the table (`rules.read_d100`: 00 is 100)."""
    try:
        return read_d100(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def count(text: str) -> int:
    """A whole number >= 0."""
    value = whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, not {value}")
    return value
