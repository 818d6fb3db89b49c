"""The in-memory state of one campaign and how each event changes it (`CampaignState.apply`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, cast

from gmdash.model import combat_apply, sheet_changes
from gmdash.model.bestiary import MAX_TEMPLATES, CreatureTemplate
from gmdash.model.bestiary_events import TemplateDeleted, TemplateSaved
from gmdash.model.calendar_events import CalendarMarked, CalendarSet
from gmdash.model.campaign import MAX_SESSIONS, Campaign, GameSession
from gmdash.model.character import Character, damage_weapon
from gmdash.model.combat import Combat
from gmdash.model.combat_events import (
    ActionAdvanced,
    ActionDone,
    ActionsDeclared,
    AttackResolved,
    CombatantAdded,
    CombatantRemoved,
    CombatEnded,
    CombatEvent,
    CombatStarted,
    CombatStepUndone,
    RoundStarted,
    SpiritCombatResolved,
)
from gmdash.model.effect_events import EffectEnded, EffectStarted, TimePassed
from gmdash.model.effects import TimedEffect
from gmdash.model.errors import ValidationError
from gmdash.model.events import (
    AbilityTicked,
    ChangeUndone,
    CharacterAdded,
    CharacterDeleted,
    CharacterEdited,
    DamageApplied,
    Event,
    HealingApplied,
    NotesChanged,
    OpposedSettled,
    PointsSpent,
    RedoApplied,
    RollMade,
    RollStruckOut,
    SessionEnded,
    SessionStarted,
    UndoApplied,
    WeaponDamaged,
)
from gmdash.model.magic import pool_label
from gmdash.model.sheets import checked
from gmdash.model.state_file import read_state_fields
from gmdash.model.undo_entry import UndoEntry, group_summary
from gmdash.rules.calendar import date_key
from gmdash.rules.game_time import DAY

UNDO_DEPTH = 100
"""How many changes `undo` (and `redo`) can walk back."""


@dataclass(kw_only=True)
class CampaignState:
    """Roster, sessions, undo and redo history, struck-out rolls of one campaign.

    `undone` holds the ids of the events undone (and not redone): they no longer count;
    `last_ability` the ability each character rolled last (where the roll dialog starts).

    `log_file` is the number of the log file new events go to (the last session started, 0
    before the first); `last_event_id` the id of the last event applied, so that events logged
    but not yet in the snapshot (a crash between the two writes) can be replayed on open.
    """

    campaign: Campaign
    characters: dict[str, Character] = field(default_factory=dict)
    sessions: list[GameSession] = field(default_factory=list)
    undo: list[UndoEntry] = field(default_factory=list)
    redo: list[UndoEntry] = field(default_factory=list)
    struck: set[str] = field(default_factory=set)
    undone: set[str] = field(default_factory=set)
    last_ability: dict[str, str] = field(default_factory=dict)
    next_character: int = 1
    log_file: int = 0
    last_event_id: str = ""
    combat: Combat | None = None
    effects: tuple[TimedEffect, ...] = ()
    """Effects running now, oldest first (on roster sheets, and on foes of the fight)."""
    next_effect: int = 1
    clock: int = 0
    """Seconds of game time since the campaign began (rounds and "time passes" add to it)."""
    bestiary: dict[str, CreatureTemplate] = field(default_factory=dict)
    """The campaign's creature templates by name folded to lower case, in the order saved."""

    # --- queries ---------------------------------------------------------------------------

    @property
    def current_session(self) -> GameSession | None:
        """The open game session, if any."""
        last = self.sessions[-1] if self.sessions else None
        return last if last is not None and last.is_open else None

    def character(self, character_id: str) -> Character:
        """The sheet with this id; ValidationError when there is none."""
        try:
            return self.characters[character_id]
        except KeyError:
            raise ValidationError("character_id", f"no character {character_id!r}") from None

    def find(self, name_or_id: str) -> Character | None:
        """A sheet by id or by name (case-insensitive)."""
        if name_or_id in self.characters:
            return self.characters[name_or_id]
        wanted = name_or_id.strip().casefold()
        return next((c for c in self.characters.values() if c.name.casefold() == wanted), None)

    @property
    def moment(self) -> int:
        """Now, in seconds of the campaign's calendar: its start plus the game time since
        (docs/rules.md#calendar)."""
        return self.campaign.dates.start + self.clock

    @property
    def today(self) -> int:
        """Today's day number on the campaign's calendar."""
        return self.moment // DAY

    def game_date_key(self) -> str:
        """Today as an event is stamped with it (`rules.calendar.date_key`)."""
        return date_key(self.campaign.dates.kind, self.today)

    def template(self, name: str) -> CreatureTemplate | None:
        """The creature template called `name` (case-insensitive), if the bestiary has it."""
        return self.bestiary.get(name.strip().casefold())

    def new_effect_id(self) -> str:
        """The id the next effect should take."""
        return f"e{self.next_effect:04d}"

    def effect(self, effect_id: str) -> TimedEffect:
        """The running effect with this id; ValidationError when there is none."""
        found = next((e for e in self.effects if e.id == effect_id), None)
        if found is None:
            raise ValidationError("effect_id", f"no effect {effect_id!r} is running")
        return found

    def new_character_id(self) -> str:
        """The id the next added sheet should take."""
        return f"c{self.next_character:04d}"

    def copy(self) -> CampaignState:
        """A copy that can be changed without touching this one (sheets are immutable)."""
        return replace(
            self,
            characters=dict(self.characters),
            sessions=list(self.sessions),
            undo=list(self.undo),
            redo=list(self.redo),
            struck=set(self.struck),
            undone=set(self.undone),
            last_ability=dict(self.last_ability),
            bestiary=dict(self.bestiary),
        )

    # --- changes ---------------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Check `event` against the state, then apply it; ValidationError leaves no trace."""
        fight_step = _FIGHT_STEPS.get(type(event))
        if fight_step is not None:
            before = self.combat
            self._combat_step(cast(CombatEvent, event), fight_step(self, event), before)
        else:
            change = _CHANGES.get(type(event))
            if change is None:
                raise ValidationError("type", f"cannot apply {type(event).__name__}")
            change(self, event)
        self._drop_orphan_effects()
        if type(event) not in _KEEP_REDO:
            self.redo.clear()  # a new change: what was undone cannot be made again over it
        if self.undo and self.undo[-1].event_id == event.id and event.id:
            self._join_change(event)
        if event.id:
            self.last_event_id = max(self.last_event_id, event.id)

    def _remember(self, entry: UndoEntry) -> None:
        self.undo.append(entry)
        del self.undo[:-UNDO_DEPTH]

    def _join_change(self, event: Event) -> None:
        """Stamp the entry `event` just made with its session and transaction, and join it to
        the entry below when both are one change (one press of undo takes back both)."""
        key = event.change or event.id
        entry = replace(self.undo.pop(), session=event.session, change=key)
        below = self.undo[-1] if self.undo else None
        if below is None or key == event.id or below.change != key:
            self.undo.append(entry)
            return
        if below.group:
            children = (*below.children, entry)
        else:
            children = (below, entry)
            below = replace(below, group=True, children=())
        self.undo[-1] = replace(
            below,
            children=children,
            summary=group_summary(children),
            improvement=any(child.improvement for child in children),
        )

    # --- undo and redo ---------------------------------------------------------------------

    def _undo_applied(self, event: UndoApplied) -> None:
        entry = self._top(self.undo, event.change_id, "undo")
        self.undo.pop()
        self.redo.append(self._swap(entry, undoing=True))
        del self.redo[:-UNDO_DEPTH]

    def _redo_applied(self, event: RedoApplied) -> None:
        entry = self._top(self.redo, event.change_id, "redo")
        self.redo.pop()
        self._remember(self._swap(entry, undoing=False))

    @staticmethod
    def _top(stack: list[UndoEntry], change_id: str, what: str) -> UndoEntry:
        if not stack or stack[-1].event_id != change_id:
            raise ValidationError("change_id", f"{change_id} is not the change to {what} next")
        return stack[-1]

    def _swap(self, entry: UndoEntry, *, undoing: bool) -> UndoEntry:
        """Put back what `entry` holds; returns the entry that puts back what was there.

        Undo takes the parts of a change back last first; redo makes them again in order."""
        children = entry.children
        if children:
            order = reversed(children) if undoing else children
            swapped = [self._swap(child, undoing=undoing) for child in order]
            children = tuple(reversed(swapped)) if undoing else tuple(swapped)
        if entry.group:
            return replace(entry, children=children)
        mark = self.undone.add if undoing else self.undone.discard
        if entry.roll:
            (self.struck.add if undoing else self.struck.discard)(entry.event_id)
            return entry
        mark(entry.event_id)
        if entry.combat_step:
            now_fight, self.combat = self.combat, entry.combat
            return replace(entry, combat=now_fight, children=children)
        if entry.character_id is not None:
            now = self.characters.get(entry.character_id)
            if entry.before is None:
                self.characters.pop(entry.character_id, None)
            else:  # in place: the roster keeps its order
                self.characters[entry.character_id] = entry.before
            return replace(entry, before=now)
        notes = self.campaign.notes
        self.campaign = replace(self.campaign, notes=entry.notes or "")
        return replace(entry, notes=notes)

    def _check_name(self, character: Character) -> None:
        for other in self.characters.values():
            if other.id != character.id and other.name.casefold() == character.name.casefold():
                raise ValidationError("name", f"{character.name!r} is already in this campaign")

    def _roll_made(self, event: RollMade) -> None:
        if event.character_id is not None:
            self.character(event.character_id)
            if event.kind == "ability" and event.label:
                self.last_ability[event.character_id] = event.label
        self._remember(
            UndoEntry(
                event_id=event.id,
                summary=_roll_summary(event),
                roll=True,
                improvement=event.kind == "experience",
            )
        )

    def _opposed_settled(self, event: OpposedSettled) -> None:
        # a line of the log beside its two rolls: taken back (struck) as they are
        self._remember(UndoEntry(event_id=event.id, summary=event.text, roll=True))

    def _roll_struck_out(self, event: RollStruckOut) -> None:
        if event.roll_id in self.struck:
            raise ValidationError("roll_id", "this roll is already struck out")
        self.struck.add(event.roll_id)
        self.undo = [e for e in (entry.without(event.roll_id) for entry in self.undo) if e]

    def _template_saved(self, event: TemplateSaved) -> None:
        key = event.template.name.casefold()
        if key not in self.bestiary and len(self.bestiary) >= MAX_TEMPLATES:
            raise ValidationError("template", f"a bestiary holds at most {MAX_TEMPLATES}")
        self.bestiary[key] = event.template

    def _template_deleted(self, event: TemplateDeleted) -> None:
        if self.bestiary.pop(event.name.casefold(), None) is None:
            raise ValidationError("name", f"no creature template {event.name!r}")

    def _character_added(self, event: CharacterAdded) -> None:
        new = checked(event.character)
        if new.id in self.characters:
            raise ValidationError("id", f"a character with id {new.id!r} already exists")
        self._check_name(new)
        self.characters[new.id] = new
        number = new.id[1:]
        if new.id.startswith("c") and number.isdigit():
            self.next_character = max(self.next_character, int(number) + 1)
        self._remember(
            UndoEntry(
                event_id=event.id, summary=f"{new.name} added to the roster", character_id=new.id
            )
        )

    def _character_edited(self, event: CharacterEdited) -> None:
        before = self.character(event.character.id)
        after = checked(event.character)
        self._check_name(after)
        self._replace(event, before, after, f"the edit of {before.name}'s sheet")

    def _character_deleted(self, event: CharacterDeleted) -> None:
        before = self.character(event.character_id)
        del self.characters[before.id]
        self._remember(
            UndoEntry(
                event_id=event.id,
                summary=f"{before.name} removed from the roster",
                character_id=before.id,
                before=before,
            )
        )

    def _damage_applied(self, event: DamageApplied) -> None:
        before = self.character(event.character_id)
        after = sheet_changes.damaged(before, event, self.campaign.ruleset)
        what = f"{event.amount} damage to {sheet_changes.whose(before, event.location)}"
        self._replace(event, before, after, what)

    def _healing_applied(self, event: HealingApplied) -> None:
        before = self.character(event.character_id)
        after, points = sheet_changes.healed(before, event, self.campaign.ruleset)
        what = f"{points} healing to {sheet_changes.whose(before, event.location)}"
        self._replace(event, before, after, what)

    def _points_spent(self, event: PointsSpent) -> None:
        before = self.character(event.character_id)
        after = sheet_changes.spent(before, event, self.campaign.ruleset)
        verb = "spent" if event.amount >= 0 else "regained"
        self._replace(
            event,
            before,
            after,
            f"{abs(event.amount)} {pool_label(event.pool)} points {verb} by {before.name}",
        )

    def _weapon_damaged(self, event: WeaponDamaged) -> None:
        before = self.character(event.character_id)
        after = replace(before, weapons=damage_weapon(before, event.weapon, event.amount))
        weapon = before.weapon(event.weapon)
        assert weapon is not None  # damage_weapon checked it
        self._replace(
            event, before, after, f"{before.name}'s {weapon.name} loses {event.amount} HP"
        )

    def _ability_ticked(self, event: AbilityTicked) -> None:
        before = self.character(event.character_id)
        ability = before.ability(event.ability)
        if ability is None:
            raise ValidationError("ability", f"{before.name} has no ability {event.ability!r}")
        abilities = tuple(
            replace(a, ticked=event.ticked) if a is ability else a for a in before.abilities
        )
        verb = "tick" if event.ticked else "untick"
        self._replace(
            event,
            before,
            replace(before, abilities=abilities),
            f"the {verb} of {before.name}'s {ability.name}",
        )

    def _notes_changed(self, event: NotesChanged) -> None:
        if event.character_id is None:
            entry = UndoEntry(
                event_id=event.id,
                summary="the change of the campaign's notes",
                notes=self.campaign.notes,
            )
            self.campaign = replace(self.campaign, notes=event.text)
            self._remember(entry)
            return
        before = self.character(event.character_id)
        self._replace(
            event, before, replace(before, notes=event.text), f"the change of {before.name}'s notes"
        )

    def _session_started(self, event: SessionStarted) -> None:
        if self.current_session is not None:
            raise ValidationError("session", f"session {self.current_session.number} is open")
        expected = len(self.sessions) + 1
        if expected > MAX_SESSIONS:
            raise ValidationError("number", f"a campaign holds at most {MAX_SESSIONS} sessions")
        if event.number != expected:
            raise ValidationError("number", f"the next session is {expected}, not {event.number}")
        if event.time is None:
            raise ValidationError("time", "a session start needs a time")
        self.sessions.append(GameSession(number=event.number, start=event.time))
        self.log_file = event.number

    def _session_ended(self, event: SessionEnded) -> None:
        current = self.current_session
        if current is None or current.number != event.number:
            raise ValidationError("number", f"session {event.number} is not open")
        if event.time is None:
            raise ValidationError("time", "a session end needs a time")
        self.sessions[-1] = replace(current, end=event.time)

    def _change_undone(self, event: ChangeUndone) -> None:
        entry = next((e for e in self.undo if e.event_id == event.undone_id), None)
        if entry is None:
            raise ValidationError("undone_id", "that change cannot be undone")
        if event.character_id is not None:
            if event.restored is None:
                self.characters.pop(event.character_id, None)
            else:
                self.characters[event.character_id] = event.restored
        elif event.notes is not None:
            self.campaign = replace(self.campaign, notes=event.notes)
        self.undo.remove(entry)
        self.undone.add(entry.event_id)

    # --- effects and game time ------------------------------------------------------------

    def _effect_started(self, event: EffectStarted) -> None:
        effect = event.effect
        if any(e.id == effect.id for e in self.effects):
            raise ValidationError("effect.id", f"an effect {effect.id!r} is already running")
        if not self._is_target(effect.target):
            raise ValidationError("effect.target", f"no one called {effect.target!r} is here")
        self.effects = (*self.effects, effect)
        number = effect.id[1:]
        if effect.id.startswith("e") and number.isdigit():
            self.next_effect = max(self.next_effect, int(number) + 1)

    def _effect_ended(self, event: EffectEnded) -> None:
        self.effect(event.effect_id)
        self.effects = tuple(e for e in self.effects if e.id != event.effect_id)

    def _time_passed(self, event: TimePassed) -> None:
        counted = tuple(replace(e, left=max(0, e.left - event.seconds)) for e in self.effects)
        run_out = {e.id for e in counted if e.left == 0}
        if run_out != set(event.ended):
            raise ValidationError("ended", "the effects that run out are not those listed")
        self.effects = tuple(e for e in counted if e.left > 0)
        self.clock += event.seconds

    def _calendar_set(self, event: CalendarSet) -> None:
        self.campaign = replace(self.campaign, calendar=event.calendar)

    def _calendar_marked(self, event: CalendarMarked) -> None:
        """A mark of the log only: what it names (healing, points) comes as its own events."""

    def _is_target(self, target: str) -> bool:
        return target in self.characters or (self.combat is not None and self.combat.has(target))

    def _drop_orphan_effects(self) -> None:
        """A sheet that left the roster, a foe that left the fight: its effects go with it."""
        if any(not self._is_target(e.target) for e in self.effects):
            self.effects = tuple(e for e in self.effects if self._is_target(e.target))

    # --- combat (the fight itself changes in gmdash.model.combat_apply) --------------------

    def _combat_step(self, event: CombatEvent, summary: str, before: Combat | None) -> None:
        """Remember a combat step, with the rolls and damage it consists of (`steps`)."""
        steps = set(getattr(event, "steps", ()))
        children = tuple(e for e in self.undo if e.event_id in steps)
        self.undo = [e for e in self.undo if e.event_id not in steps]
        self._remember(
            UndoEntry(
                event_id=event.id,
                summary=summary,
                combat_step=True,
                combat=before,
                children=children,
            )
        )

    def _undo_combat_step(self, event: CombatStepUndone) -> None:
        entry = next((e for e in self.undo if e.event_id == event.undone_id), None)
        if entry is None or not entry.combat_step:
            raise ValidationError("undone_id", "that change cannot be undone")
        self.combat = event.restored
        self.undo.remove(entry)
        self.undone.add(entry.event_id)
        self.undo.extend(entry.children)

    def _replace(self, event: Event, before: Character, after: Character, summary: str) -> None:
        self.characters[before.id] = after
        self._remember(
            UndoEntry(event_id=event.id, summary=summary, character_id=before.id, before=before)
        )

    # --- persistence -----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "campaign": self.campaign.to_dict(),
            "characters": [c.to_dict() for c in self.characters.values()],
            "sessions": [s.to_dict() for s in self.sessions],
            "undo": [e.to_dict() for e in self.undo],
            "redo": [e.to_dict() for e in self.redo],
            "struck": sorted(self.struck),
            "undone": sorted(self.undone),
            "last_ability": dict(self.last_ability),
            "next_character": self.next_character,
            "log_file": self.log_file,
            "last_event_id": self.last_event_id,
            "combat": None if self.combat is None else self.combat.to_dict(),
            "effects": [e.to_dict() for e in self.effects],
            "next_effect": self.next_effect,
            "clock": self.clock,
            "bestiary": [t.to_dict() for t in self.bestiary.values()],
        }

    @classmethod
    def from_dict(cls, data: object) -> CampaignState:
        """A snapshot read back (`gmdash.model.state_file`); ValidationError names the field."""
        return cls(**read_state_fields(data))


