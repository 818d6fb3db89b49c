"""A Foundry actor's spirit spells, cults with their Rune points and Rune spells."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmdash.formats.foundry_values import mapping, text, whole
from gmdash.formats.reading import Reading

RANKS = {"layMember": "lay member", "initiate": "initiate", "godTalker": "god-talker",
         "runePriest": "rune priest", "runeLord": "rune lord", "chiefPriest": "rune priest",
         "highPriest": "rune priest"}  # fmt: skip
"""Foundry's cult ranks -> gmdash's (`CultRank`); a chief or high priest is a Rune priest."""


def magic(reading: Reading, by_type: dict[str, list[Mapping[str, Any]]]) -> None:
    """Spirit magic into `spells`; cults, with their Rune points, Runes and Rune spells, into
    `cults`. A Rune spell whose cult is not in the export is reported."""
    cults: list[dict[str, Any]] = []
    by_id: dict[str, dict[str, Any]] = {}
    for item in by_type.pop("cult", []):
        joined = _cult(reading, item)
        cults.append(joined)
        by_id[text(item.get("_id")) or text(item.get("id"))] = joined
    spells = _spirit_spells(reading, by_type.pop("spiritMagic", []))
    _rune_spells(reading, by_type.pop("runeMagic", []), by_id)
    if spells:
        reading.sheet["spells"] = spells
    if cults:
        reading.sheet["cults"] = cults
        reading.sheet["rune_points"] = reading.sheet["rune_points_max"] = 0  # each cult's own


def _cult(reading: Reading, item: Mapping[str, Any]) -> dict[str, Any]:
    """One cult: its name, rank, Rune points and Runes (its Rune spells come after)."""
    system = mapping(item.get("system"))
    name = text(item.get("name")) or text(system.get("deity")) or "(cult)"
    pool = mapping(system.get("runePoints"))
    full = max(0, whole(pool.get("max")) or 0)
    ranks = [text(mapping(j).get("rank")) for j in system.get("joinedCults") or []]
    rank = next((RANKS[r] for r in ranks if r in RANKS), "initiate")
    if ranks and ranks[0] not in ("layMember", "initiate", "godTalker", "runePriest",
                                  "runeLord"):  # fmt: skip
        reading.assumed.append(f"{name}: rank {ranks[0]!r} kept as {rank!r}")
    runes = [text(mapping(link).get("name")) for link in system.get("runeRqidLinks") or []]
    return {
        "name": name, "rank": rank, "rune_points_max": full,
        "rune_points": max(0, min(whole(pool.get("value")) or 0, full)),
        "runes": [r for r in runes if r], "spells": [],
    }  # fmt: skip


def _spirit_spells(reading: Reading, items: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The spirit spells known (a matrix or a spell without points is reported unread)."""
    spells: list[dict[str, Any]] = []
    for item in items:
        system = mapping(item.get("system"))
        name, points = text(item.get("name")), whole(system.get("points"))
        if not name or not points or points < 1:
            reading.unread.append(f"spirit spell {name or '(no name)'!r}: no points")
            continue
        if system.get("isMatrix") is True:
            reading.unread.append(f"{name}: a spell matrix (gmdash keeps spells known)")
            continue
        spells.append({"name": name, "points": points,
                       "variable": system.get("isVariable") is True})  # fmt: skip
    return spells


def _rune_spells(
    reading: Reading, items: list[Mapping[str, Any]], by_id: dict[str, dict[str, Any]]
) -> None:
    """Each Rune spell into its cult's spells (one whose cult is not in the export reported)."""
    for item in items:
        system = mapping(item.get("system"))
        name, points = text(item.get("name")), whole(system.get("points"))
        cult = by_id.get(text(system.get("cultId")))
        if not name or not points or points < 1 or cult is None:
            why = "no points" if cult is not None else "its cult is not in the export"
            reading.unread.append(f"Rune spell {name or '(no name)'!r}: {why}")
            continue
        cult["spells"].append({"name": name, "points": points,
                               "stackable": system.get("isStackable") is True,
                               "one_use": system.get("isOneUse") is True})  # fmt: skip
