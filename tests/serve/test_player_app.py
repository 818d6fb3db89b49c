"""A player's page in Textual: their own sheet beside the table, and their rolls asked of the
dashboard (here a stand-in for `channel.ask`) in a thread, the answer or the refusal shown."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from helpers import screen_text

from gmdash.model.events import NotesChanged
from gmdash.play.campaign import CampaignService
from gmdash.serve.player_app import NO_DASHBOARD, NO_SHEET, WAITING, PlayerApp
from gmdash.serve.player_source import PlayerSource
from gmdash.serve.sheet import own_sheet
from gmdash.store.channel import ChannelError, Reply, Request
from gmdash.store.player_links import ensure_links, revoke

from .night import GM_NOTE, a_night

SLUG = "demo-the-pavis-road"
OWN_NOTE = "Harvald is the lost heir (the GM's secret)"
LINE = "Ana rolled for Harvald Stormbrow: Climb 55%: 23 success"


@dataclass
class Dashboard:
    """What the page asks of the dashboard, and what it answers."""

    reply: Reply | None = field(default_factory=lambda: {"ok": True, "text": LINE})
    error: str | None = None
    asked: list[Request] = field(default_factory=list)
    folders: list[Path] = field(default_factory=list)
    hold: threading.Event | None = None

    def __call__(self, folder: Path, request: Request) -> Reply | None:
        self.asked.append(request)
        self.folders.append(folder)
        if self.hold is not None:
            assert self.hold.wait(30)  # the test lets the GM answer
        if self.error is not None:
            raise ChannelError(self.error)
        return self.reply


@dataclass
class Night:
    saves: Path
    token: str
    harvald: str
    irvala: str


@pytest.fixture
def night(tmp_path: Path) -> Iterator[Night]:
    with a_night(tmp_path) as service:
        harvald = service.character("Harvald Stormbrow")
        service.publish(NotesChanged(character_id=harvald.id, text=OWN_NOTE))
        token = ensure_links(service.store.folder, [harvald.id])[harvald.id]
        irvala = service.character("Irvala Greyquill").id
    yield Night(tmp_path, token, harvald.id, irvala)


def app_for(night: Night, dashboard: Dashboard) -> PlayerApp:
    return PlayerApp(PlayerSource(night.saves, SLUG, night.token), ask=dashboard)


def downs(app: PlayerApp, name: str) -> list[str]:
    """The keys that move the roll list's highlight from its first line to `name`."""
    names = [c.name if c else None for c in app.choices]
    start = app.query_one("#rollables").highlighted  # type: ignore[attr-defined]
    between = names[start : names.index(name)]
    return ["down"] * sum(1 for n in between if n is not None)  # headings are skipped


async def answered(app: PlayerApp) -> None:
    await app.workers.wait_for_complete()


async def test_the_page_shows_the_players_own_sheet_and_the_table_never_the_gms_notes(
    night: Night,
) -> None:
    app = app_for(night, Dashboard())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        own = screen_text(app)
        await pilot.press("t")
        await pilot.pause()
        table = screen_text(app)
    for seen in ("Harvald Stormbrow (Ana)", "HP ███████░░░ 10/15", "MP 13/13",
                 "-1/4 (5)", "Characteristics", "STR  16", "Abilities",
                 "Dodge  30%", " r  Roll"):  # fmt: skip
        assert seen in own, seen
    assert "Party" in table and "Irvala Greyquill (Ben)" in table
    for text in (own, table):
        assert OWN_NOTE not in text and GM_NOTE not in text


async def test_a_wide_page_shows_the_sheet_beside_the_table_and_a_narrow_one_either(
    night: Night,
) -> None:
    app = app_for(night, Dashboard())
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        wide = screen_text(app)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        narrow = screen_text(app)
        await pilot.press("t")
        await pilot.pause()
        narrow_table = screen_text(app)
    assert "Harvald Stormbrow (Ana)" in wide and "Abilities" in wide and "Party" in wide
    assert " c  Character" not in wide  # nothing to switch: both are shown
    assert "Abilities" in narrow and "Party" not in narrow and " t  Table" in narrow
    assert "Party" in narrow_table and "Abilities" not in narrow_table


def test_the_own_sheet_is_the_links_player_characters_only(night: Night) -> None:
    with CampaignService.open(night.saves, SLUG, read_only=True) as service:
        sheet = own_sheet(service.state, night.harvald)
        assert sheet is not None and sheet.name == "Harvald Stormbrow"
        assert OWN_NOTE not in repr(sheet)
        assert [s.name for s in sheet.spells][:1] == ["Bladesharp"]
        gorehorn = service.character("Gorehorn").id
        assert own_sheet(service.state, gorehorn) is None  # an NPC's sheet: never
        assert own_sheet(service.state, "no-such-id") is None
        assert own_sheet(service.state, None) is None


