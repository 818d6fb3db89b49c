"""A player's roll is logged as theirs: the event keeps the player, and every reading of the log
(the detail, the exports, the players' view) says "Ana rolled for Harvald"."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from gmdash.formats.log_export import export
from gmdash.model.events import RollMade, event_from_dict
from gmdash.model.log import Record
from gmdash.play import log_reading
from gmdash.play.campaign import CampaignService
from gmdash.play.entry_detail import entry_detail
from gmdash.play.log_filter import searchable
from gmdash.play.player_rolls import player_roll
from gmdash.rules import SeededRng
from gmdash.serve.view import players_view
from gmdash.store.player_links import ensure_links
from tests.helpers import FakeClock, demo_service

HARVALD = "Harvald Stormbrow"


@pytest.fixture
def service(tmp_path: Path) -> CampaignService:
    service = demo_service(tmp_path / "saves", FakeClock())
    service.start_session()
    return service


def roll_as_player(service: CampaignService, **asked: object) -> str:
    """A roll of Harvald's player through their link; returns the player's name."""
    sheet = service.character(HARVALD)
    token = ensure_links(service.store.folder, [sheet.id])[sheet.id]
    request = {"token": token, "action": "roll", "what": "ability", "name": "Climb", **asked}
    player_roll(service, SeededRng(3), request)
    assert sheet.player
    return sheet.player


def rolls(service: CampaignService) -> list[Record]:
    return [r for r in log_reading.records(service) if isinstance(r.event, RollMade)]


def test_the_roll_and_its_augment_are_logged_as_the_players(service: CampaignService) -> None:
    player = roll_as_player(service, augment="Jump")
    augment, roll = (r.event for r in rolls(service))
    assert isinstance(augment, RollMade) and isinstance(roll, RollMade)
    assert (augment.player, roll.player) == (player, player)
    assert roll.actor == HARVALD  # the sheet still rolled: its ticks, its name in the filters
    # Read back from disk: the field is kept.
    with CampaignService.open(service.store.folder.parent, service.campaign.name,
                              read_only=True) as again:  # fmt: skip
        assert [e.player for e in again.events() if isinstance(e, RollMade)] == [player, player]


def test_a_game_masters_roll_and_an_older_log_have_no_player() -> None:
    old = {"type": "RollMade", "id": "0001-000001", "time": None, "session": 1,
           "actor": "Vasana", "kind": "ability", "label": "Scan", "chance": 65}  # fmt: skip
    event = event_from_dict(old)
    assert isinstance(event, RollMade) and event.player is None
    assert "player" not in event.to_dict()  # written as before
    assert event_from_dict(RollMade(kind="ability", player="Ana").to_dict()) == RollMade(
        kind="ability", player="Ana"
    )


def test_the_detail_and_the_search_name_the_player(service: CampaignService) -> None:
    player = roll_as_player(service)
    [record] = rolls(service)
    detail = entry_detail(record, [record])
    assert detail.title == f"{player} rolled for {HARVALD} · Climb"
    assert ("who", f"{player} rolled for {HARVALD}") in detail.fields
    assert player.casefold() in searchable(record.entry)


def test_every_export_names_the_player(service: CampaignService) -> None:
    player = roll_as_player(service)
    service.publish(RollMade(actor="Vasana", kind="ability", label="Scan", chance=65, roll=12,
                             level="success"))  # fmt: skip
    found = log_reading.records(service)
    journal = export(found, "md")
    assert f"**{player}** rolled for **{HARVALD}**: *Climb* at" in journal
    assert "**Vasana** rolled *Scan* at 65%" in journal
    table = export(found, "text")
    assert f"{player} rolled for {HARVALD}" in table
    rows = list(csv.DictReader(io.StringIO(export(found, "csv"))))
    by_label = {row["label"]: row for row in rows}
    assert (by_label["Climb"]["actor"], by_label["Climb"]["player"]) == (HARVALD, player)
    assert by_label["Scan"]["player"] == ""
    entries = {e["label"]: e for e in json.loads(export(found, "json"))}
    assert entries["Climb"]["player"] == player and entries["Scan"]["player"] is None


def test_the_players_view_shows_whose_roll_it_was(service: CampaignService) -> None:
    player = roll_as_player(service)
    view = players_view(service.state, service.log(rolls_only=True))
    [shown] = [r for r in view.rolls if r.label == "Climb"]
    assert shown.actor == f"{player} rolled for {HARVALD}"
    assert shown.chance is not None and shown.roll is not None  # a PC's roll: its numbers
