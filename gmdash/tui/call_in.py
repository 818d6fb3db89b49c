"""A callback on a node's message loop some time from now, that always comes.

Textual's one-shot timer (`set_timer`) skips its only tick when it finds itself late: it reads
the clock when its task starts and again at once, and if the delay has passed in between (a
garbage collection, a busy machine taking the process off the CPU) it ends without calling
back (`Timer._run`: with `skip`, which `set_timer` leaves on, a late first tick moves its count
past a one-shot's only one; see https://github.com/Textualize/textual/pull/5465, which set
that count, for textual issue #5464; no upstream issue reports the dropped tick yet). For a
delay of a few milliseconds that happens now and then; the log's search, typed, would then
never be applied. The loop's own `call_later` has no such shortcut: late, it calls back late,
and the callback runs on the node's loop through its public `call_next`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from textual.message_pump import MessagePump


def call_in(node: MessagePump, delay: float, callback: Callable[[], object]) -> asyncio.TimerHandle:
    """Have `node` run `callback` on its message loop (as Textual's timers do) once `delay`
    seconds have passed; cancel with the handle's `cancel()`. A node closed by then runs
    nothing."""
    return asyncio.get_running_loop().call_later(delay, node.call_next, callback)
