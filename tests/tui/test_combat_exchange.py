"""A fight of the demo campaign run with Pilot, as the published RQG resolves it: a shield
parries an arrow, a firearm gets no damage bonus and cannot be parried, a parry damages the
shield, a javelin gets half the damage bonus, a successful attack and a successful parry tick,
`t` twice asks first, and a restart mid-round keeps weapon hit points and wounds."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual.widgets import Input, Select

from gmdash.model.character import Ability, Weapon
from gmdash.model.combat_events import AttackResolved
from gmdash.model.events import AbilityTicked, CharacterEdited, Event, RollMade, WeaponDamaged
from gmdash.play import combat as runner
from gmdash.play.campaign import CampaignService
from gmdash.play.combat import Plan
from gmdash.play.demo import DEMO_NAME, demo_state
from gmdash.rules import SeededRng
from gmdash.rules.combat import ActionKind
from gmdash.rules.weapons import SpecialKind, WeaponUse
from gmdash.tui.app import GmDashApp
from gmdash.tui.dialogs.combat_attack import AttackDialog
from gmdash.tui.dialogs.confirm import ConfirmDialog

from .test_combat import SIZE, Clock

HARVALD, KORRATH, MARCELLAN = "c0001", "c0003", "c0007"
REVOLVER = Weapon(name=".38 Revolver", skill="Pistol", damage="1D10+1", sr=1, hit_points=8,
                  special=SpecialKind.IMPALE, use=WeaponUse.FIREARM)  # fmt: skip


def make_fight(saves: Path) -> CampaignService:
    """Korrath (bow, then a revolver), Harvald (broadsword, then a javelin) against Marcellan
    the Lunar (short sword, hoplite shield of 18 HP), declared; nothing resolved yet."""
    service = CampaignService.create(saves, DEMO_NAME, state=demo_state(), clock=Clock(),
                                     durable=False)  # fmt: skip
    service.start_session()
    korrath = service.character(KORRATH)
    service.publish(CharacterEdited(character=replace(
        korrath, weapons=(*korrath.weapons, REVOLVER),
        abilities=(*korrath.abilities, Ability(name="Pistol", value=50)),
    )))  # fmt: skip
    runner.begin(service, [HARVALD, KORRATH, MARCELLAN])
    ids = {c.character_id: c.id for c in runner.fight(service).combatants}
    runner.declare(
        service,
        ids[KORRATH],
        [
            Plan(kind=ActionKind.MISSILE, weapon="Composite Bow"),
            Plan(kind=ActionKind.MISSILE, weapon=".38 Revolver"),
        ],
    )
    runner.declare(
        service,
        ids[HARVALD],
        [
            Plan(kind=ActionKind.MELEE, weapon="Broadsword"),
            Plan(kind=ActionKind.MISSILE, weapon="Javelin"),
        ],
    )
    runner.declare(service, ids[MARCELLAN], [Plan(kind=ActionKind.MELEE, weapon="Short Sword")])
    return service  # fmt: skip


def current(service: CampaignService) -> str:
    row = runner.current_row(service)
    assert row is not None and row.action is not None
    return f"{row.combatant.name}: {row.action.label}"


async def attack(pilot: object, app: GmDashApp, values: dict[str, str], defence: str) -> None:
    """`t`, then the table's dice typed into the attack dialog, then enter."""
    await pilot.press("t")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    dialog = app.screen
    assert isinstance(dialog, AttackDialog)
    fighters = runner.fight(app.service).combatants
    target = next(c for c in fighters if c.character_id == MARCELLAN)
    dialog.query_one("#target", Select).value = target.id
    await pilot.pause()  # type: ignore[attr-defined]
    dialog.query_one("#defence", Select).value = defence
    for field, value in values.items():
        dialog.query_one(f"#{field}", Input).value = value
    await pilot.pause()  # type: ignore[attr-defined]
    await pilot.press("enter")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    assert not isinstance(app.screen, AttackDialog), "the attack was not resolved"


async def defaults(pilot: object, app: GmDashApp) -> tuple[object, object]:
    """The defence and parrying weapon the attack dialog offers first (then escape)."""
    await pilot.press("t")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    dialog = app.screen
    assert isinstance(dialog, AttackDialog)
    offered = (dialog.query_one("#defence", Select).value, dialog.query_one("#parry", Select).value)
    await pilot.press("escape")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    return offered


def weapon(service: CampaignService, cid: str, name: str) -> Weapon:
    found = service.character(cid).weapon(name)
    assert found is not None
    return found


def ticked(service: CampaignService, cid: str, name: str) -> bool:
    ability = service.character(cid).ability(name)
    return ability is not None and ability.ticked


