"""Store benchmark: the cost of one roll as the open session and the campaign grow.

Run: `python bench/store.py`. Prints, from one run:

- the cost of appending one roll (the best of 5 rounds of the cases in turn, each the median
  of 100 appends; with and without fsync) with 0, 1,000, 10,000 and 30,000 events
  already in the open session, and with 0 and 100,000 rolls in the campaign's closed sessions
  (about 330 per session, so 100,000 rolls = 304 sessions), each as a ratio to the empty case
  (target: 1.5x or less everywhere);
- the time to open a 100,000-roll campaign (for writing, and read-only);
- the peak memory of `gmdash log --session all --format json` on 10,000 and 100,000 rolls
  (target: flat in the number of sessions).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gmdash.model.campaign import GameSession  # noqa: E402
from gmdash.model.events import Event, RollMade, SessionEnded, SessionStarted  # noqa: E402
from gmdash.play.campaign import CampaignService  # noqa: E402
from gmdash.play.demo import demo_state  # noqa: E402
from gmdash.rules import SeededRng, level_of  # noqa: E402
from gmdash.store.appendlog import encode_base  # noqa: E402
from gmdash.store.atomic import write_atomic  # noqa: E402
from gmdash.store.campaign_store import CampaignStore  # noqa: E402
from gmdash.store.documents import SESSION_FORMAT, new_document  # noqa: E402
from gmdash.store.paths import session_file, slugify  # noqa: E402

PER_SESSION = 330
APPENDS = 100  # rolls appended one by one for each measurement
ROUNDS = 5
START = datetime(2024, 1, 6, 19, 0, tzinfo=UTC)
TARGET = 1.5
Names = list[tuple[str, str, list[tuple[str, int]]]]


def _roll_event(rng: SeededRng, names: Names) -> RollMade:
    cid, actor, abilities = names[rng.randint(0, len(names) - 1)]
    label, chance = abilities[rng.randint(0, len(abilities) - 1)]
    roll = rng.randint(1, 100)
    return RollMade(actor=actor, character_id=cid, label=label, kind="ability", chance=chance,
                    roll=roll, level=str(level_of(chance, roll)),
                    hidden=label == "Reputation")  # fmt: skip


def _write_session(folder: Path, number: int, events: list[Event], day: datetime) -> str:
    """Write log file `number` directly (compacted form); returns its last event id."""
    doc = new_document(SESSION_FORMAT)
    table = {}
    for seq, event in enumerate(events, start=1):
        stamped = replace(event, id=f"{number:04d}-{seq:06d}", session=number,
                          time=day + timedelta(seconds=30 * seq))  # fmt: skip
        table[str(seq)] = stamped.to_dict()
    doc["events"] = table
    write_atomic(session_file(folder, number), encode_base(doc), durable=False)
    return f"{number:04d}-{len(events):06d}"


def build(saves: Path, name: str, rolls: int, open_events: int, characters: int = 0) -> None:
    """A demo-like campaign: `rolls` rolls in closed sessions, then one open session holding
    `open_events` events, written directly (fast); with `characters`, the demo's characters
    are copied (numbered) until there are that many."""
    state = demo_state()
    state.campaign = replace(state.campaign, name=name, slug=slugify(name))
    originals = list(state.characters.values())
    for number in range(len(originals) + 1, characters + 1):
        model = originals[number % len(originals)]
        copy = replace(model, id=f"c{number:04d}", name=f"{model.name} {number}")
        state.characters[copy.id] = copy
    CampaignService.create(saves, name, state=state, durable=False).close()
    folder = saves / slugify(name)
    rng = SeededRng(rolls + open_events)
    names = [(c.id, c.name, [(a.name, a.value) for a in c.abilities])
             for c in state.characters.values()]  # fmt: skip
    sessions = -(-rolls // PER_SESSION)
    left = rolls
    number = 0
    for number in range(1, sessions + 1):
        day = START + timedelta(days=7 * number)
        count = min(PER_SESSION, left)
        left -= count
        events: list[Event] = [SessionStarted(number=number)]
        events += [_roll_event(rng, names) for _ in range(count)]
        events.append(SessionEnded(number=number))
        state.last_event_id = _write_session(folder, number, events, day)
        state.sessions.append(GameSession(number=number, start=day,
                                          end=day + timedelta(hours=4)))  # fmt: skip
        state.log_file = number
    if open_events:
        number += 1
        day = START + timedelta(days=7 * number)
        events = [SessionStarted(number=number)]
        events += [_roll_event(rng, names) for _ in range(open_events - 1)]
        state.last_event_id = _write_session(folder, number, events, day)
        state.sessions.append(GameSession(number=number, start=day))
        state.log_file = number
    store = CampaignStore.open(folder, durable=False)
    store.save_state(state.to_dict())
    store.close()


def append_cost(saves: Path, name: str, *, durable: bool = True) -> float:
    """Median seconds to publish one roll, over APPENDS rolls."""
    clock = iter(START + timedelta(days=9000, seconds=i) for i in range(10**6))
    with CampaignService.open(saves, name, clock=lambda: next(clock), durable=durable) as svc:
        svc.ensure_session()
        rng = SeededRng(7)
        names = [(c.id, c.name, [(a.name, a.value) for a in c.abilities])
                 for c in svc.characters]  # fmt: skip
        costs = []
        for _ in range(APPENDS):
            event = _roll_event(rng, names)
            began = time.perf_counter()
            svc.publish(event)
            costs.append(time.perf_counter() - began)
    return statistics.median(costs)


PEAK_PROBE = """
import sys
from gmdash.cli import main
status = main(sys.argv[1:])
high = next(line for line in open("/proc/self/status") if line.startswith("VmHWM"))
print(int(high.split()[1]) * 1024, file=sys.stderr)
sys.exit(status)
"""


def log_peak_memory(saves: Path, name: str) -> int:
    """Peak resident memory (bytes) of `gmdash log --session all --format json`, read from the
    child's own VmHWM (a forked child's ru_maxrss would count the parent's memory too)."""
    argv = ["--saves", str(saves), "log", "--campaign", name, "--session", "all",
            "--format", "json"]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", PEAK_PROBE, *argv],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, text=True, check=True,
    )  # fmt: skip
    return int(done.stderr.split()[-1])


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="gmdash-bench-", dir=".") as tmp:
        saves = Path(tmp)
        cases = {  # name: (rolls in closed sessions, events in the open session)
            "empty": (0, 0),
            "open 1,000": (0, 1_000),
            "open 10,000": (0, 10_000),
            "open 30,000": (0, 30_000),
            "campaign 10,000": (10_000, 0),
            "campaign 100,000": (100_000, 0),
        }
        began = time.perf_counter()
        for name, (rolls, open_events) in cases.items():
            build(saves, name, rolls, open_events)
        print(f"built {len(cases)} campaigns in {time.perf_counter() - began:.1f} s")

        print(f"\nappend one roll (best of {ROUNDS} rounds, median of {APPENDS} each), as a ratio")
        print("to the empty case; with fsync (what the table waits for) and without (the CPU):")
        os.sync()  # the build's unwritten pages would slow the first fsyncs measured
        worst = 0.0
        for durable in (True, False):
            rounds = [
                {name: append_cost(saves, name, durable=durable) for name in cases}
                for _ in range(ROUNDS)
            ]  # the cases in turn, ROUNDS times: the disk's mood changes by the second
            # the best round's median: noise on a shared machine only ever adds time
            costs = {name: min(r[name] for r in rounds) for name in cases}
            print("  fsync on:" if durable else "  fsync off:")
            for name, cost in costs.items():
                ratio = cost / costs["empty"]
                if name != "empty":
                    worst = max(worst, ratio)
                print(f"  {name:>17}: {cost * 1e3:7.3f} ms  {ratio:5.2f}x")
        verdict = "met" if worst <= TARGET else "MISSED"
        print(f"  worst ratio {worst:.2f}x (target <= {TARGET}x: {verdict})")

        big = "campaign 100,000"
        began = time.perf_counter()
        CampaignService.open(saves, big).close()
        writable = time.perf_counter() - began
        began = time.perf_counter()
        CampaignService.open(saves, big, read_only=True).close()
        read_only = time.perf_counter() - began
        print(f"\nopen a 100,000-roll campaign: {writable * 1e3:.0f} ms for writing "
              f"(lock, replay, compaction), {read_only * 1e3:.0f} ms read-only")  # fmt: skip

        print("\npeak memory of `gmdash log --session all --format json`:")
        for name in ("campaign 10,000", big):
            print(f"  {name:>17}: {log_peak_memory(saves, name) / 1e6:6.1f} MB")


if __name__ == "__main__":
    main()
