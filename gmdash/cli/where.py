"""The end of `gmdash --help`: which saves folder and config file are in use, and why."""

from __future__ import annotations

from pathlib import Path

from gmdash.config import load_config
from gmdash.store.paths import SAVES_ENV, choose_saves, stray_campaigns


def where_text() -> str:
    """The end of `gmdash --help`: the saves folder and the config file in use, and why."""
    config = load_config()
    saves = choose_saves(None, config_saves=config.saves)
    state = "" if config.path.is_file() else " (no file yet: every setting has its default)"
    lines = [
        f"saves:  {saves.path}",
        f"        from {saves.reason} (without --saves DIR; the order is --saves, ${SAVES_ENV},",
        "        the config's saves, the saves/ of a source checkout, the user data folder)",
        f"config: {config.path}{state}",
    ]
    stray = stray_campaigns(saves, Path.cwd())
    if stray:
        lines.append(f"note:   ./saves holds {len(stray)} campaign(s) not in use here: "
                     "'gmdash saves move ./saves' moves them")  # fmt: skip
    lines += [f"        {problem}" for problem in config.problems]
    return "\n".join(lines)
