"""One player's page as `bench/many_writers.py` opens it: the player's own Textual app, headless,
rolling Climb once a second for SECONDS, each answer printed as one line ("ok TEXT" or
"refused TEXT") in the order the answers came.

Run by the bench only: `python bench/player_page.py SAVES SLUG TOKEN SECONDS` (the token in
the environment's GMDASH_PLAYER_TOKEN when TOKEN is `-`). It is the page `gmdash serve` runs
for a player's link, less the browser: it follows the campaign as the page does (its source
read again after each change) and asks the dashboard through its channel as the Roll key does.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gmdash.serve.player_app import PlayerApp  # noqa: E402
from gmdash.serve.player_source import PlayerSource  # noqa: E402

ROLLED = "Climb"


class RollingPage(PlayerApp):
    """The page, its Roll key pressed once a second on Climb."""

    def __init__(self, source: PlayerSource, seconds: float) -> None:
        super().__init__(source)
        self.seconds = seconds

    def on_mount(self) -> None:
        super().on_mount()
        names = [choice.name if choice else None for choice in self.choices]
        self.query_one("#rollables").highlighted = names.index(ROLLED)  # type: ignore[attr-defined]
        self.set_interval(1.0, self.action_roll)
        self.set_timer(self.seconds, self.finish)

    def finish(self) -> None:
        if self.pending:  # the last roll's answer is still out: wait for it
            self.set_timer(0.05, self.finish)
        else:
            self.exit()

    def answered(self, text: str, ok: bool) -> None:
        super().answered(text, ok)
        print(f"{'ok' if ok else 'refused'} {text}", flush=True)


def main() -> None:
    saves, slug, token, seconds = sys.argv[1:5]
    if token == "-":
        token = os.environ["GMDASH_PLAYER_TOKEN"]
    RollingPage(PlayerSource(Path(saves), slug, token), float(seconds)).run(headless=True)


if __name__ == "__main__":
    main()
