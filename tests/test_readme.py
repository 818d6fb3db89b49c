"""The README tells the truth: its test line is what CI runs, its key map is the app's."""

from __future__ import annotations

import re
from pathlib import Path

from gmdash.tui.keymap import markdown_key_map

ROOT = Path(__file__).resolve().parents[1]


def readme() -> str:
    return (ROOT / "README.md").read_text(encoding="utf-8")


def test_ci_runs_the_readme_test_line() -> None:
    blocks = re.findall(r"```sh\n(.+?)\n```", readme())
    test_line = next(block for block in blocks if "pytest" in block)
    ci_lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test_line in ci_lines


def test_readme_key_map_is_the_command_table() -> None:
    text = readme()
    start = text.index("<!-- keymap:start -->\n") + len("<!-- keymap:start -->\n")
    end = text.index("\n<!-- keymap:end -->")
    assert text[start:end] == markdown_key_map()