async def test_an_ability_roll_with_an_augment_is_asked_and_its_answer_shown(
    night: Night,
) -> None:
    dashboard = Dashboard()
    app = app_for(night, dashboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*downs(app, "Climb"))
        app.query_one("#augment").value = "Jump"  # type: ignore[attr-defined]
        await pilot.press("r")
        await answered(app)
        await pilot.pause()
        assert LINE in screen_text(app)
        assert app.query_one("#answer").has_class("-ok")
    assert dashboard.asked == [{"kind": "player", "token": night.token, "action": "roll",
                                "what": "ability", "name": "Climb", "augment": "Jump"}]  # fmt: skip
    assert dashboard.folders == [night.saves / SLUG]


async def test_the_augment_list_offers_every_ability_but_the_one_rolled(night: Night) -> None:
    app = app_for(night, Dashboard())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        abilities = [a.name for a in app.sheet.abilities]  # type: ignore[union-attr]
        await pilot.press(*downs(app, "Climb"))
        assert app.augments == [name for name in abilities if name != "Climb"]
        app.query_one("#augment").value = "Jump"  # type: ignore[attr-defined]
        await pilot.press(*downs(app, "Jump"))
        assert app.augments == [name for name in abilities if name != "Jump"]
        # the augment chosen is not offered for itself: nothing is chosen any more
        assert app.query_one("#augment").value not in abilities  # type: ignore[attr-defined]
        await pilot.press("down")  # the next ability: Jump is offered again
        assert "Jump" in app.augments


async def test_keys_typed_at_once_pick_a_characteristic_its_multiplier_and_roll(
    night: Night,
) -> None:
    dashboard = Dashboard()
    app = app_for(night, dashboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # POW, then tab past the (skipped) augment to the multiplier, x3, then the Roll button.
        await pilot.press(*downs(app, "POW"), "tab", "enter", "up", "up", "enter", "tab",
                          "enter")  # fmt: skip
        await answered(app)
        await pilot.pause()
    (asked,) = dashboard.asked
    assert asked == {"kind": "player", "token": night.token, "action": "roll",
                     "what": "characteristic", "name": "POW", "multiplier": 3}  # fmt: skip


async def test_a_spell_is_asked_by_its_name(night: Night) -> None:
    dashboard = Dashboard()
    app = app_for(night, dashboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*downs(app, "Bladesharp"), "r")
        await answered(app)
    assert [(r["what"], r["name"]) for r in dashboard.asked] == [("spell", "Bladesharp")]
    assert "augment" not in dashboard.asked[0] and "multiplier" not in dashboard.asked[0]


async def test_while_the_gm_decides_the_page_waits_and_sends_nothing_more(night: Night) -> None:
    dashboard = Dashboard(hold=threading.Event())
    app = app_for(night, dashboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*downs(app, "Climb"), "r")
        await pilot.pause()
        assert f"Climb: {WAITING}" in screen_text(app)
        assert app.query_one("#roll").disabled
        await pilot.press("r")  # a second roll while one is out: nothing sent
        await pilot.press("t")
        await pilot.pause()
        assert "Party" in screen_text(app)  # the screen goes on meanwhile
        assert dashboard.hold is not None
        dashboard.hold.set()
        await answered(app)
        await pilot.pause()
        assert LINE in screen_text(app)
        assert not app.query_one("#roll").disabled
    assert len(dashboard.asked) == 1


@pytest.mark.parametrize(
    ("dashboard", "shown"),
    [
        (Dashboard(reply={"ok": False, "error": "the GM has players' rolls off"}),
         "the GM has players' rolls off"),
        (Dashboard(reply=None), NO_DASHBOARD),
        (Dashboard(error="the dashboard did not answer within 60 s"),
         "the dashboard did not answer within 60 s"),
        (Dashboard(reply={"ok": "yes"}), "The GM's dashboard refused."),
    ],
)  # fmt: skip
async def test_a_refusal_or_no_dashboard_is_said_on_the_page(
    night: Night, dashboard: Dashboard, shown: str
) -> None:
    app = app_for(night, dashboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await answered(app)
        await pilot.pause()
        assert shown in screen_text(app)
        assert app.query_one("#answer").has_class("-refused")


async def test_a_revoked_link_shows_no_sheet_and_asks_nothing(night: Night) -> None:
    dashboard = Dashboard()
    app = app_for(night, dashboard)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        revoke(night.saves / SLUG, night.harvald)
        app.poll()  # what the interval timer does every POLL_SECONDS
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        text = screen_text(app)
    assert NO_SHEET in text and "Dodge" not in text
    assert dashboard.asked == []
