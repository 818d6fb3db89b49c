"""Issue 18's proof, whole: tonight's foes are pasted from the scenario's stat block, previewed,
kept as a bestiary template (ctrl+b), and a fight starts against three creatures spawned from it,
whose hit locations are four-legged, not humanoid. Every key typed ahead, without a pause."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from gmdash.model.combat_events import CombatStarted
from gmdash.play import bestiary, importing
from gmdash.tui.dialogs.character_import import CharacterImportDialog
from tests.tui.test_bestiary_tui import TO_CREATURES
from tests.tui.test_character_import import _keys, preview_built
from tests.tui.test_combat import SIZE, make_app, make_service

ROCK_LIZARD = (
    "Rock lizard\n"
    "STR 20 CON 14 SIZ 18 DEX 8 INT 2 POW 9 CHA 3\n"
    "Location      D20    Armor/HP\n"
    "Right hind leg 01-02  4/5\nLeft hind leg  03-04  4/5\nHindquarters   05-07  4/6\n"
    "Forequarters   08-10  4/6\nRight foreleg  11-13  4/4\nLeft foreleg   14-16  4/4\n"
    "Head           17-20  4/5\n"
    "Bite 45%, 1D10+1D6, SR 8\n"
)


@pytest.mark.slow
async def test_a_pasted_stat_block_becomes_three_foes_of_a_fight(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    app, seen = make_app(service)
    roster = [c.name for c in service.characters]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "i", *_keys(ROCK_LIZARD))
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CharacterImportDialog)
        await preview_built(pilot, dialog)  # rebuilt once typing paused
        shown = str(dialog.query_one("#import-preview", Static).render())
        assert "Rock lizard" in shown and "hindquarters" in shown
        assert "ctrl+b keeps it as a template" in str(dialog.query_one("#import-status").render())
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert not isinstance(app.screen, CharacterImportDialog)
        assert [c.name for c in service.characters] == roster  # the bestiary, not the roster
        kept = bestiary.template(service, "rock lizard")
        assert kept.hit_table == "quadruped"
        assert kept.characteristics["STR"] == "20" and kept.armour["hindquarters"] == 4

        await pilot.press("2", "b", *TO_CREATURES, *"rock lizard x3", "enter")
        await pilot.pause()
        started = next(e for e in seen if isinstance(e, CombatStarted))
        lizards = [c for c in started.combatants if c.foe is not None]
        assert [c.name for c in lizards] == ["Rock lizard 1", "Rock lizard 2", "Rock lizard 3"]
        for lizard in lizards:
            assert lizard.foe is not None and lizard.foe.hit_table == "quadruped"
            assert lizard.foe.characteristics["SIZ"] == 18  # the printed numbers, fixed
            assert set(lizard.foe.locations) == set(kept.armour)
    service.close()


def test_a_template_kept_twice_replaces_the_first(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    told = []
    for strength in ("20", "22"):
        block = ROCK_LIZARD.replace("STR 20", f"STR {strength}")
        source = importing.read_source(block, service.campaign.ruleset)
        told.append(importing.save_as_template(service, source)[1])
    assert told == [False, True]
    assert bestiary.template(service, "Rock lizard").characteristics["STR"] == "22"
    assert [t.name for t in bestiary.templates(service)].count("Rock lizard") == 1
    service.close()
