"""Rolling from the dashboard (issue 4): the four roll dialogs, driven by keys under Pilot."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from helpers import FakeClock, dashboard_app, demo_service
from textual.pilot import Pilot
from textual.widgets import Button, Checkbox, Input, OptionList, RadioButton, Static

from gmdash.model import Ability, Weapon, new_character
from gmdash.model.events import AbilityTicked, Event, RollMade
from gmdash.play.campaign import CampaignService
from gmdash.play.roll_plan import level_ranges, narrow, percent
from gmdash.play.rolls import AbilityPlan
from gmdash.rules import (
    Difficulty,
    Level,
    Outcome,
    Rng,
    RuleSet,
    ScriptedRng,
    level_odds,
    level_of,
    opposed_odds,
    resolve_opposed,
)
from gmdash.tui.app import GmDashApp
from gmdash.tui.dialogs.ability_roll import AbilityRollDialog
from gmdash.tui.dialogs.characteristic_roll import CharacteristicRollDialog
from gmdash.tui.dialogs.dice_roll import DiceDialog
from gmdash.tui.dialogs.opposed_roll import OpposedRollDialog
from gmdash.tui.dialogs.roll_base import RollDialog

SIZE = (160, 50)


@dataclass
class Table:
    """A campaign, what its bus carried, and what the dialogs dismissed with."""

    service: CampaignService
    events: list[Event] = field(default_factory=list)
    results: list[object] = field(default_factory=list)

    def rolls(self) -> list[RollMade]:
        return [e for e in self.events if isinstance(e, RollMade)]

    def ticks(self) -> list[AbilityTicked]:
        return [e for e in self.events if isinstance(e, AbilityTicked)]


def watch(service: CampaignService) -> Table:
    service.ensure_session()
    table = Table(service)
    service.bus.subscribe(Event, table.events.append)
    return table


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with demo_service(tmp_path, FakeClock()) as service:
        yield watch(service)


@pytest.fixture
def brp(tmp_path: Path) -> Iterator[Table]:
    with CampaignService.create(
        tmp_path, "Big Rubble", RuleSet.BRP, clock=FakeClock(), durable=False
    ) as svc:
        svc.add_character(
            new_character(
                id="x", name="Ada", ruleset=RuleSet.BRP,
                characteristics={"STR": 12, "CON": 12, "SIZ": 12, "DEX": 12, "INT": 12,
                                 "POW": 12, "CHA": 12, "APP": 12},
                abilities=[Ability(name="Climb", value=40), Ability(name="Spot", value=50)],
                weapons=[Weapon(name="Club", skill="Club", damage="1D6", sr=2, hit_points=8)],
            )
        )  # fmt: skip
        yield watch(svc)


def app_for(table: Table, rng: Rng | None = None) -> GmDashApp:
    return dashboard_app(table.service, rng)


def text(screen: RollDialog[object], selector: str) -> str:
    visual = screen.query_one(selector, Static).visual
    return getattr(visual, "plain", str(visual))


async def open_dialog(pilot: Pilot[int], table: Table, dialog: RollDialog[object]) -> None:
    pilot.app.push_screen(dialog, table.results.append)
    await pilot.pause()


async def type_text(pilot: Pilot[int], value: str) -> None:
    for char in value:
        await pilot.press("plus" if char == "+" else "minus" if char == "-" else char)


async def fill(pilot: Pilot[int], dialog: RollDialog[object], widget_id: str, value: str) -> None:
    dialog.query_one(f"#{widget_id}", Input).focus()
    await pilot.pause()
    await type_text(pilot, value)
    await pilot.pause()


def odds_rows(shown: str) -> dict[str, tuple[str, str]]:
    """The odds box read back: each level's line as (rolls, percent), e.g. ("05–14", "10%")."""
    rows: dict[str, tuple[str, str]] = {}
    for line in shown.splitlines():
        words = line.split()
        if words and words[0] in {str(level) for level in Level}:
            level, rolls, share = words
            rows[level] = (rolls, share)
    return rows


