"""A writer killed with SIGKILL at random moments loses nothing it acknowledged.

The child appends rolls (and a few damages and session changes) as fast as it can and prints
`ack <label>` after each roll is stored; the parent kills it after a seeded random number of
acknowledgements, then checks that every file loads and every acknowledged roll is there. The
same into a long session (5,000 events already in it) and in the middle of improvement phases
(all of a phase or none of it).

CI runs each scenario `GMDASH_KILL_RUNS` times (default 8); the full proof is
`GMDASH_KILL_RUNS=100 .venv/bin/python -m pytest -p no:xdist tests/store/test_killed_writer.py`.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import FakeClock, sheet
from store_helpers import assert_files_whole

from gmdash.model.events import RollMade
from gmdash.play.campaign import CampaignService

EXPERIENCE_KIND = "experience"

ROOT = Path(__file__).resolve().parents[2]
NAME = "Killed Saga"
RUNS = int(os.environ.get("GMDASH_KILL_RUNS", "8"))
LONG_SESSION = 5_000

WRITER = """
import sys
from pathlib import Path
from gmdash.play.campaign import CampaignService
from gmdash.model.events import AbilityTicked, DamageApplied, Event, HealingApplied, RollMade
from gmdash.play.experience import apply_improvement, ticked_lines, type_line

saves, run, mode = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
svc = CampaignService.open(saves, "Killed Saga")
svc.ensure_session()
print("ready", flush=True)
hero = svc.character(f"Hero {run}") if mode == "improve" else None
if hero is not None:  # a line per stored event: the parent kills at any event of a phase
    svc.bus.subscribe(Event, lambda event: print("step", flush=True))
i = 0
while True:
    i += 1
    label = f"r{run}-{i}"
    if hero is not None:
        for ability in ("Dodge", "Broadsword"):
            svc.publish(AbilityTicked(character_id=hero.id, ability=ability))
        lines = [type_line(line, 100, 1) for line in ticked_lines(svc)]
        apply_improvement(svc, lines)
        print("ack", label, flush=True)
        continue
    svc.publish(RollMade(actor="Ostra", character_id="c0001", label=label, kind="ability",
                         chance=50, roll=i % 100 + 1, level="success"))
    print("ack", label, flush=True)
    if i % 7 == 0:
        svc.publish(DamageApplied(character_id="c0001", amount=1, location="chest"))
        svc.publish(HealingApplied(character_id="c0001", amount=1, location="chest"))
    if mode == "short" and i % 40 == 0:
        svc.end_session()
        svc.start_session()
"""


def _kill_after(saves: Path, run: int, mode: str, wanted: int) -> list[str]:
    """Start a writer, SIGKILL it after `wanted` lines; the labels acknowledged."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(saves), str(run), mode],
        stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env,
    )  # fmt: skip
    assert child.stdout is not None
    assert child.stdout.readline() == "ready\n"
    acknowledged = []
    while wanted:
        line = child.stdout.readline()
        assert line.startswith(("ack ", "step")), line
        if line.startswith("ack "):
            acknowledged.append(line.split()[1])
        wanted -= 1
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    acknowledged += [line.split()[1] for line in child.stdout if line.startswith("ack ")]
    child.stdout.close()
    return acknowledged


def _check_rolls(saves: Path, acknowledged: list[str], run: int) -> None:
    assert_files_whole(saves / "killed-saga")
    with CampaignService.open(saves, NAME) as svc:  # takes the dead writer's lock over
        events = svc.events("all")
        labels = {e.label for e in events if isinstance(e, RollMade)}
        missing = [label for label in acknowledged if label not in labels]
        assert not missing, f"run {run}: lost {missing[:5]}"
        assert svc.state.last_event_id == max(e.id for e in events)
        ostra, full = svc.character("Ostra"), sheet()
        lost = full.hit_points - ostra.hit_points
        assert lost >= 0  # each kill between a damage and its heal leaves one point
        assert full.locations["chest"] - ostra.locations["chest"] == lost  # consistent


@pytest.mark.parametrize("mode", ["short", "long"])
def test_sigkill_during_appends_loses_no_acknowledged_roll(tmp_path: Path, mode: str) -> None:
    with CampaignService.create(tmp_path, NAME, clock=FakeClock(), durable=False) as svc:
        svc.add_character(sheet())
        if mode == "long":  # the open session already holds thousands of events
            svc.start_session()
            for index in range(LONG_SESSION):
                svc.publish(RollMade(kind="dice", expression="1D6", total=index % 6 + 1))
    rng = random.Random(20260301)
    acknowledged: list[str] = []
    for run in range(RUNS):
        acknowledged += _kill_after(tmp_path, run, mode, rng.randint(1, 120))
        _check_rolls(tmp_path, acknowledged, run)
    assert len(acknowledged) >= RUNS


def test_sigkill_mid_improvement_leaves_all_of_a_phase_or_none(tmp_path: Path) -> None:
    with CampaignService.create(tmp_path, NAME, clock=FakeClock(), durable=False) as svc:
        svc.add_character(sheet())
        for run in range(RUNS):
            svc.add_character(sheet(f"Hero {run}"))
    rng = random.Random(20260302)
    for run in range(RUNS):
        acknowledged = _kill_after(tmp_path, run, "improve", rng.randint(1, 30))
        assert_files_whole(tmp_path / "killed-saga")
        with CampaignService.open(tmp_path, NAME) as svc:
            hero = svc.character(f"Hero {run}")
            rolls = [e for e in svc.events("all") if isinstance(e, RollMade)
                     and e.kind == EXPERIENCE_KIND and e.character_id == hero.id]  # fmt: skip
            by_ability = {name: sum(1 for e in rolls if e.label == name)
                          for name in ("Dodge", "Broadsword")}  # fmt: skip
            assert by_ability["Dodge"] == by_ability["Broadsword"] >= len(acknowledged)
            dodge, sword = hero.ability("Dodge"), hero.ability("Broadsword")
            assert dodge is not None and sword is not None
            # every logged experience roll's gain is on the sheet, and no phase half-applied
            assert dodge.value == 40 + by_ability["Dodge"], f"run {run}"
            assert sword.value == 55 + by_ability["Broadsword"], f"run {run}"
