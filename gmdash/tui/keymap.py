"""The one table of commands: every key of the dashboard, declared once.

Bindings, the footer, the help screen and the command palette are all derived from COMMANDS, so
they cannot drift apart. A command belongs to a scope: "global" (the app) or a pane's id; its
`action` is a Textual action run on that scope's widget. Every command has a binding id
(`roster.roll_ability`); the config's `[keys]` table maps ids to other keys (`KeyTable`), and
what is shown everywhere is the table with those keys in place.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from textual.binding import Binding, BindingType, InvalidBinding
from textual.keys import Keys, key_to_character

if TYPE_CHECKING:
    from gmdash.config import Config

GLOBAL = "global"
ROSTER = "roster"
STRIKE_RANKS = "strike-ranks"
RESISTANCE = "resistance"
LOG = "log"

PANES: tuple[tuple[str, str], ...] = (
    (ROSTER, "Roster"),
    (STRIKE_RANKS, "Strike ranks"),
    (RESISTANCE, "Resistance"),
    (LOG, "Roll log"),
)
SCOPE_TITLES = {GLOBAL: "Everywhere", **dict(PANES)}
# Keys Textual itself keeps whatever the table says (the app's built-in bindings).
RESERVED_KEYS = {"ctrl+c": "Textual's copy / how-to-quit key", "ctrl+q": "quit (always)"}
MODIFIERS = ("ctrl", "shift", "alt", "meta", "super", "hyper")
_NAMED_KEYS = frozenset(key.value for key in Keys)


@dataclass(frozen=True, slots=True)
class Command:
    """A key, what it does and where it applies."""

    scope: str
    key: str
    action: str
    title: str
    help: str = ""
    show: bool = True  # in the footer
    priority: bool = False
    key_display: str | None = None
    palette: bool = True  # offered in the command palette
    id: str = ""  # the binding id's last part, when the action's name will not do

    @property
    def binding_id(self) -> str:
        """`scope.name`: what the config's `[keys]` table names (`roster.roll_ability`)."""
        return f"{self.scope}.{self.id or self.action}"

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(self.key.split(","))

    @property
    def keys_text(self) -> str:
        return self.key_display or " / ".join(display_key(key) for key in self.keys)


def display_key(key: str) -> str:
    """How a key is written for people: `question_mark` -> `?`, `ctrl+n` stays."""
    if "+" in key.rstrip("+") or len(key) == 1:
        return key
    character = key_to_character(key)
    if character and character.isprintable() and not character.isspace():
        return character
    return key


