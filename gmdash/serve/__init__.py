"""The players' view: `gmdash serve` shows a read-only screen of the campaign to web browsers.

`view` picks what players may see (pure data, no Textual), `source` reads the campaign without
the lock and notices new writes, `app` is the Textual screen that `server` runs, one process per
browser, through textual-serve. Nothing here is imported by the dashboard or the other CLI
commands.
"""
