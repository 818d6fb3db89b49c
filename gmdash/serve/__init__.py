"""The players' view: `gmdash serve` shows a screen of the campaign to web browsers.

`view` picks what players may see (pure data, no Textual), `source` keeps the campaign open
without the lock and reads only its new writes, `app` is the Textual screen that `server` runs,
one process per browser, through textual-serve. A page opened with a player's own link is
`player_app` (their sheet, from `sheet` and `player_source`, and their rolls, asked of the
dashboard). Nothing here is imported by the dashboard or the other CLI commands.
"""

PLAYER_TOKEN_ENV = "GMDASH_PLAYER_TOKEN"
"""The variable a player's page process gets its link's token in (never its arguments: any
user of the machine can read those)."""
