"""What the players may see of a campaign, picked field by field (nothing else leaves here).

The players' screen is drawn from a `PlayersView` only, never from the campaign itself, so what
it cannot show is decided in one place:
- the party: each player character's hit points, magic and rune points and wound status;
- the fight: the strike-rank order, whose action it is, each player character's action and
  conditions; everyone else (foes, NPC allies) shows only its name and a wound level;
- the latest session's rolls that are not hidden, each with its game day; a roll by anyone but
  a player character (or the game master's own, unnamed) shows its level of success and no
  numbers that would tell the NPC's skill;
- today's game date (not the holy days: they would tell the NPCs' cults).
Never: GM notes, NPC sheets, hidden rolls, other events of the log, anything of another campaign.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from gmdash.drawing.status import status_words
from gmdash.model.character import Character, CharacterKind
from gmdash.model.combat import Combat, Combatant, Row, location_maxima, order_rows
from gmdash.model.derived import Maxima, sheet_maxima
from gmdash.model.log import LogEntry
from gmdash.model.state import CampaignState
from gmdash.rules import RuleSet
from gmdash.rules.calendar import date_text

MAX_ROLLS = 200
"""The latest rolls kept for the page (a night rarely has more; older ones scroll away)."""
WOUND_LEVELS = ("unhurt", "hurt", "badly hurt", "down", "dead")
"""What players see of someone else's wounds: what they would see across the table."""


@dataclass(frozen=True, kw_only=True)
class PartyMember:
    """A player character as the players see it."""

    name: str
    player: str
    hit_points: int
    hit_points_max: int
    magic_points: int
    magic_points_max: int
    rune_points: int
    rune_points_max: int
    status: tuple[str, ...]
    """Wound conditions, worst first; empty when hale."""


@dataclass(frozen=True, kw_only=True)
class Fighter:
    """A line of the strike-rank order. `public` is True for a player character (its action,
    hit points and conditions shown); for anyone else `effects` is its wound level alone."""

    name: str
    public: bool
    rank: str
    action: str
    hit_points: str
    effects: tuple[str, ...]
    acting: bool = False
    """An action of this round's order (not carried to the next round, not waiting)."""
    current: bool = False
    resolved: bool = False
    out: bool = False


@dataclass(frozen=True, kw_only=True)
class CombatView:
    round: int
    heading: str
    fighters: tuple[Fighter, ...]


@dataclass(frozen=True, kw_only=True)
class PublicRoll:
    """A roll the players saw made. `chance` and `roll` are None for an NPC's roll."""

    id: str
    time: str
    day: str
    """The game day it was rolled on ("Wind"; "" before calendars)."""
    actor: str | None
    label: str
    chance: int | None
    roll: int | None
    level: str | None
    struck: bool


@dataclass(frozen=True, kw_only=True)
class PlayersView:
    campaign: str
    session: str
    date: str
    """Today's game date ("Windsday, Movement week, Storm Season 1625")."""
    party: tuple[PartyMember, ...]
    combat: CombatView | None
    rolls: tuple[PublicRoll, ...]


class SourceError(Exception):
    """The campaign cannot be shown (missing, unreadable); the message says why, in words fit
    for every browser watching (no path of the game master's machine: `detail` has those, for
    the game master's own terminal)."""

    def __init__(self, message: str, detail: str | None = None) -> None:
        super().__init__(message)
        self.detail = detail or message


class ViewSource(Protocol):
    """Where the players' screen gets its view (`gmdash.serve.source.CampaignSource`)."""

    def read(self) -> PlayersView:
        """The view now; SourceError when the campaign cannot be read."""
        ...

    def changed(self) -> bool:
        """Whether the campaign was written since the last `read`."""
        ...


def players_view(state: CampaignState, rolls: Sequence[LogEntry]) -> PlayersView:
    """The public part of a campaign: its state and the latest log's `rolls`."""
    ruleset = state.campaign.ruleset
    pcs = [c for c in state.characters.values() if c.kind is CharacterKind.PC]
    return PlayersView(
        campaign=state.campaign.name,
        session=_session_text(state),
        date=date_text(state.campaign.dates.kind, state.today),
        party=tuple(party_member(c, sheet_maxima(c, ruleset)) for c in pcs),
        combat=None if state.combat is None else _combat(state.combat, state, ruleset),
        rolls=_rolls(rolls, {c.name.casefold() for c in pcs}),
    )


def _session_text(state: CampaignState) -> str:
    current = state.current_session
    if current is not None:
        return f"Session {current.number}"
    if state.sessions:
        return f"Session {state.sessions[-1].number} (ended)"
    return "No session yet"


