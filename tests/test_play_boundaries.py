"""Front ends only collect input and call `gmdash.play`: who may build which event.

`RollMade` is built in exactly one module (`gmdash/play/rolls.py`); no pane, no dialog, no CLI
command and nothing of the players' view builds any event. Found by walking the source: a call
of an event class's name.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from gmdash.model import combat_events  # noqa: F401  (registers the combat events)
from gmdash.model.errors import ValidationError
from gmdash.model.events import EVENT_TYPES, LEVEL_NAMES, RollMade
from gmdash.rules import Level

PACKAGE = Path(__file__).resolve().parents[1] / "gmdash"


def _builders(event_names: set[str]) -> dict[str, set[str]]:
    """For each module (path relative to gmdash/), the event classes it calls by name."""
    found: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
                if name in event_names:
                    found.setdefault(path.relative_to(PACKAGE).as_posix(), set()).add(name)
    return found


def test_exactly_one_module_builds_roll_events() -> None:
    builders = {path for path, names in _builders({"RollMade"}).items() if "RollMade" in names}
    assert builders == {"play/rolls.py"}


def test_no_pane_dialog_or_cli_command_builds_an_event() -> None:
    builders = _builders(set(EVENT_TYPES))
    front = {p: n for p, n in builders.items() if p.startswith(("tui/", "cli/", "serve/"))}
    assert front == {}


def test_the_search_sees_a_call_by_name() -> None:
    assert "play/rolls.py" in _builders({"RollMade"})


def test_a_roll_kind_or_level_the_log_does_not_know_is_refused() -> None:
    with pytest.raises(ValidationError, match="kind"):
        RollMade(kind="abilty")  # type: ignore[arg-type]
    with pytest.raises(ValidationError, match="level"):
        RollMade(kind="ability", level="great")  # type: ignore[arg-type]
    with pytest.raises(ValidationError, match="kind"):
        RollMade.from_dict({"kind": "sorcery"})
    assert RollMade(kind="ability", level="special").level == "special"


def test_the_stored_level_names_are_the_rules_levels() -> None:
    assert {level.value for level in Level} == LEVEL_NAMES
