"""Many writers through one dashboard: players' rolls and a CLI loop while the GM types.

Run: `python bench/many_writers.py [--seconds 60] [--players 8]` (the venv's python). Not a test.

gmdash runs as a user runs it, a whole process on a 160x50 pseudo-terminal through Textual's
own driver (`bench/frame_probe.py`, which reports every write to the terminal with the widget
that had the focus as it was drawn). PLAYERS players' pages are open, each on its player's own
link to their own PC (`bench/player_page.py`: the page `gmdash serve` runs for the link, headless,
following the campaign as it does), each rolling Climb once a second through the campaign's
channel, and a CLI loop runs `gmdash roll 50 --campaign ... --label cli-N`
one after the other in subprocesses (each sent to the dashboard). Meanwhile the GM's pane keys
(`4` the log, `1` the roster, in turn) are typed at a seeded random pace, and each is timed
from its byte written to the terminal to the first write that shows the focus moved.

The floor is a bare Textual app with two bordered focusable `Static`s whose `1` and `4` move
the focus between them, started and timed the same way. Loaded, it is given what gmdash was
given, less gmdash: a new line at the end of one `Static`'s screenful as many times a second as
gmdash was sent rolls (at random moments), and beside it the same pages and CLI loop on a copy
of the campaign, answered by the dashboard's own channel and runners with no screen (`Host`, in
a thread of the bench): the same requests carried out, the same files written, the same pages
following them. Without the lines, the floor would draw nothing between keys, and Textual's
frame pacing would favour it: after a frame that follows an idle spell, textual 8.2's screen
timer waits one to two frames before the next (the catch-up of Textual issue #5464 lands one
frame past the next one), so a key just after a roll's frame waits for that, in any Textual app
that draws something several times a second. gmdash runs first; the floor then draws at the
rate gmdash was sent rolls.

Target: a key's frame within one frame (1/60 s, Textual's pace) of the floor's, quiet and
loaded, at the median and at the 90th percentile. Checked at the end, from the campaign read
back from disk: every request answered "ok" is in the log exactly once, nothing else is; each
player's rolls are in the log in the order their answers came; the CLI's `cli-N` labels are
there once each, in order.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import queue
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from terminal import Probe, compile_bytecode  # noqa: E402

from gmdash.cli import run_for_dashboard  # noqa: E402
from gmdash.model.character import CharacterKind  # noqa: E402
from gmdash.model.events import RollMade  # noqa: E402
from gmdash.play.campaign import CampaignService, create_demo  # noqa: E402
from gmdash.rules import SeededRng  # noqa: E402
from gmdash.store.player_links import ensure_links  # noqa: E402
from gmdash.tui.channel_host import ChannelHost, PlayerAsks, runners_for  # noqa: E402

PAGE = ROOT / "bench" / "player_page.py"
KEYS = (b"4", b"1")
FRAME = 1 / 60
"""Textual draws at most 60 frames a second: a frame's time."""
QUIET_KEYS = 40
GAP = (0.05, 0.25)
"""Seconds between a key's frame and the next key (seeded random: the GM's pace)."""
KEY_WAIT = 5.0
"""Seconds a key's frame may take before the run is called failed."""


def build(saves: Path, players: int) -> tuple[str, dict[str, str]]:
    """The demo campaign with `players` PCs, each with a player's link: its name, and each
    PC's name -> token."""
    with create_demo(saves) as service:
        service.start_session()
        template = next(c for c in service.characters if c.kind is CharacterKind.PC)
        while sum(c.kind is CharacterKind.PC for c in service.characters) < players:
            n = len(service.characters)
            service.add_character(replace(template, name=f"Player Hero {n}", player=f"P{n}"))
        pcs = [c for c in service.characters if c.kind is CharacterKind.PC][:players]
        tokens = ensure_links(service.store.folder, [c.id for c in pcs])
        return service.campaign.name, {c.name: tokens[c.id] for c in pcs}


@dataclass
class Load:
    """What the load did: each player's answered rolls' texts, the CLI rolls done, problems."""

    answers: dict[str, list[str]] = field(default_factory=dict)
    cli_done: list[int] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)


def page_loop(saves: Path, slug: str, name: str, token: str, seconds: float,
              env: dict[str, str], load: Load) -> None:  # fmt: skip
    """One player's page open for `seconds`, rolling once a second (`bench/player_page.py`)."""
    answers = load.answers.setdefault(name, [])
    run = subprocess.run(
        [sys.executable, str(PAGE), str(saves), slug, "-", f"{seconds:g}"],
        capture_output=True, text=True, env={**env, "GMDASH_PLAYER_TOKEN": token}, check=False,
    )  # fmt: skip
    for line in run.stdout.splitlines():
        said, _, text = line.partition(" ")
        if said == "ok":
            answers.append(text)
        else:
            load.errors.append(f"{name}: {line}")
    if run.returncode != 0:
        load.errors.append(f"{name}'s page: {run.returncode} {run.stderr.strip()[-500:]}")


