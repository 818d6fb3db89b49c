"""One class per name across the package: a name read in a traceback, a test or a review means
one thing (the exchange's outcome is not the opposed roll's, nor the store's)."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "gmdash"


def classes_by_name(package: Path) -> dict[str, list[str]]:
    """Where each class name is defined under `package` (`path:line`), nested classes too."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                found[node.name].append(f"{path.relative_to(package.parent)}:{node.lineno}")
    return found


def test_no_class_name_is_defined_twice() -> None:
    twice = {name: places for name, places in classes_by_name(PACKAGE).items() if len(places) > 1}
    assert not twice, "class names defined more than once: " + "; ".join(
        f"{name} ({', '.join(places)})" for name, places in sorted(twice.items())
    )


def test_the_walk_finds_a_name_defined_twice(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("class Outcome:\n    pass\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("def f() -> None:\n    class Outcome: ...\n", encoding="utf-8")
    assert classes_by_name(tmp_path)["Outcome"] == [
        f"{tmp_path.name}/a.py:1",
        f"{tmp_path.name}/b.py:2",
    ]
