"""The two rule sets a campaign can use."""

from __future__ import annotations

from enum import StrEnum


class RuleSet(StrEnum):
    """RuneQuest: Roleplaying in Glorantha, or Basic Roleplaying."""

    RQG = "rqg"
    BRP = "brp"
