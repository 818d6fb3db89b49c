"""The README tells the truth: its test line is what CI runs, its key map is the app's, and so is
docs/keys.md's; it stays a user's guide of at most 300 lines whose links lead somewhere."""

from __future__ import annotations

import re
from pathlib import Path

from gmdash.tui.keymap import markdown_key_map, markdown_key_summary

ROOT = Path(__file__).resolve().parents[1]


def readme() -> str:
    return (ROOT / "README.md").read_text(encoding="utf-8")


def test_ci_runs_the_readme_test_line() -> None:
    blocks = re.findall(r"```sh\n(.+?)\n```", readme())
    test_line = next(block for block in blocks if "pytest" in block)
    ci_lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test_line in ci_lines


def _between(text: str, marker: str) -> str:
    start = text.index(f"<!-- {marker}:start -->\n") + len(f"<!-- {marker}:start -->\n")
    return text[start : text.index(f"\n<!-- {marker}:end -->")]


def test_readme_key_map_is_the_command_table() -> None:
    assert _between(readme(), "keysummary") == markdown_key_summary()


def test_the_whole_key_map_in_docs_is_the_command_table() -> None:
    keys = (ROOT / "docs" / "keys.md").read_text(encoding="utf-8")
    assert _between(keys, "keymap") == markdown_key_map()


def test_the_readme_is_a_guide_of_at_most_300_lines() -> None:
    assert len(readme().splitlines()) <= 300


def test_every_relative_link_of_the_docs_leads_to_a_file() -> None:
    pages = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]
    broken = []
    for page in pages:
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            if "://" not in target and not (page.parent / target).exists():
                broken.append(f"{page.name}: {target}")
    assert broken == []
