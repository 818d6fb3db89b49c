"""Many writers through one dashboard: players' rolls and a CLI loop while the GM types.

Run: `python bench/many_writers.py [--seconds 60] [--players 8]` (the venv's python). Not a test.

The dashboard runs headless in this process (Textual's own loop, its channel open as
`gmdash` opens it); PLAYERS simulated players, each with their own link to their own PC, send a
roll request over the channel once a second (what `gmdash serve` sends for a player's page);
a CLI loop runs `gmdash roll 50 --campaign ... --label cli-N` one after the other in
subprocesses (each sent to the dashboard); meanwhile the GM's keys (`4`, `1`: the log, the
roster) are pressed and timed, from the press to the key's effects settled. Before the load, the
same keys are timed with nothing else running: the floor.

Checked at the end, from the campaign read back from disk: every request answered "ok" is in
the log exactly once, nothing else is; each player's rolls are in the log in the order their
answers came; the CLI's `cli-N` labels are there once each, in order.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gmdash.cli import run_for_dashboard  # noqa: E402
from gmdash.model.character import CharacterKind  # noqa: E402
from gmdash.model.events import RollMade  # noqa: E402
from gmdash.play.campaign import CampaignService, create_demo  # noqa: E402
from gmdash.rules import SeededRng  # noqa: E402
from gmdash.store import channel  # noqa: E402
from gmdash.store.player_links import ensure_links  # noqa: E402
from gmdash.tui.app import GmDashApp  # noqa: E402

KEYS = ("4", "1")


def build(saves: Path, players: int) -> tuple[CampaignService, dict[str, str]]:
    """The demo campaign with `players` PCs, each with a player's link: name -> token."""
    service = create_demo(saves)
    service.start_session()
    template = next(c for c in service.characters if c.kind is CharacterKind.PC)
    while sum(c.kind is CharacterKind.PC for c in service.characters) < players:
        n = len(service.characters)
        service.add_character(replace(template, name=f"Player Hero {n}", player=f"P{n}"))
    pcs = [c for c in service.characters if c.kind is CharacterKind.PC][:players]
    tokens = ensure_links(service.store.folder, [c.id for c in pcs])
    return service, {c.name: tokens[c.id] for c in pcs}


def player_loop(folder: Path, name: str, token: str, seconds: float,
                answers: dict[str, list[str]], errors: list[str]) -> None:  # fmt: skip
    request = {"kind": "player", "token": token, "action": "roll", "what": "ability",
               "name": "Climb"}  # fmt: skip
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        started = time.monotonic()
        reply = channel.ask(folder, request)
        if reply is None or not reply.get("ok"):
            errors.append(f"{name}: {reply}")
        else:
            answers[name].append(reply["text"])
        time.sleep(max(0.0, 1.0 - (time.monotonic() - started)))


def cli_loop(saves: Path, campaign: str, seconds: float, done: list[int],
             errors: list[str]) -> None:  # fmt: skip
    import subprocess

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    end = time.monotonic() + seconds
    n = 0
    while time.monotonic() < end:
        run = subprocess.run(
            [sys.executable, "-m", "gmdash", "--saves", str(saves), "roll", "50", "--campaign",
             campaign, "--label", f"cli-{n}"],
            capture_output=True, text=True, env=env, check=False,
        )  # fmt: skip
        if run.returncode != 0 or "against 50%" not in run.stdout:
            errors.append(f"cli-{n}: {run.returncode} {run.stderr.strip()}")
        else:
            done.append(n)
        n += 1


async def time_keys(pilot: object, until: float) -> list[float]:
    times: list[float] = []
    while time.monotonic() < until:
        for key in KEYS:
            started = time.perf_counter()
            await pilot.press(key)  # type: ignore[attr-defined]
            await pilot.pause()  # type: ignore[attr-defined]
            times.append(time.perf_counter() - started)
        await asyncio.sleep(0.05)
    return times


def text_of(service: CampaignService, event: RollMade) -> str:
    sheet = service.character(event.character_id or "")
    return (f"{sheet.player or 'A player'} rolled for {sheet.name}: {event.label} {event.chance}%: "
            f"{event.roll:02d} {event.level}")  # fmt: skip


async def main(seconds: float, players: int) -> int:
    with tempfile.TemporaryDirectory(prefix="gmw-") as temp:
        saves = Path(temp) / "saves"
        service, tokens = build(saves, players)
        folder, campaign = service.store.folder, service.campaign.name
        app = GmDashApp(service, rng=SeededRng(), clock=service.clock, commands=run_for_dashboard)
        answers: dict[str, list[str]] = {name: [] for name in tokens}
        cli_done: list[int] = []
        errors: list[str] = []
        async with app.run_test(size=(160, 50)) as pilot:
            assert app.channel is not None
            await app.channel.ready.wait()
            floor = await time_keys(pilot, time.monotonic() + 3)
            threads = [threading.Thread(target=player_loop, args=(folder, name, token, seconds,
                                                                  answers, errors))
                       for name, token in tokens.items()]  # fmt: skip
            cli = (saves, campaign, seconds, cli_done, errors)
            threads.append(threading.Thread(target=cli_loop, args=cli))
            for thread in threads:
                thread.start()
            loaded = await time_keys(pilot, time.monotonic() + seconds)
            while any(thread.is_alive() for thread in threads):
                await asyncio.sleep(0.1)
        service.close()
        with CampaignService.open(saves, campaign, read_only=True) as read:
            rolls = [e for e in read.events("all") if isinstance(e, RollMade)]
            by_player = {name: [text_of(read, e) for e in rolls if e.actor == name]
                         for name in tokens}  # fmt: skip
            cli_labels = [e.label for e in rolls if (e.label or "").startswith("cli-")]
    ok = True
    for name in tokens:
        same = by_player[name] == answers[name]
        ok &= same
        print(f"{name}: {len(answers[name])} rolls answered, {len(by_player[name])} logged, "
              f"{'in order' if same else 'MISMATCH'}")  # fmt: skip
    cli_ok = cli_labels == [f"cli-{n}" for n in cli_done]
    ok &= cli_ok and not errors
    print(f"CLI loop: {len(cli_done)} rolls, {len(cli_labels)} logged, "
          f"{'each once, in order' if cli_ok else 'MISMATCH'}")  # fmt: skip
    for error in errors[:10]:
        print(f"error: {error}")

    def ms(values: list[float]) -> str:
        return (f"median {statistics.median(values) * 1000:.1f} ms, "
                f"max {max(values) * 1000:.1f} ms ({len(values)} keys)")  # fmt: skip

    print(f"GM key latency, floor (no load): {ms(floor)}")
    print(f"GM key latency, under load:      {ms(loaded)}")
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--players", type=int, default=8)
    options = parser.parse_args()
    sys.exit(asyncio.run(main(options.seconds, options.players)))
