"""A player's link rolls their own character's abilities and characteristics, publicly, with the
dashboard's dice; every other request is refused on the dashboard's side and logs nothing."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import pytest

from gmdash.model.events import RollMade
from gmdash.play.campaign import CampaignService
from gmdash.play.player_rolls import Refused, player_roll
from gmdash.rules import SeededRng
from gmdash.store.player_links import LINKS_FILE, ensure_links, revoke
from tests.helpers import FakeClock, demo_service


@pytest.fixture
def service(tmp_path: Path) -> CampaignService:
    service = demo_service(tmp_path / "saves", FakeClock())
    service.start_session()
    return service


def pc(service: CampaignService, start: str) -> Any:
    return next(c for c in service.characters if c.name.startswith(start))


def token_of(service: CampaignService, start: str) -> str:
    sheet = pc(service, start)
    return ensure_links(service.store.folder, [sheet.id])[sheet.id]


def rolls(service: CampaignService) -> list[RollMade]:
    return [e for e in service.events() if isinstance(e, RollMade)]


def test_a_player_rolls_their_own_ability_in_public(service: CampaignService) -> None:
    token = token_of(service, "Harvald")
    done = player_roll(service, SeededRng(3), {"token": token, "action": "roll",
                                               "what": "ability", "name": "Climb"})  # fmt: skip
    [event] = rolls(service)
    assert event.actor == "Harvald Stormbrow" and event.label == "Climb" and not event.hidden
    sheet = pc(service, "Harvald")
    assert done.text == (f"{sheet.player} rolled for Harvald Stormbrow: Climb {event.chance}%: "
                         f"{event.roll:02d} {event.level}")  # fmt: skip
    links = service.store.folder / LINKS_FILE
    assert stat.S_IMODE(os.stat(links).st_mode) == 0o600


def test_an_augment_from_the_same_sheet_is_rolled_first(service: CampaignService) -> None:
    token = token_of(service, "Harvald")
    player_roll(service, SeededRng(3), {"token": token, "action": "roll", "what": "ability",
                                        "name": "Climb", "augment": "Jump"})  # fmt: skip
    augment, roll = rolls(service)
    assert augment.kind == "augment" and augment.label == "Jump"
    assert roll.label == "Climb" and any("augment (Jump" in m for m in roll.modifiers)


def test_a_characteristic_roll(service: CampaignService) -> None:
    token = token_of(service, "Harvald")
    player_roll(service, SeededRng(3), {"token": token, "action": "roll",
                                        "what": "characteristic", "name": "POW",
                                        "multiplier": 3})  # fmt: skip
    [event] = rolls(service)
    assert event.label == "POW x3"


REFUSED: list[tuple[dict[str, Any], str]] = [
    ({"token": "not-a-token"}, "no such link"),
    ({"token": 12}, "no such link"),
    ({"token": ""}, "no such link"),
    ({"action": "damage"}, "only rolls"),
    ({"action": "undo"}, "only rolls"),
    ({"character": "Irvala Greyquill"}, "own character"),
    ({"character": "c0002"}, "own character"),
    ({"hidden": True}, "public"),
    ({"what": "dice"}, "rolls one of"),
    ({"what": "cast"}, "rolls one of"),
    ({"what": "spell"}, "knows no spell"),
    ({"name": "Sorcery of the GM"}, "has no ability"),
    ({"name": 3}, "short text"),
    ({"name": "x" * 500}, "short text"),
    ({"augment": "Nothing"}, "to augment with"),
    ({"augment": "Climb"}, "to augment with"),
    ({"what": "characteristic", "name": "LUCK"}, "no characteristic"),
    ({"what": "characteristic", "name": "POW", "multiplier": 9}, "x1 to x5"),
    ({"what": "characteristic", "name": "POW", "multiplier": True}, "x1 to x5"),
]


@pytest.mark.parametrize(("changes", "said"), REFUSED)
def test_what_a_link_can_never_do_is_refused_and_logs_nothing(
    service: CampaignService, changes: dict[str, Any], said: str
) -> None:
    request = {"token": token_of(service, "Harvald"), "action": "roll", "what": "ability",
               "name": "Climb", **changes}  # fmt: skip
    before = service.state.to_dict()
    with pytest.raises(Refused, match=said):
        player_roll(service, SeededRng(3), request)
    assert rolls(service) == [] and service.state.to_dict() == before


def test_a_revoked_link_and_a_link_to_a_non_player_character_are_dead(
    service: CampaignService,
) -> None:
    token = token_of(service, "Harvald")
    assert revoke(service.store.folder, pc(service, "Harvald").id)
    npc = next(c for c in service.characters if c.kind == "npc")
    npc_token = ensure_links(service.store.folder, [npc.id])[npc.id]
    for dead in (token, npc_token):
        with pytest.raises(Refused, match="no such link"):
            player_roll(service, SeededRng(3), {"token": dead, "action": "roll",
                                                "what": "ability", "name": "Climb"})  # fmt: skip
    assert rolls(service) == []


def cast(service: CampaignService, token: str, spell: str, seed: int = 3) -> Any:
    return player_roll(service, SeededRng(seed), {"token": token, "action": "roll",
                                                  "what": "spell", "name": spell})  # fmt: skip


def test_a_player_casts_their_own_spell_and_spends_as_the_dashboard_would(
    service: CampaignService,
) -> None:
    token = token_of(service, "Harvald")
    before = pc(service, "Harvald").magic_points
    done = cast(service, token, "Bladesharp")
    [event] = rolls(service)
    assert (
        event.actor == "Harvald Stormbrow"
        and event.label is not None
        and "Bladesharp" in event.label
    )
    assert not event.hidden
    spent = before - pc(service, "Harvald").magic_points
    assert spent == (0 if event.level in ("failure", "fumble") else 2)
    assert done.text.startswith(f"{pc(service, 'Harvald').player} rolled for Harvald Stormbrow: ")
    assert done.text.endswith(f"{event.roll:02d} {event.level}")


@pytest.mark.parametrize("spell", ["Detect Enemies", "Analyze Magic", "Nonesuch", ""])
def test_a_player_casts_no_spell_but_their_own_sheets(service: CampaignService, spell: str) -> None:
    token = token_of(service, "Harvald")  # Irvala's spells are not on Harvald's sheet
    before = pc(service, "Harvald").magic_points
    with pytest.raises(Refused):
        cast(service, token, spell)
    assert rolls(service) == [] and pc(service, "Harvald").magic_points == before
