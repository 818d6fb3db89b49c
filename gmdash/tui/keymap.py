"""The one table of commands: every key of the dashboard, declared once.

Bindings, the footer, the help screen and the command palette are all derived from COMMANDS, so
they cannot drift apart. A command belongs to a scope: "global" (the app) or a pane's id; its
`action` is a Textual action run on that scope's widget.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding, BindingType

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

    @property
    def keys_text(self) -> str:
        return self.key_display or self.key.replace(",", " / ")


COMMANDS: tuple[Command, ...] = (
    # Everywhere
    Command(GLOBAL, "1", "focus_pane('roster')", "Roster", "Focus the roster pane", show=False),
    Command(
        GLOBAL, "2", "focus_pane('strike-ranks')", "Strike ranks", "Focus the strike-rank pane",
        show=False,
    ),
    Command(
        GLOBAL, "3", "focus_pane('resistance')", "Resistance", "Focus the resistance calculator",
        show=False,
    ),
    Command(GLOBAL, "4", "focus_pane('log')", "Log", "Focus the roll log", show=False),
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
    Command(GLOBAL, "ctrl+z", "undo", "Undo", "Undo the last change (rolls are struck out)"),
    Command(GLOBAL, "m", "toggle_maximize", "Maximise", "Maximise or restore the focused pane"),
    Command(GLOBAL, "ctrl+t", "toggle_theme", "Theme", "Switch between the dark and light theme",
            show=False),
    Command(GLOBAL, "ctrl+g", "toggle_session", "Session", "Start or end tonight's game session"),
    Command(GLOBAL, "ctrl+e", "improvement_phase", "Improve",
            "Improvement phase: experience rolls for every ticked ability", show=False),
    Command(GLOBAL, "ctrl+w", "weekly_healing", "Week", "A game week passes: natural healing",
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
    Command(ROSTER, "a", "add_character", "Add", "Add a character"),
    Command(ROSTER, "e", "edit_character", "Edit", "Edit the selected character"),
    Command(ROSTER, "delete", "delete_character", "Delete", "Remove the selected character"),
    Command(ROSTER, "h", "damage", "Damage", "Damage a location (armour is subtracted)"),
    Command(ROSTER, "H", "heal", "Heal", "Heal a location"),
    Command(ROSTER, "t", "toggle_tick", "Tick", "Tick or untick an ability's experience box",
            show=False),
    Command(ROSTER, "p", "spend_points", "Points", "Spend or regain magic and rune points",
            show=False),
    Command(ROSTER, "R", "full_rest", "Rest", "A full rest restores magic and rune points",
            show=False),
    Command(ROSTER, "x", "clear_conditions", "Clear", "Clear lasting wound conditions (shock...)",
            show=False),
    # Strike ranks
    Command(STRIKE_RANKS, "b", "begin_combat", "Fight", "Start a combat"),
    Command(STRIKE_RANKS, "n", "next_action", "Next", "Next action"),
    Command(STRIKE_RANKS, "p", "previous_action", "Prev", "Previous action"),
    Command(STRIKE_RANKS, "ctrl+n", "new_round", "Round", "New round (clears declarations)"),
    Command(STRIKE_RANKS, "s", "declare", "Declare", "Declare actions for the selected combatant"),
    Command(STRIKE_RANKS, "l", "same_as_last_round", "Same", "Same actions as last round"),
    Command(STRIKE_RANKS, "t", "attack", "Attack", "Resolve the current action"),
    Command(STRIKE_RANKS, "plus", "add_combatant", "Add", "Add a combatant", key_display="+"),
    Command(STRIKE_RANKS, "delete", "remove_combatant", "Remove", "Remove a combatant"),
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
    Command(RESISTANCE, "p", "next_preset", "Preset", "Next preset (STR vs SIZ, POW vs POW, ...)"),
    # Log
    Command(LOG, "slash", "search", "Search", "Search the log's text", key_display="/"),
    Command(LOG, "f", "filter", "Filter", "Filter by actor, kind and level"),
    Command(LOG, "s", "switch_session", "Session", "Show another session's log"),
    Command(LOG, "i", "session_summary", "Summary", "This session's summary"),
    Command(LOG, "x", "export", "Export", "Export the shown entries (Markdown, CSV, JSON)"),
    Command(LOG, "k", "strike_out", "Strike", "Strike out the selected roll", show=False),
    Command(LOG, "escape", "clear_filters", "Clear", "Clear the search and filters", show=False,
            palette=False),
)  # fmt: skip


def commands_for(scope: str) -> tuple[Command, ...]:
    """The commands of one scope, in table order."""
    return tuple(command for command in COMMANDS if command.scope == scope)


def bindings_for(scope: str) -> list[BindingType]:
    """Textual bindings for a scope, derived from the table."""
    return [
        Binding(
            command.key,
            command.action,
            command.title,
            show=command.show,
            priority=command.priority,
            key_display=command.key_display,
            tooltip=command.help,
        )
        for command in commands_for(scope)
    ]


def markdown_key_map() -> str:
    """The key map as Markdown, for the README (tests/test_readme.py keeps the two in step)."""
    lines: list[str] = []
    for scope, title in SCOPE_TITLES.items():
        lines += [f"**{title}**", "", "| key | what it does |", "|---|---|"]
        for command in commands_for(scope):
            keys = command.keys_text.replace("|", "\\|")
            lines.append(f"| `{keys}` | {command.help or command.title} |")
        lines.append("")
    lines += [
        "**Dialogs**",
        "",
        "| key | what it does |",
        "|---|---|",
        "| `enter` | confirm |",
        "| `escape` | cancel (or restore a maximised pane) |",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    print(markdown_key_map())
