"""Effects and their events read back as written; a bad one is refused with its field."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmdash.model.effect_events import EffectEnded, EffectStarted, TimePassed
from gmdash.model.effects import Modifier, TimedEffect
from gmdash.model.errors import ValidationError
from gmdash.model.events import event_from_dict
from gmdash.rules.spells import ModifierKind

modifiers = st.builds(
    Modifier,
    kind=st.sampled_from([k for k in ModifierKind if not k.needs_name]),
    amount=st.integers(-999, 999),
    name=st.one_of(st.none(), st.sampled_from(["Broadsword", "head", "Dodge"])),
)


@st.composite
def timed_effects(draw: st.DrawFn) -> TimedEffect:
    duration = draw(st.integers(1, 10_000))
    return TimedEffect(
        id=f"e{draw(st.integers(1, 9999)):04d}",
        target="c0001",
        target_name="Ostra",
        label=draw(st.sampled_from(["Bladesharp", "Protection", "-20% all rolls"])),
        points=draw(st.integers(0, 99)),
        modifiers=tuple(draw(st.lists(modifiers, max_size=3))),
        duration=duration,
        left=draw(st.integers(0, duration)),
    )


@given(timed_effects())
def test_an_effect_reads_back_as_written(effect: TimedEffect) -> None:
    assert TimedEffect.from_dict(effect.to_dict()) == effect
    started = EffectStarted(effect=effect)
    assert event_from_dict(started.to_dict()) == started


def test_the_other_events_read_back() -> None:
    for event in (
        EffectEnded(effect_id="e0001", label="Bladesharp 4", target_name="Ostra"),
        TimePassed(seconds=600, reason="10 min pass", ended=("e0001",), ended_text=("x",)),
    ):
        assert event_from_dict(event.to_dict()) == event


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"left": 200}, "effect.left"),
        ({"duration": 0}, "effect.duration"),
        ({"label": ""}, "effect.label"),
        ({"modifiers": [{"kind": "luck", "amount": 1}]}, "effect.modifiers[0].kind"),
        ({"modifiers": [{"kind": "characteristic", "amount": 1}]}, "effect.modifiers[0].name"),
    ],
)
def test_a_bad_effect_is_refused_with_its_field(change: dict[str, object], field: str) -> None:
    raw = {"id": "e0001", "target": "c0001", "label": "Shimmer", "duration": 120, "left": 60}
    with pytest.raises(ValidationError) as error:
        TimedEffect.from_dict({**raw, **change})
    assert error.value.field == field