# The seed's Ability Results table (tests/rules/seed_tables.py) read for the chances the dialogs
# show below: row 53–57 (crit 1–3, special 1-11, fumble 99–00), row 70 (1–4, 1-14, 99–00),
# row 90–92 (1–5, 1-18, 00). Every level's line must be exactly this, not merely contain it.
SEED_ODDS = {
    55: {"critical": ("01–03", "3%"), "special": ("04–11", "8%"), "success": ("12–55", "44%"),
         "failure": ("56–98", "43%"), "fumble": ("99–00", "2%")},
    70: {"critical": ("01–04", "4%"), "special": ("05–14", "10%"), "success": ("15–70", "56%"),
         "failure": ("71–98", "28%"), "fumble": ("99–00", "2%")},
    90: {"critical": ("01–05", "5%"), "special": ("06–18", "13%"), "success": ("19–90", "72%"),
         "failure": ("91–99", "9%"), "fumble": ("00", "1%")},
}  # fmt: skip


def test_seed_odds_count_every_roll_once() -> None:
    for chance, rows in SEED_ODDS.items():
        assert sum(int(share.rstrip("%")) for _, share in rows.values()) == 100, chance
        assert {level: int(share.rstrip("%")) for level, (_, share) in rows.items()} == {
            str(level): n for level, n in level_odds(chance).items()
        }, chance


def harvald(table: Table) -> object:
    return table.service.character("Harvald Stormbrow")


# --- plain helpers ---------------------------------------------------------------------------


def test_narrow_puts_prefixes_first_and_is_fuzzy() -> None:
    names = ["Dodge", "Broadsword", "Lore (Orlanth)", "Orate", "Sword Dance"]
    assert narrow(names, "or") == ["Orate", "Lore (Orlanth)", "Broadsword", "Sword Dance"]
    assert narrow(names, "bdsw") == ["Broadsword"]
    assert narrow(names, "") == names


@pytest.mark.parametrize("ruleset", list(RuleSet))
def test_level_ranges_agree_with_the_rules_for_every_roll(ruleset: RuleSet) -> None:
    for chance in range(-5, 500, 3):
        ranges = level_ranges(chance, ruleset)
        for roll in range(1, 101):
            found = [lv for lv, span in ranges.items() if span and span[0] <= roll <= span[1]]
            assert found == [level_of(chance, roll, ruleset)], (chance, roll)


def test_ability_plan_lists_its_modifiers_in_the_rules_order() -> None:
    plan = AbilityPlan(
        base=60, flat=-10, retry=True, augment_name="Sing", augment_level=Level.SPECIAL,
        difficulty=Difficulty.DIFFICULT,
    )  # fmt: skip
    assert plan.chance == (60 - 10 + 30 - 25 + 1) // 2
    assert plan.modifiers() == ("-10", "+30 augment (Sing: special)", "retry -25", "difficult")
    assert AbilityPlan(base=60).modifiers() == ()
    assert not AbilityPlan(base=60, difficulty=Difficulty.IMPOSSIBLE).needs_roll


# --- ability ---------------------------------------------------------------------------------


async def test_odds_are_shown_before_rolling_and_follow_modifiers(table: Table) -> None:
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        dialog = AbilityRollDialog(harvald(table))  # type: ignore[arg-type]
        await open_dialog(pilot, table, dialog)
        await type_text(pilot, "broad")
        await pilot.pause()
        odds = text(dialog, "#odds")
        assert odds_rows(odds) == SEED_ODDS[70]
        assert odds.splitlines()[-1] == "any success 70%"
        await fill(pilot, dialog, "flat", "+10")
        dialog.query_one("#retry", Checkbox).value = True
        await pilot.pause()
        assert "→ 55%" in text(dialog, "#chance")  # 70 + 10 - 25
        assert odds_rows(text(dialog, "#odds")) == SEED_ODDS[55]
        assert table.rolls() == []  # nothing rolled yet


