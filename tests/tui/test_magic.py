"""Magic from the keyboard: spells on the sheet and in the form, casting at full speed from
the roster (points from the right pool, refusal when empty), a restart keeps it all."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import FakeClock, dashboard_app
from rich.console import Console
from textual import events
from textual.pilot import Pilot
from textual.widgets import Static, TextArea

from gmdash.model.events import Event, PointsSpent, RollMade
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME, demo_state
from gmdash.rules import ScriptedRng
from gmdash.tui.app import GmDashApp
from gmdash.tui.dialogs.cast_spell import CastDialog
from gmdash.tui.dialogs.character_form import CharacterForm
from gmdash.tui.dialogs.magic_lines import cult_lines, parse_cults, parse_spells, spell_lines
from gmdash.tui.widgets.character_sheet import CharacterSheet

HARVALD = "c0001"
CHARACTERS = {"plus": "+", "minus": "-", "space": " "}


def keys_of(text: str) -> list[str]:
    names = {" ": "space", "+": "plus", "-": "minus"}
    return [names.get(char, char) for char in text]


async def burst(pilot: Pilot[int], *keys: str) -> None:
    """Every key queued at once, as a game master typing ahead of the screen."""
    for key in keys:
        char = CHARACTERS.get(key, key if len(key) == 1 else None)
        pilot.app.post_message(events.Key(key, char))
    for _ in range(6):
        await pilot.pause()


def open_demo(saves: Path) -> CampaignService:
    return CampaignService.create(saves, DEMO_NAME, state=demo_state(), clock=FakeClock(),
                                  durable=False)  # fmt: skip


def rendered(widget: Static) -> str:
    return str(widget.render())


def sheet_text(app: GmDashApp) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(app.query_one("#sheet", CharacterSheet).content)
    return console.export_text()


# --- the form's text -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("Bladesharp", "line 1: write 'Name points'"),
        ("Bladesharp 0", "line 1: Bladesharp's points are 1 to 99"),
        ("Heal 2\nheal 3", "line 2: 'heal' appears twice"),
        ("Heal 2 v 45%", "line 1: spirit magic is cast at POW x 5: write no chance"),
    ],
)
def test_spell_lines_refused_name_their_line(text: str, error: str) -> None:
    assert (parse_spells(text)[1] or "").startswith(error)


def test_spell_lines_round_trip() -> None:
    spells, error = parse_spells("Bladesharp 2 v\n\n  Heal 2  \nFarsee 1 V")
    assert error is None
    assert [(s.name, s.points, s.variable) for s in spells] == [
        ("Bladesharp", 2, True), ("Heal", 2, False), ("Farsee", 1, True)
    ]  # fmt: skip
    assert parse_spells(spell_lines(spells))[0] == spells
    brp, _ = parse_spells("Bolt 2 v 45%", brp=True)
    assert brp[0].chance == 45 and parse_spells(spell_lines(brp, brp=True), brp=True)[0] == brp


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("- Lightning 1", "line 1: a Rune spell goes under its cult's line"),
        ("Orlanth", "line 1: write 'cult | rank | Rune points now/full | Runes'"),
        ("Orlanth | pope | 3", "line 1: the rank is one of"),
        ("Orlanth | initiate | 4/3", "line 1: 4 Rune points now is more than 3 at full"),
        ("Orlanth | initiate | 3\n- Lightning", "line 2: write '- Name points'"),
        ("Orlanth | | 3\n- Shield 1\n- shield 2", "line 3: Orlanth has 'shield' twice"),
        ("A | | 1\na | | 2", "line 2: 'a' appears twice"),
    ],
)
def test_cult_lines_refused_name_their_line(text: str, error: str) -> None:
    assert (parse_cults(text)[1] or "").startswith(error)


def test_cult_lines_round_trip() -> None:
    cults, error = parse_cults(
        "Orlanth Adventurous | initiate | 2/3 | Air, Movement\n"
        "- Lightning 1+ | Air\n- Command Sylph 3 one-use\nHumakt | rune lord | 2"
    )
    assert error is None
    orlanth, humakt = cults
    assert (orlanth.rune_points, orlanth.rune_points_max, orlanth.runes) == (
        2,
        3,
        ("Air", "Movement"),
    )
    assert [(s.name, s.points, s.stackable, s.one_use, s.runes) for s in orlanth.spells] == [
        ("Lightning", 1, True, False, ("Air",)), ("Command Sylph", 3, False, True, ())
    ]  # fmt: skip
    assert (humakt.rank, humakt.rune_points, humakt.spells) == ("rune lord", 2, ())
    assert parse_cults(cult_lines(cults))[0] == cults


# --- the sheet and the form ------------------------------------------------------------------


async def test_the_sheet_shows_spells_cults_and_the_spirit_limit(tmp_path: Path) -> None:
    service = open_demo(tmp_path)
    try:
        app = dashboard_app(service)
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            text = sheet_text(app)
            assert "Spirit magic" in text and "6 points known of CHA 14" in text
            assert "Bladesharp 2v 65%" in text
            assert "Orlanth Adventurous" in text and "RP 3/3" in text
            assert "Lightning 1+ 75%" in text
            await pilot.press("e")
            assert isinstance(app.screen, CharacterForm)
            spells = app.screen.query_one("#spells", TextArea)
            assert spells.text.splitlines()[0] == "Bladesharp 2 v"
            cults = app.screen.query_one("#cults", TextArea)
            assert cults.text.startswith("Orlanth Adventurous | initiate | 3/3 | Air, Movement")
            # typed past CHA: the form says so as it is typed
            spells.text += "\nDisruption 9"
            await pilot.pause()
            limit = rendered(app.screen.query_one("#spell-limit", Static))
            assert "15 points known, over CHA 14 by 1" in limit
            cults.text = cults.text.replace(
                "- Heal Wound 1", "- Heal Wound 1\n- Sanctify 1 one-use"
            )
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            harvald = service.character(HARVALD)
            assert harvald.spell("Disruption") is not None
            sanctify = harvald.cults[0].spell("Sanctify")
            assert sanctify is not None and sanctify.one_use
            assert "over CHA 14 by 1" in sheet_text(app)
    finally:
        service.close()


async def test_a_broken_magic_line_keeps_the_form_from_saving(tmp_path: Path) -> None:
    service = open_demo(tmp_path)
    try:
        app = dashboard_app(service)
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            await pilot.press("e")
            cults = app.screen.query_one("#cults", TextArea)
            cults.text = "- Lightning 1"
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, CharacterForm)  # refused, still open
            await pilot.press("escape")
            await pilot.pause()
        assert service.character(HARVALD).cults[0].name == "Orlanth Adventurous"
    finally:
        service.close()


# --- casting ---------------------------------------------------------------------------------


async def test_cast_spirit_and_rune_spells_at_full_speed_and_restart(tmp_path: Path) -> None:
    service = open_demo(tmp_path)
    seen: list[Event] = []
    service.bus.subscribe(Event, seen.append)
    try:
        app: GmDashApp = dashboard_app(service, ScriptedRng([]))
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            # Bladesharp at 2 points, rolled 12 at the table: a special success (65%), 2 MP
            # (each field's keys in one burst; tab between fields as pilot.press, which waits for
            # the focus to move: Textual moves it only once the tab's turn comes)
            await pilot.press("s")
            await burst(pilot, *keys_of("blade"))
            await pilot.press("tab")
            await burst(pilot, "2")
            # boost, flat, augment, Rune, target, weapon, two boxes, then the D100
            await pilot.press(*["tab"] * 9)
            await burst(pilot, *keys_of("12"), "enter", "enter")
            assert len(app.screen_stack) == 1, "cast and closed"
            harvald = service.character(HARVALD)
            assert harvald.magic_points == 11 and harvald.cults[0].rune_points == 3
            # Lightning stacked to 3 Rune points from Orlanth's pool, rolled 70: a success
            await pilot.press("s")
            await burst(pilot, *keys_of("light"))
            await pilot.press("tab")
            await burst(pilot, "3")
            assert isinstance(app.screen, CastDialog)
            typed = app.screen.query_one("#typed")
            typed.value = "70"  # type: ignore[attr-defined]
            await pilot.pause()
            odds = rendered(app.screen.query_one("#costs", Static))
            assert "success" in odds and "3 RP" in odds
            await burst(pilot, "enter", "enter")
            assert len(app.screen_stack) == 1
            harvald = service.character(HARVALD)
            assert (harvald.magic_points, harvald.cults[0].rune_points) == (11, 0)
            # the pool is empty: the next Rune spell is refused, nothing is logged
            before = len(seen)
            await pilot.press("s")
            await burst(pilot, *keys_of("shield"))
            assert isinstance(app.screen, CastDialog)
            error = rendered(app.screen.query_one("#search-error", Static))
            assert "cannot cast: Orlanth Adventurous: only 0 Rune points left" in error
            await burst(pilot, "enter")
            assert isinstance(app.screen, CastDialog), "enter is refused"
            await burst(pilot, "escape")
            assert len(seen) == before
        spent = [(e.pool, e.amount) for e in seen if isinstance(e, PointsSpent)]
        assert spent == [("magic", 2), ("rune:Orlanth Adventurous", 3)]
        casts = [(e.label, e.roll, e.level) for e in seen if isinstance(e, RollMade)]
        assert casts == [("Bladesharp 2", 12, "special"), ("Lightning 3", 70, "success")]
    finally:
        service.close()
    with CampaignService.open(tmp_path, DEMO_NAME) as again:
        harvald = again.character(HARVALD)
        assert (harvald.magic_points, harvald.cults[0].rune_points) == (11, 0)


async def test_a_declared_spell_is_cast_at_its_strike_rank(tmp_path: Path) -> None:
    from gmdash.play import combat as runner
    from gmdash.play.combat import FoeSpec, Plan
    from gmdash.rules.combat import ActionKind
    from gmdash.tui.dialogs.combat_declare import DeclareDialog

    service = open_demo(tmp_path)
    service.start_session()
    broo = FoeSpec(name="Broo", dex=12, siz=13, hit_points=12, weapon="Club", skill=45,
                   damage="1D6")  # fmt: skip
    runner.begin(service, [HARVALD], [broo])
    seen: list[Event] = []
    service.bus.subscribe(Event, seen.append)
    try:
        app = dashboard_app(service)
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            await pilot.press("2", "s")  # declare for Harvald, the first combatant
            await pilot.pause()
            assert isinstance(app.screen, DeclareDialog)
            dialog = app.screen
            from textual.widgets import Select

            dialog.query_one("#weapon-0", Select).value = "spell:spirit::Bladesharp"
            await pilot.pause()
            assert dialog.query_one("#kind-0", Select).value == ActionKind.SPELL.value
            await pilot.press("ctrl+s")
            await pilot.pause()
            declared = service.state.combat
            assert declared is not None
            action = declared.combatant("k01").declared[0]
            # DEX 11: DEX SR 3, Bladesharp 2: one more
            assert (action.kind, action.label, action.sr) == (ActionKind.SPELL, "Bladesharp", 4)
            runner.declare(service, "k02", [Plan(kind=ActionKind.MELEE, weapon="Club")])
            await pilot.press("n")
            await pilot.pause()
            await pilot.press("t")
            await pilot.pause()
            assert isinstance(app.screen, CastDialog)
            assert app.screen.spell is not None and app.screen.spell.name == "Bladesharp"
            typed = app.screen.query_one("#typed")
            typed.value = "30"  # type: ignore[attr-defined]
            await pilot.pause()
            await pilot.press("enter", "enter")
            await pilot.pause()
        assert service.character(HARVALD).magic_points == 11
        assert [e.kind for e in seen if isinstance(e, RollMade)] == ["spell"]
        fight = service.state.combat
        assert fight is not None and fight.combatant("k01").resolved == (0,), "marked done (✓)"
        effects = service.state.effects
        assert [(e.label, e.target) for e in effects] == [("Bladesharp", HARVALD)]
    finally:
        service.close()


async def test_an_augment_is_rolled_before_the_cast(tmp_path: Path) -> None:
    service = open_demo(tmp_path)
    service.start_session()
    seen: list[RollMade] = []
    service.bus.subscribe(RollMade, seen.append)
    try:
        app = dashboard_app(service, ScriptedRng([]))
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            await pilot.press("s")
            await burst(pilot, *keys_of("blade"))
            dialog = app.screen
            assert isinstance(dialog, CastDialog)
            dialog.query_one("#augment").value = "orate"  # type: ignore[attr-defined]
            dialog.query_one("#typed").value = "08"  # type: ignore[attr-defined]
            await pilot.pause()
            await burst(pilot, "enter")  # Orate 40%: 08 is a special, +30
            assert dialog.augment_roll is not None
            await burst(pilot, *keys_of("50"), "enter", "enter")
        assert [(r.kind, r.label, r.chance, r.roll) for r in seen] == [
            ("augment", "Orate", 40, 8), ("spell", "Bladesharp 2", 95, 50)
        ]  # fmt: skip
        assert seen[1].details["augment_roll"] == seen[0].id
    finally:
        service.close()