async def test_a_fight_as_the_published_game_resolves_it(tmp_path: Path) -> None:
    service = make_fight(tmp_path)
    seen: list[Event] = []
    service.bus.subscribe(Event, seen.append)
    app = GmDashApp(service, rng=SeededRng(5), clock=service.clock)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "n")
        await pilot.pause()
        assert current(service) == "Korrath Sandstrider: Composite Bow"

        # an arrow: only a shield may parry it, and the shield is the default parry
        assert await defaults(pilot, app) == ("parry", "Hoplite Shield")
        await attack(pilot, app, {"attack-roll": "40", "defence-roll": "20", "damage": "9"},
                     "parry")  # fmt: skip
        arrow = [e for e in seen if isinstance(e, AttackResolved)][-1]
        assert (arrow.defence, arrow.defence_level, arrow.amount) == ("parry", "success", 0)
        assert weapon(service, MARCELLAN, "Hoplite Shield").hit_points == 18  # 9 < its 18 HP
        # a successful attack and a successful parry tick their skills
        assert ticked(service, KORRATH, "Composite Bow")
        assert ticked(service, MARCELLAN, "Hoplite Shield")

        # `t` on the same action again asks first; no changes nothing
        count = len(seen)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert len(seen) == count

        # a firearm: no damage bonus, and it cannot be parried (the dialog dodges)
        await pilot.press("n")
        await pilot.pause()
        assert current(service) == "Korrath Sandstrider: .38 Revolver"
        assert (await defaults(pilot, app))[0] == "dodge"
        # the right leg (01-04; armour 4): the most a bullet does there leaves Marcellan fighting
        await attack(pilot, app, {"attack-roll": "30", "defence-roll": "90", "location": "2"},
                     "dodge")  # fmt: skip
        shot = [e for e in seen if isinstance(e, RollMade) and e.kind == "damage"][-1]
        assert shot.expression == "1D10+1"  # Korrath's +1D4 does not push a bullet

        # a parry that the blow overcomes: 24 against the 18-HP shield, 6 past it onto the
        # shield arm (armour 4), and the shield loses 1 HP; Marcellan's third defence this
        # round: 55% -40 = 15%, so 10 is a success
        await pilot.press("n")
        await pilot.pause()
        assert current(service) == "Harvald Stormbrow: Broadsword"
        await attack(pilot, app, {"attack-roll": "30", "defence-roll": "10", "damage": "24"},
                     "parry")  # fmt: skip
        blow = [e for e in seen if isinstance(e, AttackResolved)][-1]
        assert (blow.location, blow.amount) == ("left_arm", 2), blow.text
        assert (blow.damaged_weapon, blow.weapon_damage) == ("Hoplite Shield", 1)
        assert any(isinstance(e, WeaponDamaged) for e in seen)
        assert weapon(service, MARCELLAN, "Hoplite Shield").hit_points == 17
        assert ticked(service, HARVALD, "Broadsword")

        # Marcellan's turn passes; then Harvald's javelin: half his +1D4
        await pilot.press("n")
        await pilot.pause()
        assert current(service) == "Marcellan the Lunar: Short Sword"
        await pilot.press("n")
        await pilot.pause()
        assert current(service) == "Harvald Stormbrow: Javelin"
        await attack(pilot, app, {"attack-roll": "30", "defence-roll": "90", "location": "12"},
                     "dodge")  # fmt: skip
        throw = [e for e in seen if isinstance(e, RollMade) and e.kind == "damage"][-1]
        assert throw.expression == "1D10+1D2"
        assert ticked(service, HARVALD, "Javelin")
        assert not [e for e in seen if isinstance(e, AbilityTicked) and e.ability == "Dodge"]
        sheet = service.character(MARCELLAN)
        shown = (sheet.weapons, dict(sheet.wounds), dict(sheet.locations), sheet.hit_points)
        fight = service.state.combat
    assert sheet.wounds["left_arm"] == (2,)
    assert {"left_arm", "right_leg", "chest"} >= set(sheet.wounds)

    # a restart in the middle of the round keeps the shield's HP, the wounds and the fight
    service.close()
    again = CampaignService.open(tmp_path, DEMO_NAME, clock=Clock(), durable=False)
    back = again.character(MARCELLAN)
    assert (back.weapons, dict(back.wounds), dict(back.locations), back.hit_points) == shown
    assert again.state.combat == fight
    app2 = GmDashApp(again, rng=SeededRng(6), clock=again.clock)
    async with app2.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert current(again) == "Harvald Stormbrow: Javelin"
    again.close()
