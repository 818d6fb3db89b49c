"""Every test runs with its own user folders: nothing is read from or written to the real
config, data and state folders of whoever runs the tests (or to the checkout's saves/)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def private_user_folders(tmp_path_factory: pytest.TempPathFactory,
                         monkeypatch: pytest.MonkeyPatch) -> Path:  # fmt: skip
    """A fresh home for the test: HOME and the XDG folders (what platformdirs reads), an unset
    config file and a saves folder of its own; tests of the defaults unset what they need."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("USERPROFILE", str(home))
    for variable, folder in (("XDG_CONFIG_HOME", ".config"), ("XDG_DATA_HOME", ".local/share"),
                             ("XDG_STATE_HOME", ".local/state"), ("XDG_CACHE_HOME", ".cache"),
                             ("APPDATA", "AppData/Roaming"),
                             ("LOCALAPPDATA", "AppData/Local")):  # fmt: skip
        monkeypatch.setenv(variable, str(home / folder))
    monkeypatch.setenv("GMDASH_CONFIG", str(home / "gmdash-config.toml"))
    monkeypatch.setenv("GMDASH_SAVES", str(home / "saves"))
    return home
