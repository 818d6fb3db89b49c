"""Where saves live: the saves folder, campaign folders (slugs) and the last opened campaign."""

from __future__ import annotations

import hashlib
import os
import re
import unicodedata
from collections.abc import Mapping
from pathlib import Path

from gmdash.store.atomic import write_atomic

SAVES_ENV = "GMDASH_SAVES"
DEFAULT_SAVES = Path("saves")
LAST_FILE = ".last"
CAMPAIGN_FILE = "campaign.json"
SESSIONS_DIR = "sessions"
LOCK_FILE = "campaign.lock"


def resolve_saves_dir(option: str | Path | None, environ: Mapping[str, str] | None = None) -> Path:
    """`--saves DIR` if given, else `$GMDASH_SAVES`, else `./saves`."""
    if option:
        return Path(option)
    env = (os.environ if environ is None else environ).get(SAVES_ENV)
    return Path(env) if env else DEFAULT_SAVES


WINDOWS_RESERVED = frozenset(
    {"con", "prn", "aux", "nul"} | {f"{device}{n}" for device in ("com", "lpt") for n in range(10)}
)
"""Device names Windows will not give a folder (with or without an extension)."""


def slugify(name: str) -> str:
    """A folder name safe on every file system: `Demo — The Pavis Road` -> `demo-the-pavis-road`.

    Accents are folded to ASCII; a name with no letter or digit left gets a short hash instead;
    a Windows device name (`con`, `nul`, `com1`...) gets `-campaign` after it.
    """
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:60].strip("-")
    if not slug:
        slug = "campaign-" + hashlib.sha1(name.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    if slug in WINDOWS_RESERVED:
        slug += "-campaign"
    return slug


def campaign_folder(saves: Path, name_or_slug: str) -> Path:
    """The folder of the campaign called (or slugged) `name_or_slug`."""
    return saves / slugify(name_or_slug)


def session_file(folder: Path, number: int) -> Path:
    """The log file of game session `number` (0: events before the first session)."""
    return folder / SESSIONS_DIR / f"session-{number:04d}.json"


def session_numbers(folder: Path) -> list[int]:
    """The numbers of the log files present in a campaign folder, in order."""
    numbers = []
    for path in (folder / SESSIONS_DIR).glob("session-*.json"):
        digits = path.stem.removeprefix("session-")
        if digits.isdigit():
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
        slug = (saves / LAST_FILE).read_text().strip()
    except OSError:
        return None
    return slug if slug and (saves / slug / CAMPAIGN_FILE).is_file() else None


def write_last(saves: Path, slug: str) -> None:
    """Remember `slug` as the campaign opened last."""
    write_atomic(saves / LAST_FILE, slug.encode() + b"\n")
