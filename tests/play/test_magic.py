"""Casting in play: the roll is logged, the level's cost comes out of the right pool, a
target resists with its magic points, a cast without the points is refused and logs nothing."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from helpers import FakeClock
from hypothesis import given
from hypothesis import strategies as st

from gmdash.model.casting import (
    CastPlan,
    SpellKind,
    castables,
    chance,
    cost_of,
    default_plan,
    find_castable,
    refusal,
    strike_rank,
)
from gmdash.model.errors import ValidationError
from gmdash.model.events import (
    CharacterAdded,
    CharacterEdited,
    DamageApplied,
    Event,
    PointsSpent,
    RollMade,
)
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME, demo_state
from gmdash.play.magic import Resistance, cast_spell
from gmdash.play.spell_healing import HealAim, apply_healing
from gmdash.rules import Level, RuleSet, SeededRng
from gmdash.rules.spells import spell_effect

HARVALD, IRVALA, GOREHORN = "c0001", "c0002", "c0005"


@pytest.fixture
def svc(tmp_path: Path) -> CampaignService:
    service = CampaignService.create(tmp_path, DEMO_NAME, state=demo_state(), clock=FakeClock())
    service.start_session()
    return service


def _seen(service: CampaignService) -> list[Event]:
    seen: list[Event] = []
    service.bus.subscribe(Event, seen.append)
    return seen


def test_the_demo_sheets_list_their_spells() -> None:
    harvald = demo_state().characters[HARVALD]
    spells = castables(harvald, RuleSet.RQG)
    assert [s.name for s in spells if s.kind is SpellKind.SPIRIT] == [
        "Bladesharp", "Demoralize", "Heal"
    ]  # fmt: skip
    lightning = find_castable(harvald, RuleSet.RQG, "lightning")
    assert (lightning.kind, lightning.cult, lightning.stackable) == (
        SpellKind.RUNE, "Orlanth Adventurous", True
    )  # fmt: skip
    with pytest.raises(ValidationError, match="knows no spell 'Fireblade'"):
        find_castable(harvald, RuleSet.RQG, "Fireblade")


def test_chances_come_from_pow_and_from_the_rune() -> None:
    harvald = demo_state().characters[HARVALD]  # POW 13, Air 75, Movement 60
    bladesharp = default_plan(find_castable(harvald, RuleSet.RQG, "Bladesharp"))
    assert chance(harvald, RuleSet.RQG, bladesharp) == 65
    flight = find_castable(harvald, RuleSet.RQG, "Flight")
    assert chance(harvald, RuleSet.RQG, default_plan(flight)) == 75  # the best of Air, Movement
    movement = CastPlan(spell=flight, points=1, rune="Movement", flat=10)
    assert chance(harvald, RuleSet.RQG, movement) == 70


def test_strike_ranks_of_spells() -> None:
    harvald = demo_state().characters[HARVALD]  # DEX 11: DEX SR 3
    bladesharp = find_castable(harvald, RuleSet.RQG, "Bladesharp")
    assert strike_rank(harvald, CastPlan(spell=bladesharp, points=2)) == 4
    assert strike_rank(harvald, CastPlan(spell=bladesharp, points=1, boost=2)) == 5
    lightning = find_castable(harvald, RuleSet.RQG, "Lightning")
    assert strike_rank(harvald, CastPlan(spell=lightning, points=3)) == 3


@pytest.mark.parametrize(
    ("points", "boost", "why"),
    [
        (3, 0, "Bladesharp is cast at 1 to 2 points"),
        (2, 12, "only 13 magic points left, Bladesharp needs 14"),
        (0, 0, "Bladesharp is cast at 1 to 2 points"),
    ],
)
def test_spirit_casts_refused(points: int, boost: int, why: str) -> None:
    harvald = demo_state().characters[HARVALD]
    spell = find_castable(harvald, RuleSet.RQG, "Bladesharp")
    assert refusal(harvald, RuleSet.RQG, CastPlan(spell=spell, points=points, boost=boost)) == why


def test_a_fixed_spell_is_cast_at_its_points_and_a_rune_spell_needs_its_cults_points() -> None:
    harvald = demo_state().characters[HARVALD]
    demoralize = find_castable(harvald, RuleSet.RQG, "Demoralize")
    assert "not variable" in (refusal(harvald, RuleSet.RQG, CastPlan(spell=demoralize, points=1))
                              or "")  # fmt: skip
    heal_wound = find_castable(harvald, RuleSet.RQG, "Heal Wound")
    assert refusal(harvald, RuleSet.RQG, CastPlan(spell=heal_wound, points=2)) == (
        "Heal Wound is cast with 1 Rune points"
    )
    lightning = find_castable(harvald, RuleSet.RQG, "Lightning")
    assert refusal(harvald, RuleSet.RQG, CastPlan(spell=lightning, points=4)) == (
        "Orlanth Adventurous: only 3 Rune points left, Lightning needs 4"
    )
    assert refusal(harvald, RuleSet.RQG, CastPlan(spell=lightning, points=3)) is None


# (D100, level, MP left of 13): Bladesharp 2 at 65%, spirit magic costs only on a success
@pytest.mark.parametrize(
    ("roll", "level", "mp_left"),
    [(3, Level.CRITICAL, 11), (13, Level.SPECIAL, 11), (60, Level.SUCCESS, 11),
     (70, Level.FAILURE, 13), (99, Level.FUMBLE, 13)],
)  # fmt: skip
def test_a_spirit_cast_spends_magic_points_by_level(
    svc: CampaignService, roll: int, level: Level, mp_left: int
) -> None:
    seen = _seen(svc)
    spell = find_castable(svc.character(HARVALD), RuleSet.RQG, "Bladesharp")
    cast = cast_spell(svc, SeededRng(1), HARVALD, default_plan(spell), typed=roll)
    assert cast.level is level
    assert svc.character(HARVALD).magic_points == mp_left
    rolled = [e for e in seen if isinstance(e, RollMade)]
    assert [(r.kind, r.label, r.chance, r.roll, r.level) for r in rolled] == [
        ("spell", "Bladesharp 2", 65, roll, str(level))
    ]
    assert svc.character(HARVALD).cults[0].rune_points == 3


# Lightning 2 (stacked) at Air 75%: (D100, level, Rune points left of 3, MP left of 13) with a
# boost of 2 magic points
@pytest.mark.parametrize(
    ("roll", "level", "rp_left", "mp_left"),
    [(4, Level.CRITICAL, 3, 11), (15, Level.SPECIAL, 1, 11), (70, Level.SUCCESS, 1, 11),
     (80, Level.FAILURE, 3, 12), (100, Level.FUMBLE, 1, 12)],
)  # fmt: skip
def test_a_rune_cast_spends_its_cults_points_by_level(
    svc: CampaignService, roll: int, level: Level, rp_left: int, mp_left: int
) -> None:
    spell = find_castable(svc.character(HARVALD), RuleSet.RQG, "Lightning")
    cast = cast_spell(svc, SeededRng(1), HARVALD, CastPlan(spell=spell, points=2, boost=2),
                      typed=roll)  # fmt: skip
    assert cast.level is level
    after = svc.character(HARVALD)
    assert (after.cults[0].rune_points, after.magic_points) == (rp_left, mp_left)
    assert after.cults[0].rune_points_max == 3
    air = after.ability("Air")
    assert air is not None and air.ticked is level.is_success  # a Rune used well ticks


def test_a_one_use_spell_lowers_its_cults_full_points(svc: CampaignService) -> None:
    seen = _seen(svc)
    spell = find_castable(svc.character(IRVALA), RuleSet.RQG, "Command Cult Spirit")
    cast_spell(svc, SeededRng(1), IRVALA, default_plan(spell), typed=10)
    cult = svc.character(IRVALA).cults[0]
    assert (cult.rune_points, cult.rune_points_max) == (1, 1)
    assert [type(e).__name__ for e in seen] == [
        "RollMade", "PointsSpent", "CharacterEdited", "AbilityTicked"
    ]  # fmt: skip
    assert isinstance(seen[2], CharacterEdited)


def test_a_refused_cast_logs_nothing(svc: CampaignService) -> None:
    seen = _seen(svc)
    spell = find_castable(svc.character(HARVALD), RuleSet.RQG, "Lightning")
    with pytest.raises(ValidationError, match="only 3 Rune points left, Lightning needs 4"):
        cast_spell(svc, SeededRng(1), HARVALD, CastPlan(spell=spell, points=4))
    assert seen == []


def test_an_emptied_pool_refuses_the_next_cast(svc: CampaignService) -> None:
    spell = find_castable(svc.character(HARVALD), RuleSet.RQG, "Lightning")
    cast_spell(svc, SeededRng(1), HARVALD, CastPlan(spell=spell, points=3), typed=50)
    assert svc.character(HARVALD).cults[0].rune_points == 0
    with pytest.raises(ValidationError, match="only 0 Rune points left"):
        cast_spell(svc, SeededRng(1), HARVALD, default_plan(spell), typed=50)


def test_a_target_resists_with_its_magic_points(svc: CampaignService) -> None:
    seen = _seen(svc)
    # Harvald MP 13 against Gorehorn MP 9: 70% to overcome; 71 fails
    spell = find_castable(svc.character(HARVALD), RuleSet.RQG, "Demoralize")
    cast = cast_spell(svc, SeededRng(1), HARVALD, default_plan(spell), typed=20,
                      target=GOREHORN, resists=Resistance.MAGIC_POINTS,
                      typed_resistance=71)  # fmt: skip
    assert cast.level is Level.SUCCESS and not cast.took_effect
    assert cast.resistance is not None and cast.resistance.chance == 70
    assert cast.resistance.details["active"] == 13 and cast.resistance.details["passive"] == 9
    assert "is resisted by Gorehorn (70%)" in cast.summary
    assert svc.character(HARVALD).magic_points == 11  # spent all the same: it was cast
    kinds = [e.kind for e in seen if isinstance(e, RollMade)]
    assert kinds == ["spell", "resistance"]
    again = cast_spell(svc, SeededRng(1), HARVALD, default_plan(spell), typed=20,
                       target=GOREHORN, resists=Resistance.MAGIC_POINTS,
                       typed_resistance=30)  # fmt: skip
    # now 11 against 9: 60%
    assert again.took_effect and again.resistance is not None and again.resistance.chance == 60


def test_a_failed_cast_rolls_no_resistance(svc: CampaignService) -> None:
    spell = find_castable(svc.character(HARVALD), RuleSet.RQG, "Demoralize")
    cast = cast_spell(svc, SeededRng(1), HARVALD, default_plan(spell), typed=90,
                      target=GOREHORN, resists=Resistance.MAGIC_POINTS)  # fmt: skip
    assert cast.resistance is None and not cast.took_effect
    assert cast.summary.endswith("failure, no effect; spent nothing")


def test_a_restart_keeps_the_points_spent(tmp_path: Path) -> None:
    with CampaignService.create(tmp_path, DEMO_NAME, state=demo_state(),
                                clock=FakeClock()) as service:  # fmt: skip
        service.start_session()
        spell = find_castable(service.character(HARVALD), RuleSet.RQG, "Lightning")
        cast_spell(service, SeededRng(1), HARVALD, CastPlan(spell=spell, points=2, boost=1),
                   typed=30)  # fmt: skip
    with CampaignService.open(tmp_path, DEMO_NAME) as again:
        harvald = again.character(HARVALD)
        assert (harvald.magic_points, harvald.cults[0].rune_points) == (12, 1)
        last = [e for e in again.events() if isinstance(e, PointsSpent)]
        assert [(e.pool, e.amount) for e in last] == [
            ("magic", 1), ("rune:Orlanth Adventurous", 2)
        ]  # fmt: skip


def test_a_lasting_spell_becomes_an_effect_on_its_target(svc: CampaignService) -> None:
    # Bladesharp 2 on Harvald's own broadsword: +10% and +2 damage (gmdash.rules.spells)
    spell = find_castable(svc.character(HARVALD), RuleSet.RQG, "Bladesharp")
    cast = cast_spell(svc, SeededRng(1), HARVALD, default_plan(spell), typed=30)
    assert cast.effect is not None and svc.state.effects == (cast.effect,)
    assert (cast.effect.target, cast.effect.label, cast.effect.points) == (HARVALD, "Bladesharp", 2)
    assert cast.effect.changes() == "+10% Broadsword, +2 damage Broadsword"
    assert cast.summary.endswith(
        "; Bladesharp 2 on Harvald Stormbrow (" + cast.effect.changes() + ")"
    )
    # Korrath's Protection on Irvala, and a failed cast puts nothing
    korrath = svc.character("c0003")
    protection = find_castable(korrath, RuleSet.RQG, "Protection")
    on_irvala = cast_spell(svc, SeededRng(1), "c0003", default_plan(protection), typed=10,
                           target=IRVALA)  # fmt: skip
    assert on_irvala.effect is not None and on_irvala.effect.target == IRVALA
    failed = cast_spell(svc, SeededRng(1), "c0003", default_plan(protection), typed=90,
                        target=IRVALA)  # fmt: skip
    assert failed.effect is None and len(svc.state.effects) == 2


def test_a_resisted_spell_puts_no_effect(svc: CampaignService) -> None:
    marcellan = svc.character("c0007")
    spell = find_castable(marcellan, RuleSet.RQG, "Protection")
    cast = cast_spell(svc, SeededRng(1), "c0007", default_plan(spell), typed=10,
                      target=HARVALD, resists=Resistance.MAGIC_POINTS,
                      typed_resistance=95)  # fmt: skip
    assert not cast.took_effect and cast.effect is None and svc.state.effects == ()


@given(
    spell_index=st.integers(min_value=0, max_value=6),
    points=st.integers(min_value=0, max_value=6),
    boost=st.integers(min_value=0, max_value=20),
    level=st.sampled_from(list(Level)),
    magic_points=st.integers(min_value=0, max_value=13),
    rune_points=st.integers(min_value=0, max_value=3),
)
def test_a_cast_that_is_allowed_never_takes_more_than_the_pools_hold(
    spell_index: int, points: int, boost: int, level: Level, magic_points: int, rune_points: int
) -> None:
    # whatever the level of result, what a cast the rules allow costs is within the pools:
    # the points never go below 0
    base = demo_state().characters[HARVALD]
    cult = replace(base.cults[0], rune_points=rune_points)
    harvald = replace(base, magic_points=magic_points, cults=(cult,))
    spells = castables(harvald, RuleSet.RQG)
    plan = CastPlan(spell=spells[spell_index % len(spells)], points=points, boost=boost)
    if refusal(harvald, RuleSet.RQG, plan) is not None:
        return
    cost = cost_of(RuleSet.RQG, plan, level)
    assert 0 <= cost.magic <= harvald.magic_points
    assert 0 <= cost.rune <= harvald.cults[0].rune_points


def test_a_brp_spell_is_cast_with_its_own_chance_and_power_points(tmp_path: Path) -> None:
    from gmdash.model.magic import Spell
    from gmdash.model.sheets import new_character

    with CampaignService.create(tmp_path, "Brp", RuleSet.BRP, clock=FakeClock()) as service:
        mage = new_character(
            id="c0001", name="Vessa", ruleset=RuleSet.BRP,
            characteristics={"STR": 10, "CON": 11, "SIZ": 10, "INT": 15, "POW": 14, "DEX": 12,
                             "APP": 11},
        )  # fmt: skip
        mage = replace(mage, spells=(Spell(name="Bolt", points=2, variable=True, chance=45),))
        service.publish(CharacterAdded(character=mage))
        bolt = find_castable(mage, RuleSet.BRP, "bolt")
        assert bolt.kind is SpellKind.BRP and chance(mage, RuleSet.BRP, default_plan(bolt)) == 45
        failed = cast_spell(service, SeededRng(1), mage.id, default_plan(bolt), typed=80)
        assert failed.level is Level.FAILURE and "spent 1 PP" in failed.summary
        assert service.character(mage.id).magic_points == 13
        cast_spell(service, SeededRng(1), mage.id, default_plan(bolt), typed=20)
        assert service.character(mage.id).magic_points == 11


def _hurt(svc: CampaignService, cid: str, location: str, *amounts: int) -> None:
    for amount in amounts:
        svc.publish(DamageApplied(character_id=cid, amount=amount, location=location))


def test_heal_mends_a_point_a_point_on_the_worst_wounded_location(svc: CampaignService) -> None:
    _hurt(svc, HARVALD, "left_arm", 3)
    _hurt(svc, HARVALD, "right_leg", 1)
    before = svc.character(HARVALD)
    heal = find_castable(before, RuleSet.RQG, "Heal")
    cast = cast_spell(svc, SeededRng(1), HARVALD, default_plan(heal), typed=30)
    after = svc.character(HARVALD)
    assert cast.effect is None and "heals Left arm: 1 → 3/4" in cast.summary, cast.summary
    assert after.locations["left_arm"] == before.locations["left_arm"] + heal.points
    assert after.hit_points == before.hit_points + heal.points
    assert after.wounds["right_leg"] == (1,)


def test_heal_wound_heals_one_whole_wound_and_rereads_the_conditions(
    svc: CampaignService,
) -> None:
    """A limb made useless by two wounds: Heal Wound on the second heals all of its points,
    the limb is usable again (below its HP), the first wound stays."""
    arm = svc.character(HARVALD).locations["left_arm"]
    svc.publish(DamageApplied(character_id=HARVALD, amount=2, location="left_arm"))
    svc.publish(DamageApplied(character_id=HARVALD, amount=arm - 1, location="left_arm",
                              effects=("useless:left_arm",)))  # fmt: skip
    before = svc.character(HARVALD)
    assert "useless:left_arm" in before.conditions
    spell = find_castable(before, RuleSet.RQG, "Heal Wound")
    cast = cast_spell(svc, SeededRng(1), HARVALD, default_plan(spell), typed=30,
                      heal=HealAim(location="left_arm", wound=1))  # fmt: skip
    after = svc.character(HARVALD)
    assert cast.took_effect
    assert after.wounds["left_arm"] == (2,)
    assert after.hit_points == before.hit_points + arm - 1
    assert "useless:left_arm" not in after.conditions
    svc.undo()  # the cast, its points and its healing: one step
    assert svc.character(HARVALD) == before


def test_heal_body_heals_every_wound(svc: CampaignService) -> None:
    _hurt(svc, GOREHORN, "head", 2)
    _hurt(svc, GOREHORN, "chest", 3, 1)
    hurt = svc.character(GOREHORN)
    heal_body = spell_effect("Heal Body")
    assert heal_body is not None and heal_body.heals_whole == "body"
    summary = apply_healing(svc, GOREHORN, heal_body, 3, HealAim())
    after = svc.character(GOREHORN)
    assert after.wounds == {} and summary.startswith("heals every wound: Head")
    assert after.hit_points == hurt.hit_points + 6


def test_a_heal_with_no_wound_to_heal_is_refused_before_the_roll(svc: CampaignService) -> None:
    seen = _seen(svc)
    heal = find_castable(svc.character(HARVALD), RuleSet.RQG, "Heal Wound")
    with pytest.raises(ValidationError, match="has no wound to heal"):
        cast_spell(svc, SeededRng(1), HARVALD, default_plan(heal), typed=30)
    _hurt(svc, HARVALD, "chest", 2)
    with pytest.raises(ValidationError, match="Left arm has no open wound"):
        cast_spell(svc, SeededRng(1), HARVALD, default_plan(heal), typed=30,
                   heal=HealAim(location="left_arm"))  # fmt: skip
    assert [type(e).__name__ for e in seen] == ["DamageApplied"]