async def test_roll_with_the_app_rng_logs_and_ticks_once(table: Table) -> None:
    app = app_for(table, ScriptedRng([20, 30]))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(2):
            dialog = AbilityRollDialog(harvald(table))  # type: ignore[arg-type]
            await open_dialog(pilot, table, dialog)
            await type_text(pilot, "broad")
            await pilot.press("enter")
            await pilot.pause()
            assert text(dialog, "#result-level") == "SUCCESS"
            await pilot.press("enter")  # closes
            await pilot.pause()
    first, second = table.rolls()
    assert (first.kind, first.label, first.chance, first.roll, first.level) == (
        "ability", "Broadsword", 70, 20, "success",
    )  # fmt: skip
    assert first.details["base"] == 70 and not first.hidden
    assert second.roll == 30
    assert [t.ability for t in table.ticks()] == ["Broadsword"]  # once per session
    assert table.results == [first, second]


async def test_typed_physical_result_and_00(table: Table) -> None:
    app = app_for(table, ScriptedRng([]))  # the app's dice are never used
    async with app.run_test(size=SIZE) as pilot:
        dialog = AbilityRollDialog(harvald(table))  # type: ignore[arg-type]
        await open_dialog(pilot, table, dialog)
        await type_text(pilot, "climb")
        await fill(pilot, dialog, "typed", "00")
        await pilot.press("enter")
        await pilot.pause()
        assert text(dialog, "#result-level") == "FUMBLE"
    (roll,) = table.rolls()
    assert (roll.label, roll.roll, roll.level, roll.details.get("typed")) == (
        "Climb", 100, "fumble", True,
    )  # fmt: skip


async def test_a_bad_typed_result_changes_nothing(table: Table) -> None:
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        dialog = AbilityRollDialog(harvald(table))  # type: ignore[arg-type]
        await open_dialog(pilot, table, dialog)
        await fill(pilot, dialog, "typed", "101")
        assert "1 to 100" in text(dialog, "#typed-error")
        assert dialog.query_one("#ok", Button).disabled
        await pilot.press("enter")
        await fill(pilot, dialog, "flat", "abc")
        assert "whole number" in text(dialog, "#flat-error")
        await pilot.press("enter")
        await pilot.pause()
        assert not dialog.rolled
    assert table.rolls() == []


async def test_an_unknown_ability_is_named(table: Table) -> None:
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        dialog = AbilityRollDialog(harvald(table))  # type: ignore[arg-type]
        await open_dialog(pilot, table, dialog)
        await type_text(pilot, "zzz")
        await pilot.pause()
        assert "no ability matches 'zzz'" in text(dialog, "#search-error")
        assert dialog.query_one("#ok", Button).disabled


async def test_typing_fast_past_a_match_leaves_no_stale_pick(table: Table) -> None:
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        dialog = AbilityRollDialog(harvald(table))  # type: ignore[arg-type]
        await open_dialog(pilot, table, dialog)
        await pilot.press(*"broadorate")
        await pilot.pause()
        assert dialog.ability is None
        assert "no ability matches 'broadorate'" in text(dialog, "#search-error")
        assert "Broadsword" not in text(dialog, "#chance")
        assert dialog.query_one("#ok", Button).disabled


async def test_up_down_in_the_search_field_moves_the_pick(table: Table) -> None:
    app = app_for(table, ScriptedRng([50]))
    async with app.run_test(size=SIZE) as pilot:
        dialog = AbilityRollDialog(harvald(table))  # type: ignore[arg-type]
        await open_dialog(pilot, table, dialog)
        await type_text(pilot, "lore")
        await pilot.press("down")
        await pilot.pause()
        listing = dialog.query_one("#abilities", OptionList)
        assert [o.id for o in listing.options] == ["Lore (Orlanth)", "Lore (Homeland)"]
        await pilot.press("enter")
        await pilot.pause()
    assert table.rolls()[0].label == "Lore (Homeland)"