COMMANDS: tuple[Command, ...] = (
    # Everywhere
    Command(GLOBAL, "1", "focus_pane('roster')", "Roster", "Focus the roster pane", show=False,
            id="focus_roster"),
    Command(
        GLOBAL, "2", "focus_pane('strike-ranks')", "Strike ranks", "Focus the strike-rank pane",
        show=False, id="focus_strike_ranks",
    ),
    Command(
        GLOBAL, "3", "focus_pane('resistance')", "Resistance", "Focus the resistance calculator",
        show=False, id="focus_resistance",
    ),
    Command(GLOBAL, "4", "focus_pane('log')", "Log", "Focus the roll log", show=False,
            id="focus_log"),
    Command(
        GLOBAL, "tab", "focus_next_pane", "Next pane", "Cycle focus forward", show=False,
        palette=False,
    ),
    Command(
        GLOBAL, "shift+tab", "focus_previous_pane", "Previous pane", "Cycle focus backward",
        show=False, palette=False,
    ),
    Command(GLOBAL, "question_mark,f1", "help", "Help", "Every key, pane by pane",
            key_display="? / f1"),
    Command(GLOBAL, "ctrl+p", "command_palette", "Commands", "Search every command",
            palette=False),
    Command(GLOBAL, "ctrl+z", "undo", "Undo",
            "Undo the last change, whole, and say what it was (rolls are struck out)"),
    Command(GLOBAL, "ctrl+y", "redo", "Redo", "Redo the change undone last", show=False),
    Command(GLOBAL, "m", "toggle_maximize", "Maximise", "Maximise or restore the focused pane"),
    Command(GLOBAL, "ctrl+t", "toggle_theme", "Theme", "Switch between the dark and light theme",
            show=False),
    Command(GLOBAL, "ctrl+g", "toggle_session", "Session", "Start or end tonight's game session"),
    Command(GLOBAL, "ctrl+e", "improvement_phase", "Improve",
            "Improvement phase: experience rolls for every ticked ability", show=False),
    Command(GLOBAL, "ctrl+w", "weekly_healing", "Week",
            "A game week passes (7 days): its end heals every location, holy days come",
            show=False),
    Command(GLOBAL, "T", "time_passes", "Time",
            "Game time passes (10m, 2h, 1d): effects run down, magic points come back, a week's "
            "end heals", show=False),
    Command(GLOBAL, "W", "week_view", "Calendar",
            "The calendar: the coming days and the cults' holy days; set the date"),
    Command(GLOBAL, "P", "cycle_player_rolls", "Players",
            "Players' rolls through their links: on, confirm (each waits in the log), off",
            show=False),
    Command(GLOBAL, "ctrl+q", "quit", "Quit", "Save and quit", priority=True),
    # Roster
    Command(ROSTER, "up", "cursor_up", "Up", "Select the previous character", show=False,
            palette=False),
    Command(ROSTER, "down", "cursor_down", "Down", "Select the next character", show=False,
            palette=False),
    Command(ROSTER, "r", "roll_ability", "Roll", "Roll an ability of the selected character"),
    Command(ROSTER, "c", "roll_characteristic", "Char.", "Characteristic roll (x1..x10)"),
    Command(ROSTER, "o", "roll_opposed", "Opposed", "Opposed roll between two actors"),
    Command(ROSTER, "d", "roll_dice", "Dice", "Roll a dice expression (damage)"),
    Command(ROSTER, "s", "cast_spell", "Cast",
            "Cast a spell: spirit or Rune magic, its points spent"),
    Command(ROSTER, "a", "add_character", "Add", "Add a character"),
    Command(ROSTER, "i", "import_character", "Import",
            "Import a character: paste a stat block, a Foundry VTT actor or a gmdash export",
            show=False),
    Command(ROSTER, "A", "add_from_template", "Bestiary",
            "Add creatures rolled from a bestiary template (Ridge Jackal x4)", show=False),
    Command(ROSTER, "e", "edit_character", "Edit", "Edit the selected character"),
    Command(ROSTER, "delete", "delete_character", "Delete", "Remove the selected character"),
    Command(ROSTER, "h", "damage", "Damage", "Damage a location (armour is subtracted)"),
    Command(ROSTER, "H", "heal", "Heal", "Heal a location"),
    Command(ROSTER, "t", "toggle_tick", "Tick", "Tick or untick an ability's experience box",
            show=False),
    Command(ROSTER, "p", "spend_points", "Points", "Spend or regain magic and rune points",
            show=False),
    Command(ROSTER, "R", "full_rest", "Rest", "A full rest restores magic points", show=False),
    Command(ROSTER, "w", "worship", "Worship", "Worship restores a cult's Rune points",
            show=False),
    Command(ROSTER, "f", "effects", "Effects",
            "Effects on the selected character: add a spell or a free-form one, dismiss",
            show=False),
    Command(ROSTER, "x", "clear_conditions", "Clear", "Clear lasting wound conditions (shock...)",
            show=False),
    # Strike ranks
    Command(STRIKE_RANKS, "b", "begin_combat", "Fight", "Start a combat"),
    Command(STRIKE_RANKS, "n", "next_action", "Next", "Next action"),
    Command(STRIKE_RANKS, "p", "previous_action", "Prev", "Previous action"),
    Command(STRIKE_RANKS, "ctrl+n", "new_round", "Round", "New round (clears declarations)"),
    Command(STRIKE_RANKS, "s", "declare", "Declare", "Declare actions for the selected combatant"),
    Command(STRIKE_RANKS, "a", "toggle_auto_next", "Auto-next",
            "After a declaration, move on to the next fighter still to declare (on or off)",
            show=False),
    Command(STRIKE_RANKS, "l", "same_as_last_round", "Same", "Same actions as last round"),
    Command(STRIKE_RANKS, "t", "attack", "Attack", "Resolve the current action (attack or spell)"),
    Command(STRIKE_RANKS, "plus", "add_combatant", "Add", "Add a combatant", key_display="+"),
    Command(STRIKE_RANKS, "delete", "remove_combatant", "Remove", "Remove a combatant"),
    Command(STRIKE_RANKS, "f", "effects", "Effects",
            "Effects on the selected combatant: add a spell or a free-form one, dismiss",
            show=False),
    Command(STRIKE_RANKS, "S", "spirit_combat", "Spirit",
            "Spirit combat: the selected combatant against a spirit or foe, at SR 12"),
    Command(STRIKE_RANKS, "E", "end_combat", "End", "End the combat and show its summary"),
    # Resistance
    Command(RESISTANCE, "up", "increase", "+1", "Raise the focused value", show=False,
            palette=False),
    Command(RESISTANCE, "down", "decrease", "-1", "Lower the focused value", show=False,
            palette=False),
    Command(RESISTANCE, "left,right", "switch_side", "Active/passive",
            "Move between the active value, the passive value and a typed D100 result",
            key_display="← →"),
    Command(RESISTANCE, "equals_sign,v", "type_value", "Type",
            "Type the focused value: digits, backspace; enter keeps it, escape cancels",
            key_display="= / v"),
    Command(RESISTANCE, "enter", "roll", "Roll",
            "Roll on the resistance table (or read the typed result) and log it"),
    Command(RESISTANCE, "p", "next_preset", "Preset", "Next preset (STR vs SIZ, MP vs MP, ...)"),
    Command(RESISTANCE, "a", "pick_actors", "Actors",
            "Take both values from two actors' sheets (current MP, POW, STR...)"),
    # Log
    Command(LOG, "enter", "open_entry", "Detail",
            "Every field of the selected entry: modifiers, augment, odds, dice, why struck out"),
    Command(LOG, "slash", "search", "Search", "Search the log's text", key_display="/"),
    Command(LOG, "f", "filter", "Filter", "Filter by actor, kind and level"),
    Command(LOG, "s", "switch_session", "Session", "Show another session's log"),
    Command(LOG, "i", "session_summary", "Summary", "This session's summary"),
    Command(LOG, "x", "export", "Export", "Export the shown entries (Markdown, CSV, JSON)"),
    Command(LOG, "c", "copy_entry", "Copy",
            "Copy the selected entry to the clipboard as one line (to paste into a chat)",
            show=False),
    Command(LOG, "k", "strike_out", "Strike", "Strike out the selected roll", show=False),
    Command(LOG, "r", "roll_again", "Again",
            "Roll the selected roll again: the same ability, modifiers, augment and hidden flag",
            show=False),
    Command(LOG, "t", "retry", "Retry",
            "Retry the selected failed ability roll (RQG: -25; refused after a failed retry)",
            show=False),
    Command(LOG, "y", "allow_ask", "Allow",
            "Allow the oldest player's roll waiting for you (confirm mode): it is rolled now",
            show=False),
    Command(LOG, "n", "decline_ask", "Decline",
            "Decline the oldest player's roll waiting for you: the player is told", show=False),
    Command(LOG, "escape", "clear_filters", "Clear", "Clear the search and filters", show=False,
            palette=False),
)  # fmt: skip


