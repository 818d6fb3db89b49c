"""A scripted game evening for the store's fault and power-loss tests.

Campaign creation, session start, rolls, a fight's damage and healing, the improvement phase,
session end and an export. `run_evening` calls `ack(label)` after each step the program
reported done; a step that raised is not acknowledged, and the evening stops there as a game
master would (the error is on the screen).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from helpers import FakeClock, sheet

from gmdash.formats import log_export
from gmdash.model.events import DamageApplied, HealingApplied, RollMade
from gmdash.play import log_reading
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
        text = log_export.export(log_reading.records(svc, "all"), "json", title=NAME, sessions=[])
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


# --- an evening for the readers: every kind of log line a game master sees ------------------

READER_START = datetime(2026, 3, 14, 20, 0, tzinfo=UTC)


def readable_evening(saves: Path) -> CampaignService:
    """The demo party's night, through the runners: an augmented ability roll, a hidden roll,
    dice, a blow that lames a leg, a roll struck out from the log and a change undone, a fight
    with an attack that lands, healing, ticks and an improvement roll (a clock of 3 minutes a
    step)."""
    from gmdash.play import combat as runner
    from gmdash.play import rolls, roster
    from gmdash.play.combat import AttackInput, Plan
    from gmdash.play.demo import DEMO_NAME, demo_state
    from gmdash.rules import SeededRng
    from gmdash.rules.combat import ActionKind, Defence
    from gmdash.rules.dice import parse_dice
    from gmdash.rules.levels import Level

    ticks = iter(READER_START + timedelta(minutes=3 * n) for n in range(100_000))
    svc = CampaignService.create(saves, DEMO_NAME, state=demo_state(),
                                 clock=lambda: next(ticks), durable=False)  # fmt: skip
    rng = SeededRng(14)
    svc.start_session()
    harvald, irvala = svc.character("Harvald Stormbrow"), svc.character("Irvala Greyquill")
    dance = next(a for a in harvald.abilities if a.kind == "passion") if any(
        a.kind == "passion" for a in harvald.abilities) else harvald.abilities[0]  # fmt: skip
    sword = next(a for a in harvald.abilities if a.name == "Broadsword")
    augment = rolls.roll_augment(svc, rng, harvald, dance, sword.name, typed=5)
    rolls.roll_ability(svc, rng, svc.character(harvald.id), sword,
                       rolls.AbilityPlan(base=sword.value, flat=-10, augment_name=dance.name,
                                         augment_level=Level.SPECIAL),
                       typed=12, augment_roll=augment.event)  # fmt: skip
    scan = irvala.abilities[0]
    mistaken = rolls.roll_ability(svc, rng, irvala, scan, rolls.AbilityPlan(base=scan.value),
                                  hidden=True, typed=97)  # fmt: skip
    rolls.roll_dice(svc, rng, parse_dice("2D6"), label="Bandit morale")
    roster.damage(svc, harvald.id, "left_leg", 9)
    roster.damage(svc, irvala.id, "abdomen", 8)
    svc.strike_out(mistaken.event.id, "struck out from the log")
    roster.damage(svc, irvala.id, "right_arm", 6)
    svc.undo()  # the blow to Irvala's arm
    korrath = "c0003"
    runner.begin(svc, [harvald.id, korrath, "c0007"])
    ids = {c.character_id: c.id for c in runner.fight(svc).combatants}
    runner.declare(svc, ids[harvald.id], [Plan(kind=ActionKind.MELEE, weapon="Broadsword")])
    runner.declare(svc, ids["c0007"], [Plan(kind=ActionKind.MELEE, weapon="Short Sword")])
    while (row := runner.current_row(svc)) is None or row.combatant.id != ids[harvald.id]:
        runner.step(svc, 1)
    runner.resolve_attack(svc, rng, AttackInput(defender_id=ids["c0007"], attack_roll=8,
                                                defence=Defence.NONE, location_roll=9,
                                                damage=7))  # fmt: skip
    runner.end(svc)
    roster.heal_location(svc, harvald.id, "left_leg", 2)
    lines = [type_line(line, 99, 3) for line in ticked_lines(svc)]
    apply_improvement(svc, lines)
    return svc