async def test_augment_is_rolled_first_and_applied(table: Table) -> None:
    # Dance 10%: 3 is a success (+20); Broadsword then rolls at 90%
    app = app_for(table, ScriptedRng([3, 85]))
    async with app.run_test(size=SIZE) as pilot:
        dialog = AbilityRollDialog(harvald(table))  # type: ignore[arg-type]
        await open_dialog(pilot, table, dialog)
        await type_text(pilot, "broad")
        await fill(pilot, dialog, "augment", "dance")
        assert "augment first" in text(dialog, "#chance")
        await pilot.press("enter")
        await pilot.pause()
        assert not dialog.rolled
        assert "→ 90%" in text(dialog, "#chance")
        assert odds_rows(text(dialog, "#odds")) == SEED_ODDS[90]
        await pilot.press("enter")
        await pilot.pause()
        assert dialog.rolled
    augment, main = table.rolls()
    assert (augment.kind, augment.label, augment.roll, augment.level) == (
        "augment", "Dance", 3, "success",
    )  # fmt: skip
    assert augment.details["augments"] == "Broadsword"
    assert (main.chance, main.roll, main.level) == (90, 85, "success")
    assert main.modifiers == ("+20 augment (Dance: success)",)
    assert main.details["augment_roll"] == augment.id
    # both successes tick, the augment's own ability too
    assert sorted(t.ability for t in table.ticks()) == ["Broadsword", "Dance"]


async def test_an_ability_augments_once_per_session(table: Table) -> None:
    app = app_for(table, ScriptedRng([50, 50]))
    async with app.run_test(size=SIZE) as pilot:
        dialog = AbilityRollDialog(harvald(table))  # type: ignore[arg-type]
        await open_dialog(pilot, table, dialog)
        await type_text(pilot, "broad")
        await fill(pilot, dialog, "augment", "orate")
        await pilot.press("enter", "enter", "enter")
        await pilot.pause()
        dialog = AbilityRollDialog(harvald(table))  # type: ignore[arg-type]
        await open_dialog(pilot, table, dialog)
        await type_text(pilot, "climb")
        await fill(pilot, dialog, "augment", "orate")
        assert "once per session" in text(dialog, "#augment-info")
        assert dialog.query_one("#ok", Button).disabled
        await pilot.press("enter")
        await pilot.pause()
    assert [r.kind for r in table.rolls()] == ["augment", "ability"]


async def test_hidden_rolls_default_for_perception_and_tick(table: Table) -> None:
    app = app_for(table, ScriptedRng([10]))
    async with app.run_test(size=SIZE) as pilot:
        dialog = AbilityRollDialog(harvald(table))  # type: ignore[arg-type]
        await open_dialog(pilot, table, dialog)
        await type_text(pilot, "scan")
        await pilot.pause()
        assert dialog.query_one("#hidden", Checkbox).value
        await pilot.press("enter")
        await pilot.pause()
    (roll,) = table.rolls()
    assert roll.hidden and roll.level == "success"
    # hiding the dice from the players does not undo Harvald's success: Scan ticks
    assert [tick.ability for tick in table.ticks()] == ["Scan"]


async def test_nothing_at_stake_does_not_tick(table: Table) -> None:
    app = app_for(table, ScriptedRng([30]))
    async with app.run_test(size=SIZE) as pilot:
        dialog = AbilityRollDialog(harvald(table))  # type: ignore[arg-type]
        await open_dialog(pilot, table, dialog)
        await type_text(pilot, "climb")
        dialog.query_one("#no-stake", Checkbox).value = True
        await pilot.press("enter")
        await pilot.pause()
    (roll,) = table.rolls()
    assert roll.level == "success" and roll.details["nothing_at_stake"] is True
    assert table.ticks() == []