# --- the keys inside dialogs --------------------------------------------------------------
# Each dialog's keys are commands too, with ids (`form.confirm`, `roll.cancel`): the config
# remaps them like any other, and the dialogs' key hints, the help screen and docs/keys.md's key
# map read them from the same KeyTable. A dialog scope may build on a base scope (the keys of
# every form, of every log dialog): both are active at once, so a key may not be on both.

FORM = "form"
CHARACTER_FORM = "character_form"
CHARACTER_IMPORT = "character_import"
DAMAGE = "damage"
TICK = "tick"
ROLL = "roll"
CONFIRM = "confirm"
CHOICE = "choice"
IMPROVEMENT = "improvement"
FREE_TICKS = "free_ticks"
LOG_DIALOG = "log_dialog"
LOG_FILTER = "log_filter"
LOG_SESSIONS = "log_sessions"
LOG_SUMMARY = "log_summary"
LOG_ENTRY = "log_entry"
COMBAT_SUMMARY = "combat_summary"
WEEK_VIEW = "week_view"
WORSHIP = "worship"
CULT_PICKER = "cult_picker"
HELP = "help"


@dataclass(frozen=True, slots=True)
class DialogScope:
    """A dialog (or a family of dialogs) whose keys are active together."""

    title: str
    base: str | None = None  # the scope whose keys this one adds to
    fields: bool = False  # text fields inside: a priority key there must not be a character


