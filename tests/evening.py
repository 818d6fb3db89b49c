"""A scripted game evening for the store's fault and power-loss tests.

Campaign creation, session start, rolls, a fight's damage and healing, the improvement phase,
session end and an export. `run_evening` calls `ack(label)` after each step the program
reported done; a step that raised is not acknowledged, and the evening stops there as a game
master would (the error is on the screen).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from helpers import FakeClock, sheet

from gmdash.model.events import DamageApplied, HealingApplied, RollMade
from gmdash.play import journal
from gmdash.play.campaign import CampaignService
from gmdash.play.experience import apply_improvement, ticked_lines, type_line
from gmdash.store.errors import StoreError

NAME = "Faulty Evening"
ROLLS = 6


def roll(svc: CampaignService, label: str) -> None:
    svc.publish(RollMade(actor="Ostra", character_id="c0001", label=label, kind="ability",
                         chance=50, roll=20, level="success"))  # fmt: skip


def run_evening(saves: Path, ack: Callable[[str], None]) -> None:
    """The evening; an OSError or StoreError ends it early (what the screen would show)."""
    svc: CampaignService | None = None
    try:
        svc = CampaignService.create(saves, NAME, clock=FakeClock())
        ack("created")
        svc.add_character(sheet())
        ack("character")
        svc.start_session()
        ack("session 1")
        for index in range(ROLLS):
            roll(svc, f"roll {index}")
            ack(f"roll {index}")
        svc.publish(DamageApplied(character_id="c0001", amount=3, location="chest"))
        ack("damage")
        svc.publish(HealingApplied(character_id="c0001", amount=2, location="chest"))
        ack("heal")
        from gmdash.model.events import AbilityTicked

        for ability in ("Dodge", "Broadsword"):
            svc.publish(AbilityTicked(character_id="c0001", ability=ability))
        ack("ticks")
        lines = [type_line(line, 99, 3) for line in ticked_lines(svc)]
        apply_improvement(svc, lines)
        ack("improvement")
        svc.end_session()
        ack("session end")
        text = journal.export(journal.records(svc, "all"), "json", title=NAME, sessions=[])
        (saves / "evening.json").write_text(text)
        ack("export")
        svc.close()
        svc = None
        ack("closed")
    except (OSError, StoreError):
        pass
    finally:
        if svc is not None:
            svc.close()
