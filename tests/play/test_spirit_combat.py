"""Spirit combat in a fight: a spirit joins without hit locations, a round drains the loser's
magic points (a roster sheet's and a spirit's), at 0 the loser is out; undo takes it back."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import FakeClock

from gmdash.model.combat import conditions_of, out_of_action, sheet_of
from gmdash.model.combat_events import SpiritCombatResolved
from gmdash.model.errors import ValidationError
from gmdash.model.events import PointsSpent, RollMade
from gmdash.play import combat as runner
from gmdash.play.campaign import CampaignService
from gmdash.play.combat import AttackInput
from gmdash.play.combat.spirit import (
    SpiritInput,
    SpiritSpec,
    add_spirit,
    damage_dice,
    resolve_spirit_combat,
)
from gmdash.play.demo import DEMO_NAME, demo_state
from gmdash.rules import ScriptedRng
from gmdash.rules.combat import ActionKind

MERIEL = "c0004"  # POW 17, CHA 16: spirit combat damage 1D6+3


@pytest.fixture
def svc(tmp_path: Path) -> CampaignService:
    service = CampaignService.create(tmp_path, DEMO_NAME, state=demo_state(), clock=FakeClock())
    service.start_session()
    runner.begin(service, [MERIEL], [])
    add_spirit(service, SpiritSpec(name="Ghost", pow=12, cha=6, skill=50))
    return service


def _ids(svc: CampaignService) -> tuple[str, str]:
    combat = svc.state.combat
    assert combat is not None
    meriel = next(c for c in combat.combatants if c.character_id == MERIEL)
    ghost = next(c for c in combat.combatants if c.spirit)
    return meriel.id, ghost.id


def test_a_spirit_has_no_hit_locations_and_no_weapon_reaches_it(svc: CampaignService) -> None:
    meriel, ghost = _ids(svc)
    spirit = svc.state.combat.combatant(ghost)  # type: ignore[union-attr]
    assert spirit.foe is not None and spirit.foe.locations == {}
    assert damage_dice(spirit.foe) == "1D6"  # POW 12 + CHA 6 = 18
    # the fight reads back as written (a save keeps the spirit)
    from gmdash.model.combat import Combat

    assert Combat.from_dict(svc.state.combat.to_dict()) == svc.state.combat  # type: ignore[union-attr]
    assert runner.default_target(svc, svc.state.combat.combatant(meriel)) is None  # type: ignore[union-attr]


def test_the_winner_drains_the_losers_magic_points(svc: CampaignService) -> None:
    meriel, ghost = _ids(svc)
    before = svc.character(MERIEL).magic_points
    # Meriel rolls 80 (a failure at 20%, her base), the ghost 20 (a success at 50%): 1D6 = 4
    done = resolve_spirit_combat(svc, ScriptedRng([4]), SpiritInput(
        attacker_id=ghost, defender_id=meriel, roll_a=20, roll_b=80))  # fmt: skip
    assert isinstance(done, SpiritCombatResolved) and done.winner_id == ghost
    assert svc.character(MERIEL).magic_points == before - 4
    kinds = [type(e).__name__ for e in svc.events()[-5:]]
    assert kinds == ["RollMade", "RollMade", "RollMade", "PointsSpent", "SpiritCombatResolved"]
    assert "Ghost wins, 1D6 → 4; Meriel Greenhollow MP 17 → 13" in done.text
    svc.undo()
    assert svc.character(MERIEL).magic_points == before


def test_a_spirit_at_zero_magic_points_is_defeated(svc: CampaignService) -> None:
    meriel, ghost = _ids(svc)
    # Meriel's 05 is a critical: the maximum of her 1D6+3, 9, off the ghost's 12 MP
    done = resolve_spirit_combat(svc, ScriptedRng([]), SpiritInput(
        attacker_id=meriel, defender_id=ghost, roll_a=1, roll_b=90))  # fmt: skip
    assert done.damage == 9
    done = resolve_spirit_combat(svc, ScriptedRng([]), SpiritInput(
        attacker_id=meriel, defender_id=ghost, roll_a=1, roll_b=90))  # fmt: skip
    assert done.damage == 3 and "defeated" in done.text
    spirit = svc.state.combat.combatant(ghost)  # type: ignore[union-attr]
    assert spirit.foe is not None and spirit.foe.magic_points == 0
    assert out_of_action(conditions_of(spirit, sheet_of(spirit, svc.state.characters)))


def test_bad_input_changes_nothing(svc: CampaignService) -> None:
    meriel, ghost = _ids(svc)
    before = svc.state.to_dict()
    with pytest.raises(ValidationError, match="two sides"):
        resolve_spirit_combat(svc, ScriptedRng([]), SpiritInput(meriel, meriel))
    with pytest.raises(ValidationError, match="a roll from 1 to 100"):
        resolve_spirit_combat(svc, ScriptedRng([]), SpiritInput(meriel, ghost, roll_a=101))
    with pytest.raises(ValidationError, match="already in the fight"):
        add_spirit(svc, SpiritSpec(name="ghost", pow=5, cha=5, skill=30))
    assert svc.state.to_dict() == before
    assert not any(isinstance(e, RollMade | PointsSpent) for e in svc.events()[-1:])


def test_an_attack_on_a_spirit_is_refused(svc: CampaignService) -> None:
    meriel, ghost = _ids(svc)
    runner.declare(svc, meriel, [runner.Plan(kind=ActionKind.MELEE, weapon="Short Spear")])
    runner.step(svc, 1)
    with pytest.raises(ValidationError, match="is a spirit"):
        runner.resolve_attack(svc, ScriptedRng([]), AttackInput(defender_id=ghost))
