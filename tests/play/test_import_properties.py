"""Whatever text or JSON is imported, reading and previewing it never raises: it is a sheet
that fits, or one message saying why not; nothing is stored before saving."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmdash.model.errors import ValidationError
from gmdash.play.campaign import CampaignService
from gmdash.play.importing import NotReadable, preview, read_source
from tests.formats.foundry_samples import full_adventurer
from tests.helpers import FakeClock, demo_service

TOKENS = st.sampled_from([
    "STR", "CON", "SIZ", "DEX", "INT", "POW", "CHA", "FOR", "TAI", "POU", "APP", "HP", "SR",
    "Hit points", "Damage bonus", "Location D20 Armor/HP", "Right leg", "Head", "Skills:",
    "Runes:", "Spirit magic:", "Rune magic:", "Cult:", "Notes:", "Broadsword", "Air", "Loyalty",
    "1D8+1+1D4", "999D999", "0", "13", "01-04", "3/4", "%", ",", ";", "(", ")", "\n", "  ",
    "\t", "—", "é", "\x1b[31m", "\u202e", "-", "+", ":",
])  # fmt: skip
TEXT = st.lists(st.one_of(TOKENS, st.text(max_size=6)), max_size=60).map(" ".join)


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CampaignService]:
    svc = demo_service(tmp_path_factory.mktemp("saves"), FakeClock())
    yield svc
    svc.close()


def _check(service: CampaignService, text: str) -> None:
    before = len(service.characters)
    try:
        source = read_source(text, service.campaign.edition.ruleset)
    except (NotReadable, ValidationError):
        return
    found = preview(service, source)
    assert found.ready != bool(found.error)
    assert len(service.characters) == before


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(TEXT)
def test_any_stat_block_text_previews_or_says_why(service: CampaignService, text: str) -> None:
    _check(service, text)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                  max_size=4),
    max_leaves=20,
)  # fmt: skip
PATHS = st.sampled_from([
    ("system", "attributes"), ("system", "attributes", "move"), ("system", "attributes", "health"),
    ("system", "characteristics", "power"), ("items", 0, "system"),
    ("items", 8, "system"), ("items", 14, "system", "usage"), ("items", 17, "system"),
    ("items", 19, "system"), ("system",), ("items", 3), ("prototypeToken",), ("effects",),
])  # fmt: skip


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(PATHS, JSON)
def test_a_foundry_actor_with_anything_anywhere_previews_or_says_why(
    service: CampaignService, path: tuple[Any, ...], junk: object
) -> None:
    actor: Any = full_adventurer()
    target = actor
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = junk
    _check(service, json.dumps(actor))


def test_a_huge_paste_is_refused_as_a_whole(service: CampaignService) -> None:
    source = read_source("STR 13 " * 20_000)
    found = preview(service, source)
    assert not found.ready
    assert source.reading is not None
    assert source.reading.unread == ["the text is longer than 100,000 characters: not read"]
