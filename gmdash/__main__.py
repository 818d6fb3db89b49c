"""`python -m gmdash` runs the same entry point as the `gmdash` command."""

from __future__ import annotations

from gmdash.cli import console

console()
