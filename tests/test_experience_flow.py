"""Experience over a campaign (RULES.md section 8): ticks in play, augments, improvement phase."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import demo_session

from gmdash.model.errors import ValidationError
from gmdash.model.events import AbilityTicked, CharacterEdited, Event, RollMade
from gmdash.play import experience
from gmdash.play.campaign import CampaignService
from gmdash.play.experience import ExperienceLine
from gmdash.rules import Difficulty, Level, ScriptedRng, SeededRng

HARVALD = "c0001"
IRVALA = "c0002"


@pytest.fixture
def service(tmp_path: Path) -> Iterator[CampaignService]:
    with demo_session(tmp_path) as svc:
        yield svc


def ability(service: CampaignService, cid: str, name: str) -> tuple[int, bool]:
    found = service.state.character(cid).ability(name)
    assert found is not None
    return found.value, found.ticked


# --- ticks in play ---------------------------------------------------------------------------


@pytest.mark.parametrize("level", [Level.CRITICAL, Level.SPECIAL, Level.SUCCESS])
def test_a_success_earns_a_tick(level: Level) -> None:
    assert experience.earns_tick(level)
    assert experience.earns_tick(str(level), difficulty=Difficulty.DIFFICULT)


@pytest.mark.parametrize(
    ("level", "kwargs"),
    [
        (Level.FAILURE, {}),
        (Level.FUMBLE, {}),
        (None, {}),
        (Level.SUCCESS, {"difficulty": Difficulty.EASY}),
        (Level.SUCCESS, {"difficulty": Difficulty.AUTOMATIC}),
        (Level.CRITICAL, {"at_stake": False}),
    ],
)
def test_no_tick(level: Level | None, kwargs: dict[str, object]) -> None:
    assert not experience.earns_tick(level, **kwargs)  # type: ignore[arg-type]


def test_tick_after_roll_ticks_once(service: CampaignService) -> None:
    seen: list[Event] = []
    service.bus.subscribe(AbilityTicked, seen.append)
    first = experience.tick_after_roll(service, HARVALD, "broadsword", Level.SUCCESS)
    assert first is not None and first.ability == "Broadsword"
    assert ability(service, HARVALD, "Broadsword") == (70, True)
    assert experience.tick_after_roll(service, HARVALD, "Broadsword", Level.CRITICAL) is None
    assert len(seen) == 1


def test_no_tick_for_failures_easy_or_nothing_at_stake(service: CampaignService) -> None:
    tick = experience.tick_after_roll
    assert tick(service, HARVALD, "Climb", Level.FAILURE) is None
    assert tick(service, HARVALD, "Climb", Level.SUCCESS, difficulty=Difficulty.EASY) is None
    assert tick(service, HARVALD, "Climb", Level.SUCCESS, at_stake=False) is None
    assert ability(service, HARVALD, "Climb") == (55, False)


def test_specialities_tick_separately(service: CampaignService) -> None:
    experience.tick_after_roll(service, HARVALD, "Lore (Orlanth)", Level.SUCCESS)
    assert ability(service, HARVALD, "Lore (Orlanth)")[1]
    assert not ability(service, HARVALD, "Lore (Homeland)")[1]


def test_unknown_character_or_ability_ticks_nothing(service: CampaignService) -> None:
    assert experience.tick_after_roll(service, "c0999", "Climb", Level.SUCCESS) is None
    assert experience.tick_after_roll(service, HARVALD, "Knit", Level.SUCCESS) is None


@pytest.mark.parametrize(
    ("name", "hidden"),
    [("Scan", True), ("Listen", True), ("Search", True), ("Insight (Human)", True),
     ("Reputation", True), ("Broadsword", False), ("Lore (Orlanth)", False)],
)  # fmt: skip
def test_perception_and_reputation_are_hidden_by_default(name: str, hidden: bool) -> None:
    assert experience.hidden_by_default(name) is hidden


# --- augments --------------------------------------------------------------------------------


def augment(service: CampaignService, cid: str, name: str) -> RollMade:
    return service.publish(
        RollMade(
            actor="x",
            character_id=cid,
            label=name,
            kind="augment",
            chance=50,
            roll=3,
            level="critical",
        )
    )


def test_an_ability_augments_once_per_session(service: CampaignService) -> None:
    harvald = service.state.character(HARVALD)
    assert experience.augment_refusal(service, harvald, "Orate") is None
    augment(service, HARVALD, "Orate")
    refusal = experience.augment_refusal(service, harvald, "orate")
    assert refusal is not None and "once per session" in refusal
    # another character's Orate, and another ability, are still free
    assert experience.augment_refusal(service, service.state.character(IRVALA), "Orate") is None
    assert experience.augment_refusal(service, harvald, "Battle") is None


def test_a_new_session_frees_the_augments(service: CampaignService) -> None:
    augment(service, HARVALD, "Orate")
    service.end_session()
    service.start_session()
    assert experience.augments_used(service, HARVALD) == set()


def test_a_struck_out_augment_does_not_count(service: CampaignService) -> None:
    made = augment(service, HARVALD, "Orate")
    service.strike_out(made.id)
    assert experience.augments_used(service, HARVALD) == set()


def test_augment_refusal_names_a_missing_ability(service: CampaignService) -> None:
    refusal = experience.augment_refusal(service, service.state.character(HARVALD), "Knit")
    assert refusal is not None and "no ability" in refusal


# --- the improvement phase ---------------------------------------------------------------------


def tick(service: CampaignService, *pairs: tuple[str, str]) -> None:
    for cid, name in pairs:
        service.publish(AbilityTicked(character_id=cid, ability=name))


def test_ticked_lines_list_every_ticked_ability(service: CampaignService) -> None:
    tick(service, (IRVALA, "Truth"), (HARVALD, "Broadsword"))
    lines = experience.ticked_lines(service)
    assert [(line.character_name, line.ability, line.value) for line in lines] == [
        ("Harvald Stormbrow", "Broadsword", 70),
        ("Irvala Greyquill", "Truth", 80),
    ]
    assert not any(line.rolled for line in lines)


def line(value: int) -> ExperienceLine:
    return ExperienceLine(character_id=HARVALD, character_name="H", ability="Climb", value=value)


def test_type_line_reads_the_rules() -> None:
    improved = experience.type_line(line(70), 71, 4)
    assert improved.result is not None and improved.result.new_value == 74
    same = experience.type_line(line(70), 70, None)
    assert same.result is not None and not same.result.improved and same.result.gain == 0
    # 100% and over: only a roll of 100 improves
    assert experience.type_line(line(100), 99, None).result.improved is False  # type: ignore[union-attr]
    top = experience.type_line(line(120), 100, 6).result
    assert top is not None and top.improved and top.new_value == 126


@pytest.mark.parametrize(
    ("roll", "gain", "field"), [(0, None, "roll"), (101, None, "roll"), (90, None, "gain"),
                                (90, 7, "gain"), (10, 0, "gain")],
)  # fmt: skip
def test_type_line_refuses_bad_dice(roll: int, gain: int | None, field: str) -> None:
    with pytest.raises(ValidationError) as caught:
        experience.type_line(line(70), roll, gain)
    assert caught.value.field == field


def test_roll_line_rolls_the_gain_only_on_success() -> None:
    failed = experience.roll_line(line(70), ScriptedRng([12]))
    assert failed.result is not None and not failed.result.improved
    improved = experience.roll_line(line(70), ScriptedRng([85, 5]))
    assert improved.result is not None and improved.result.new_value == 75


def test_apply_improvement_saves_logs_and_clears(service: CampaignService) -> None:
    tick(service, (HARVALD, "Broadsword"), (HARVALD, "Climb"), (IRVALA, "Truth"))
    lines = {x.ability: x for x in experience.ticked_lines(service)}
    rolled = [
        experience.type_line(lines["Broadsword"], 95, 3),  # 70 -> 73
        experience.type_line(lines["Climb"], 20, None),  # 55: no gain
        lines["Truth"],  # not rolled: stays ticked
    ]
    seen: list[Event] = []
    service.bus.subscribe(Event, seen.append)
    experience.apply_improvement(service, rolled)
    rolls = [e for e in seen if isinstance(e, RollMade)]
    assert [(r.label, r.kind, r.roll, r.level, r.details["gain"]) for r in rolls] == [
        ("Broadsword", "experience", 95, "success", 3),
        ("Climb", "experience", 20, "failure", 0),
    ]
    assert [e.character.id for e in seen if isinstance(e, CharacterEdited)] == [HARVALD]
    assert ability(service, HARVALD, "Broadsword") == (73, False)
    assert ability(service, HARVALD, "Climb") == (55, False)
    assert ability(service, IRVALA, "Truth") == (80, True)


def test_roll_all_with_a_seeded_rng_is_reproducible(service: CampaignService) -> None:
    tick(service, (HARVALD, "Broadsword"), (IRVALA, "Truth"))
    first = [experience.roll_line(x, SeededRng(3)) for x in experience.ticked_lines(service)]
    again = [experience.roll_line(x, SeededRng(3)) for x in experience.ticked_lines(service)]
    assert first == again


def test_four_free_ticks(service: CampaignService) -> None:
    given = experience.grant_free_ticks(
        service, {HARVALD: ["Climb", "Jump", "Swim", "Ride"], IRVALA: ["Truth"]}
    )
    assert len(given) == 5
    assert ability(service, HARVALD, "Swim")[1]


def test_more_than_four_free_ticks_changes_nothing(service: CampaignService) -> None:
    with pytest.raises(ValidationError):
        experience.grant_free_ticks(
            service,
            {IRVALA: ["Truth"], HARVALD: ["Climb", "Jump", "Swim", "Ride", "Dodge"]},
        )
    assert experience.ticked_lines(service) == []


def test_a_free_tick_on_a_ticked_ability_is_not_doubled(service: CampaignService) -> None:
    tick(service, (HARVALD, "Climb"))
    assert experience.grant_free_ticks(service, {HARVALD: ["Climb", "Jump"]})[0].ability == "Jump"


# --- retries (RQG): no further try after a failed retry ----------------------------------------


def test_no_second_retry_after_a_failed_retry(service: CampaignService) -> None:
    from gmdash.play import rolls

    harvald = service.character(HARVALD)
    climb = harvald.ability("Climb")
    assert climb is not None
    rng = SeededRng(1)
    rolls.roll_ability(service, rng, harvald, climb, rolls.AbilityPlan(base=55), typed=90)
    retry = rolls.AbilityPlan(base=55, retry=True)
    assert rolls.retry_refusal(service, HARVALD, "Climb") is None  # a first retry is allowed
    rolls.roll_ability(service, rng, harvald, climb, retry, typed=80)  # 30%: fails
    refusal = rolls.retry_refusal(service, HARVALD, "climb")
    assert refusal is not None and "until conditions change" in refusal
    before = len(service.events())
    with pytest.raises(ValidationError, match="until conditions change"):
        rolls.roll_ability(service, rng, harvald, climb, retry, typed=5)
    assert len(service.events()) == before  # nothing logged
    # a plain roll (conditions changed) is still allowed, and clears the refusal
    rolls.roll_ability(service, rng, harvald, climb, rolls.AbilityPlan(base=55), typed=20)
    assert rolls.retry_refusal(service, HARVALD, "Climb") is None


def test_a_successful_retry_or_another_ability_is_not_refused(service: CampaignService) -> None:
    from gmdash.play import rolls

    harvald = service.character(HARVALD)
    climb = harvald.ability("Climb")
    assert climb is not None
    retry = rolls.AbilityPlan(base=55, retry=True)
    rolls.roll_ability(service, SeededRng(1), harvald, climb, retry, typed=10)
    assert rolls.retry_refusal(service, HARVALD, "Climb") is None
    rolls.roll_ability(service, SeededRng(1), harvald, climb, retry, typed=99)
    assert rolls.retry_refusal(service, HARVALD, "Jump") is None
    assert rolls.retry_refusal(service, IRVALA, "Climb") is None
