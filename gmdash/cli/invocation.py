"""The words of the command this process runs, and how it ends when a dashboard ran it.

Light on purpose (imported by every command): `gmdash.cli.hosting` does the sending.
"""

from __future__ import annotations

from collections.abc import Sequence

_words: list[str] | None = None


def remember_words(argv: Sequence[str] | None) -> None:
    """The command's words as typed (None: nothing to send on, as in a dashboard's own run)."""
    global _words
    _words = None if argv is None else list(argv)


def words() -> list[str] | None:
    """The words `remember_words` kept."""
    return None if _words is None else list(_words)


class Forwarded(Exception):
    """The command was carried out by the running dashboard: what it printed and its status."""

    def __init__(self, stdout: str, stderr: str, code: int) -> None:
        super().__init__("carried out by the dashboard")
        self.stdout = stdout
        self.stderr = stderr
        self.code = code
