"""Property: the saved state, the reopened state and a replay of the log always agree."""

from __future__ import annotations

import tempfile
from pathlib import Path

from helpers import FakeClock, sheet
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmdash.model import LOCATIONS, ValidationError
from gmdash.model.campaign import Campaign
from gmdash.model.events import (
    AbilityTicked,
    DamageApplied,
    Event,
    HealingApplied,
    PointsSpent,
    RollMade,
)
from gmdash.model.state import CampaignState
from gmdash.play.campaign import CampaignService

LOCATION = st.sampled_from([None, *LOCATIONS])
STEP = st.one_of(
    st.builds(lambda n, loc: DamageApplied(character_id="c0001", amount=n, location=loc),
              st.integers(0, 12), LOCATION),
    st.builds(lambda n, loc: HealingApplied(character_id="c0001", amount=n, location=loc),
              st.integers(0, 12), LOCATION),
    st.builds(lambda pool, n: PointsSpent(character_id="c0001", pool=pool, amount=n),
              st.sampled_from(["magic", "rune"]), st.integers(-3, 6)),
    st.builds(lambda name, on: AbilityTicked(character_id="c0001", ability=name, ticked=on),
              st.sampled_from(["Dodge", "Air", "Honor"]), st.booleans()),
    st.builds(lambda roll: RollMade(actor="Ostra", kind="ability", label="Dodge", chance=40,
                                    roll=roll, level="success"), st.integers(1, 100)),
    st.just("undo"),
    st.just("session"),
)  # fmt: skip


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(STEP, max_size=25))
def test_state_snapshot_reopen_and_replay_agree(steps: list[Event | str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        saves = Path(tmp)
        svc = CampaignService.create(saves, "Prop", clock=FakeClock(), durable=False)
        svc.add_character(sheet())
        for step in steps:
            try:
                if step == "undo":
                    svc.undo()
                elif step == "session":
                    svc.end_session() if svc.current_session else svc.start_session()
                else:
                    assert isinstance(step, Event)
                    svc.publish(step)
            except ValidationError:
                pass
        live = svc.state.to_dict()
        events = svc.events("all")
        svc.close()
        with CampaignService.open(saves, "Prop", read_only=True) as again:
            assert again.state.to_dict() == live
        replayed = CampaignState(campaign=Campaign(name="Prop", slug="prop"))
        for event in events:
            replayed.apply(event)
        assert replayed.to_dict() == live
