"""Every check box and radio button of the dashboard reads without colour (issue 14).

Textual's own `Checkbox` and `RadioButton` draw the same "X" ticked or not; gmdash's dialogs
build `TickBox` and `DotButton` (`gmdash/tui/widgets/toggles.py`) instead. This walks the source
so that a new dialog cannot bring the colour-only box back.
"""

from __future__ import annotations

import ast
from pathlib import Path

import gmdash.tui

COLOUR_ONLY = {"Checkbox", "RadioButton"}


def built_toggles(root: Path) -> list[tuple[str, int, str]]:
    found = []
    for path in sorted(root.rglob("*.py")):
        if path.name == "toggles.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if name in COLOUR_ONLY:
                    found.append((str(path.relative_to(root)), node.lineno, name))
    return found


def test_no_dialog_builds_a_colour_only_toggle() -> None:
    assert built_toggles(Path(gmdash.tui.__file__).parent) == []


def test_the_walk_finds_a_colour_only_toggle(tmp_path: Path) -> None:
    (tmp_path / "dialog.py").write_text('yield Checkbox("Hidden")\nyield TickBox("Seen")\n')
    assert built_toggles(tmp_path) == [("dialog.py", 1, "Checkbox")]
