"""The door between `gmdash serve` and the players' own links: whether a token is a live link.

The web server reaches no store itself (see pyproject's import contracts): the command gives it
`link_refusal` for its campaign's folder, which reads `players.json` at each call, so a link
revoked while the server runs stops at its next request.
"""

from __future__ import annotations

from pathlib import Path

from gmdash.store.errors import StoreError
from gmdash.store.player_links import character_of

MAX_TOKEN = 200
"""Characters of a token worth comparing (longer ones are no token of ours)."""


def link_refusal(folder: Path, token: str) -> str | None:
    """Why `token` opens nothing (in words for the browser), or None when it is a live link of
    the campaign in `folder`."""
    try:
        character = character_of(folder, token) if len(token) <= MAX_TOKEN else None
    except StoreError:
        return "the players' links cannot be read: ask the GM"
    if character is None:
        return "this player's link is not (or no longer) valid: ask the GM for a new one"
    return None
