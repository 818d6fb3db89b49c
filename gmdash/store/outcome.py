"""What this process's changes came to, for the front end to tell the game master.

One rule for outcomes: a change is saved once its transaction is committed (fsynced), and it is
reported so. What fails after that (the lock's release, a compaction, remembering the last
campaign, printing the result) changes nothing of what is saved: it is a warning, never "not
saved" (a game master told a committed roll failed would roll it again, and log it twice).

The store counts the commits it makes (`committed`) and keeps such warnings (`warn`); the CLI
prints them on stderr when its command ends, the dashboard when it closes.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class SaveOutcome:
    """The commits made and the warnings met by this process so far."""

    committed: int = 0
    warnings: list[str] = field(default_factory=list)

    def commit_made(self) -> None:
        self.committed += 1

    def warn(self, text: str) -> None:
        """Keep `text` (a sentence, naming what failed and that nothing was lost) for the user."""
        self.warnings.append(text)

    def take_warnings(self) -> list[str]:
        """The warnings kept so far, forgotten here (each is told once)."""
        taken, self.warnings = self.warnings, []
        return taken


OUTCOME = SaveOutcome()
"""This process's outcome (one process, one game master: what it did is one story)."""
