"""The `gmdash` script: after the dashboard the process ends at once (its streams flushed);
after a subcommand it exits as Python does."""

from __future__ import annotations

import io

import pytest

import gmdash.cli as cli


class Ended(Exception):
    def __init__(self, status: int) -> None:
        self.status = status


def end_now(status: int) -> None:
    raise Ended(status)


@pytest.mark.parametrize("status", [0, 2])
def test_after_the_dashboard_the_process_ends_at_once_with_its_output_flushed(
    monkeypatch: pytest.MonkeyPatch, status: int
) -> None:
    buffered = io.BufferedWriter(io.BytesIO())
    out = io.TextIOWrapper(buffered, write_through=False)

    def dashboard() -> int:
        print("gmdash: a note", file=out)
        cli._ran.add(cli.DASHBOARD)
        return status

    monkeypatch.setattr(cli, "main", dashboard)
    monkeypatch.setattr(cli, "_ran", set())
    monkeypatch.setattr(cli.sys, "stdout", out)
    monkeypatch.setattr(cli.os, "_exit", end_now)
    with pytest.raises(Ended) as ended:
        cli.console()
    assert ended.value.status == status
    assert buffered.raw.getvalue() == b"gmdash: a note\n"  # type: ignore[attr-defined]


def test_after_a_subcommand_it_exits_as_python_does(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "main", lambda: 0)
    monkeypatch.setattr(cli, "_ran", set())
    monkeypatch.setattr(cli.os, "_exit", end_now)
    with pytest.raises(SystemExit) as exited:
        cli.console()
    assert exited.value.code == 0