async def test_escape_cancels_without_a_roll(table: Table) -> None:
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        dialog = AbilityRollDialog(harvald(table))  # type: ignore[arg-type]
        await open_dialog(pilot, table, dialog)
        await type_text(pilot, "climb")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not dialog
    assert table.rolls() == [] and table.results == [None]


async def test_brp_difficulty(brp: Table) -> None:
    ada = brp.service.character("Ada")
    app = app_for(brp, ScriptedRng([21, 30]))
    async with app.run_test(size=SIZE) as pilot:
        # difficult: 40 / 2 = 20, so 21 fails
        dialog = AbilityRollDialog(ada)
        await open_dialog(pilot, brp, dialog)
        await type_text(pilot, "climb")
        dialog.query_one("#difficulty-difficult", RadioButton).value = True
        await pilot.pause()
        assert "→ 20%" in text(dialog, "#chance")
        assert "critical" not in text(dialog, "#odds")  # BRP has no critical level
        await pilot.press("enter", "enter")
        await pilot.pause()
        # easy: 40 x 2 = 80, 30 succeeds, but an easy success does not tick
        dialog = AbilityRollDialog(ada)
        await open_dialog(pilot, brp, dialog)
        await type_text(pilot, "climb")
        dialog.query_one("#difficulty-easy", RadioButton).value = True
        await pilot.press("enter", "enter")
        await pilot.pause()
        # automatic: no roll at all (the scripted dice are used up)
        dialog = AbilityRollDialog(ada)
        await open_dialog(pilot, brp, dialog)
        await type_text(pilot, "spot")
        dialog.query_one("#difficulty-automatic", RadioButton).value = True
        await pilot.pause()
        assert "no roll" in text(dialog, "#chance")
        await pilot.press("enter")
        await pilot.pause()
        assert text(dialog, "#result-level") == "SUCCESS"
        await pilot.press("enter")
        # impossible: fails, no roll
        dialog = AbilityRollDialog(ada)
        await open_dialog(pilot, brp, dialog)
        await type_text(pilot, "spot")
        dialog.query_one("#difficulty-impossible", RadioButton).value = True
        await pilot.press("enter", "enter")
        await pilot.pause()
    difficult, easy, automatic, impossible = brp.rolls()
    assert (difficult.chance, difficult.roll, difficult.level, difficult.modifiers) == (
        20, 21, "failure", ("difficult",),
    )  # fmt: skip
    assert (easy.chance, easy.level, easy.modifiers) == (80, "success", ("easy",))
    assert (automatic.roll, automatic.level, automatic.modifiers) == (
        None, "success", ("automatic",),
    )  # fmt: skip
    assert (impossible.roll, impossible.level) == (None, "failure")
    assert brp.ticks() == []


# --- characteristic --------------------------------------------------------------------------


async def test_characteristic_roll(table: Table) -> None:
    app = app_for(table, ScriptedRng([]))
    async with app.run_test(size=SIZE) as pilot:
        dialog = CharacteristicRollDialog(harvald(table))  # type: ignore[arg-type]
        await open_dialog(pilot, table, dialog)
        await pilot.press("down")  # CON 14
        await pilot.pause()
        assert "CON 14 x5 → 70%" in text(dialog, "#chance")
        assert odds_rows(text(dialog, "#odds")) == SEED_ODDS[70]
        field = dialog.query_one("#multiplier", Input)
        field.value = "11"
        await pilot.pause()
        assert "at most 10" in text(dialog, "#multiplier-error")
        assert dialog.query_one("#ok", Button).disabled
        field.value = "3"
        await fill(pilot, dialog, "typed", "42")
        await pilot.press("enter")
        await pilot.pause()
    (roll,) = table.rolls()
    assert (roll.kind, roll.label, roll.chance, roll.roll, roll.level) == (
        "characteristic", "CON x3", 42, 42, "success",
    )  # fmt: skip


