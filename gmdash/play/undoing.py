"""What undo and redo would do next, in words, and when undo asks first.

Undo takes back one whole change (`CampaignService.undo`). Two kinds of change are asked about
before they are taken back, because a game master rarely means them: the improvement phase (a
season's experience rolls and the abilities they raised), and a change made before the start
of the current session (in an earlier session, or in the record between sessions). Both front
ends ask with `UndoStep.warning`; the service itself does what it is told.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmdash.model.undo_entry import UndoEntry
from gmdash.play.campaign import CampaignService


@dataclass(frozen=True, slots=True)
class UndoStep:
    """The change undo (or redo) would take back (or make again), and why to ask first."""

    summary: str
    warning: str | None = None

    @property
    def asks(self) -> bool:
        return self.warning is not None


def next_undo(service: CampaignService) -> UndoStep | None:
    """What `service.undo()` would take back (None: nothing)."""
    entry = service.next_undo
    if entry is None:
        return None
    return UndoStep(entry.summary, undo_warning(service, entry))


def next_redo(service: CampaignService) -> UndoStep | None:
    """What `service.redo()` would make again (None: nothing)."""
    entry = service.next_redo
    return None if entry is None else UndoStep(entry.summary)


def undo_warning(service: CampaignService, entry: UndoEntry) -> str | None:
    """Why undoing `entry` should be confirmed first (None: it need not be)."""
    if entry.improvement:
        return (
            "This takes back the whole improvement phase: its experience rolls are struck "
            "out and the abilities they raised go back to their old values."
        )
    current = service.current_session
    now = current.number if current is not None else None
    if entry.session == now:
        return None
    then = (
        f"session {entry.session}" if entry.session is not None else "the record between sessions"
    )
    if now is None:
        return f"This goes back into {then}, before the last session ended."
    return f"This goes back past the start of session {now}, into {then}."


def undone_message(summary: str) -> str:
    """What the front ends say after an undo: "Undid: 8 damage to Harvald's left arm"."""
    return f"Undid: {summary}"


def redone_message(summary: str) -> str:
    """What the front ends say after a redo."""
    return f"Redid: {summary}"
