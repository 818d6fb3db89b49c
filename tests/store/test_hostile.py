"""Hostile save files: each gets one clear line naming the file, exit status 2, and no file
changes (hashes before and after), for a command that writes and one that reads."""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from fake_os import FaultyOS, installed
from store_helpers import hashes

from gmdash.cli import main

NAME = "Hostile Saga"
SLUG = "hostile-saga"


def _make(saves: Path) -> Path:
    assert main(["--saves", str(saves), "campaign", "new", NAME]) == 0
    assert main(["--saves", str(saves), "roll", "50", "--result", "20", "--campaign", NAME,
                 "--label", "Scan"]) == 0  # fmt: skip
    return saves / SLUG


def _session(folder: Path) -> Path:
    return folder / "sessions" / "session-0001.json"


def _truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])


def _edit(change: Callable[[dict[str, object]], None]) -> Callable[[Path], None]:
    def damage(path: Path) -> None:
        data = json.loads(path.read_bytes().split(b"\n")[0])
        change(data)
        path.write_text(json.dumps(data))

    return damage


def _bad_entry(data: dict[str, object]) -> None:
    table = data.get("state") or data.get("events")
    assert isinstance(table, dict)
    doc = table["1"]
    if "characters" in doc:
        doc["sessions"] = "not a list"
    else:
        doc["type"] = "NoSuchEvent"


def _newer(data: dict[str, object]) -> None:
    meta = data["meta"]
    assert isinstance(meta, dict)
    meta["1"]["schema_version"] = 99


def _non_numeric_key(data: dict[str, object]) -> None:
    table = data.get("state") or data.get("events")
    assert isinstance(table, dict)
    table["abc"] = table.pop("1")


def _huge(path: Path) -> None:
    with path.open("wb") as handle:  # sparse: 200 MB that take no room
        handle.truncate(200 * 1024 * 1024)


DAMAGES: dict[str, Callable[[Path], None]] = {
    "truncated": _truncate,
    "empty": lambda p: p.write_bytes(b""),
    "json array": lambda p: p.write_text("[1, 2, 3]"),
    "another application": lambda p: p.write_text(json.dumps({"_default": {"1": {"a": 1}}})),
    "newer schema": _edit(_newer),
    "one bad entry": _edit(_bad_entry),
    "nested 100,000 levels": lambda p: p.write_text("[" * 100_000 + "]" * 100_000),
    "integer of 5,000 digits": lambda p: p.write_text('{"meta": ' + "9" * 5000 + "}"),
    "non-numeric key": _edit(_non_numeric_key),
    "invalid UTF-8": lambda p: p.write_bytes(b'{"meta": "\xff\xfe"}'),
    "200 MB": _huge,
}
COMMANDS = {
    "write": ["roll", "50", "--result", "7", "--campaign", NAME],
    "read": ["log", "--campaign", NAME, "--session", "all"],
}


def _run(saves: Path, command: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    capsys.readouterr()
    status = main(["--saves", str(saves), *command])
    captured = capsys.readouterr()
    return status, captured.err


def _one_line_naming(err: str, path: Path) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert str(path) in lines[0]
    assert "Traceback" not in err


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("which", ["campaign", "session"])
@pytest.mark.parametrize("damage", DAMAGES)
def test_a_hostile_file_is_refused_and_nothing_changes(
    tmp_path: Path, damage: str, which: str, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _make(tmp_path)
    target = folder / "campaign.json" if which == "campaign" else _session(folder)
    DAMAGES[damage](target)
    before = hashes(tmp_path)
    status, err = _run(tmp_path, COMMANDS[command], capsys)
    assert status == 2
    _one_line_naming(err, target)
    assert hashes(tmp_path) == before


LINKED = ["campaign.json", "sessions/session-0001.json", "campaign.lock", "sessions", "."]


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("linked", LINKED)
def test_a_symbolic_link_is_never_followed(
    tmp_path: Path, linked: str, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    saves = tmp_path / "saves"
    folder = _make(saves)
    path = (folder / linked) if linked != "." else folder
    outside = tmp_path / "outside"
    os.rename(path, outside)  # the real thing, elsewhere, and a link in its place
    path.symlink_to(outside)
    before, outside_before = hashes(saves), hashes(tmp_path)
    status, err = _run(saves, COMMANDS[command], capsys)
    if linked == "campaign.lock" and command == "read":
        assert status == 0  # a reader takes no lock: the link is never opened
    else:
        assert status == 2
        _one_line_naming(err, path)
    assert hashes(saves) == before and hashes(tmp_path) == outside_before


@pytest.mark.parametrize(
    "code", [errno.ENOSPC, errno.EROFS, errno.EACCES], ids=["full disk", "read-only", "denied"]
)
def test_a_disk_that_refuses_writes_changes_nothing(
    tmp_path: Path, code: int, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _make(tmp_path)
    before = hashes(tmp_path)

    class Refusing(FaultyOS):
        def write(self, fd: int, data: bytes | memoryview) -> int:
            raise OSError(code, os.strerror(code))

    with installed(Refusing()):
        status, err = _run(tmp_path, COMMANDS["write"], capsys)
    assert status == 2
    _one_line_naming(err, _session(folder))
    assert hashes(tmp_path) == before
    # the refused roll does not come back once the disk has room again
    status, _ = _run(tmp_path, ["log", "--campaign", NAME, "--format", "json"], capsys)
    assert status == 0


def test_a_refused_roll_never_reappears(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _make(tmp_path)
    with installed(FaultyOS("write", 1)):
        status, _ = _run(tmp_path, ["roll", "50", "--result", "7", "--campaign", NAME,
                                    "--label", "Refused"], capsys)  # fmt: skip
    assert status == 2
    assert main(["--saves", str(tmp_path), "log", "--campaign", NAME, "--format", "json"]) == 0
    labels = [row["label"] for row in json.loads(capsys.readouterr().out)]
    assert "Scan" in labels and "Refused" not in labels
