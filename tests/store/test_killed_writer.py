"""A writer killed with SIGKILL at random moments loses nothing it acknowledged.

The child appends rolls (and a few damages and session changes) as fast as it can and prints
`ack <label>` after each roll is stored; the parent kills it after a seeded random number of
acknowledgements, then checks that every file loads and every acknowledged roll is there.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from helpers import sheet
from store_helpers import assert_files_whole

from gmdash.model.events import RollMade
from gmdash.play.campaign import CampaignService

ROOT = Path(__file__).resolve().parents[2]
NAME = "Killed Saga"
RUNS = 20

WRITER = """
import sys
from pathlib import Path
from gmdash.play.campaign import CampaignService
from gmdash.model.events import DamageApplied, HealingApplied, RollMade

saves, run = Path(sys.argv[1]), sys.argv[2]
svc = CampaignService.open(saves, "Killed Saga")
svc.ensure_session()
print("ready", flush=True)
i = 0
while True:
    i += 1
    label = f"r{run}-{i}"
    svc.publish(RollMade(actor="Ostra", character_id="c0001", label=label, kind="ability",
                         chance=50, roll=i % 100 + 1, level="success"))
    print("ack", label, flush=True)
    if i % 7 == 0:
        svc.publish(DamageApplied(character_id="c0001", amount=1, location="chest"))
        svc.publish(HealingApplied(character_id="c0001", amount=1, location="chest"))
    if i % 40 == 0:
        svc.end_session()
        svc.start_session()
"""


def test_sigkill_during_appends_loses_no_acknowledged_roll(tmp_path: Path) -> None:
    with CampaignService.create(tmp_path, NAME) as svc:
        svc.add_character(sheet())
    rng = random.Random(20260301)
    acknowledged: list[str] = []
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for run in range(RUNS):
        child = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(tmp_path), str(run)],
            stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env,
        )  # fmt: skip
        assert child.stdout is not None
        assert child.stdout.readline() == "ready\n"
        wanted = rng.randint(1, 120)
        while wanted:
            line = child.stdout.readline()
            assert line.startswith("ack "), line
            acknowledged.append(line.split()[1])
            wanted -= 1
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        for line in child.stdout:  # acks written before the kill landed
            acknowledged.append(line.split()[1])
        child.stdout.close()
        assert_files_whole(tmp_path / "killed-saga")
        with CampaignService.open(tmp_path, NAME) as svc:  # takes the dead writer's lock over
            events = svc.events("all")
            labels = {e.label for e in events if isinstance(e, RollMade)}
            missing = [label for label in acknowledged if label not in labels]
            assert not missing, f"run {run}: lost {missing[:5]}"
            assert svc.state.last_event_id == max(e.id for e in events)
            ostra, full = svc.character("Ostra"), sheet()
            lost = full.hit_points - ostra.hit_points
            assert lost >= 0  # each kill between a damage and its heal leaves one point
            assert full.locations["chest"] - ostra.locations["chest"] == lost  # consistent
    assert len(acknowledged) >= RUNS