# Which method applies each kind of event: an explicit table, so that a renamed event or method
# fails loudly here instead of silently finding nothing.
_CHANGES: dict[type[Event], Callable[[CampaignState, Any], None]] = {
    RollMade: CampaignState._roll_made,
    OpposedSettled: CampaignState._opposed_settled,
    RollStruckOut: CampaignState._roll_struck_out,
    CharacterAdded: CampaignState._character_added,
    CharacterEdited: CampaignState._character_edited,
    CharacterDeleted: CampaignState._character_deleted,
    DamageApplied: CampaignState._damage_applied,
    WeaponDamaged: CampaignState._weapon_damaged,
    HealingApplied: CampaignState._healing_applied,
    PointsSpent: CampaignState._points_spent,
    AbilityTicked: CampaignState._ability_ticked,
    NotesChanged: CampaignState._notes_changed,
    SessionStarted: CampaignState._session_started,
    SessionEnded: CampaignState._session_ended,
    ChangeUndone: CampaignState._change_undone,
    EffectStarted: CampaignState._effect_started,
    EffectEnded: CampaignState._effect_ended,
    TimePassed: CampaignState._time_passed,
    CalendarSet: CampaignState._calendar_set,
    CalendarMarked: CampaignState._calendar_marked,
    TemplateSaved: CampaignState._template_saved,
    TemplateDeleted: CampaignState._template_deleted,
    CombatStepUndone: CampaignState._undo_combat_step,
    UndoApplied: CampaignState._undo_applied,
    RedoApplied: CampaignState._redo_applied,
}

