"""Exports that a hostile label must not turn into a formula, a heading, HTML or a link.

A spreadsheet runs a CSV cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return;
a Markdown viewer renders raw HTML, links and a heading started by a newline. The journal's
exports keep every label readable and harmless; JSON keeps the exact text.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import START, FakeClock

from gmdash.formats import log_export
from gmdash.model.events import RollMade
from gmdash.model.log import Record
from gmdash.play import log_reading
from gmdash.play.campaign import CampaignService

FORMULAS = [
    '=HYPERLINK("http://evil.example","click")',
    "+1+1",
    "-2+3",
    "@SUM(A1:A9)",
    "\t=1+1",
    "\r=1+1",
]
HTML = "<img src=x onerror=alert(1)><script>alert(2)</script>"
MARKDOWN = "Climb\n# Injected heading\n[click](javascript:alert(1)) ![i](http://x/y.png) `code` *b*"


@pytest.fixture
def service(tmp_path: Path) -> Iterator[CampaignService]:
    svc = CampaignService.create(tmp_path, "Saga", clock=FakeClock(START))
    svc.start_session()
    yield svc
    svc.close()


def logged(svc: CampaignService, *labels: str, actor: str = "Ostra") -> list[Record]:
    for label in labels:
        svc.publish(RollMade(actor=actor, label=label, kind="ability", chance=40, roll=12,
                             level="success", modifiers=(label,)))  # fmt: skip
    return [r for r in log_reading.records(svc, 1) if r.is_roll]


@pytest.mark.parametrize("payload", FORMULAS)
def test_csv_cells_never_start_a_formula(service: CampaignService, payload: str) -> None:
    found = logged(service, payload, actor=payload)
    rows = list(csv.DictReader(io.StringIO(log_export.export(found, "csv"))))
    for key in ("label", "actor", "modifiers"):
        cell = rows[0][key]
        assert cell[0] not in "=+-@\t\r", (key, cell)
        assert cell.startswith("'"), "the usual neutraliser: a leading apostrophe"
        assert payload.lstrip("\t\r")[1:] in cell, "the text stays readable"


def test_numbers_and_plain_text_are_left_alone(service: CampaignService) -> None:
    service.publish(RollMade(label="Climb", kind="dice", expression="1D4-5", total=-1))
    rows = list(
        csv.DictReader(io.StringIO(log_export.export(log_reading.records(service, 1), "csv")))
    )
    assert (rows[-1]["label"], rows[-1]["total"]) == ("Climb", "-1")  # a number, not a formula


def test_markdown_journal_escapes_html(service: CampaignService) -> None:
    found = logged(service, HTML, actor=HTML)
    text = log_export.export(found, "md", title=HTML)
    assert "<img" not in text and "<script" not in text
    assert "&lt;img src=x onerror=alert(1)&gt;" in text  # shown as typed once rendered


def test_markdown_journal_keeps_a_label_on_its_line(service: CampaignService) -> None:
    found = logged(service, MARKDOWN, actor=MARKDOWN)
    text = log_export.export(found, "md", title="Saga")
    headings = [line for line in text.splitlines() if line.startswith("#")]
    assert not any("Injected" in line for line in headings), headings
    assert "Climb␊\\# Injected heading" in text or "Climb␊# Injected heading" in text
    # No link or image survives: every bracket is escaped, so none starts one.
    assert not re.search(r"(?<!\\)\[[^\]]*(?<!\\)\]\(", text)
    table = [line for line in text.splitlines() if line.startswith("| ")]
    assert all(line.count("|") - line.count("\\|") == 10 for line in table), table


def test_text_export_shows_controls(service: CampaignService) -> None:
    found = logged(service, "a\x1b[2Jb\x07", actor="\x9b31m")
    text = log_export.export(found, "text")
    assert "\x1b" not in text and "\x07" not in text and "\x9b" not in text
    assert "a␛[2Jb␇" in text


def test_json_export_keeps_the_exact_text(service: CampaignService) -> None:
    payloads = [*FORMULAS, HTML, MARKDOWN, "\x1b]0;x\x07\x9b\u2028"]
    found = logged(service, *payloads)
    text = log_export.export(found, "json")
    assert "\x9b" not in text and "\u2028" not in text  # escaped as JSON, not raw
    assert [row["label"] for row in json.loads(text)] == payloads


BIDI = "Vasana\u202e \u2066rorrim\u2069 Ost\u200bra\ufeff \u200fשלום\u200f\U000e0041"
RAW = re.compile("[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u2060\ufeff\U000e0000-\U000e007f]")


@pytest.mark.parametrize("fmt", ["csv", "md", "text", "json"])
def test_bidi_controls_and_invisible_characters_are_neutralised(
    service: CampaignService, fmt: str
) -> None:
    found = logged(service, BIDI, actor=BIDI)
    text = log_export.export(found, fmt)
    assert not RAW.search(text)  # nothing reorders or hides what a reader of the export sees
    if fmt == "json":
        row = json.loads(text)[0]
        assert row["label"] == row["actor"] == BIDI  # the exact text, escaped
    else:
        assert "\\u202e" in text and "\\u200b" in text and "שלום" in text


def test_the_clipboard_line_is_neutralised(service: CampaignService) -> None:
    from gmdash.tui.panes.log import chat_line

    [record] = logged(service, BIDI, actor=BIDI)
    line = chat_line(record)
    assert not RAW.search(line) and "\\u202e" in line
