"""Where saves live: the saves folder, campaign folders (slugs) and the last opened campaign."""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from gmdash.store import osio
from gmdash.store.atomic import write_atomic
from gmdash.store.errors import StoreError

SAVES_ENV = "GMDASH_SAVES"
SAVES_NAME = "saves"
LAST_FILE = ".last"
CAMPAIGN_FILE = "campaign.json"
SESSIONS_DIR = "sessions"
LOCK_FILE = "campaign.lock"
NOTICED_FILE = "noticed-saves.txt"
SMALL_FILE_BYTES = 64 * 1024
"""Of the store's small files (`.last`, the lock, the list of noticed folders)."""
APP_NAME = "gmdash"
# The checkout this code runs from: gmdash/store/paths.py -> the folder holding gmdash/ (the path
# as imported, symlinks kept, so a linked copy counts as the folder it is linked into).
_CODE_ROOT = Path(os.path.abspath(__file__)).parents[2]


@dataclass(frozen=True)
class SavesChoice:
    """The saves folder in use and why (for `--help`, `gmdash saves where` and messages)."""

    path: Path
    reason: str
    explicit: bool = False  # named for this run (--saves, $GMDASH_SAVES), not a standing default


def source_checkout(root: Path = _CODE_ROOT) -> Path | None:
    """The source checkout gmdash runs from (an editable install or `python -m`), if it does.

    An installed copy (pipx, uv tool, a wheel) lives in site-packages, with no pyproject.toml of
    ours beside its package.
    """
    try:
        text = (root / "pyproject.toml").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return root if re.search(r'(?m)^name\s*=\s*"gmdash"', text) else None


def user_data_saves() -> Path:
    """The saves folder in the platform's user data folder."""
    import platformdirs  # only when no other source names the folder

    return platformdirs.user_data_path(APP_NAME, appauthor=False) / SAVES_NAME


def choose_saves(
    option: str | Path | None,
    environ: Mapping[str, str] | None = None,
    config_saves: Path | None = None,
    checkout: Path | bool | None = True,
) -> SavesChoice:
    """`--saves DIR`, else `$GMDASH_SAVES`, else the config's `saves`, else the `saves/` of the
    source checkout this runs from, else the user data folder: never the current folder.

    `checkout=True` looks for the checkout; tests pass a folder, or None for an installed copy.
    """
    if option:
        return SavesChoice(_absolute(option), "--saves", explicit=True)
    env = (os.environ if environ is None else environ).get(SAVES_ENV)
    if env:
        return SavesChoice(_absolute(env), f"${SAVES_ENV}", explicit=True)
    if config_saves is not None:
        return SavesChoice(_absolute(config_saves), "the config file's `saves`")
    root = source_checkout() if checkout is True else checkout or None
    if root is not None:
        return SavesChoice(_absolute(root / SAVES_NAME), "the source checkout gmdash runs from")
    return SavesChoice(_absolute(user_data_saves()), "the user data folder")


def resolve_saves_dir(option: str | Path | None, environ: Mapping[str, str] | None = None) -> Path:
    """The saves folder `choose_saves` picks, without a config file."""
    return choose_saves(option, environ).path


def _absolute(path: str | Path) -> Path:
    """`path` made absolute, its symbolic links resolved once, here: a saves folder may be a
    link (a dotfile manager's, a synced folder's), while links inside it are never followed."""
    return Path(os.path.realpath(Path(path).expanduser().absolute()))


def stray_campaigns(choice: SavesChoice, cwd: Path) -> list[str]:
    """The campaigns in `cwd/saves` when that is not the saves folder in use and the folder in
    use is a default (one named for this run is what the game master wants)."""
    stray = (cwd / SAVES_NAME).absolute()
    if choice.explicit or stray == choice.path or _same_folder(stray, choice.path):
        return []
    return campaign_slugs(stray)


