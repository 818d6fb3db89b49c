"""Nothing gmdash reads is code: files that older versions kept between starts, crafted to run
a command, are never read, and the user cache folder holds nothing gmdash trusts.

Older versions kept a pickled state beside the snapshot (`campaign.ready`, signed with the saves
folder's `.ready-key`), and code and styles in the config folder (`compiled-modules.cache`,
`compiled-classes.cache`, `parsed-styles.cache`); a saves folder received from someone else
could run their code through them. Here each holds a pickle that would create a file if it were
ever unpickled, and the dashboard's start, its quit and a CLI roll leave that file unmade.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gmdash.cli import main
from gmdash.play.campaign import create_demo
from gmdash.play.demo import DEMO_NAME
from gmdash.store.paths import campaign_folder

OLD_CACHES = ("compiled-modules.cache", "compiled-classes.cache", "parsed-styles.cache")


def payload(marker: Path) -> bytes:
    """A protocol-0 pickle that runs `os.system("touch MARKER")` when it is loaded."""
    return f"cposix\nsystem\n(S'touch {marker}'\ntR.".encode()


def test_crafted_cache_files_run_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, private_user_folders: Path
) -> None:
    from gmdash.tui.app import GmDashApp

    saves = tmp_path / "saves"
    create_demo(saves).close()
    folder = campaign_folder(saves, DEMO_NAME)
    marker = tmp_path / "ran"
    crafted = {
        folder / "campaign.ready": payload(marker),
        saves / ".ready-key": os.urandom(32),
        **{Path(os.environ["GMDASH_CONFIG"]).parent / name: payload(marker)
           for name in OLD_CACHES},
        private_user_folders / ".cache" / "gmdash" / "ready.json": b'{"state": {"x": 1}}',
    }  # fmt: skip
    for path, data in crafted.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    monkeypatch.setattr(GmDashApp, "run", lambda app: None)  # started, then quit at once
    assert main(["--saves", str(saves)]) == 0  # the dashboard's own start and quit
    assert main(["--saves", str(saves), "roll", "50", "--seed", "1"]) == 0
    assert not marker.exists()
    for path, data in crafted.items():
        assert path.read_bytes() == data, f"{path} was rewritten"
    cache = private_user_folders / ".cache"
    assert sorted(p.name for p in cache.rglob("*")) == ["gmdash", "ready.json"]


def test_the_suite_keeps_the_user_cache_folder_in_its_own_home(
    private_user_folders: Path,
) -> None:
    import platformdirs

    cache = Path(platformdirs.user_cache_dir("gmdash"))
    assert cache.is_relative_to(private_user_folders)
