"""The players' view: `gmdash serve` shows a read-only screen of the campaign to web browsers.

`view` picks what players may see (pure data, no Textual), `source` keeps the campaign open
without the lock and reads only its new writes, `app` is the Textual screen that `server` runs,
one process per browser, through textual-serve. Nothing here is imported by the dashboard or
the other CLI commands.
"""
