"""gmdash: a keyboard-driven terminal dashboard for RuneQuest and Basic Roleplaying game masters."""

from __future__ import annotations

__version__ = "0.1.0"
