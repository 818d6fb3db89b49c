"""Store benchmark: the cost of one roll with 0, 10,000 and 100,000 rolls already saved.

Run: `python bench/store.py`. Rolls are spread over realistic sessions (about 330 per session,
so 100,000 rolls = 304 sessions). Prints per-append costs and their ratios, the time to open a
100,000-roll campaign next to a bare `json.load` of the same files, and peak memory.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
import tracemalloc
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gmdash.model.campaign import GameSession
from gmdash.model.events import Event, RollMade, SessionEnded, SessionStarted
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import demo_state
from gmdash.rules import SeededRng, level_of
from gmdash.store.atomic import encode, write_atomic
from gmdash.store.campaign_store import CampaignStore
from gmdash.store.documents import SESSION_FORMAT, new_document
from gmdash.store.paths import session_file, slugify

PER_SESSION = 330
APPENDS = 300  # one realistic session of rolls, appended one by one
START = datetime(2024, 1, 6, 19, 0, tzinfo=UTC)


def _roll_event(rng: SeededRng, names: list[tuple[str, str, list[tuple[str, int]]]]) -> RollMade:
    cid, actor, abilities = names[rng.randint(0, len(names) - 1)]
    label, chance = abilities[rng.randint(0, len(abilities) - 1)]
    roll = rng.randint(1, 100)
    return RollMade(actor=actor, character_id=cid, label=label, kind="ability", chance=chance,
                    roll=roll, level=str(level_of(chance, roll)),
                    hidden=label == "Reputation")  # fmt: skip


def build(saves: Path, name: str, rolls: int) -> None:
    """A demo-like campaign holding `rolls` rolls in closed sessions, written directly."""
    state = demo_state()
    state.campaign = replace(state.campaign, name=name, slug=slugify(name))
    CampaignService.create(saves, name, state=state).close()
    folder = saves / slugify(name)
    rng = SeededRng(rolls)
    names = [(c.id, c.name, [(a.name, a.value) for a in c.abilities])
             for c in state.characters.values()]  # fmt: skip
    sessions = -(-rolls // PER_SESSION)
    left = rolls
    for number in range(1, sessions + 1):
        day = START + timedelta(days=7 * number)
        count = min(PER_SESSION, left)
        left -= count
        events: list[Event] = [SessionStarted(number=number)]
        events += [_roll_event(rng, names) for _ in range(count)]
        events.append(SessionEnded(number=number))
        doc = new_document(SESSION_FORMAT)
        table = {}
        for seq, event in enumerate(events, start=1):
            stamped = replace(event, id=f"{number:04d}-{seq:06d}", session=number,
                              time=day + timedelta(seconds=30 * seq))  # fmt: skip
            table[str(seq)] = stamped.to_dict()
        doc["events"] = table
        write_atomic(session_file(folder, number), encode(doc), durable=False)
        state.sessions.append(GameSession(number=number, start=day,
                                          end=day + timedelta(hours=4)))  # fmt: skip
        state.log_file = number
        state.last_event_id = f"{number:04d}-{len(events):06d}"
    store = CampaignStore.open(folder)
    store.save_state(state.to_dict())
    store.close()


def append_costs(saves: Path, name: str) -> list[float]:
    """Seconds per append of one roll, over a fresh session of APPENDS rolls."""
    clock = iter(START + timedelta(days=9000, seconds=i) for i in range(10**6))
    with CampaignService.open(saves, name, clock=lambda: next(clock)) as svc:
        svc.start_session()
        rng = SeededRng(7)
        names = [(c.id, c.name, [(a.name, a.value) for a in c.abilities])
                 for c in svc.characters]  # fmt: skip
        costs = []
        for _ in range(APPENDS):
            event = _roll_event(rng, names)
            began = time.perf_counter()
            svc.publish(event)
            costs.append(time.perf_counter() - began)
    return costs


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="gmdash-bench-", dir=".") as tmp:
        saves = Path(tmp)
        sizes = [0, 10_000, 100_000]
        began = time.perf_counter()
        for rolls in sizes:
            build(saves, f"bench {rolls}", rolls)
        print(f"built campaigns of {sizes} rolls ({PER_SESSION} per session) "
              f"in {time.perf_counter() - began:.1f} s")  # fmt: skip

        print(f"\nappend one roll (mean / median / p95 over {APPENDS} appends, fsync on):")
        means = {}
        for rolls in sizes:
            costs = sorted(append_costs(saves, f"bench {rolls}"))
            means[rolls] = statistics.mean(costs)
            p95 = costs[int(len(costs) * 0.95)]
            print(f"  {rolls:>7} rolls saved: {means[rolls] * 1e3:7.3f} ms / "
                  f"{statistics.median(costs) * 1e3:7.3f} ms / {p95 * 1e3:7.3f} ms")  # fmt: skip
        for rolls in sizes[1:]:
            print(f"  ratio {rolls} / 0: {means[rolls] / means[0]:.2f}x (target <= 2x)")

        folder = saves / slugify("bench 100000")
        files = sorted(folder.rglob("*.json"))
        size = sum(p.stat().st_size for p in files)
        began = time.perf_counter()
        for path in files:
            with path.open("rb") as handle:
                json.load(handle)
        bare = time.perf_counter() - began
        began = time.perf_counter()
        svc = CampaignService.open(saves, "bench 100000", read_only=True)
        opened = time.perf_counter() - began
        began = time.perf_counter()
        entries = svc.log("all")
        full = time.perf_counter() - began
        svc.close()
        print(f"\nopen a 100,000-roll campaign ({len(files)} files, {size / 1e6:.1f} MB, "
              f"{len(entries)} log entries):")  # fmt: skip
        print(f"  json.load of every file:           {bare * 1e3:8.1f} ms  (baseline)")
        print(f"  CampaignService.open (lazy):       {opened * 1e3:8.1f} ms  "
              f"({opened / bare:.3f}x baseline)")  # fmt: skip
        print(f"  + read and check every event:      {full * 1e3:8.1f} ms  "
              f"({full / bare:.2f}x baseline)")  # fmt: skip

        tracemalloc.start()
        svc = CampaignService.open(saves, "bench 100000", read_only=True)
        open_peak = tracemalloc.get_traced_memory()[1]
        svc.log("all")
        log_peak = tracemalloc.get_traced_memory()[1]
        svc.close()
        tracemalloc.stop()
        tracemalloc.start()
        for path in files:
            with path.open("rb") as handle:
                json.load(handle)
        bare_peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print("\npeak memory (tracemalloc):")
        print(f"  open (lazy):            {open_peak / 1e6:7.1f} MB")
        print(f"  open + whole log:       {log_peak / 1e6:7.1f} MB")
        print(f"  json.load, file by file: {bare_peak / 1e6:6.1f} MB")


if __name__ == "__main__":
    main()
