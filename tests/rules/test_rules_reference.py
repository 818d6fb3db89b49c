"""docs/rules.md, the project's rules reference: every anchor the code and tests cite exists.

A citation is `docs/rules.md#anchor`; further anchors of the same citation may follow on its
line or the next two (`docs/rules.md#characteristics, #rqg-derived and #brp-derived`).
"""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
REFERENCE = REPO / "docs" / "rules.md"
ANCHOR = re.compile(r'<a id="([a-z0-9-]+)"></a>')
CITED = re.compile(r"(?<![\w/.])#([a-z][a-z0-9]*(?:-[a-z0-9]+)*)")


def anchors() -> list[str]:
    return ANCHOR.findall(REFERENCE.read_text(encoding="utf-8"))


def citations() -> list[tuple[str, int, str]]:
    """(file, line, anchor) for every anchor cited next to a docs/rules.md mention."""
    found: list[tuple[str, int, str]] = []
    for path in sorted([*REPO.glob("gmdash/**/*.py"), *REPO.glob("tests/**/*.py")]):
        if path == Path(__file__):
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines):
            if "docs/rules.md#" not in line:
                continue
            window = [line.split("docs/rules.md", 1)[1], *lines[number + 1 : number + 3]]
            for text in window:
                found += [(str(path.relative_to(REPO)), number + 1, a) for a in CITED.findall(text)]
    return found


def test_every_anchor_is_unique() -> None:
    names = anchors()
    assert len(names) == len(set(names)) > 40


def test_every_cited_anchor_exists() -> None:
    known = set(anchors())
    cited = citations()
    assert len(cited) > 20  # the rules core and its tests cite the reference throughout
    missing = [(path, line, anchor) for path, line, anchor in cited if anchor not in known]
    assert missing == []


def test_every_rules_module_cites_the_reference() -> None:
    silent = [
        path.name
        for path in sorted((REPO / "gmdash" / "rules").glob("*.py"))
        if path.name not in ("__init__.py", "ruleset.py")
        and "docs/rules.md#" not in path.read_text(encoding="utf-8")
    ]
    assert silent == []


def test_combat_is_its_own_top_level_section() -> None:
    text = REFERENCE.read_text(encoding="utf-8")
    assert '<a id="combat"></a>\n## Combat\n' in text
    after = text.split("## Combat\n", 1)[1]
    assert "\n## " not in after  # the last top-level section: one place to replace it whole
