"""Players' own links: a random token per player character, kept in the campaign's folder.

`players.json` (mode 0600: the user's alone) maps each token to the id of the character it rolls
for. `gmdash serve --links` prints the links (making a token for a character that has none),
`gmdash serve --revoke NAME` drops that character's token (its link stops working at once: the
dashboard reads the file at each request).
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path

from gmdash.store import osio
from gmdash.store.atomic import write_atomic
from gmdash.store.errors import StoreError

LINKS_FILE = "players.json"
MAX_BYTES = 256 * 1024
TOKEN_BYTES = 24


def read_links(folder: Path) -> dict[str, str]:
    """token -> character id (empty when no link was made); StoreError on a damaged file."""
    path = folder / LINKS_FILE
    try:
        raw = osio.read_file(path, MAX_BYTES)
    except FileNotFoundError:
        return {}
    except OSError as error:
        raise StoreError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        data = json.loads(raw)
    except ValueError:
        raise StoreError(f"cannot read {path}: not JSON") from None
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in data.items()
    ):
        raise StoreError(f"cannot read {path}: not a table of tokens")
    return dict(data)


def _write(folder: Path, links: dict[str, str]) -> None:
    data = json.dumps(links, indent=1, sort_keys=True).encode()
    write_atomic(folder / LINKS_FILE, data, mode=0o600)


def character_of(folder: Path, token: str) -> str | None:
    """The character id a token rolls for (None: no such token, or revoked)."""
    for known, character in read_links(folder).items():
        if secrets.compare_digest(known.encode(), token.encode()):
            return character
    return None


def ensure_links(folder: Path, character_ids: list[str]) -> dict[str, str]:
    """character id -> token for each of `character_ids`, a new token for any without one."""
    links = read_links(folder)
    by_character = {character: token for token, character in links.items()}
    missing = [c for c in character_ids if c not in by_character]
    for character in missing:
        token = secrets.token_urlsafe(TOKEN_BYTES)
        links[token] = character
        by_character[character] = token
    if missing:
        _write(folder, links)
    return {c: by_character[c] for c in character_ids}


def revoke(folder: Path, character_id: str) -> bool:
    """Drop the token of `character_id`; whether there was one."""
    links = read_links(folder)
    kept = {t: c for t, c in links.items() if c != character_id}
    if kept == links:
        return False
    _write(folder, kept)
    return True
