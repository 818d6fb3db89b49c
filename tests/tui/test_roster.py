"""The roster pane: selection, the sheet, add/edit/delete, wounds, healing and resources."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import Button, Input, Label, Static, TextArea

from gmdash.model.character import AbilityKind
from gmdash.model.effect_events import TimePassed
from gmdash.model.events import (
    AbilityTicked,
    CharacterAdded,
    CharacterDeleted,
    CharacterEdited,
    DamageApplied,
    Event,
    HealingApplied,
    PointsSpent,
    RollMade,
    UndoApplied,
)
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME, demo_state
from gmdash.play.wounds import weekly_heals, wound
from gmdash.rules import OptionalRule, RuleSet, ScriptedRng, SeededRng
from gmdash.tui.app import GmDashApp
from gmdash.tui.dialogs.character_form import CharacterForm, parse_abilities, parse_weapons
from gmdash.tui.dialogs.confirm import ChoiceDialog, ConfirmDialog
from gmdash.tui.dialogs.points import PointsDialog, TickDialog
from gmdash.tui.dialogs.wounds import (
    DamageDialog,
    HealDialog,
    WeeksDialog,
    parse_location,
)
from gmdash.tui.panes.roster import RosterPane
from gmdash.tui.widgets.character_sheet import CharacterSheet, Rendered, sheet_renderable
from gmdash.tui.widgets.row_table import RowTable

HARVALD, IRVALA, GOREHORN = "c0001", "c0002", "c0005"


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=30)
        return self.now


def open_demo(saves: Path) -> CampaignService:
    return CampaignService.create(
        saves, DEMO_NAME, RuleSet.RQG, clock=Clock(), state=demo_state(), durable=False
    )


@pytest.fixture
def service(tmp_path: Path) -> Iterator[CampaignService]:
    svc = open_demo(tmp_path)
    yield svc
    svc.close()


def events_of(service: CampaignService) -> list[Event]:
    seen: list[Event] = []
    service.bus.subscribe(Event, seen.append)
    return seen


def plain(renderable: object, width: int = 60) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text().replace("\u00a0", " ")


def sheet_text(app: GmDashApp, width: int = 60) -> str:
    return plain(app.query_one("#sheet", CharacterSheet).content, width)


def roster_text(app: GmDashApp) -> str:
    table = app.query_one("#roster-table", RowTable)
    rows = []
    for row in range(table.row_count):
        rows.append(" | ".join(plain(cell, 200).strip() for cell in table.get_row_at(row)))
    return "\n".join(rows)


def pane(app: GmDashApp) -> RosterPane:
    return app.query_one(RosterPane)


def make_app(service: CampaignService, rng: object | None = None) -> GmDashApp:
    return GmDashApp(service, rng=rng or SeededRng(7), clock=service.clock)  # type: ignore[arg-type]


async def type_into(pilot: object, app: GmDashApp, selector: str, text: str) -> None:
    widget = app.screen.query_one(selector, Input)
    widget.focus()  # typed in: a form tells a field's problems once it has been typed in
    await pilot.pause()  # type: ignore[attr-defined]
    widget.value = text
    await pilot.pause()  # type: ignore[attr-defined]


# --- the list and the sheet -----------------------------------------------------------------


async def test_roster_lists_everyone_and_shows_the_selected_sheet(
    service: CampaignService,
) -> None:
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        text = roster_text(app)
        assert "Harvald Stormbrow" in text and "Gorehorn" in text
        lines = text.splitlines()
        assert lines[0].startswith("PC") and lines[-1].startswith("NPC")
        assert "15/15" in lines[0] and "13/13" in lines[0] and "3/3" in lines[0]
        assert pane(app).selected_id == HARVALD
        sheet = sheet_text(app)
        for expected in ("STR 16", "DB +1D4", "Heal 3/week", "DEX SR 3", "Broadsword 70%",
                         "Air 75%", "Honor 65%", "Skills", "Runes", "Passions", "1D8+1+1D4",
                         "R arm", "Notes"):  # fmt: skip
            assert expected in sheet, expected
        await pilot.press("down")
        assert pane(app).selected_id == IRVALA
        assert "Irvala Greyquill" in sheet_text(app)
        await pilot.press("up")
        assert pane(app).selected_id == HARVALD


async def test_selection_survives_a_rerender(service: CampaignService) -> None:
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("down", "down")
        assert pane(app).selected_id == "c0003"
        service.publish(DamageApplied(character_id=HARVALD, amount=3, location="chest"))
        await pilot.pause()
        assert pane(app).selected_id == "c0003"
        assert app.query_one("#roster-table", RowTable).cursor_row == 2
        assert "12/15" in roster_text(app).splitlines()[0]
        assert "wounded" in roster_text(app).splitlines()[0]


async def test_the_sheet_fits_a_small_terminal(service: CampaignService) -> None:
    app = make_app(service)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = plain(sheet_renderable(service.character(HARVALD), RuleSet.RQG), 26)
        assert all(len(line) <= 26 for line in text.splitlines())
        assert "Broadsword" in text
        await pilot.press("m")  # maximised, the whole sheet is readable
        assert "R arm" in sheet_text(app, 96)


def test_rendered_sheet_is_the_sheet_at_every_width() -> None:
    """The per-width cache draws exactly what the sheet draws, at any width, twice over."""
    for character in demo_state().characters.values():
        for ruleset in RuleSet:
            sheet = sheet_renderable(character, ruleset)
            cached = Rendered(sheet)
            for width in (20, 26, 33, 46, 60, 96, 150, 46):
                assert plain(cached, width) == plain(sheet, width), (character.name, width)


async def test_unchanged_roster_and_sheet_are_not_redrawn(service: CampaignService) -> None:
    """A roll changes no character: the list and the sheet stay as drawn; a wound redraws."""
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        sheet = app.query_one("#sheet", CharacterSheet)
        drawn = sheet.content
        table = app.query_one("#roster-table", RowTable)
        rows = [table.get_row_at(row) for row in range(table.row_count)]
        service.ensure_session()
        service.publish(RollMade(actor="Harvald Stormbrow", character_id=HARVALD, label="Scan",
                                 kind="ability", chance=30, roll=12, level="success"))  # fmt: skip
        await pilot.pause()
        assert sheet.content is drawn
        assert [table.get_row_at(row) for row in range(table.row_count)] == rows
        service.publish(DamageApplied(character_id=HARVALD, amount=3, location="chest"))
        await pilot.pause()
        assert sheet.content is not drawn
        assert "12/15" in roster_text(app).splitlines()[0]
        assert "Chest" in sheet_text(app) and "3/6" in sheet_text(app)
        # back and forth: the list and the sheet follow the cursor at once
        await pilot.press("down")
        assert pane(app).selected_id == IRVALA
        assert "Irvala" in sheet_text(app)
        await pilot.press("up")
        assert pane(app).selected_id == HARVALD and "3/6" in sheet_text(app)


def errors_on(app: GmDashApp) -> dict[str, str]:
    found = {}
    for label in app.screen.query(".field-error").results(Label):
        text = str(label.render())
        if text:
            found[(label.id or "").removesuffix("-error")] = text
    return found


def ok_disabled(app: GmDashApp) -> bool:
    return app.screen.query_one("#ok", Button).disabled


def notes_of(app: GmDashApp) -> str:
    return "\n".join(f"{n.title}: {n.message}" for n in app.told)


# --- add, edit, delete --------------------------------------------------------------------------


async def test_add_checks_every_field_as_it_is_typed(service: CampaignService) -> None:
    seen = events_of(service)
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("a")
        assert isinstance(app.screen, CharacterForm)
        assert ok_disabled(app)
        assert errors_on(app) == {}  # nothing typed yet: no message
        await pilot.press(*"Gorehorn")
        assert "chars" not in errors_on(app)  # the characteristics are not typed in yet
        assert "already in this campaign" in errors_on(app)["name"]
        await pilot.press(*["backspace"] * 4, *"ash")
        assert "name" not in errors_on(app)
        await pilot.press("ctrl+r")  # roll the characteristics
        assert "chars" not in errors_on(app)
        values = {k: int(app.screen.query_one(f"#char-{k}", Input).value)
                  for k in ("STR", "SIZ", "INT")}  # fmt: skip
        assert 8 <= values["SIZ"] <= 18 and 8 <= values["INT"] <= 18 and 3 <= values["STR"] <= 18
        await type_into(pilot, app, "#char-STR", "0")
        assert "STR must be at least 1" in errors_on(app)["chars"]
        assert ok_disabled(app)
        await type_into(pilot, app, "#char-STR", "abc")
        assert "not a whole number" in errors_on(app)["chars"]
        await type_into(pilot, app, "#char-STR", "14")
        skills = app.screen.query_one("#skills", TextArea)
        skills.focus()
        await pilot.pause()
        skills.text = "Axe  55\nDodge forty"
        await pilot.pause()
        assert errors_on(app)["skills"].startswith("line 2:")
        skills.text = "Axe  55 ✓\nDodge 1000"
        await pilot.pause()
        assert "line 2: Dodge must be 0 to 999" in errors_on(app)["skills"]
        skills.text = "Axe  55 ✓\nDodge 40"
        weapons = app.screen.query_one("#weapons", TextArea)
        weapons.focus()
        await pilot.pause()
        weapons.text = "Axe | Axe | 1D8+x | 3 | 10"
        await pilot.pause()
        assert errors_on(app)["weapons"].startswith("line 1: damage:")
        weapons.text = "Axe | Axe | 1D8+2 | 3 | 10"
        await pilot.pause()
        assert errors_on(app) == {}
        assert not ok_disabled(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, CharacterForm)
        added = [e for e in seen if isinstance(e, CharacterAdded)]
        assert len(added) == 1
        sheet = added[0].character
        assert sheet.name == "Goreash" and sheet.id == "c0009"
        assert sheet.ability("Axe") is not None and sheet.ability("Axe").ticked  # type: ignore[union-attr]
        assert sheet.hit_points > 0 and sheet.magic_points == sheet.characteristics["POW"]
        assert pane(app).selected_id == "c0009"
        assert "Goreash" in roster_text(app) and "Axe 55%✓" in sheet_text(app)


async def test_escape_cancels_the_form(service: CampaignService) -> None:
    seen = events_of(service)
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("a", *"Nobody", "escape")
        assert not isinstance(app.screen, CharacterForm)
        assert seen == []


async def test_edit_keeps_the_damage_and_saves(service: CampaignService) -> None:
    service.publish(DamageApplied(character_id=HARVALD, amount=3, location="chest"))
    seen = events_of(service)
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("e")
        assert isinstance(app.screen, CharacterForm)
        assert app.screen.query_one("#name", Input).value == "Harvald Stormbrow"
        assert "Broadsword  70" in app.screen.query_one("#skills", TextArea).text
        assert errors_on(app) == {} and not ok_disabled(app)
        await type_into(pilot, app, "#name", "Harvald the Bold")
        await type_into(pilot, app, "#char-CON", "17")  # 3 more hit points
        await type_into(pilot, app, "#player", "Anna")
        notes = app.screen.query_one("#notes", TextArea)
        notes.text = "Now a thane."
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        edited = [e for e in seen if isinstance(e, CharacterEdited)]
        assert len(edited) == 1
        sheet = service.character(HARVALD)
        assert sheet.name == "Harvald the Bold" and sheet.player == "Anna"
        assert sheet.notes == "Now a thane."
        assert sheet.hit_points == 18 - 3 and sheet.locations["chest"] == 7 - 3
        assert "Harvald the Bold" in roster_text(app) and "15/18" in roster_text(app)


async def test_delete_asks_first_and_undo_restores(service: CampaignService) -> None:
    seen = events_of(service)
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("down", "delete")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("escape")
        assert seen == [] and IRVALA in service.state.characters
        await pilot.press("delete")
        await pilot.press("enter")
        await pilot.pause()
        assert [type(e) for e in seen] == [CharacterDeleted]
        assert IRVALA not in service.state.characters
        assert "Irvala" not in roster_text(app)
        assert pane(app).selected_id == "c0003"  # the next one down
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert isinstance(seen[-1], UndoApplied)
        assert seen[-1].summary == "Irvala Greyquill removed from the roster"
        assert "Irvala Greyquill" in roster_text(app)


# --- wounds -------------------------------------------------------------------------------------


async def test_a_hard_blow_to_an_arm_makes_it_useless_with_shock(service: CampaignService) -> None:
    seen = events_of(service)
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("h")
        assert isinstance(app.screen, DamageDialog)
        assert ok_disabled(app)
        await pilot.press(*"ra", "tab", *"12")
        preview = str(app.screen.query_one("#preview").render())
        assert "Right arm: 12 − 4 armour = 8" in preview
        await pilot.press("enter")
        await pilot.pause()
        damage = [e for e in seen if isinstance(e, DamageApplied)]
        assert len(damage) == 1
        event = damage[0]
        assert (event.amount, event.location, event.total_loss) == (8, "right_arm", None)
        assert event.effects == ("useless:right_arm", "shock")
        sheet = service.character(HARVALD)
        assert sheet.hit_points == 7 and sheet.locations["right_arm"] == -4
        assert sheet.conditions == ("useless:right_arm", "shock")
        assert "Right arm: 12 − 4 armour = 8; right arm useless; shock" in notes_of(app)
        row = roster_text(app).splitlines()[0]
        assert "7/15" in row and "shock" in row and "useless R arm" in row
        assert "useless" in sheet_text(app)


async def test_a_limb_passes_on_at_most_twice_its_hit_points() -> None:
    sheet = demo_state().characters[HARVALD]
    blow = wound(sheet, RuleSet.RQG, "left_arm", 4 + 13)  # 13 through, arm 4 HP: 3x+
    assert blow.event.total_loss == 8 and blow.event.amount == 13
    assert blow.event.effects == ("useless:left_arm", "severed:left_arm", "shock")
    assert "severed" in blow.summary


async def test_the_head_at_its_hit_points_knocks_out(service: CampaignService) -> None:
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("down", "h", *"head", "tab", *"7", "enter")  # Irvala: head 4, AP 3
        await pilot.pause()
        sheet = service.character(IRVALA)
        assert sheet.locations["head"] == 0 and sheet.conditions == ("unconscious",)
        assert "unconscious" in roster_text(app).splitlines()[1]
        assert "Head: 7 − 3 armour = 4; unconscious" in notes_of(app)


async def test_rolled_location_and_rolled_damage_are_logged(service: CampaignService) -> None:
    seen = events_of(service)
    # D20 14 -> right arm; Gorehorn's great axe 2D6+2 with his +1D4: 5, 6, 3
    app = make_app(service, ScriptedRng([14, 5, 6, 3]))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("h", "ctrl+l")
        assert app.screen.query_one("#location", Input).value == "14"
        app.screen.query_one("#damage", Input).value = "2D6+2+1D4"
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        rolls = [e for e in seen if isinstance(e, RollMade)]
        assert [(r.kind, r.total) for r in rolls] == [("location", 14), ("damage", 16)]
        damage = next(e for e in seen if isinstance(e, DamageApplied))
        assert damage.location == "right_arm" and damage.amount == 12  # 16 - 4 armour
        assert damage.effects == ("useless:right_arm", "severed:right_arm", "shock")


async def test_weapon_pick_fills_damage_with_the_bonus(service: CampaignService) -> None:
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("h")
        dialog = app.screen
        assert isinstance(dialog, DamageDialog)
        select = dialog.query_one("#weapon")
        select.value = "1D8+1+1D4"  # type: ignore[attr-defined]
        await pilot.pause()
        assert dialog.query_one("#damage", Input).value == "1D8+1+1D4"


async def test_bad_damage_input_keeps_apply_disabled(service: CampaignService) -> None:
    seen = events_of(service)
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("h", *"tail", "tab", *"3x")
        problems = errors_on(app)
        assert "not a hit location" in problems["location"]
        assert "damage" in problems and ok_disabled(app)
        await pilot.press("enter", "escape")
        assert seen == []


async def test_heal_a_location_clears_its_conditions(service: CampaignService) -> None:
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("h", *"ra", "tab", *"12", "enter")
        await pilot.pause()
        seen = events_of(service)
        await pilot.press("H")
        assert isinstance(app.screen, HealDialog)
        await pilot.press(*"right arm", "tab", *"5")
        assert "Right arm: -4 → 1/4" in str(app.screen.query_one("#preview").render())
        await pilot.press("enter")
        await pilot.pause()
        assert [(type(e), e.amount) for e in seen] == [(HealingApplied, 5)]  # type: ignore[attr-defined]
        # the arm back above 0 is usable, and no longer carries twice its HP: the shock its
        # wound caused goes too (healing re-reads the conditions, docs/rules.md#combat-healing)
        assert service.character(HARVALD).conditions == ()
        await pilot.press("H", *"ra", "tab", *"3", "enter")
        await pilot.pause()
        assert service.character(HARVALD).conditions == ()
        assert service.character(HARVALD).hit_points == 15
        assert "ok" in roster_text(app).splitlines()[0]


async def test_clear_conditions_by_hand(service: CampaignService) -> None:
    service.publish(DamageApplied(character_id=HARVALD, amount=1, location="chest",
                                  effects=("shock",)))  # fmt: skip
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("x")
        await pilot.pause()
        assert service.character(HARVALD).conditions == ()
        assert service.character(HARVALD).hit_points == 14


# --- resources ----------------------------------------------------------------------------------


async def test_tick_an_ability_by_part_of_its_name(service: CampaignService) -> None:
    seen = events_of(service)
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("t")
        assert isinstance(app.screen, TickDialog)
        await pilot.press(*"zzz")
        assert "no ability" in errors_on(app)["ability"] and ok_disabled(app)
        await pilot.press("backspace", "backspace", "backspace", *"sword", "enter")
        await pilot.pause()
        assert len(seen) == 1 and isinstance(seen[0], AbilityTicked)
        assert (seen[0].character_id, seen[0].ability, seen[0].ticked) == (
            HARVALD,
            "Broadsword",
            True,
        )
        assert "Broadsword 70%✓" in sheet_text(app)
        await pilot.press("t", *"lore", "down", "enter")  # Lore (Orlanth), the second match
        await pilot.pause()
        assert isinstance(seen[-1], AbilityTicked) and seen[-1].ability == "Lore (Orlanth)"
        await pilot.press("t", *"broad", "enter")
        await pilot.pause()
        assert isinstance(seen[-1], AbilityTicked) and not seen[-1].ticked


async def test_points_preview_follows_what_is_typed(service: CampaignService) -> None:
    # "-1" previews spending 1; "-16" (Harvald has 13) must not keep saying "spends 1"
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("p")
        await pilot.press("-", "1")
        await pilot.pause()
        preview = app.screen.query_one("#preview", Static)
        assert "spends 1" in str(preview.render())
        await pilot.press("6")
        await pilot.pause()
        assert "only 13 magic points left" in errors_on(app)["magic"]
        assert "spends" not in str(preview.render())
        await pilot.press("backspace")
        await pilot.pause()
        assert "spends 1" in str(preview.render())


async def test_spend_and_regain_points(service: CampaignService) -> None:
    seen = events_of(service)
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("p")
        assert isinstance(app.screen, PointsDialog)
        assert ok_disabled(app)
        await pilot.press(*"-99")
        assert "only 13 magic points left" in errors_on(app)["magic"]
        await type_into(pilot, app, "#magic", "4")
        assert "write -3" in errors_on(app)["magic"]
        await type_into(pilot, app, "#magic", "-4")
        assert not app.screen.query("#rune")  # Harvald's Rune points are his cult's
        await type_into(pilot, app, "#cult-0", "-1")
        assert not ok_disabled(app)
        await pilot.press("enter")
        await pilot.pause()
        assert [(e.pool, e.amount) for e in seen] == [  # type: ignore[attr-defined]
            ("magic", 4), ("rune:Orlanth Adventurous", 1)
        ]  # fmt: skip
        assert service.character(HARVALD).cults[0].rune_points == 2
        assert "9/13" in roster_text(app).splitlines()[0]
        await pilot.press("p")
        await type_into(pilot, app, "#magic", "+5")
        assert "can regain at most 4" in errors_on(app)["magic"]
        await type_into(pilot, app, "#magic", "+2")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(seen[-1], PointsSpent) and seen[-1].amount == -2
        assert service.character(HARVALD).magic_points == 11


async def test_full_rest_restores_magic_points_and_worship_rune_points(
    service: CampaignService,
) -> None:
    # RQG: rest brings magic points back, Rune points only come back through worship, cult by
    # cult (docs/rules.md#rest-and-worship, #rune-point-pools)
    orlanth, lhankor = "rune:Orlanth Adventurous", "rune:Lhankor Mhy"
    for cid, pool in ((HARVALD, orlanth), (IRVALA, lhankor)):
        service.publish(PointsSpent(character_id=cid, pool="magic", amount=3))
        service.publish(PointsSpent(character_id=cid, pool=pool, amount=1))
    seen = events_of(service)
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("R")
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("s")
        await pilot.pause()
        assert [(e.character_id, e.pool, e.amount) for e in seen] == [  # type: ignore[attr-defined]
            (HARVALD, "magic", -3),
        ]
        assert service.character(HARVALD).cults[0].rune_points == 2
        assert service.character(IRVALA).magic_points == 12
        await pilot.press("R", "e")
        await pilot.pause()
        assert service.character(IRVALA).magic_points == 15
        assert service.character(IRVALA).cults[0].rune_points == 2
        assert len(seen) == 2
        # Harvald worships Orlanth (1: his first cult): only his pool comes back
        await pilot.press("w", "1")
        await pilot.pause()
        assert service.character(HARVALD).cults[0].rune_points == 3
        assert service.character(IRVALA).cults[0].rune_points == 2
        await pilot.press("w", "e")
        await pilot.pause()
        assert service.character(IRVALA).cults[0].rune_points == 3
        assert [(e.character_id, e.pool) for e in seen[2:]] == [  # type: ignore[attr-defined]
            (HARVALD, orlanth), (IRVALA, lhankor)
        ]  # fmt: skip


async def test_a_week_passes_heals_everyone(service: CampaignService) -> None:
    service.publish(DamageApplied(character_id=HARVALD, amount=5, location="chest"))
    service.publish(DamageApplied(character_id=HARVALD, amount=2, location="left_leg"))
    service.publish(DamageApplied(character_id=GOREHORN, amount=4, location="head"))
    seen = events_of(service)
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("ctrl+w")
        assert isinstance(app.screen, WeeksDialog)
        await type_into(pilot, app, "#weeks", "0")
        assert ok_disabled(app)
        await type_into(pilot, app, "#weeks", "1")
        await pilot.press("enter")
        await pilot.pause()
        heals = [(e.character_id, e.location, e.amount)
                 for e in seen if isinstance(e, HealingApplied)]  # fmt: skip
        # Harvald CON 14: 3 per location per week; Gorehorn CON 14: 3 (the week's rate is
        # offered to each hurt location; the leg's 2-point wound takes only 2 of it)
        assert heals == [(HARVALD, "left_leg", 3), (HARVALD, "chest", 3), (GOREHORN, "head", 3)]
        assert service.character(HARVALD).hit_points == 15 - 2
        assert "1 week ends: natural healing (Harvald Stormbrow +5 HP, Gorehorn +3 HP)" in (
            notes_of(app)
        )
        # and the week is game time: seven days pass, in the pieces before and after the end
        # of the week (Freezeday 08:00 to Freezeday 08:00)
        assert [e.seconds for e in seen if isinstance(e, TimePassed)] == [
            6 * 24 * 3600 + 16 * 3600, 8 * 3600
        ]  # fmt: skip


def test_weekly_heals_over_weeks_and_not_the_dead() -> None:
    state = demo_state()
    hurt = state.characters[HARVALD]
    from dataclasses import replace

    hurt = replace(hurt, hit_points=5, locations={**hurt.locations, "chest": -4})
    dead = replace(state.characters[IRVALA], hit_points=0, conditions=("dead",))
    events = weekly_heals([hurt, dead], RuleSet.RQG, 3)
    assert [(e.location, e.amount) for e in events] == [("chest", 9)]


def test_location_input() -> None:
    assert parse_location("RA") == ("right_arm", None)
    assert parse_location("left leg") == ("left_leg", None)
    assert parse_location("abd") == ("abdomen", None)
    assert parse_location("19") == ("head", 19)
    assert parse_location("12") == ("chest", 12)
    for bad in ("", "21", "0", "tail", "l"):
        with pytest.raises(ValueError):
            parse_location(bad)


def test_ability_and_weapon_lines() -> None:
    abilities, error = parse_abilities("Climb 40\n\nLore (Orlanth)  30 *\n", AbilityKind.SKILL)
    assert error is None and [(a.name, a.value, a.ticked) for a in abilities] == [
        ("Climb", 40, False),
        ("Lore (Orlanth)", 30, True),
    ]
    assert parse_abilities("Climb", AbilityKind.SKILL)[1] == (
        "line 1: write 'Name  value', e.g. 'Climb  40'"
    )
    weapons, error = parse_weapons("Sling | 1D8 | 3 | 2")
    assert error is None and weapons[0].skill == "Sling"
    assert parse_weapons("Sling | 1D8 | 13 | 2")[1] == "line 1: SR must be at most 12"


# --- rolls from the roster ----------------------------------------------------------------------


async def test_roll_keys_open_the_roll_dialogs(service: CampaignService) -> None:
    from gmdash.tui.dialogs.ability_roll import AbilityRollDialog
    from gmdash.tui.dialogs.characteristic_roll import CharacteristicRollDialog
    from gmdash.tui.dialogs.dice_roll import DiceDialog
    from gmdash.tui.dialogs.opposed_roll import OpposedRollDialog

    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        for key, dialog in (("r", AbilityRollDialog), ("c", CharacteristicRollDialog),
                            ("o", OpposedRollDialog), ("d", DiceDialog)):  # fmt: skip
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, dialog), key
            await pilot.press("escape")
            await pilot.pause()


# --- persistence --------------------------------------------------------------------------------


async def test_conditions_survive_a_reopen(tmp_path: Path) -> None:
    service = open_demo(tmp_path)
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("h", *"ra", "tab", *"12", "enter")
        await pilot.pause()
    service.close()
    again = CampaignService.open(tmp_path, DEMO_NAME, clock=Clock(), durable=False)
    try:
        assert again.character(HARVALD).conditions == ("useless:right_arm", "shock")
        app = make_app(again)
        async with app.run_test(size=(160, 50)) as pilot:
            assert "shock" in roster_text(app).splitlines()[0]
            await pilot.press("ctrl+z")  # undo restores the sheet, conditions and all
            await pilot.pause()
            assert again.character(HARVALD).conditions == ()
            assert "ok" in roster_text(app).splitlines()[0]
    finally:
        again.close()


async def test_brp_form_has_app_and_only_skills(tmp_path: Path) -> None:
    service = CampaignService.create(tmp_path, "BRP Saga", RuleSet.BRP, clock=Clock(),
                                     durable=False)  # fmt: skip
    seen = events_of(service)
    app = make_app(service)
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            assert "Press a to add one" in sheet_text(app)
            await pilot.press("a", *"Jack")
            assert app.screen.query("#char-APP") and not app.screen.query("#char-CHA")
            assert not app.screen.query("#runes") and not app.screen.query("#passions")
            assert not app.screen.query("#rune-max")
            for key, value in zip(("STR", "CON", "SIZ", "DEX", "INT", "POW", "APP"),
                                  (12, 11, 13, 10, 14, 9, 12), strict=True):  # fmt: skip
                await type_into(pilot, app, f"#char-{key}", str(value))
            await pilot.press("ctrl+s")
            await pilot.pause()
            added = [e for e in seen if isinstance(e, CharacterAdded)]
            assert len(added) == 1
            sheet = added[0].character
            assert sheet.characteristics["APP"] == 12 and sheet.hit_points == 12  # (11+13)/2
            assert "CHA" not in sheet.characteristics and sheet.rune_points_max == 0
            assert "APP 12" in sheet_text(app) and "RP" not in sheet_text(app).split("Heal")[0]
            assert "CHA" not in sheet_text(app) and "SR" not in sheet_text(app)
            assert "RP" not in app.query_one("#roster-table", RowTable).column_labels
    finally:
        service.close()


async def test_brp_optional_rules_bring_runes_passions_and_rune_points(tmp_path: Path) -> None:
    service = CampaignService.create(
        tmp_path, "BRP Glorantha", RuleSet.BRP, clock=Clock(), durable=False,
        optional=(OptionalRule.RUNES, OptionalRule.PASSIONS, OptionalRule.RUNE_POINTS),
    )  # fmt: skip
    app = make_app(service)
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.press("a")
            assert app.screen.query("#runes") and app.screen.query("#passions")
            assert app.screen.query_one("#rune-max", Input).value == "0"
            assert not app.screen.query("#char-CHA")
            await pilot.press("escape")
            await pilot.pause()
            assert "RP" in app.query_one("#roster-table", RowTable).column_labels
    finally:
        service.close()


async def test_keys_without_a_character_explain_themselves(tmp_path: Path) -> None:
    service = CampaignService.create(tmp_path, "Empty", clock=Clock(), durable=False)
    seen = events_of(service)
    app = make_app(service)
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            for key in ("e", "delete", "h", "H", "t", "p", "x", "r"):
                await pilot.press(key)
                await pilot.pause()
                assert app.screen is app.screen_stack[0], key
            assert "No character selected" in notes_of(app)
            await pilot.press("R", "e")  # everyone rests: nobody, nothing to publish
            await pilot.pause()
            assert seen == []
    finally:
        service.close()
