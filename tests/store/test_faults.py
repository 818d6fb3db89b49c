"""Fault injection over a scripted evening: the Nth write, fsync, rename or mkdir fails, for
every N. After each fault the campaign opens, what was acknowledged is all there, and a step
that failed left nothing of itself (the improvement phase: all of it or none)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from evening import NAME, ROLLS, run_evening
from fake_os import KINDS, FaultyOS, PowerLossRecorder, installed
from store_helpers import assert_files_whole

from gmdash.model.events import RollMade
from gmdash.play.campaign import CampaignService
from gmdash.store.paths import slugify

EXPERIENCE_KIND = "experience"


def _count_calls(tmp_path: Path) -> dict[str, int]:
    layer = FaultyOS()
    with installed(layer):
        run_evening(tmp_path / "count", lambda _: None)
    return layer.calls


def check_evening(saves: Path, acked: list[str]) -> None:
    """The campaign opens (if its creation was acknowledged) and holds exactly what the
    acknowledgements say."""
    if "created" not in acked:
        folder = saves / slugify(NAME)
        if (folder / "campaign.json").exists():  # created whole, just not acknowledged
            CampaignService.open(saves, NAME, read_only=True).close()
        return
    with CampaignService.open(saves, NAME) as svc:
        rolls = [e for e in svc.events("all") if isinstance(e, RollMade)]
        labels = {e.label for e in rolls if e.kind != EXPERIENCE_KIND}
        for index in range(ROLLS):
            if f"roll {index}" in acked:
                assert f"roll {index}" in labels
        experience = [e for e in rolls if e.kind == EXPERIENCE_KIND]
        if "character" not in acked:
            return
        ostra = svc.character("Ostra")
        dodge = ostra.ability("Dodge")
        assert dodge is not None
        if "improvement" in acked:
            assert len(experience) == 2 and not dodge.ticked and dodge.value == 43
        elif "ticks" in acked:  # not acknowledged: none of it, or all of it
            assert len(experience) in (0, 2)
            assert (len(experience) == 2) == (not dodge.ticked)
        if "damage" in acked:
            assert ostra.hit_points <= sheet_hp() - 1
    assert_files_whole(saves / slugify(NAME))


def sheet_hp() -> int:
    from helpers import sheet

    return sheet().hit_points


def test_the_evening_without_faults_acknowledges_every_step(tmp_path: Path) -> None:
    acked: list[str] = []
    run_evening(tmp_path, acked.append)
    assert acked[-1] == "closed"
    check_evening(tmp_path, acked)


@pytest.mark.parametrize("kind", KINDS)
def test_a_fault_at_every_call_keeps_what_was_acknowledged(tmp_path: Path, kind: str) -> None:
    total = _count_calls(tmp_path)[kind]
    assert total > 0
    for fail_at in range(1, total + 1):
        saves = tmp_path / f"{kind}-{fail_at}"
        acked: list[str] = []
        layer = FaultyOS(kind, fail_at)
        with installed(layer):
            run_evening(saves, acked.append)
        assert layer.fired
        leftovers = [p for p in saves.rglob("*") if p.name.endswith(".tmp")]
        assert not leftovers, f"{kind} {fail_at}: partial files left: {leftovers}"
        assert not any((saves / ".incoming").glob("*")), "a half-built campaign folder"
        check_evening(saves, acked)


@pytest.mark.parametrize("seed", range(4))
def test_power_loss_at_any_point_keeps_what_was_acknowledged(tmp_path: Path, seed: int) -> None:
    recorder = PowerLossRecorder(tmp_path)
    with installed(recorder):
        run_evening(tmp_path / "saves", recorder.ack)
    rng = random.Random(seed)
    points = range(1, len(recorder.log) + 1)
    for crash_at in points:
        target = tmp_path / f"after-{seed}-{crash_at}"
        acked = recorder.crash(crash_at, rng, target)
        check_evening(target / "saves", acked)