DIALOG_SCOPES: dict[str, DialogScope] = {
    FORM: DialogScope("Every form (character, damage, healing, points, combat)", fields=True),
    CHARACTER_FORM: DialogScope("Character form", FORM, fields=True),
    CHARACTER_IMPORT: DialogScope("Character import", fields=True),
    DAMAGE: DialogScope("Damage form", FORM, fields=True),
    TICK: DialogScope("Tick an ability", FORM, fields=True),
    ROLL: DialogScope("Roll dialogs (ability, characteristic, opposed, dice)", fields=True),
    CONFIRM: DialogScope("Yes / no questions"),
    CHOICE: DialogScope("Choices (a key per answer)"),
    IMPROVEMENT: DialogScope("Improvement phase", fields=True),
    FREE_TICKS: DialogScope("Free ticks"),
    LOG_DIALOG: DialogScope("Every log dialog (filter, sessions, summary, export)", fields=True),
    LOG_FILTER: DialogScope("Log filter", LOG_DIALOG, fields=True),
    LOG_SESSIONS: DialogScope("Log sessions", LOG_DIALOG),
    LOG_SUMMARY: DialogScope("Session summary", LOG_DIALOG),
    LOG_ENTRY: DialogScope("A log entry's detail"),
    COMBAT_SUMMARY: DialogScope("End-of-combat summary"),
    WEEK_VIEW: DialogScope("The calendar (W)"),
    WORSHIP: DialogScope("Worship at a holy day"),
    CULT_PICKER: DialogScope("Pick a cult (its holy days)"),
    HELP: DialogScope("This help"),
}

