"""A game night in progress, as the players' view tests see it: rolls public and hidden, a
wounded adventurer, GM notes, and a fight against roster NPCs and quick foes."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from helpers import FakeClock, demo_service

from gmdash.model.events import DamageApplied, NotesChanged, RollMade
from gmdash.play import combat as runner
from gmdash.play.campaign import CampaignService
from gmdash.play.combat import FoeSpec, Plan
from gmdash.rules.combat import ActionKind

HIDDEN_LABEL = "Spot the ambush"
"""The label of the GM's hidden roll: it must never reach the page."""
GM_NOTE = "Gorehorn carries the Chaos gem"
"""A GM note on an NPC sheet: never on the page."""
NPC_SKILL = 50
"""Gorehorn's Great Axe: the number players must not read."""


@contextmanager
def a_night(saves: Path) -> Iterator[CampaignService]:
    """The demo campaign in `saves`, open for writing, its first session well under way."""
    with demo_service(saves, FakeClock()) as service:
        service.start_session()
        play_a_night(service)
        yield service


def play_a_night(service: CampaignService) -> None:
    """Session open: three public rolls, a hidden one, a struck one, a wound, notes, a fight."""
    harvald = service.character("Harvald Stormbrow")
    gorehorn = service.character("Gorehorn")
    service.publish(RollMade(actor=harvald.name, character_id=harvald.id, label="Scan",
                             kind="ability", chance=65, roll=12, level="success"))  # fmt: skip
    service.publish(RollMade(actor=None, label=HIDDEN_LABEL, kind="ability", chance=40,
                             roll=77, level="failure", hidden=True))  # fmt: skip
    service.publish(RollMade(actor=gorehorn.name, character_id=gorehorn.id,
                             label="Great Axe", kind="ability", chance=NPC_SKILL, roll=31,
                             level="success"))  # fmt: skip
    mistake = service.publish(RollMade(actor=harvald.name, character_id=harvald.id,
                                       label="Climb", kind="ability", chance=40, roll=3,
                                       level="special"))  # fmt: skip
    service.strike_out(mistake.id, "wrong skill")
    service.publish(DamageApplied(character_id=harvald.id, amount=5, location="left_arm",
                                  effects=("bleeding",)))  # fmt: skip
    service.publish(NotesChanged(character_id=gorehorn.id, text=GM_NOTE))
    runner.begin(
        service,
        [harvald.id, service.character("Irvala Greyquill").id, gorehorn.id],
        [FoeSpec(name="Broo", count=2, dex=12, siz=13, hit_points=12, armour=2, weapon="Club",
                 skill=45, damage="1D6")],
    )  # fmt: skip
    fight = runner.fight(service)
    by_name = {c.name: c for c in fight.combatants}
    runner.declare(service, by_name["Harvald Stormbrow"].id,
                   [Plan(kind=ActionKind.MELEE, weapon="Broadsword")])  # fmt: skip
    runner.declare(service, by_name["Gorehorn"].id,
                   [Plan(kind=ActionKind.MELEE, weapon="Great Axe")])  # fmt: skip
    runner.declare(service, by_name["Broo 1"].id, [Plan(kind=ActionKind.MELEE, weapon="Club")])
    runner.step(service, +1)