# What does not clear the redo stack: undo and redo themselves, and opening or closing a session.
_KEEP_REDO: frozenset[type[Event]] = frozenset(
    {UndoApplied, RedoApplied, SessionStarted, SessionEnded}
)

# The combat steps: each changes the fight (gmdash.model.combat_apply) and becomes one undo entry.
_FIGHT_STEPS: dict[type[Event], Callable[[CampaignState, Any], str]] = {
    CombatStarted: combat_apply.started,
    CombatantAdded: combat_apply.added,
    CombatantRemoved: combat_apply.removed,
    ActionsDeclared: combat_apply.declared,
    ActionAdvanced: combat_apply.advanced,
    RoundStarted: combat_apply.round_started,
    AttackResolved: combat_apply.attack,
    ActionDone: combat_apply.action_done,
    SpiritCombatResolved: combat_apply.spirit_combat,
    CombatEnded: combat_apply.ended,
}


def _roll_summary(event: RollMade) -> str:
    """A roll in words: "Harvald's Broadsword roll 43 (success)", "the 2D6 roll 7"."""
    who = f"{event.actor}'s " if event.actor else "the "
    what = event.label or event.expression or event.kind
    result = event.total if event.roll is None else event.roll
    told = f" {result}" if result is not None else ""
    level = f" ({event.level})" if event.level else ""
    return f"{who}{what} roll{told}{level}"