DIALOG_COMMANDS: tuple[Command, ...] = (
    Command(FORM, "enter", "confirm", "OK",
            "Confirm the form (from a field, a select or a checkbox)", show=False),
    Command(FORM, "ctrl+s", "confirm", "OK", "Confirm the form from anywhere in it", id="save"),
    Command(FORM, "escape", "cancel", "Cancel", "Close the form, nothing saved"),
    Command(CHARACTER_FORM, "ctrl+r", "roll_characteristics", "Roll characteristics",
            "Roll the characteristics (asks before replacing typed ones)"),
    Command(CHARACTER_IMPORT, "ctrl+s", "save", "Save", "Save the sheet read (when it can be)"),
    Command(CHARACTER_IMPORT, "ctrl+b", "save_template", "Template",
            "Keep the sheet read as a bestiary template (spawn them with A or in a fight)"),
    Command(CHARACTER_IMPORT, "ctrl+k", "toggle_convert", "Convert",
            "Convert a sheet of the other rules"),
    Command(CHARACTER_IMPORT, "escape", "cancel", "Cancel", "Close, nothing saved"),
    Command(DAMAGE, "ctrl+l", "roll_location", "Roll location", "Roll the hit location (D20)"),
    Command(DAMAGE, "ctrl+r", "roll_damage", "Roll damage", "Roll the damage dice now"),
    Command(TICK, "down", "move(1)", "Next", "Choose the next ability", show=False, id="next"),
    Command(TICK, "up", "move(-1)", "Previous", "Choose the previous ability", show=False,
            id="previous"),
    Command(ROLL, "enter", "confirm", "Roll / close", "Roll, then close with the result",
            priority=True),
    Command(ROLL, "escape", "cancel", "Cancel", "Cancel before rolling, close after",
            priority=True),
    Command(ROLL, "r", "roll_again", "Roll again",
            "After a roll: roll the same again (ability, modifiers, augment, hidden)", show=False),
    Command(ROLL, "t", "retry", "Retry",
            "After a failed ability roll: retry it (RQG: -25; refused after a failed retry)",
            show=False),
    Command(ROLL, "down", "list_down", "Next", "Next match of the search", show=False),
    Command(ROLL, "up", "list_up", "Previous", "Previous match of the search", show=False),
    Command(CONFIRM, "enter,y", "answer(True)", "Yes", "Yes", id="yes"),
    Command(CONFIRM, "escape,n", "answer(False)", "No", "No", id="no"),
    Command(CHOICE, "escape", "cancel", "Cancel", "Cancel (each answer has its own key)"),
    Command(IMPROVEMENT, "enter", "confirm", "Accept", "Accept the rolls and save them",
            priority=True),
    Command(IMPROVEMENT, "escape", "cancel", "Leave", "Leave the improvement phase",
            priority=True),
    Command(IMPROVEMENT, "a", "roll_all", "Roll all", "Roll every line not rolled yet"),
    Command(IMPROVEMENT, "space,r", "roll_line", "Roll line", "Roll the selected line"),
    Command(IMPROVEMENT, "t", "type_line", "Type dice", "Type the physical dice of the line"),
    Command(IMPROVEMENT, "x", "clear_line", "Clear line", "Clear the selected line's roll"),
    Command(IMPROVEMENT, "f", "free_ticks", "Free ticks",
            "Four free ticks per character (a long gap between adventures)"),
    Command(FREE_TICKS, "enter", "confirm", "Tick", "Tick the picked abilities", priority=True),
    Command(FREE_TICKS, "escape", "cancel", "Cancel", "Close, nothing ticked", priority=True),
    Command(LOG_DIALOG, "escape", "cancel", "Cancel", "Close the dialog", priority=True),
    Command(LOG_FILTER, "enter", "confirm", "Apply", "Apply the filter", priority=True),
    Command(LOG_SESSIONS, "enter", "confirm", "Show", "Show the chosen session's log",
            priority=True),
    Command(LOG_SUMMARY, "enter,i", "cancel", "Close", "Close the summary", priority=True,
            id="close"),
    Command(LOG_ENTRY, "escape,enter", "cancel", "Close", "Close the entry", priority=True,
            id="close"),
    Command(LOG_ENTRY, "up", "scroll('up')", "Up", "Scroll up", show=False, id="scroll_up"),
    Command(LOG_ENTRY, "down", "scroll('down')", "Down", "Scroll down", show=False,
            id="scroll_down"),
    Command(LOG_ENTRY, "pageup", "scroll('page_up')", "Page up", "Scroll a page up", show=False,
            id="page_up"),
    Command(LOG_ENTRY, "pagedown", "scroll('page_down')", "Page down", "Scroll a page down",
            show=False, id="page_down"),
    Command(LOG_ENTRY, "home", "scroll('home')", "Top", "Scroll to the top", show=False,
            id="top"),
    Command(LOG_ENTRY, "end", "scroll('end')", "Bottom", "Scroll to the bottom", show=False,
            id="bottom"),
    Command(COMBAT_SUMMARY, "escape,enter", "dismiss", "Close", "Close the summary"),
    Command(WEEK_VIEW, "escape,enter,W", "cancel", "Close", "Close the calendar", id="close",
            key_display="esc / enter / W"),
    Command(WEEK_VIEW, "right,n", "page(1)", "Next week", "Show the next week", id="next",
            key_display="→ / n"),
    Command(WEEK_VIEW, "left,p", "page(-1)", "Previous week", "Show the previous week",
            id="previous", key_display="← / p"),
    Command(WEEK_VIEW, "t", "today", "Today", "Back to this week"),
    Command(WEEK_VIEW, "d", "set_date", "Set date", "Set today's date (nothing heals: no time "
            "passes)"),
    Command(WEEK_VIEW, "h", "holy_days", "Holy days", "Set a cult's holy days"),
    Command(WORSHIP, "enter", "confirm", "Worship", "Those ticked worshipped: their Rune points "
            "come back", priority=True),
    Command(WORSHIP, "escape", "cancel", "Nobody", "Nobody worshipped: nothing comes back",
            priority=True),
    Command(CULT_PICKER, "enter", "confirm", "Pick", "Set the highlighted cult's holy days",
            priority=True),
    Command(CULT_PICKER, "escape", "cancel", "Cancel", "Close, nothing set", priority=True),
    Command(WORSHIP, "a", "all", "All", "Tick everyone"),
    Command(WORSHIP, "x", "none", "None", "Untick everyone"),
    Command(HELP, "escape,q,question_mark,f1", "dismiss", "Close", "Close the help",
            key_display="esc / q / ? / f1"),
)  # fmt: skip

# The keys Textual's text fields (Input, TextArea) bind themselves: a dialog key moved onto
# one would not work while a field has the focus, or would take the key from the field
# (tests/test_config.py keeps this in step with Textual).
FIELD_KEYS = frozenset((
    "alt+backspace", "alt+delete", "backspace", "ctrl+a", "ctrl+backspace", "ctrl+c", "ctrl+d",
    "ctrl+e", "ctrl+k", "ctrl+left", "ctrl+right", "ctrl+shift+a", "ctrl+shift+k",
    "ctrl+shift+left", "ctrl+shift+right", "ctrl+u", "ctrl+v", "ctrl+w", "ctrl+x", "ctrl+y",
    "ctrl+z", "delete", "down", "end", "enter", "f6", "f7", "home", "left", "pagedown", "pageup",
    "right", "shift+down", "shift+end", "shift+home", "shift+left", "shift+right", "shift+up",
    "super+backspace", "super+c", "super+x", "super+y", "super+z", "up",
))  # fmt: skip
ALL_SCOPES: tuple[str, ...] = (*SCOPE_TITLES, *DIALOG_SCOPES)
ALL_COMMANDS: tuple[Command, ...] = COMMANDS + DIALOG_COMMANDS
# How a key is written in a dialog's one-line hint ("esc OK" reads better than "escape OK").
SHORT_KEYS = {"escape": "esc"}


