"""Fights on a campaign: the combat model, its events, wound effects of every location type,
rounds, undo of combat steps, persistence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import FakeClock

from gmdash.model import ValidationError
from gmdash.model.combat import Combat, Combatant
from gmdash.model.combat_events import ActionAdvanced, CombatStarted
from gmdash.model.events import DamageApplied, Event, RollMade
from gmdash.model.state import CampaignState
from gmdash.play import combat as runner
from gmdash.play.campaign import CampaignService
from gmdash.play.combat import AttackInput, FoeSpec, Plan
from gmdash.play.demo import DEMO_NAME, demo_state
from gmdash.rules import Location, RuleSet, ScriptedRng, SeededRng
from gmdash.rules.combat import ActionKind, DamageMode, Defence

BROO = FoeSpec(name="Broo", dex=12, siz=13, hit_points=12, weapon="Club", skill=45,
               damage="1D6", damage_bonus="1D4", dodge=30)  # fmt: skip
# a 12-HP foe: legs and abdomen 4, chest 5, arms 3, head 4


@pytest.fixture
def svc(tmp_path: Path) -> CampaignService:
    service = CampaignService.create(tmp_path, DEMO_NAME, state=demo_state(), clock=FakeClock())
    service.start_session()
    return service


def harvald_vs(svc: CampaignService, spec: FoeSpec = BROO) -> tuple[str, str]:
    """Harvald (broadsword, SR 6) against foes; his attack is the current action."""
    runner.begin(svc, ["c0001"], [spec])
    runner.declare(svc, "k01", [Plan(kind=ActionKind.MELEE, weapon="Broadsword")])
    assert runner.step(svc, +1) is not None
    return "k01", "k02"


def hit(
    svc: CampaignService, defender: str, location: Location, damage: int, **more: object
) -> tuple[str, ...]:
    given = AttackInput(defender_id=defender, attack_roll=30, location=location, damage=damage,
                        armour=0, **more)  # type: ignore[arg-type]  # fmt: skip
    return runner.resolve_attack(svc, ScriptedRng([]), given).effects


def foe(svc: CampaignService, cid: str) -> Combatant:
    combat = svc.state.combat
    assert combat is not None
    return combat.combatant(cid)


# --- wound effects of every location type ---------------------------------------------------------


@pytest.mark.parametrize(
    ("location", "damage", "effects", "hp_left"),
    [
        (Location.RIGHT_ARM, 3, ("useless:right_arm",), 9),
        (Location.RIGHT_ARM, 6, ("useless:right_arm", "shock"), 6),
        (Location.LEFT_LEG, 12, ("useless:left_leg", "severed:left_leg", "shock"), 4),  # 2x cap
        (Location.HEAD, 4, ("unconscious",), 8),
        (Location.HEAD, 8, ("unconscious", "bleeding"), 4),
        (Location.HEAD, 12, ("dead",), 0),
        (Location.CHEST, 5, ("shock",), 7),
        (Location.CHEST, 10, ("unconscious", "bleeding"), 2),
        (Location.ABDOMEN, 4, ("useless:right_leg", "useless:left_leg"), 8),  # and falls
        (Location.ABDOMEN, 3, (), 9),
        (Location.CHEST, 11, ("unconscious", "bleeding"), 1),
    ],
)
def test_wound_effects_on_a_foe(
    svc: CampaignService,
    location: Location,
    damage: int,
    effects: tuple[str, ...],
    hp_left: int,
) -> None:
    _, broo = harvald_vs(svc)
    assert hit(svc, broo, location, damage) == effects
    sheet = foe(svc, broo).foe
    assert sheet is not None
    assert sheet.hit_points == hp_left
    full = {"chest": 5, "right_arm": 3, "left_leg": 4}.get(str(location), 4)
    taken = min(damage, 2 * full) if location.is_limb else damage  # a limb takes at most 2x
    assert sheet.locations[str(location)] == full - taken
    assert sheet.wounds == {str(location): (taken,)}
    assert set(effects) <= set(sheet.conditions)
    assert foe(svc, broo).taken == damage
    assert foe(svc, "k01").dealt == damage


def test_total_hit_points_at_zero_is_death(svc: CampaignService) -> None:
    _, broo = harvald_vs(svc, FoeSpec(**{**BROO.__dict__, "hit_points": 3}))
    assert "dead" in hit(svc, broo, Location.ABDOMEN, 3)
    combat = svc.state.combat
    assert combat is not None and broo in combat.fallen


def test_a_roster_defender_is_wounded_through_damage_applied(svc: CampaignService) -> None:
    runner.begin(svc, ["c0001"], [BROO])
    runner.declare(svc, "k02", [Plan(kind=ActionKind.MELEE, weapon="Club")])
    runner.step(svc, +1)
    seen: list[Event] = []
    svc.bus.subscribe(Event, seen.append)
    full = svc.character("c0001")
    # a critical hit on Harvald's right arm (armour 4, ignored): maximum special damage
    event = runner.resolve_attack(
        svc, SeededRng(1), AttackInput(defender_id="k01", attack_roll=1, location_roll=13)
    )
    # club 1D6 maxed + the 1D4 bonus maxed + the crushing special's maximum bonus
    assert event.attack_level == "critical" and event.damage == 14
    assert event.armour == 4 and event.amount == 14
    damage = next(e for e in seen if isinstance(e, DamageApplied))
    assert damage.character_id == "c0001" and damage.location == "right_arm"
    assert damage.total_loss == 8 and damage.amount == 14  # at most 2x the arm's 4 HP passes on
    hurt = svc.character("c0001")
    assert hurt.hit_points == full.hit_points - 8
    assert "shock" in hurt.conditions and "useless:right_arm" in hurt.conditions
    rows = runner.rows(svc)
    assert [r.status for r in rows if r.combatant.id == "k01"] == ["shock"]
    kinds = [e.kind for e in seen if isinstance(e, RollMade)]
    assert kinds == ["attack", "location", "damage"]


def test_parry_stops_the_parrying_weapons_hit_points(svc: CampaignService) -> None:
    _, broo = harvald_vs(svc)
    event = runner.resolve_attack(
        svc,
        SeededRng(1),
        AttackInput(
            defender_id=broo,
            attack_roll=30,
            defence=Defence.PARRY,
            defence_roll=20,
            location=Location.CHEST,
            damage=11,
            armour=2,
        ),
    )
    # club 6 HP (half the foe's HP) stops 6 of 11, armour 2 of the rest
    assert event.defence == "parry" and event.defence_level == "success"
    assert event.amount == 3


def test_dodge_and_miss(svc: CampaignService) -> None:
    _, broo = harvald_vs(svc)
    dodged = runner.resolve_attack(
        svc,
        SeededRng(1),
        AttackInput(defender_id=broo, attack_roll=30, defence=Defence.DODGE, defence_roll=3),
    )
    assert dodged.location is None and dodged.amount == 0 and "dodged" in dodged.text
    missed = runner.resolve_attack(svc, SeededRng(1), AttackInput(defender_id=broo, attack_roll=90))
    assert missed.attack_level == "failure" and missed.amount == 0


def test_damage_mode_typed_by_hand(svc: CampaignService) -> None:
    _, broo = harvald_vs(svc)
    event = runner.resolve_attack(
        svc,
        ScriptedRng([8, 8, 4]),
        AttackInput(defender_id=broo, attack_roll=30, location_roll=12, mode=DamageMode.SPECIAL),
    )
    assert event.damage == 8 + 1 + 8 + 1 + 4  # broadsword slashes: rolled twice, plus 1D4


# --- rounds ---------------------------------------------------------------------------------------


def test_order_skips_who_is_out_of_action(svc: CampaignService) -> None:
    runner.begin(svc, ["c0001", "c0003"], [BROO])
    for cid, weapon in (("k01", "Broadsword"), ("k02", "Lance"), ("k03", "Club")):
        runner.declare(svc, cid, [Plan(kind=ActionKind.MELEE, weapon=weapon)])
    order = [r.combatant.name for r in runner.rows(svc) if r.turn]
    assert order == ["Korrath Sandstrider", "Harvald Stormbrow", "Broo"]  # SR 3, 6, 7
    runner.step(svc, +1)
    hit(svc, "k03", Location.CHEST, 5)  # Korrath puts the broo in shock
    assert runner.step(svc, +1) is not None  # Harvald
    assert runner.step(svc, +1) is None  # the broo is skipped: end of the round
    assert [r.status for r in runner.rows(svc) if r.combatant.id == "k03"] == ["shock"]
    assert runner.step(svc, -1) is not None  # back to Korrath
    combat = svc.state.combat
    assert combat is not None and combat.current == ("k02", 0)


def test_several_actions_and_carry_over(svc: CampaignService) -> None:
    runner.begin(svc, ["c0001", "c0002"])
    # Irvala (DEX 13): a spell of SR 2 then her dagger: SR 4, then 4 + 2 + 2 + 3 = 11
    runner.declare(svc, "k02", [Plan(kind=ActionKind.SPELL, own_sr=2),
                                Plan(kind=ActionKind.MELEE, weapon="Dagger")])  # fmt: skip
    # Harvald moves (3 SR) and swings (6): SR 9, then a second swing at 15 = next round's 3
    runner.declare(svc, "k01", [Plan(kind=ActionKind.MELEE, weapon="Broadsword", movement=3),
                                Plan(kind=ActionKind.MELEE, weapon="Broadsword")])  # fmt: skip
    combat = svc.state.combat
    assert combat is not None
    assert [a.sr for a in combat.combatant("k02").declared] == [4, 11]
    assert [a.sr for a in combat.combatant("k01").declared] == [9, 15]
    rows = runner.rows(svc)
    acting = [(r.combatant.id, r.action.sr) for r in rows if r.turn and r.action]
    assert acting == [("k02", 4), ("k01", 9), ("k02", 11)]
    assert [(r.combatant.id, r.action.sr) for r in rows if r.next_round and r.action] == [
        ("k01", 15)
    ]
    runner.new_round(svc)
    combat = svc.state.combat
    assert combat is not None and combat.round == 2 and combat.current is None
    harvald, irvala = combat.combatant("k01"), combat.combatant("k02")
    assert [a.sr for a in harvald.declared] == [3]  # carried over
    assert not irvala.declared and [a.sr for a in irvala.last] == [4, 11]
    repeated = runner.same_as_last_round(svc)
    assert set(repeated.declarations) == {"k02"}  # Harvald has declared (his carried swing)


def test_brp_orders_by_dex(tmp_path: Path) -> None:
    state = demo_state()
    state.campaign = state.campaign.__class__(
        name="BRP fight", slug="brp-fight", ruleset=RuleSet.BRP
    )
    svc = CampaignService.create(tmp_path, "BRP fight", RuleSet.BRP, clock=FakeClock(), state=state)
    runner.begin(svc, ["c0001", "c0002", "c0003"])
    for cid, weapon in (("k01", "Broadsword"), ("k02", "Dagger"), ("k03", "Lance")):
        runner.declare(svc, cid, [Plan(kind=ActionKind.MELEE, weapon=weapon)])
    order = [r.combatant.name.split()[0] for r in runner.rows(svc) if r.turn]
    assert order == ["Korrath", "Irvala", "Harvald"]  # DEX 16, 13, 11


def test_bleeding_foes_lose_a_hit_point_each_round(svc: CampaignService) -> None:
    _, broo = harvald_vs(svc)
    hit(svc, broo, Location.HEAD, 8)  # unconscious and bleeding: 4 HP left
    runner.new_round(svc)
    sheet = foe(svc, broo).foe
    assert sheet is not None and sheet.hit_points == 3


def test_bleeding_roster_characters_lose_a_hit_point_through_damage_applied(
    svc: CampaignService,
) -> None:
    runner.begin(svc, ["c0001"], [BROO])
    runner.declare(svc, "k02", [Plan(kind=ActionKind.MELEE, weapon="Club")])
    runner.step(svc, +1)
    runner.resolve_attack(
        svc,
        SeededRng(1),
        AttackInput(defender_id="k01", attack_roll=5, location=Location.HEAD, damage=10, armour=0),
    )
    before = svc.character("c0001").hit_points
    assert "bleeding" in svc.character("c0001").conditions
    runner.new_round(svc)
    assert svc.character("c0001").hit_points == before - 1
    svc.undo()  # the new round and its bleeding are one step
    assert svc.character("c0001").hit_points == before


# --- undo, persistence, refusals ----------------------------------------------------------


def test_every_combat_step_is_undone(svc: CampaignService) -> None:
    states = [json.dumps(svc.state.to_dict(), sort_keys=True)]

    def mark() -> None:
        states.append(json.dumps(svc.state.to_dict(), sort_keys=True))

    runner.begin(svc, ["c0001"], [BROO])
    mark()
    runner.add_character(svc, "c0002")
    mark()
    runner.add_foes(svc, FoeSpec(**{**BROO.__dict__, "name": "Scorpion"}))
    mark()
    runner.declare(svc, "k01", [Plan(kind=ActionKind.MELEE, weapon="Broadsword")])
    mark()
    runner.step(svc, +1)
    mark()
    hit(svc, "k02", Location.CHEST, 5)
    mark()
    runner.remove(svc, "k04")
    mark()
    runner.new_round(svc)
    mark()
    runner.end(svc)
    for expected in reversed(states):
        undone = svc.undo()
        assert undone is not None
        now = json.loads(json.dumps(svc.state.to_dict(), sort_keys=True))
        want = json.loads(expected)
        for key in ("characters", "combat"):
            assert now[key] == want[key]
    assert svc.state.combat is None
    for expected in states[1:]:  # and redo makes every step again, as it was
        assert svc.redo() is not None
        now = json.loads(json.dumps(svc.state.to_dict(), sort_keys=True))
        want = json.loads(expected)
        for key in ("characters", "combat"):
            assert now[key] == want[key]
    redone = svc.redo()
    assert redone is not None and redone.summary == "end combat"
    assert svc.state.combat is None and svc.redo() is None
    assert svc.state.struck == set(json.loads(states[-1])["struck"])  # its rolls count again


def test_combat_survives_a_reopen(svc: CampaignService, tmp_path: Path) -> None:
    _, broo = harvald_vs(svc)
    hit(svc, broo, Location.LEFT_ARM, 3)
    saved = svc.state.combat
    svc.close()
    with CampaignService.open(tmp_path, DEMO_NAME) as again:
        assert again.state.combat == saved
        assert again.undo_history[-1].combat_step
        again.undo()
        combat = again.state.combat
        assert combat is not None and combat.combatant(broo).taken == 0


def test_model_round_trips(svc: CampaignService) -> None:
    harvald_vs(svc)
    combat = svc.state.combat
    assert combat is not None
    assert Combat.from_dict(json.loads(json.dumps(combat.to_dict()))) == combat
    state = CampaignState.from_dict(json.loads(json.dumps(svc.state.to_dict())))
    assert state.combat == combat
    assert state.undo == svc.state.undo


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"id": "k01", "name": "X"}, "combatant"),
        ({"id": "k01", "name": "X", "character_id": "c1", "side": "neutral"}, "side"),
        (
            {
                "id": "k01",
                "name": "X",
                "character_id": "c1",
                "declared": [{"kind": "dance", "label": "x", "sr": 1}],
            },
            "kind",
        ),
    ],
)
def test_bad_combatants_are_refused(data: dict[str, object], field: str) -> None:
    with pytest.raises(ValidationError) as caught:
        Combatant.from_dict(data)
    assert field in caught.value.field


def test_refusals_change_nothing(svc: CampaignService) -> None:
    with pytest.raises(ValidationError):
        runner.step(svc, +1)  # no fight
    harvald_vs(svc)
    before = svc.state.to_dict()
    count = len(svc.events())
    with pytest.raises(ValidationError):
        runner.begin(svc, ["c0002"])
    with pytest.raises(ValidationError):
        runner.declare(svc, "k01", [Plan(kind=ActionKind.MELEE, weapon="Great Axe")])
    with pytest.raises(ValidationError):
        svc.publish(ActionAdvanced(combatant_id="k01", index=3))
    with pytest.raises(ValidationError):
        svc.publish(CombatStarted(combatants=()))
    with pytest.raises(ValidationError):
        runner.add_character(svc, "c0001")  # already fighting
    with pytest.raises(ValidationError):
        runner.resolve_attack(svc, SeededRng(1), AttackInput(defender_id="k02", attack_roll=0))
    with pytest.raises(ValidationError):
        runner.add_foes(svc, FoeSpec(**{**BROO.__dict__, "damage": "1Q6"}))
    with pytest.raises(ValidationError):
        runner.same_as_last_round(svc)
    assert svc.state.to_dict() == before and len(svc.events()) == count


def test_quick_foes_are_numbered_with_their_own_hit_points(svc: CampaignService) -> None:
    runner.begin(svc, [], [FoeSpec(**{**BROO.__dict__, "count": 3})])
    runner.add_foes(svc, FoeSpec(**{**BROO.__dict__, "count": 2}))
    combat = svc.state.combat
    assert combat is not None
    assert [c.name for c in combat.combatants] == [f"Broo {n}" for n in range(1, 6)]
    assert [c.id for c in combat.combatants] == [f"k0{n}" for n in range(1, 6)]
    sheets = [c.foe for c in combat.combatants]
    assert all(s is not None and s.hit_points == 12 and s.armour["head"] == 0 for s in sheets)


def test_summary(svc: CampaignService) -> None:
    _, broo = harvald_vs(svc)
    hit(svc, broo, Location.HEAD, 12)
    data, text = runner.summary(svc)
    assert data["fell"] == ["Broo"]
    assert "Harvald Stormbrow dealt 12, took 0" in text and "Fell: Broo." in text
    ended = runner.end(svc)
    assert ended.summary == data and svc.state.combat is None
    assert svc.log()[-1].label == text