def cli_loop(saves: Path, campaign: str, env: dict[str, str], load: Load) -> None:
    n = 0
    while not load.stop.is_set():
        run = subprocess.run(
            [sys.executable, "-m", "gmdash", "--saves", str(saves), "roll", "50", "--campaign",
             campaign, "--label", f"cli-{n}"],
            capture_output=True, text=True, env=env, check=False,
        )  # fmt: skip
        if run.returncode != 0 or "against 50%" not in run.stdout:
            load.errors.append(f"cli-{n}: {run.returncode} {run.stderr.strip()}")
        else:
            load.cli_done.append(n)
        n += 1


class Host:
    """The floor's campaign copy served as the dashboard serves its own, less the dashboard:
    its channel and runners (the CLI's and the players') in a thread of the bench, so the
    floor's pages and CLI loop are answered, and their campaign written, as gmdash's are."""

    def __init__(self, saves: Path, campaign: str) -> None:
        self.saves, self.campaign = saves, campaign
        self.ready = threading.Event()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    def __enter__(self) -> Host:
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self._open(), self.loop).result(timeout=30)
        return self

    async def _open(self) -> None:
        self.service = CampaignService.open(self.saves, self.campaign)
        runners = runners_for(self.service, run_for_dashboard, lambda: SeededRng(),
                              lambda: "on", PlayerAsks())  # fmt: skip
        self.host = ChannelHost(self.service, runners)
        await self.host.open()
        if self.host.problem:
            raise RuntimeError(self.host.problem)

    async def _close(self) -> None:
        await self.host.close()
        self.service.close()

    def __exit__(self, *error: object) -> None:
        asyncio.run_coroutine_threadsafe(self._close(), self.loop).result(timeout=30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)


def start(load: Load, loops: list[tuple[Callable[..., None], tuple[object, ...]]]) -> list[
        threading.Thread]:  # fmt: skip
    threads = [threading.Thread(target=loop, args=(*args, load)) for loop, args in loops]
    for thread in threads:
        thread.start()
    return threads


def key_frame(probe: Probe, key: bytes) -> float:
    """Seconds from `key` typed to the first write to the terminal drawn with the focus moved."""
    before = "-"
    while True:  # what had the focus before the key (every write so far, read)
        try:
            before = probe.writes.get_nowait()[1]
        except queue.Empty:
            break
    sent = probe.terminal.type(key)
    deadline = time.monotonic() + KEY_WAIT
    while True:
        try:
            written, focused = probe.writes.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise RuntimeError(f"{key!r} moved no focus; the terminal showed last: "
                               f"{probe.terminal.tail[-2000:]!r}") from None  # fmt: skip
        if focused != before and written >= sent:
            return written - sent


def type_keys(probe: Probe, pace: random.Random, until: Callable[[int], bool]) -> list[float]:
    """The pane keys typed in turn, each once the last one's frame was out and a pause of the
    GM's pace after, until `until(keys typed)`; each key's time to its frame."""
    times: list[float] = []
    while not until(len(times)):
        times.append(key_frame(probe, KEYS[len(times) % len(KEYS)]))
        time.sleep(pace.uniform(*GAP))
    return times


Loader = Callable[[Probe], tuple[Load, list[threading.Thread]]]


def timed_run(argv: list[str], env: dict[str, str], pace: random.Random, seconds: float,
              load: Loader) -> tuple[list[float], list[float], Load]:  # fmt: skip
    """One program on its terminal: its keys' times quiet (QUIET_KEYS keys), then for
    `seconds` under `load` (started, then stopped and waited for)."""
    with Probe(argv, env) as probe:
        probe.frame("main")
        probe.settle()
        quiet = type_keys(probe, pace, lambda typed: typed >= QUIET_KEYS)
        work, threads = load(probe)
        end = time.monotonic() + seconds
        try:
            loaded = type_keys(probe, pace, lambda _: time.monotonic() >= end)
        finally:
            work.stop.set()
            for thread in threads:
                thread.join()
        probe.quit()
    return quiet, loaded, work


def text_of(service: CampaignService, event: RollMade) -> str:
    sheet = service.character(event.character_id or "")
    return (f"{sheet.player or 'A player'} rolled for {sheet.name}: {event.label} {event.chance}%: "
            f"{event.roll:02d} {event.level}")  # fmt: skip


