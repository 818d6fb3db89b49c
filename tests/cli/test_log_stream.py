"""`gmdash log --format json|csv` streams one session file at a time and prints exactly what
the whole-log export gives."""

from __future__ import annotations

import io
import json
from datetime import UTC
from pathlib import Path

import pytest
from helpers import FakeClock, sheet
from hypothesis import given, settings
from hypothesis import strategies as st

from gmdash.cli import main
from gmdash.formats import log_export, log_json, log_rows
from gmdash.model.events import DamageApplied, RollMade
from gmdash.model.log import Record, log_entry
from gmdash.play import log_reading
from gmdash.play.campaign import CampaignService
from gmdash.safe_text import json_safe

NAME = "Streamed Saga"


@pytest.mark.parametrize("fmt", ["json", "csv"])
@pytest.mark.parametrize("rolls_only", [False, True])
def test_the_streamed_log_is_the_whole_export(
    tmp_path: Path, fmt: str, rolls_only: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    with CampaignService.create(tmp_path, NAME, clock=FakeClock()) as svc:
        svc.add_character(sheet())
        for night in range(3):
            svc.start_session()
            roll = RollMade(actor="Ostra", character_id="c0001", label=f"Scan {night}",
                            roll=night + 1, kind="ability", chance=50,
                            level="critical")  # fmt: skip
            svc.publish(roll)
            svc.publish(DamageApplied(character_id="c0001", amount=1, location="chest"))
            svc.end_session()
        found = log_reading.records(svc, "all")
    if rolls_only:
        found = [r for r in found if r.is_roll]
    expected = log_export.export(found, fmt)
    capsys.readouterr()
    argv = ["--saves", str(tmp_path), "log", "--campaign", NAME, "--session", "all",
            "--format", fmt, *(["--rolls"] if rolls_only else [])]  # fmt: skip
    assert main(argv) == 0
    assert capsys.readouterr().out == expected


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None)
@given(
    st.fixed_dictionaries(
        {key: st.none() | st.booleans() | st.integers() | st.text() for key in log_rows.LOG_FIELDS}
    ),
    st.lists(st.text(), max_size=3),
    st.dictionaries(st.text(), JSON_VALUES, max_size=3),
)
def test_an_entry_is_written_as_the_json_module_indents_it(
    fields: dict[str, object], modifiers: list[str], details: dict[str, object]
) -> None:
    row = {**fields, "modifiers": modifiers, "details": details}
    text = json.dumps([row], ensure_ascii=False, indent=1)
    out = io.StringIO()
    log_json.write_json_rows([row], out)
    assert out.getvalue() == json_safe(text) + "\n"


@settings(max_examples=200, deadline=None)
@given(
    st.builds(
        RollMade,
        id=st.just("0001-000007"),
        time=st.datetimes(timezones=st.just(UTC)) | st.none(),
        session=st.none() | st.integers(1, 9),
        actor=st.none() | st.text(max_size=5),
        label=st.none() | st.text(max_size=5),
        kind=st.sampled_from(["ability", "dice", "damage"]),
        chance=st.none() | st.integers(0, 200),
        roll=st.none() | st.integers(1, 100),
        level=st.none() | st.sampled_from(["critical", "failure"]),
        hidden=st.booleans(),
        modifiers=st.lists(st.text(max_size=4), max_size=2).map(tuple),
        expression=st.none() | st.just("1D6"),
        total=st.none() | st.integers(1, 6),
        details=st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    ),
    st.booleans(),
)
def test_a_rolls_row_is_the_row_of_its_log_line(event: RollMade, struck: bool) -> None:
    ids = {event.id} if struck else set()
    line = Record(event, log_entry(event, {}, ids))
    assert log_rows.roll_row(event, ids) == log_rows.row_of(line)