BRP_WORDS = (
    ("Strike ranks", "DEX order"),
    ("strike-rank pane", "DEX-order pane"),
    ("Spend or regain magic and rune points", "Spend or regain magic points"),
    (
        "Cast a spell: spirit or Rune magic, its points spent",
        "Cast a spell: its power points spent",
    ),
    (", at SR 12", ""),  # BRP's fight has no strike ranks
    ("(RQG: -25; refused after a failed retry)", "(none in BRP: its rules give no retry)"),
)
"""What a BRP campaign calls the things RQG's words name (its fight goes in DEX order)."""
NO_RUNE_POINTS = ("worship",)
"""Roster actions that a campaign without Rune points does not have in its help."""


def in_words_of(text: str, brp: bool) -> str:
    """`text` in the words of the campaign's rules (BRP: DEX order, not strike ranks)."""
    if brp:
        for rqg, words in BRP_WORDS:
            text = text.replace(rqg, words)
    return text


def scope_title(scope: str, brp: bool = False) -> str:
    """A pane's title: "Strike ranks" is "DEX order" in a BRP campaign."""
    return in_words_of(SCOPE_TITLES[scope], brp)


def commands_for(scope: str, commands: tuple[Command, ...] = COMMANDS) -> tuple[Command, ...]:
    """The commands of one scope, in table order."""
    return tuple(command for command in commands if command.scope == scope)


def bindings_for(scope: str) -> list[BindingType]:
    """Textual bindings for a scope (a pane's or a dialog's), derived from the table; the app's
    keymap (Textual's, by binding id) puts the config's keys in place."""
    return [binding_of(command) for command in commands_for(scope, ALL_COMMANDS)]


def binding_of(command: Command, action: str | None = None, **changes: bool) -> Binding:
    """The Textual binding of a command; `action` and `changes` (show, priority) for a second
    binding of the same id (the same key doing the same thing from another place)."""
    return Binding(
        command.key,
        action or command.action,
        command.title,
        show=changes.get("show", command.show),
        priority=changes.get("priority", command.priority),
        key_display=command.key_display,
        tooltip=command.help,
        id=command.binding_id,
    )


def bindings_of(*binding_ids: str) -> list[BindingType]:
    """The Textual bindings of a few commands of a scope (those of one widget of a dialog)."""
    return [binding_of(command_of(binding_id)) for binding_id in binding_ids]


def command_of(binding_id: str) -> Command:
    """The default command of a binding id (for a binding that must share it)."""
    return next(command for command in ALL_COMMANDS if command.binding_id == binding_id)


SPLIT_CHARACTERS = {",": "comma", " ": "space", "\t": "tab"}
"""Characters a binding's key list cannot hold (it is split at commas and stripped), by the
names Textual gives them."""


def character_key(character: str) -> str | None:
    """The key Textual names a typed `character` by (`?` -> `question_mark`, `a` -> `a`), read
    as Textual reads a binding's key (`Binding.make_bindings`); None for what no binding can
    name (a line break)."""
    if character in SPLIT_CHARACTERS:
        return SPLIT_CHARACTERS[character]
    try:
        (binding,) = Binding.make_bindings([Binding(character, "")])
    except (InvalidBinding, ValueError):
        return None
    return binding.key


def normal_key(text: str) -> str | None:
    """A key as Textual names it (`?` -> `question_mark`, `Ctrl+N` -> `ctrl+n`), or None if it
    names no key. Characters are named as Textual names them when it reads a binding
    (`character_key`), so they match what the bindings see."""
    key = text.strip()
    if len(key) == 1:
        return character_key(key)
    *modifiers, base = re.split(r"\+(?=.)", key)
    modifiers = [m.lower() for m in modifiers]
    if any(m not in MODIFIERS for m in modifiers) or len(set(modifiers)) < len(modifiers):
        return None
    if len(base) == 1:
        named = base.lower() if modifiers and base.isalnum() else character_key(base)
        if named is None:
            return None
        base = named
    else:
        base = base.lower()
        if base not in _NAMED_KEYS and key_to_character(base) is None:
            return None
    return "+".join([*modifiers, base])


