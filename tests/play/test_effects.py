"""Effects start, count down, run out and are dismissed through `play.effects`; time passing
brings magic points back; a reopened campaign keeps every effect and its time left."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from helpers import FakeClock

from gmdash.model.effect_events import EffectEnded, EffectStarted, TimePassed
from gmdash.model.errors import ValidationError
from gmdash.model.events import CharacterEdited, PointsSpent
from gmdash.play import effects
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME, demo_state
from gmdash.rules.game_time import HOUR, ROUND_SECONDS
from gmdash.rules.spells import ModifierKind

HARVALD = "c0001"  # Broadsword, Medium Shield, Javelin


@pytest.fixture
def svc(tmp_path: Path) -> CampaignService:
    service = CampaignService.create(tmp_path, DEMO_NAME, state=demo_state(), clock=FakeClock())
    service.start_session()
    return service


def test_bladesharp_on_a_named_weapon(svc: CampaignService) -> None:
    effect = effects.start_spell(svc, "Harvald Stormbrow", "Bladesharp", points=4,
                                 caster="Irvala Greyquill", weapon="broadsword")  # fmt: skip
    assert effect.target == HARVALD and effect.left == effect.duration == 10 * ROUND_SECONDS
    assert [(m.kind, m.amount, m.name) for m in effect.modifiers] == [
        (ModifierKind.ATTACK, 20, "Broadsword"),
        (ModifierKind.DAMAGE, 4, "Broadsword"),
    ]
    assert svc.state.effects == (effect,)
    assert svc.entry(svc.events()[-1]).label == (
        "Bladesharp 4 by Irvala Greyquill: +20% Broadsword, +4 damage Broadsword, 10 rounds"
    )


@pytest.mark.parametrize(
    ("spell", "points", "weapon", "message"),
    [
        ("Bladesharp", 2, None, "name which one"),
        ("Bladesharp", 2, "Greatsword", "no weapon 'Greatsword'"),
        ("Strength", 3, None, "always costs 2"),
        ("Heal", 2, None, "instant"),
        ("Fireball", 2, None, "no spell 'Fireball'"),
        ("Protection", 0, None, "points are 1 to 99"),
    ],
)
def test_a_spell_that_cannot_be_cast_so_changes_nothing(
    svc: CampaignService, spell: str, points: int, weapon: str | None, message: str
) -> None:
    before = svc.state.to_dict()
    with pytest.raises(ValidationError, match=message):
        effects.start_spell(svc, HARVALD, spell, points=points, weapon=weapon)
    assert svc.state.to_dict() == before


def test_an_effect_runs_out_after_exactly_its_duration_and_the_log_says_so(
    svc: CampaignService,
) -> None:
    effects.start_spell(svc, HARVALD, "Protection", points=2)
    for round_number in range(1, 10):
        with svc.transaction():
            effects.end_of_round(svc, round_number)
        assert len(svc.state.effects) == 1
    assert svc.state.effects[0].left == ROUND_SECONDS
    with svc.transaction():
        events = effects.end_of_round(svc, 10)
    assert svc.state.effects == ()
    passed = events[0]
    assert isinstance(passed, TimePassed) and passed.ended_text == ("Protection 2 on Harvald "
                                                                   "Stormbrow",)  # fmt: skip
    assert svc.entry(passed).label == "round 10 ends; ends: Protection 2 on Harvald Stormbrow"


def test_a_dismissed_effect_ends_at_once(svc: CampaignService) -> None:
    effect = effects.start_spell(svc, HARVALD, "Shimmer", points=3)
    effects.dismiss(svc, effect.id)
    assert svc.state.effects == ()
    assert isinstance(svc.events()[-1], EffectEnded)
    with pytest.raises(ValidationError, match="no effect"):
        effects.dismiss(svc, effect.id)


FREE = [
    ("-20% to all rolls, 5 rounds", [(ModifierKind.ABILITY, -20, None)], 60),
    ("Demoralize: -20% all rolls, 2m", [(ModifierKind.ABILITY, -20, None)], 120),
    ("+10% Broadsword, 1h", [(ModifierKind.ATTACK, 10, "Broadsword")], HOUR),
    ("+10% Dodge, 3 rounds", [(ModifierKind.ABILITY, 10, "Dodge")], 36),
    ("+2 AP, +3 damage, 10 min", [(ModifierKind.ARMOUR, 2, None), (ModifierKind.DAMAGE, 3, None)],
     600),
    ("+2 AP head, 1r", [(ModifierKind.ARMOUR, 2, "head")], 12),
    ("+4 STR, +5 MP, 1h", [(ModifierKind.CHARACTERISTIC, 4, "STR"),
                           (ModifierKind.MAGIC_POINTS, 5, None)], HOUR),
]  # fmt: skip


@pytest.mark.parametrize(("text", "modifiers", "seconds"), FREE)
def test_free_form_effects_read(
    svc: CampaignService, text: str, modifiers: list[tuple[ModifierKind, int, str | None]],
    seconds: int,
) -> None:  # fmt: skip
    effect = effects.add_free_effect(svc, HARVALD, text)
    assert [(m.kind, m.amount, m.name) for m in effect.modifiers] == modifiers
    assert effect.duration == seconds


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("-20% to all rolls", "how long"),
        ("5 rounds", "what it changes"),
        ("+10% Basket Weaving, 5 rounds", "no ability or weapon 'basket weaving'"),
        ("+2 AP tail, 5 rounds", "no hit location"),
        ("+2 damage Greatsword, 5 rounds", "no weapon"),
        ("-10%, 5 rounds, 10 rounds", "one duration"),
    ],
)
def test_a_free_form_effect_that_does_not_read_changes_nothing(
    svc: CampaignService, text: str, message: str
) -> None:
    with pytest.raises(ValidationError, match=message):
        effects.add_free_effect(svc, HARVALD, text)
    assert svc.state.effects == ()


def test_time_passing_brings_magic_points_back_never_above_full(svc: CampaignService) -> None:
    sheet = svc.character(HARVALD)
    full = sheet.magic_points  # POW 13: full
    svc.publish(PointsSpent(character_id=HARVALD, pool="magic", amount=6))
    svc.publish(PointsSpent(character_id=HARVALD, pool="rune:Orlanth Adventurous", amount=1))
    effects.pass_time_text(svc, "6h")  # a quarter of 13: 3 points
    assert svc.character(HARVALD).magic_points == full - 6 + 3
    effects.pass_time_text(svc, "6h")  # half of 13 is 6 by now: 3 more
    assert svc.character(HARVALD).magic_points == full
    effects.pass_time_text(svc, "1d")
    assert svc.character(HARVALD).magic_points == full
    # Rune points do not come back with time (the demo's are Orlanth's)
    assert svc.character(HARVALD).cults[0].rune_points == sheet.cults[0].rune_points - 1
    assert svc.state.clock == 36 * HOUR


def test_a_span_that_does_not_read_changes_nothing(svc: CampaignService) -> None:
    with pytest.raises(ValidationError, match="not a span of time"):
        effects.pass_time_text(svc, "a while")
    assert svc.state.clock == 0


def test_an_effect_on_someone_who_leaves_goes_with_them(svc: CampaignService) -> None:
    effects.start_spell(svc, HARVALD, "Protection", points=1)
    svc.publish(CharacterEdited(character=replace(svc.character(HARVALD), notes="x")))
    assert len(svc.state.effects) == 1
    from gmdash.model.events import CharacterDeleted

    svc.publish(CharacterDeleted(character_id=HARVALD))
    assert svc.state.effects == ()


def test_a_reopened_campaign_keeps_effects_and_time_left(tmp_path: Path) -> None:
    with CampaignService.create(tmp_path, DEMO_NAME, state=demo_state(),
                                clock=FakeClock()) as svc:  # fmt: skip
        svc.start_session()
        effects.start_spell(svc, HARVALD, "Bladesharp", points=3, weapon="Broadsword")
        effects.add_free_effect(svc, "c0002", "-20% to all rolls, 5 rounds")
        with svc.transaction():
            effects.end_of_round(svc, 1)
        kept = svc.state.effects
        clock = svc.state.clock
    with CampaignService.open(tmp_path, DEMO_NAME, clock=FakeClock()) as again:
        assert again.state.effects == kept
        assert [e.left for e in kept] == [9 * ROUND_SECONDS, 4 * ROUND_SECONDS]
        assert again.state.clock == clock == ROUND_SECONDS
        assert any(isinstance(e, EffectStarted) for e in again.events())
