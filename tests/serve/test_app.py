"""The players' screen in Textual: what it draws, that it follows writes, that keys do nothing."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from helpers import screen_text

from gmdash.model.events import CharacterEdited, RollMade
from gmdash.play.campaign import CampaignService
from gmdash.serve.app import PlayersApp
from gmdash.serve.source import CampaignSource

from .night import GM_NOTE, HIDDEN_LABEL, a_night
from .test_view import folder_bytes

SLUG = "demo-the-pavis-road"


@pytest.fixture
def saves(tmp_path: Path) -> Iterator[Path]:
    with a_night(tmp_path):
        pass
    yield tmp_path


async def test_the_screen_shows_the_party_the_fight_and_public_rolls(saves: Path) -> None:
    app = PlayersApp(CampaignSource(saves, SLUG))
    async with app.run_test(size=(150, 40)) as pilot:
        await pilot.pause()
        text = screen_text(app)
    for seen in ("Demo — The Pavis Road · Freezeday, Stasis week, Storm Season 1625 · Session 1",
                 "Harvald Stormbrow (Ana)",
                 "bleeding, useless L arm", "10/15", "Round 1 · SR 6 · 1/3", "▶   6",
                 "Broo 1", "Scan  65%  12  success", "Gorehorn · Great Axe  success",
                 "(struck out)"):  # fmt: skip
        assert seen in text, seen
    assert HIDDEN_LABEL not in text
    assert GM_NOTE not in text


async def test_a_write_is_shown_at_the_next_poll(saves: Path) -> None:
    app = PlayersApp(CampaignSource(saves, SLUG))
    async with app.run_test(size=(150, 40)) as pilot:
        await pilot.pause()
        with CampaignService.open(saves, SLUG, remember=False) as gm:
            gm.publish(RollMade(actor="Korrath Sandstrider", label="Jump", kind="ability",
                                chance=50, roll=44, level="success"))  # fmt: skip
            gm.publish(RollMade(actor=None, label="Ambush ready", kind="ability", chance=30,
                                roll=5, level="special", hidden=True))  # fmt: skip
            meriel = gm.character("Meriel Greenhollow")
            gm.publish(CharacterEdited(character=replace(meriel, name="[b]Meriel[/b]")))
            gm.publish(RollMade(actor="Grima [/]", label="\x1b]0;PWNED\x07Sneak", kind="ability",
                                chance=40, roll=80, level="failure"))  # fmt: skip
            gm.end_session()
        app.poll()  # what the interval timer does every POLL_SECONDS
        await pilot.pause()
        text = screen_text(app)
    assert "Korrath Sandstrider · Jump  50%  44  success" in text
    assert "Ambush ready" not in text
    assert "[b]Meriel[/b] (Dev)" in text  # a name is text, never markup
    assert "Grima [/] · ␛]0;PWNED␇Sneak  failure" in text  # controls shown, never obeyed
    assert "Rolls · Session 1 (ended)" in text


async def test_keys_and_clicks_change_nothing(saves: Path) -> None:
    before = folder_bytes(saves)
    app = PlayersApp(CampaignSource(saves, SLUG))
    async with app.run_test(size=(150, 40)) as pilot:
        await pilot.pause()
        shown = screen_text(app)
        dashboard_keys = [*"rhHdaxtpRs12349bn+E", "delete", "enter", "ctrl+z", "ctrl+p"]
        await pilot.press(*dashboard_keys, "ctrl+s", "ctrl+e", "ctrl+g", "ctrl+w", "tab", "f1")
        await pilot.click("#party")
        await pilot.click("#rolls", offset=(5, 2))
        await pilot.pause()
        assert app.is_running
        assert screen_text(app) == shown
        assert len(app.screen_stack) == 1  # no palette, help or dialog opened
    assert folder_bytes(saves) == before


async def test_an_unreadable_campaign_keeps_the_last_view_and_says_why(saves: Path) -> None:
    app = PlayersApp(CampaignSource(saves, SLUG))
    async with app.run_test(size=(150, 40)) as pilot:
        await pilot.pause()
        (saves / SLUG / "campaign.json").write_text("{not json")
        app.poll()
        await pilot.pause()
        text = screen_text(app)
    assert "Not up to date: " in text.splitlines()[1]
    assert "the campaign's snapshot cannot be read" in "".join(text.splitlines()[1:3])
    assert str(saves) not in text.replace("\n", "")  # what every browser sees: no path
    assert "Harvald Stormbrow (Ana)" in text


async def test_a_narrow_screen_stacks_the_panes(saves: Path) -> None:
    app = PlayersApp(CampaignSource(saves, SLUG))
    async with app.run_test(size=(80, 50)) as pilot:
        await pilot.pause()
        party, combat, rolls = (app.query_one(f"#{name}").region for name in
                                ("party", "combat", "rolls"))  # fmt: skip
    assert party.width == combat.width == rolls.width == 80
    assert party.bottom <= combat.y < combat.bottom <= rolls.y
