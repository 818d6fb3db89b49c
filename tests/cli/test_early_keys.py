"""The dashboard takes the terminal's keys as it starts, before Textual does, and gives the
terminal back as it found it."""

from __future__ import annotations

import os
import pty
import sys
import termios
from pathlib import Path

import pytest

from gmdash.cli.early_keys import take_keys


class Stdin:
    def __init__(self, fd: int) -> None:
        self.fd = fd

    def fileno(self) -> int:
        return self.fd


def test_keys_typed_while_it_starts_come_as_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    master, slave = pty.openpty()
    try:
        before = termios.tcgetattr(slave)
        assert before[3] & termios.ICANON and before[0] & termios.ICRNL  # a new terminal
        monkeypatch.setattr(sys, "stdin", Stdin(slave))
        keys = take_keys()
        taken = termios.tcgetattr(slave)
        assert not taken[3] & (termios.ICANON | termios.ECHO | termios.IEXTEN)
        assert not taken[0] & (termios.ICRNL | termios.IXON)
        assert taken[3] & termios.ISIG  # ctrl+c still stops a start that hangs
        os.write(master, b"r\r")  # typed ahead: nothing held for a line's end, enter as enter
        assert os.read(slave, 10) == b"r\r"
        keys.give_back()
        keys.give_back()  # twice: nothing more
        assert termios.tcgetattr(slave) == before
    finally:
        os.close(master)
        os.close(slave)


def test_no_terminal_no_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open(tmp_path / "input", "w+b") as file:
        monkeypatch.setattr(sys, "stdin", Stdin(file.fileno()))
        take_keys().give_back()  # a file: nothing to take, nothing to give back
