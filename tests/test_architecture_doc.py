"""docs/architecture.md names the code that does each step: every path it names exists, every
`Class.method` it names is defined, every function it names after its module is defined there."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"


@cache
def definitions() -> dict[str, set[str]]:
    """Every class of gmdash with the names defined in its body, and "" for every module's
    functions, classes and constants, and the modules' own names."""
    found: dict[str, set[str]] = {"": set()}
    for path in (ROOT / "gmdash").rglob("*.py"):
        found[""].add(path.stem)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign):
                found[""].update(t.id for t in node.targets if isinstance(t, ast.Name))
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                found[""].add(node.target.id)
            if isinstance(node, ast.ClassDef):
                found.setdefault(node.name, set()).update(
                    child.name
                    for child in node.body
                    if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
                )
                found[""].add(node.name)
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                found[""].add(node.name)
    return found


def quoted() -> list[str]:
    return re.findall(r"`([^`]+)`", DOC.read_text(encoding="utf-8"))


def test_every_path_named_exists() -> None:
    paths = [text for text in quoted() if text.startswith(("gmdash/", "tests/", "docs/"))]
    assert paths, "the page names no path: the pattern is wrong"
    missing = [path for path in paths if not (ROOT / path.rstrip("/")).exists()]
    assert missing == []


def test_every_method_named_is_defined_on_its_class() -> None:
    methods = [text for text in quoted() if re.fullmatch(r"[A-Z]\w*\.\w+", text)]
    assert len(methods) >= 10, "the page names few methods: the pattern is wrong"
    found = definitions()
    missing = [
        name for name in methods if name.split(".")[1] not in found.get(name.split(".")[0], set())
    ]
    assert missing == []


def test_every_plain_name_of_code_is_defined() -> None:
    """A lone identifier in backticks (`roll_ability`, `KeyGate`, `osio`) is a function, a class,
    a constant or a module of gmdash, or one of the few words of the page that are not code."""
    words = {"enter", "r", "Scan"}
    names = [text for text in quoted() if re.fullmatch(r"[A-Za-z_]\w*", text)]
    assert len(names) >= 15, "the page names little code: the pattern is wrong"
    found = definitions()[""]
    missing = [name for name in names if name not in found | words]
    assert missing == []


def test_the_walk_would_see_a_wrong_name() -> None:
    found = definitions()
    assert "publish" in found["CampaignService"]
    assert "no_such_method" not in found["CampaignService"]
