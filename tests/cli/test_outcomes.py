"""One rule for outcomes: a change is reported saved exactly when it is committed. What fails
after the commit (the lock's release, a compaction, `.last`, printing the result) is a warning
on stderr with exit status 0; a closed pipe ends quietly; output that cannot be written when
nothing was changed is one clear line.

The fault injection is strace-style: every call of the store's door to the system
(`osio.OS`: open, write, fsync, ftruncate, close, rename, mkdir, unlink) fails in turn, one run
each, and the outcome reported is checked against what a clean open finds afterwards."""

from __future__ import annotations

import errno
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from fake_os import SYSCALLS, FaultyOS, installed

from gmdash.cli import main
from gmdash.model.events import RollMade
from gmdash.play.campaign import CampaignService

NAME = "Honest Saga"
ROOT = Path(__file__).resolve().parents[2]
ROLL = ["roll", "50", "--result", "42", "--label", "Honest", "--campaign", NAME]


def _run(saves: Path, capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    status = main(["--saves", str(saves), *argv])
    out, err = capsys.readouterr()
    return status, out, err


def _template(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A campaign with a session open, as a game night has it."""
    saves = tmp_path / "template"
    assert _run(saves, capsys, "campaign", "new", NAME)[0] == 0
    assert _run(saves, capsys, "session", "start", "--campaign", NAME)[0] == 0
    return saves


def _labels(saves: Path) -> list[str | None]:
    with CampaignService.open(saves, NAME, read_only=True) as svc:
        return [e.label for e in svc.events("all") if isinstance(e, RollMade)]


def _calls(saves: Path, argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, int]:
    probe = saves.with_name("probe")
    shutil.copytree(saves, probe)
    layer = FaultyOS()
    with installed(layer):
        assert _run(probe, capsys, *argv)[0] == 0
    return layer.calls


@pytest.mark.parametrize("kind", SYSCALLS)
def test_a_roll_is_reported_saved_exactly_when_it_is(
    tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    template = _template(tmp_path, capsys)
    total = _calls(template, ROLL, capsys)[kind]
    for fail_at in range(1, total + 1):
        saves = tmp_path / f"{kind}-{fail_at}"
        shutil.copytree(template, saves)
        layer = FaultyOS(kind, fail_at)
        with installed(layer):
            status, out, err = _run(saves, capsys, *ROLL)
        assert layer.fired and "Traceback" not in err
        saved = "Honest" in _labels(saves)
        assert status == (0 if saved else 2), (kind, fail_at, err)
        if saved:
            assert "42 against 50%" in out  # reported, with a warning if anything failed after
            assert all(line.startswith("gmdash: warning: ") for line in err.splitlines()), err
        else:
            [line] = err.strip().splitlines()
            assert "not saved" in line or "cannot" in line, line


@pytest.mark.parametrize("kind", SYSCALLS)
def test_a_new_campaign_is_reported_saved_exactly_when_it_opens(
    tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["campaign", "new", NAME]
    probe = FaultyOS()
    with installed(probe):
        assert _run(tmp_path / "count", capsys, *argv)[0] == 0
    total = probe.calls[kind]
    for fail_at in range(1, total + 1):
        saves = tmp_path / f"{kind}-{fail_at}"
        layer = FaultyOS(kind, fail_at)
        with installed(layer):
            status, _, err = _run(saves, capsys, *argv)
        assert layer.fired and "Traceback" not in err
        try:
            CampaignService.open(saves, NAME, wait=0).close()
            opens = True
        except Exception:
            opens = False
        assert status == (0 if opens else 2), (kind, fail_at, err)
        if not opens:  # nothing half-made is left in the way of trying again
            assert _run(saves, capsys, *argv)[0] == 0, (kind, fail_at)


class FailingStream(io.StringIO):
    """A stdout whose writes fail as a full disk's (or, `code`, any other way)."""

    def __init__(self, code: int) -> None:
        super().__init__()
        self.code = code

    def write(self, text: str) -> int:
        raise OSError(self.code, os.strerror(self.code))


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EIO, errno.EPIPE])
def test_a_roll_whose_report_cannot_be_printed_is_saved_all_the_same(
    tmp_path: Path, code: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    saves = _template(tmp_path, capsys)
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdout", FailingStream(code))
    status = main(["--saves", str(saves), *ROLL])
    monkeypatch.undo()
    err = capsys.readouterr().err
    assert status == 0
    assert _labels(saves) == ["Honest"]
    if code == errno.EPIPE:
        assert err == ""  # a reader that went away: nothing to say
    else:
        [line] = err.strip().splitlines()
        assert line.startswith("gmdash: warning: the change is saved")


def _gmdash(*argv: str, **options: object) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "gmdash", *argv], env=env, cwd=ROOT,
                            **options)  # type: ignore[call-overload]  # fmt: skip


def _long_log(saves: Path) -> None:
    with CampaignService.create(saves, NAME, durable=False) as svc:
        svc.start_session()
        with svc.transaction():
            for index in range(3_000):  # far more than a pipe holds
                svc.publish(RollMade(kind="dice", expression="1D6", total=index % 6 + 1,
                                     label=f"roll {index}"))  # fmt: skip


@pytest.mark.parametrize("fmt", ["text", "json", "csv"])
def test_a_log_read_by_head_ends_quietly(tmp_path: Path, fmt: str) -> None:
    _long_log(tmp_path)
    child = _gmdash("--saves", str(tmp_path), "log", "--campaign", NAME, "--format", fmt,
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    assert child.stdout is not None and child.stderr is not None
    assert child.stdout.readline()  # `| head -1`: one line, then the pipe is closed
    child.stdout.close()
    err = child.stderr.read()
    assert child.wait() == 0
    assert err == b""  # no "Broken pipe", no traceback


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_output_to_a_full_disk_is_one_line_or_a_warning(tmp_path: Path) -> None:
    _long_log(tmp_path)
    with open("/dev/full", "wb") as full:
        log = _gmdash("--saves", str(tmp_path), "log", "--campaign", NAME, "--format", "text",
                      stdout=full, stderr=subprocess.PIPE)  # fmt: skip
        _, err = log.communicate()
        assert log.returncode == 2
        assert err.decode().splitlines() == [
            "gmdash: cannot write the output: No space left on device"
        ]
        roll = _gmdash("--saves", str(tmp_path), *ROLL, stdout=full, stderr=subprocess.PIPE)
        _, err = roll.communicate()
    assert roll.returncode == 0  # the roll is saved: only its report was lost
    [line] = err.decode().splitlines()
    assert line.startswith("gmdash: warning: the change is saved") and "Traceback" not in line
    assert "Honest" in _labels(tmp_path)
    done = subprocess.run([sys.executable, "-m", "gmdash", "--saves", str(tmp_path), "log",
                           "--campaign", NAME, "--format", "json", "--rolls"],
                          capture_output=True, check=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})  # fmt: skip
    assert json.loads(done.stdout)[-1]["label"] == "Honest"
