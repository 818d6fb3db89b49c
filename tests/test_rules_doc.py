"""docs/rules.md's experience section says what the code does: each sentence about what ticks
is checked against `gmdash.play.rolls.earns_tick` (and the experience roll's wording against
the log's)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gmdash.model.events import RollMade
from gmdash.model.log import log_entry
from gmdash.play.rolls import earns_tick
from gmdash.rules import Difficulty, Level
from gmdash.rules.experience import improves

DOC = Path(__file__).resolve().parents[1] / "docs" / "rules.md"


def section(anchor: str) -> str:
    """The text of the section under `<a id="anchor">`, up to the next anchor."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index(f'<a id="{anchor}"></a>')
    end = text.find("<a id=", start + 1)
    return " ".join(text[start:end].split())


TICKS = section("experience-ticks")


@pytest.mark.parametrize("level", list(Level))
def test_a_hidden_roll_ticks_like_any_other(level: Level) -> None:
    """The doc says a hidden roll ticks when it succeeds: hiding changes nothing in the code
    (`earns_tick` has no hidden parameter; a success ticks, a failure does not)."""
    assert re.search(r"\*\*hidden\*\* roll .* ticks like any other when it succeeds", TICKS)
    assert "does **not** tick" not in TICKS
    assert earns_tick(level) is level.is_success


@pytest.mark.parametrize("level", [Level.CRITICAL, Level.SPECIAL, Level.SUCCESS])
def test_easy_uses_and_nothing_at_stake_do_not_tick(level: Level) -> None:
    assert "Uses under an Easy difficulty and uses with nothing at stake do not tick" in TICKS
    assert earns_tick(level, difficulty=Difficulty.EASY) is False
    assert earns_tick(level, at_stake=False) is False
    assert earns_tick(level, difficulty=Difficulty.NORMAL) is True


def test_the_experience_roll_reads_as_the_doc_says() -> None:
    roll_section = section("experience-roll")
    assert '"Broadsword 45%: 75, improves +3"' in roll_section
    assert "a roll **greater** than the ability succeeds" in roll_section
    assert improves(45, 75) and not improves(45, 45) and improves(120, 100)
    made = RollMade(id="0001-000001", actor="Harvald", label="Broadsword", kind="experience",
                    chance=45, roll=75, level="success", total=3, details={"gain": 3})  # fmt: skip
    assert log_entry(made, {}, set()).label == "Broadsword 45%: 75, improves +3"