# --- opposed ---------------------------------------------------------------------------------


async def test_opposed_roll_against_a_roster_character(table: Table) -> None:
    app = app_for(table, ScriptedRng([40, 30]))
    async with app.run_test(size=SIZE) as pilot:
        dialog = OpposedRollDialog(harvald(table))  # type: ignore[arg-type]
        await open_dialog(pilot, table, dialog)
        await type_text(pilot, "broad")
        await fill(pilot, dialog, "b-who", "goreh")
        await fill(pilot, dialog, "b-ability", "great")
        shown = text(dialog, "#opposed-odds")
        odds = opposed_odds(70, 50)
        assert shown.splitlines() == [
            "Harvald Stormbrow 70%  vs  Gorehorn 50%",
            f"Harvald Stormbrow wins {percent(odds[Outcome.A])} · Gorehorn wins "
            f"{percent(odds[Outcome.B])} · tie {percent(odds[Outcome.TIE])} · "
            f"both fail {percent(odds[Outcome.BOTH_FAIL])}",
        ]
        await pilot.press("enter")
        await pilot.pause()
        # both succeed at the same level: the higher roll wins (RQG)
        assert text(dialog, "#result-text").splitlines()[-1] == "Harvald Stormbrow wins"
        await pilot.press("enter")  # closes with both rolls
        await pilot.pause()
    mine, theirs = table.rolls()
    expected = resolve_opposed(70, 40, 50, 30)
    assert expected.outcome is Outcome.A
    assert (mine.kind, mine.label, mine.roll, mine.details["outcome"]) == (
        "opposed", "Broadsword", 40, "win",
    )  # fmt: skip
    assert (theirs.actor, theirs.label, theirs.character_id, theirs.details["outcome"]) == (
        "Gorehorn", "Great Axe", "c0005", "loss",
    )  # fmt: skip
    assert mine.details["opponent"] == "Gorehorn"
    assert sorted(t.ability for t in table.ticks()) == ["Broadsword", "Great Axe"]
    assert table.results == [(mine, theirs)]


async def test_opposed_against_an_unnamed_foe_over_100(table: Table) -> None:
    app = app_for(table, ScriptedRng([]))
    async with app.run_test(size=SIZE) as pilot:
        dialog = OpposedRollDialog(harvald(table))  # type: ignore[arg-type]
        await open_dialog(pilot, table, dialog)
        await type_text(pilot, "broad")
        await fill(pilot, dialog, "b-who", "Bandit chief")
        await fill(pilot, dialog, "b-ability", "axe")
        assert "needs a chance" in text(dialog, "#b-info")
        assert dialog.query_one("#ok", Button).disabled
        dialog.query_one("#b-ability", Input).value = "120"
        await pilot.pause()
        assert "reduced to 50% vs 100%" in text(dialog, "#opposed-odds")
        await fill(pilot, dialog, "a-typed", "45")
        await fill(pilot, dialog, "b-typed", "99")
        await pilot.press("enter")
        await pilot.pause()
    mine, theirs = table.rolls()
    assert (mine.chance, mine.modifiers, mine.level, mine.details["outcome"]) == (
        50, ("reduced from 70%",), "success", "win",
    )  # fmt: skip
    assert (theirs.actor, theirs.character_id, theirs.chance) == ("Bandit chief", None, 100)


async def test_brp_opposed_special_against_failure_has_double_effect(brp: Table) -> None:
    app = app_for(brp, ScriptedRng([]))
    async with app.run_test(size=SIZE) as pilot:
        dialog = OpposedRollDialog(brp.service.character("Ada"))
        await open_dialog(pilot, brp, dialog)
        await type_text(pilot, "spot")
        await fill(pilot, dialog, "b-who", "a guard")
        await fill(pilot, dialog, "b-ability", "40")
        await fill(pilot, dialog, "a-typed", "5")
        await fill(pilot, dialog, "b-typed", "80")
        await pilot.press("enter")
        await pilot.pause()
        assert text(dialog, "#result-text").splitlines()[-2:] == [
            "special against a failure: double effect",
            "Ada wins",
        ]
    mine, _ = brp.rolls()
    assert mine.level == "special" and mine.details["double_effect"] is True