@dataclass(frozen=True)
class KeyTable:
    """The command table with the config's keys in place, and what was refused."""

    commands: tuple[Command, ...] = COMMANDS
    keymap: Mapping[str, str] = field(default_factory=dict)  # binding id -> keys, for Textual
    problems: tuple[str, ...] = ()
    dialog_commands: tuple[Command, ...] = DIALOG_COMMANDS

    def for_scope(self, scope: str) -> tuple[Command, ...]:
        if scope in DIALOG_SCOPES:
            return commands_for(scope, self.dialog_commands)
        return commands_for(scope, self.commands)

    def hint_key(self, binding_id: str) -> str:
        """How a dialog's one-line hint writes a binding id's key: its first (`enter`, `esc`,
        `ctrl+s`); the help screen lists them all."""
        key = self.keys_for(binding_id)[0]
        return SHORT_KEYS.get(key, display_key(key))

    def keys_for(self, binding_id: str) -> tuple[str, ...]:
        """The keys bound to a binding id, with the config's in place."""
        return next(c.keys for c in self.commands + self.dialog_commands
                    if c.binding_id == binding_id)  # fmt: skip


DEFAULT_KEYS = KeyTable(COMMANDS, {}, ())


def table_of(app: object) -> KeyTable:
    """The key table of the running app (the defaults in an app that has none, as in tests
    that show one dialog alone)."""
    table = getattr(app, "key_table", None)
    return table if isinstance(table, KeyTable) else DEFAULT_KEYS


# (setting, what) -> message; the config names the line of `setting` (`keys.roster.roll`).
Describe = Callable[[str, str], str]


def key_table(overrides: Mapping[str, str], describe: Describe | None = None) -> KeyTable:
    """The table with `overrides` (binding id -> "key[,key]") applied, or, if any of them is
    unknown, not a key, or puts two commands that can be active at once on one key, the
    defaults with one message per problem: a half-applied key scheme would surprise more."""
    tell: Describe = describe or (lambda setting, what: what)
    by_id = {command.binding_id: command for command in ALL_COMMANDS}
    problems: list[str] = []
    keymap: dict[str, str] = {}
    for binding_id, text in overrides.items():
        setting = f"keys.{binding_id}"
        if binding_id not in by_id:
            problems.append(tell(setting, f"no command has the id {binding_id!r} (the ids: "
                                          "`gmdash config keys`)"))  # fmt: skip
            continue
        keys = [normal_key(part) for part in text.split(",")]
        if None in keys or not keys:
            problems.append(tell(setting, f"{text!r} is not a key for {binding_id} (keys look "
                                          "like x, X, ctrl+x, f5, space, ?, enter)"))  # fmt: skip
            continue
        keymap[binding_id] = ",".join(dict.fromkeys(k for k in keys if k))
    commands, dialog_commands = (
        tuple(
            replace(command, key=keymap[command.binding_id], key_display=None)
            if command.binding_id in keymap and keymap[command.binding_id] != command.key
            else command
            for command in table
        )
        for table in (COMMANDS, DIALOG_COMMANDS)
    )
    if not problems:
        problems += _clashes(commands, set(keymap), tell)
        problems += _dialog_clashes(dialog_commands, set(keymap), tell)
    if problems:
        return KeyTable(COMMANDS, {}, tuple(problems))
    return KeyTable(commands, keymap, (), dialog_commands)


def configured_keys(config: Config | None) -> KeyTable:
    """The key table of a config's `[keys]` (the defaults without a config)."""
    if config is None or not config.keys:
        return DEFAULT_KEYS
    return key_table(config.keys, lambda setting, what: config.problem(
        setting, what, "every key keeps its default (the [keys] table is not used)"))  # fmt: skip


def _clashes(commands: tuple[Command, ...], remapped: set[str], tell: Describe) -> list[str]:
    """Two commands on one key where both can be active: in one scope, or a pane's key and a
    global one (the pane's would hide the global command while it has the focus)."""
    groups = [
        commands_for(scope, commands) + (commands_for(GLOBAL, commands) if scope != GLOBAL else ())
        for scope in SCOPE_TITLES
    ]
    return _same_key(groups, remapped, tell) + _reserved(commands, remapped, tell)


