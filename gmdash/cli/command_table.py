"""Which module of `gmdash.cli` registers each subcommand (read by the command line and by
its argparse parser, `gmdash.cli.parser`)."""

from __future__ import annotations

# Which module registers each command. A command missing here still works (every module is
# registered then); tests/cli/test_dispatch.py keeps the table complete.
COMMAND_MODULES: dict[str, str] = {
    **dict.fromkeys(
        ("roll", "resist", "opposed", "dice", "odds", "attrs", "table"), "gmdash.cli.rules_commands"
    ),
    **dict.fromkeys(("campaign", "session", "log", "character"), "gmdash.cli.campaign_commands"),
    **dict.fromkeys(("damage", "exchange", "wound"), "gmdash.cli.combat_commands"),
    **dict.fromkeys(("config", "saves", "completion"), "gmdash.cli.setup_commands"),
    "effect": "gmdash.cli.effect_commands",
    "time": "gmdash.cli.time_commands",
    "serve": "gmdash.cli.serve_command",
    **dict.fromkeys(("undo", "redo"), "gmdash.cli.undo_commands"),
    "cast": "gmdash.cli.magic_commands",
    "bestiary": "gmdash.cli.bestiary_commands",
}
COMBAT_MODULE = "gmdash.cli.combat_commands"