def stray_saves_notice(choice: SavesChoice, cwd: Path, state_dir: Path | None = None) -> str | None:
    """Once per folder: `./saves` holds campaigns that the folder in use is not.

    Older versions kept saves in the current folder; such campaigns are never opened silently,
    but the game master is told once (remembered in the user state folder) how to move them.
    """
    slugs = stray_campaigns(choice, cwd)
    if not slugs:
        return None
    stray = (cwd / SAVES_NAME).absolute()
    if state_dir is None:
        import platformdirs

        state_dir = platformdirs.user_state_path(APP_NAME, appauthor=False)
    noticed = state_dir / NOTICED_FILE
    try:
        seen = osio.read_user_file(noticed, SMALL_FILE_BYTES).decode("utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        seen = []
    if str(stray) in seen:
        return None
    try:
        state_dir.mkdir(parents=True, exist_ok=True)
        write_atomic(noticed, "".join(f"{line}\n" for line in [*seen, str(stray)]).encode(),
                     durable=False)  # fmt: skip
    except OSError:
        pass  # told again next time rather than never
    shown = ", ".join(slugs[:3]) + (f" and {len(slugs) - 3} more" if len(slugs) > 3 else "")
    return (
        f"note: {stray} holds {len(slugs)} campaign(s) ({shown}) that gmdash no longer opens "
        f"from the current folder; saves now live in {choice.path} ({choice.reason}). Move them "
        f"there with: gmdash saves move {_quoted(stray)} (or open them where they are with "
        f"--saves {_quoted(stray)}). This note is shown once."
    )


def _same_folder(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and a.samefile(b)
    except OSError:
        return False


def _quoted(path: Path) -> str:
    text = str(path)
    return f'"{text}"' if any(c.isspace() for c in text) else text


WINDOWS_RESERVED = frozenset(
    {"con", "prn", "aux", "nul"} | {f"{device}{n}" for device in ("com", "lpt") for n in range(10)}
)
"""Device names Windows will not give a folder (with or without an extension)."""
EXPORTS_DIR = "exports"
STORE_FOLDERS = frozenset({EXPORTS_DIR})
"""Folders of the saves folder that are the store's own (the dashboard's exports): never a
campaign's (`.incoming`, `.last` and the like begin with a dot, which no slug does)."""


def slugify(name: str) -> str:
    """A folder name safe on every file system: `Demo — The Pavis Road` -> `demo-the-pavis-road`.

    Accents are folded to ASCII; a name with no letter or digit left gets a short hash instead;
    a Windows device name (`con`, `nul`, `com1`...) or the name of one of the store's own
    folders (`exports`) gets `-campaign` after it.
    """
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:60].strip("-")
    if not slug:
        import hashlib  # rarely needed (a name of no letter or digit): it loads OpenSSL

        slug = "campaign-" + hashlib.sha1(name.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    if slug in WINDOWS_RESERVED or slug in STORE_FOLDERS:
        slug += "-campaign"
    return slug


def campaign_folder(saves: Path, name_or_slug: str) -> Path:
    """The folder of the campaign called (or slugged) `name_or_slug` (a campaign the previous
    release made in a folder now the store's own, `exports`, is still found there)."""
    folder = saves / slugify(name_or_slug)
    older = saves / name_or_slug.strip().casefold()
    if older.name in STORE_FOLDERS and not folder.exists() and is_campaign_folder(older):
        return older
    return folder


def is_campaign_folder(folder: Path) -> bool:
    """Whether `folder` holds a campaign (its snapshot and its sessions folder)."""
    return (folder / CAMPAIGN_FILE).is_file() and (folder / SESSIONS_DIR).is_dir()


def session_file(folder: Path, number: int) -> Path:
    """The log file of game session `number` (0: events before the first session)."""
    return folder / SESSIONS_DIR / f"session-{number:04d}.json"


def session_numbers(folder: Path) -> list[int]:
    """The numbers of the log files present in a campaign folder, in order."""
    numbers = []
    try:
        names = os.listdir(folder / SESSIONS_DIR)  # not a glob: a campaign has hundreds
    except OSError:
        return []
    for name in names:
        digits = name.removeprefix("session-").removesuffix(".json")
        if name.startswith("session-") and name.endswith(".json") and digits.isdigit():
            numbers.append(int(digits))
    return sorted(numbers)


def campaign_slugs(saves: Path) -> list[str]:
    """Slugs of every campaign folder in `saves`, sorted."""
    if not saves.is_dir():
        return []
    return sorted(p.name for p in saves.iterdir() if (p / CAMPAIGN_FILE).is_file())


def read_last(saves: Path) -> str | None:
    """The slug of the campaign opened last, if it is still there."""
    try:
        slug = osio.read_file(saves / LAST_FILE, SMALL_FILE_BYTES).decode().strip()
    except (OSError, StoreError, UnicodeDecodeError):
        return None
    return slug if slug and (saves / slug / CAMPAIGN_FILE).is_file() else None


def write_last(saves: Path, slug: str) -> None:
    """Remember `slug` as the campaign opened last (no write when it is already: opening the
    same campaign again need not wait for a disk flush)."""
    data = slug.encode() + b"\n"
    with suppress(OSError, StoreError):  # none yet, a link, or unreadable: written afresh
        if osio.read_file(saves / LAST_FILE, SMALL_FILE_BYTES) == data:
            return
    write_atomic(saves / LAST_FILE, data)