def _dialog_clashes(commands: tuple[Command, ...], remapped: set[str], tell: Describe) -> list[str]:
    """Two keys of one dialog on one key (its own and its base scope's); a priority key of a
    dialog with text fields on a character (it would be taken from the fields)."""
    groups = []
    for scope, dialog in DIALOG_SCOPES.items():
        base = commands_for(dialog.base, commands) if dialog.base else ()
        groups.append(base + commands_for(scope, commands))
    problems = _same_key(groups, remapped, tell) + _reserved(commands, remapped, tell)
    for command in commands:
        if command.binding_id not in remapped or not DIALOG_SCOPES[command.scope].fields:
            continue
        defaults = command_of(command.binding_id).keys
        for key in command.keys:
            character = key_to_character(key)
            typed = command.priority and character is not None and character.isprintable()
            if typed or (key in FIELD_KEYS and key not in defaults):
                problems.append(tell(f"keys.{command.binding_id}",
                                     f"{display_key(key)} is a key of the text fields in that "
                                     f"dialog; {command.binding_id} cannot have it"))  # fmt: skip
    return problems


def _same_key(groups: list[tuple[Command, ...]], remapped: set[str], tell: Describe) -> list[str]:
    """Two commands of one group (commands active at once) on one key."""
    problems: list[str] = []
    seen: set[tuple[str, str]] = set()
    for active in groups:
        holder: dict[str, Command] = {}
        for command in active:
            for key in command.keys:
                other = holder.setdefault(key, command)
                if other is command or (other.binding_id, command.binding_id) in seen:
                    continue
                seen.add((other.binding_id, command.binding_id))
                blamed = command if command.binding_id in remapped else other
                problems.append(tell(f"keys.{blamed.binding_id}",
                                     f"{other.binding_id} and {command.binding_id} would both "
                                     f"be on {display_key(key)}"))  # fmt: skip
    return problems


def _reserved(commands: tuple[Command, ...], remapped: set[str], tell: Describe) -> list[str]:
    """A remapped command on a key Textual keeps for itself."""
    problems: list[str] = []
    for command in commands:
        if command.binding_id not in remapped:
            continue
        for key in command.keys:
            if key in RESERVED_KEYS and not (key == "ctrl+q" and command.action == "quit"):
                problems.append(tell(f"keys.{command.binding_id}",
                                     f"{display_key(key)} is {RESERVED_KEYS[key]}; "
                                     f"{command.binding_id} cannot have it"))  # fmt: skip
    return problems


def markdown_key_map(table: KeyTable = DEFAULT_KEYS) -> str:
    """The whole key map as Markdown, for docs/keys.md (tests/test_readme.py keeps the two in
    step) and `gmdash config keys` (with the config's keys in place): the panes, then the
    dialogs, each key with its binding id."""
    lines: list[str] = []
    for scope, title in SCOPE_TITLES.items():
        lines += _markdown_scope(title, table.for_scope(scope))
    lines += ["**Dialogs**: escape also restores a maximised pane.", ""]
    for scope, dialog in DIALOG_SCOPES.items():
        lines += _markdown_scope(dialog.title, table.for_scope(scope))
    return "\n".join(lines).rstrip("\n")


def markdown_key_summary(table: KeyTable = DEFAULT_KEYS) -> str:
    """The panes' keys as Markdown, two to a row, for the README's key map (the dialogs' keys
    and the binding ids are in docs/keys.md)."""
    lines: list[str] = []
    for scope, title in SCOPE_TITLES.items():
        commands = table.for_scope(scope)
        lines += [f"**{title}**", "", "| key | what it does | key | what it does |",
                  "|---|---|---|---|"]  # fmt: skip
        cells = [(f"`{command.keys_text.replace('|', chr(92) + '|')}`",
                  command.help or command.title) for command in commands]  # fmt: skip
        rights = [*cells[1::2], ("", "")][: len(cells[::2])]  # an odd count ends half empty
        for left, right in zip(cells[::2], rights, strict=True):
            lines.append(f"| {left[0]} | {left[1]} | {right[0]} | {right[1]} |")
        lines.append("")
    return "\n".join(lines).rstrip("\n")


def _markdown_scope(title: str, commands: tuple[Command, ...]) -> list[str]:
    lines = [f"**{title}**", "", "| key | what it does | id |", "|---|---|---|"]
    for command in commands:
        keys = command.keys_text.replace("|", "\\|")
        lines.append(f"| `{keys}` | {command.help or command.title} | `{command.binding_id}` |")
    return [*lines, ""]


if __name__ == "__main__":
    print(markdown_key_map())
