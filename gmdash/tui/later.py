"""A callback on a node's message loop some time from now, that always comes.

Textual's one-shot timer (`set_timer`) skips its only tick when it finds itself late: it reads
the clock when its task starts and again at once, and if the delay has passed in between (a
garbage collection, a busy machine taking the process off the CPU) it ends without calling
back. For a delay of a few milliseconds that happens now and then; a chain of steps built on
such timers (the dialogs built ahead, the styles loaded at rest) then stops for good. The
loop's own `call_later` has no such shortcut: late, it calls back late.
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
