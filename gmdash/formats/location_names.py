"""Reading a hit location the game master types, on the body's own table: a name, a prefix of
it, its initials ("ra", "rhl"), a side and a part ("r arm", "left hind"), or a D20 roll."""

from __future__ import annotations

from gmdash.rules import HitTable

# Common short forms of the vital locations; only used when the table has that location.
ALIASES = {
    "h": "head", "hd": "head",
    "c": "chest", "ch": "chest",
    "a": "abdomen", "ab": "abdomen", "abd": "abdomen",
}  # fmt: skip
_SIDES = {"r": "right", "right": "right", "l": "left", "left": "left"}


def location_hint(table: HitTable) -> str:
    """The placeholder of a location field: the table's locations in short, and the D20."""
    names = [_initials(key).upper() if "_" in key else key for key in table.top_down]
    return f"{', '.join(names)}, or a D20 roll (1-20)"


def read_location(text: str, table: HitTable) -> tuple[str | None, int | None]:
    """(location, D20) from typed text: (key, None) for a name, (key, roll) for a number,
    (None, None) when blank. ValueError says what the table offers."""
    raw = " ".join(text.strip().casefold().replace("_", " ").replace("-", " ").split())
    if not raw:
        return None, None
    if raw.isdigit():
        roll = int(raw)
        if not 1 <= roll <= 20:
            raise ValueError(f"a D20 roll is 1 to 20, not {roll}")
        return table.from_d20(roll), roll
    found = _match(raw, table)
    if found is None:
        raise ValueError(f"not a hit location: {text.strip()!r} ({location_hint(table)})")
    return found, None


def _match(raw: str, table: HitTable) -> str | None:
    key = raw.replace(" ", "_")
    if table.has(key):
        return key
    alias = ALIASES.get(raw)
    if alias is not None and table.has(alias):
        return alias
    by_initials = [k for k in table.keys if "_" in k and _initials(k) == raw.replace(" ", "")]
    if len(by_initials) == 1:
        return by_initials[0]
    words = raw.split()
    if words[0] in _SIDES and len(words) > 1:
        key = "_".join([_SIDES[words[0]], *words[1:]])
    prefixed = [k for k in table.keys if k.startswith(key)]
    if len(prefixed) == 1:
        return prefixed[0]
    return None


def _initials(key: str) -> str:
    return "".join(word[0] for word in key.split("_"))