def check_log(saves: Path, campaign: str, load: Load) -> bool:
    """Every answered roll logged once, in the order answered; the CLI's rolls once, in order."""
    with CampaignService.open(saves, campaign, read_only=True) as read:
        rolls = [e for e in read.events("all") if isinstance(e, RollMade)]
        by_player = {name: [text_of(read, e) for e in rolls if e.actor == name]
                     for name in load.answers}  # fmt: skip
        cli_labels = [e.label for e in rolls if (e.label or "").startswith("cli-")]
    ok = True
    for name, answered in load.answers.items():
        same = by_player[name] == answered
        ok &= same
        print(f"  {name}: {len(answered)} rolls answered, {len(by_player[name])} logged, "
              f"{'in order' if same else 'MISMATCH'}")  # fmt: skip
    cli_ok = cli_labels == [f"cli-{n}" for n in load.cli_done]
    print(f"  CLI loop: {len(load.cli_done)} rolls, {len(cli_labels)} logged, "
          f"{'each once, in order' if cli_ok else 'MISMATCH'}")  # fmt: skip
    for error in load.errors[:10]:
        print(f"  error: {error}")
    return ok and cli_ok and not load.errors


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def describe(values: list[float]) -> str:
    return (f"median {statistics.median(values) * 1e3:5.1f} ms, 90th percentile "
            f"{percentile(values, 0.9) * 1e3:5.1f} ms, max {max(values) * 1e3:5.1f} ms "
            f"({len(values)} keys)")  # fmt: skip


def verdict(mine: list[float], floor: list[float]) -> bool:
    """Within a frame of the floor, at the median and at the 90th percentile."""
    return all(percentile(mine, share) <= percentile(floor, share) + FRAME
               for share in (0.5, 0.9))  # fmt: skip


def main(seconds: float, players: int, seed: int) -> int:
    with tempfile.TemporaryDirectory(prefix="gmdash-bench-writers-") as temp:
        saves, beside = Path(temp) / "saves", Path(temp) / "beside"
        campaign, tokens = build(saves, players)
        shutil.copytree(saves, beside)
        config = Path(temp) / "config.toml"
        config.write_text('player_rolls = "on"\n', encoding="utf-8")
        env = {**os.environ, "TERM": "xterm-256color", "COLORTERM": "truecolor",
               "GMDASH_CONFIG": str(config), "PYTHONPATH": str(ROOT),
               "GMDASH_PROBE_EVERY_WRITE": "1"}  # fmt: skip
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: from bytecode
        env.pop("TEXTUAL", None)  # no devtools
        compile_bytecode(env)
        with CampaignService.open(saves, campaign, read_only=True) as read:
            folder = read.store.folder
        print(f"Python {sys.version.split()[0]}, bytecode compiled; {players} players once a "
              f"second each and a CLI loop, for {seconds:.0f} s; seed {seed}")  # fmt: skip

        def writers(saves_dir: Path) -> tuple[Load, list[threading.Thread]]:
            """The players' pages and the CLI loop, on the campaign in `saves_dir`."""
            work = Load()
            loops: list[tuple[Callable[..., None], tuple[object, ...]]] = [
                (page_loop, (saves_dir, folder.name, name, token, seconds, env))
                for name, token in tokens.items()
            ]
            loops.append((cli_loop, (saves_dir, campaign, env)))
            return work, start(work, loops)

        def rolls_per_second(work: Load) -> float:
            return (sum(map(len, work.answers.values())) + len(work.cli_done)) / seconds

        quiet, loaded, work = timed_run(
            ["gmdash", "--saves", str(saves), "--campaign", campaign], env,
            random.Random(seed), seconds, lambda _: writers(saves))  # fmt: skip
        rate = rolls_per_second(work)

        def floor_load(probe: Probe) -> tuple[Load, list[threading.Thread]]:
            probe.terminal.type(b"l")  # its lines start coming, as many a second as gmdash's rolls
            return writers(beside)

        with Host(beside, campaign):
            floor_quiet, floor_loaded, floor_work = timed_run(
                ["floor-panes", f"{rate:.2f}"], env, random.Random(seed), seconds, floor_load
            )
        floor_rate = rolls_per_second(floor_work)
        print("the log, read back from disk:")
        logged = check_log(saves, campaign, work)
    print(f"a pane key (4, 1) to its frame ({rate:.1f} rolls a second through gmdash, drawn; "
          f"{floor_rate:.1f} through the floor's host, {rate:.1f} lines drawn):")  # fmt: skip
    print(f"  floor, quiet:   {describe(floor_quiet)}")
    print(f"  gmdash, quiet:  {describe(quiet)}")
    print(f"  floor, loaded:  {describe(floor_loaded)}")
    print(f"  gmdash, loaded: {describe(loaded)}")
    fast = verdict(quiet, floor_quiet) and verdict(loaded, floor_loaded)
    print(f"within a frame ({FRAME * 1e3:.1f} ms) of the floor, median and 90th percentile: "
          f"{'PASS' if fast else 'FAIL'}")  # fmt: skip
    print(f"every roll logged once, in order: {'PASS' if logged else 'FAIL'}")
    return 0 if fast and logged else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    sys.exit(main(options.seconds, options.players, options.seed))