def party_member(character: Character, full: Maxima) -> PartyMember:
    """A player character as the players see it, given its full points (`sheet_maxima`)."""
    rune_points, rune_points_max = character.all_rune_points  # every cult's pool together
    return PartyMember(
        name=character.name,
        player=character.player,
        hit_points=character.hit_points,
        hit_points_max=full.hit_points,
        magic_points=character.magic_points,
        magic_points_max=full.magic_points,
        rune_points=rune_points,
        rune_points_max=rune_points_max,
        status=tuple(words for words in status_words(character, full) if words != "wounded"),
    )


def wound_level(hit_points: int, hit_points_max: int, out_of_action: str | None) -> str:
    """One of WOUND_LEVELS: dead; down (unconscious or in shock); else by the hit points left."""
    if out_of_action == "dead":
        return "dead"
    if out_of_action is not None:
        return "down"
    if hit_points >= hit_points_max:
        return "unhurt"
    if hit_points * 2 > hit_points_max:
        return "hurt"
    return "badly hurt"


def _is_public(combatant: Combatant, sheet: Character | None) -> bool:
    return (
        combatant.character_id is not None and sheet is not None and sheet.kind is CharacterKind.PC
    )


def _combat(combat: Combat, state: CampaignState, ruleset: RuleSet) -> CombatView:
    brp = ruleset is RuleSet.BRP
    fighters = [_fighter(row, ruleset) for row in order_rows(combat, state.characters, ruleset)]
    acting = [f for f in fighters if f.acting]
    heading = f"Round {combat.round}"
    position = next((i for i, f in enumerate(acting) if f.current), None)
    if position is not None:
        where = "DEX" if brp else "SR"
        heading += f" · {where} {acting[position].rank.rstrip('=')} · {position + 1}/{len(acting)}"
    elif acting:
        heading += " · about to start"
    else:
        heading += " · declaring"
    return CombatView(round=combat.round, heading=heading, fighters=tuple(fighters))


def _fighter(row: Row, ruleset: RuleSet) -> Fighter:
    """A line of the order; only a player character's shows its action, points and effects."""
    public = _is_public(row.combatant, row.sheet)
    if row.turn is not None:
        rank = str(row.turn.dex if ruleset is RuleSet.BRP else row.turn.sr)
        rank += "=" if row.turn.simultaneous else ""
    elif row.next_round and row.action is not None:
        rank = f"→{row.action.sr - 12}"
    else:
        rank = "-"
    hp = ""
    effects: tuple[str, ...]
    if row.sheet is None:
        effects = ("gone",)  # left the roster during the fight
    elif public:
        full = sheet_maxima(row.sheet, ruleset)
        hp = f"{row.sheet.hit_points}/{full.hit_points}"
        effects = tuple(w for w in status_words(row.sheet, full) if w != "wounded")
    else:
        total, _ = location_maxima(row.combatant, row.sheet, ruleset)
        effects = (wound_level(row.sheet.hit_points, total, row.status),)
    action = ""
    if public and row.action is not None:
        action = row.action.label
    elif row.action is None and row.status is None and row.turn is None:
        action = "declaring…"
    return Fighter(
        name=row.combatant.name,
        public=public,
        rank=rank,
        action=action,
        hit_points=hp,
        effects=effects,
        acting=row.turn is not None,
        current=row.current,
        resolved=row.resolved,
        out=row.status is not None,
    )


def _hhmm(iso_time: str) -> str:
    """A logged time as the table's clock showed it (local HH:MM)."""
    try:
        return datetime.fromisoformat(iso_time).astimezone().strftime("%H:%M")
    except ValueError:
        return ""


def _rolls(entries: Sequence[LogEntry], pc_names: set[str]) -> tuple[PublicRoll, ...]:
    shown = []
    for entry in entries:
        if entry.hidden:
            continue
        numbers = entry.actor is None or entry.actor.casefold() in pc_names
        rolled = entry.roll if entry.roll is not None else entry.total
        label = entry.label or (entry.expression if numbers else None) or entry.kind
        shown.append(
            PublicRoll(
                id=entry.id,
                time=_hhmm(entry.time),
                day=entry.game_day,
                actor=entry.who,  # a player's own roll: "Ana rolled for Harvald"
                label=label,
                chance=entry.chance if numbers else None,
                roll=rolled if numbers or entry.level is None else None,
                level=entry.level,
                struck=entry.struck,
            )
        )
    return tuple(shown[-MAX_ROLLS:])