# --- dice ------------------------------------------------------------------------------------


async def test_dice_expression_is_checked_as_typed(table: Table) -> None:
    app = app_for(table, ScriptedRng([5, 2]))
    async with app.run_test(size=SIZE) as pilot:
        dialog = DiceDialog(harvald(table))  # type: ignore[arg-type]
        await open_dialog(pilot, table, dialog)
        await type_text(pilot, "1d8+")
        await pilot.pause()
        assert text(dialog, "#expression-error")
        assert dialog.query_one("#ok", Button).disabled
        await pilot.press("enter")
        await type_text(pilot, "1+1d4")
        await pilot.pause()
        assert text(dialog, "#expression-error") == ""
        assert "min 3 · max 13 · mean 8" in text(dialog, "#stats")
        await pilot.press("enter")
        await pilot.pause()
    (roll,) = table.rolls()
    assert (roll.kind, roll.expression, roll.total, roll.details["dice"]) == (
        "dice", "1D8+1+1D4", 8, [5, 2],
    )  # fmt: skip


async def test_dice_quick_picks_and_typed_total(table: Table) -> None:
    app = app_for(table, ScriptedRng([]))
    async with app.run_test(size=SIZE) as pilot:
        dialog = DiceDialog(harvald(table))  # type: ignore[arg-type]
        await open_dialog(pilot, table, dialog)
        picks = dialog.query_one("#picks", OptionList)
        prompts = [str(o.prompt) for o in picks.options]
        # STR 16 + SIZ 15 = 31: +1D4 damage bonus
        assert any("Broadsword" in p and "1D8+1+1D4" in p for p in prompts)
        picks.focus()
        picks.highlighted = 0
        await pilot.pause()
        assert dialog.query_one("#expression", Input).value == "1D8+1+1D4"
        await fill(pilot, dialog, "typed", "14")
        assert "at most 13" in text(dialog, "#typed-error")
        dialog.query_one("#typed", Input).value = "9"
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
    (roll,) = table.rolls()
    assert (roll.label, roll.expression, roll.total, roll.details["typed"]) == (
        "Broadsword", "1D8+1+1D4", 9, True,
    )  # fmt: skip


async def test_dice_without_a_character(table: Table) -> None:
    app = app_for(table, ScriptedRng([4, 4, 4]))
    async with app.run_test(size=SIZE) as pilot:
        dialog = DiceDialog(None)
        await open_dialog(pilot, table, dialog)
        await type_text(pilot, "3d6")
        await pilot.press("enter")
        await pilot.pause()
    (roll,) = table.rolls()
    assert (roll.actor, roll.total) == (None, 12)


# --- from the roster's keys ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "dialog", "keys", "kind"),
    [
        ("r", AbilityRollDialog, ["c", "l", "i", "m", "b"], "ability"),
        ("c", CharacteristicRollDialog, [], "characteristic"),
        ("o", OpposedRollDialog, ["d", "o", "d", "tab", "tab", "x", "tab", "4", "0"], "opposed"),
        ("d", DiceDialog, ["1", "d", "6"], "dice"),
    ],
)
async def test_the_roster_keys_open_the_dialogs(
    table: Table, key: str, dialog: type[RollDialog[object]], keys: list[str], kind: str
) -> None:
    app = app_for(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, dialog)
        await pilot.press(*keys)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, RollDialog)
    rolls = table.rolls()
    assert rolls and rolls[0].kind == kind
    assert rolls[0].actor == "Harvald Stormbrow"
