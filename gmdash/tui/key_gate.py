"""Typed-ahead keys land where they were meant: one key at a time, each after the last settled.

Textual hands each key to the focused widget by posting it to that widget's queue and moves on
to the next key at once. A key's effect comes later: Tab, a dialog's key and most bindings act
only when the key has bubbled back up to the app, and a pushed dialog takes its focus only once
it is mounted. A fast typist's next key was therefore forwarded to the old focus: "12 Tab 1"
gave one field "121", a key typed just after the one opening a dialog reached the screen below.

The gate lets one key in, then holds every later key until the app is quiet again (every
message queue of the app and of the screens is empty and no handler is running, no callback
waits for a refresh), so the next key finds the focus the last one left, as if the app were
infinitely fast. Held keys are let in in the order they were typed.

Textual has no public "is this node quiet" question, so the gate reads a few private
attributes of `MessagePump` and `Screen` (listed in `TEXTUAL_INTERNALS`, all read in
`_is_busy` and nowhere else in gmdash). Should a Textual release rename one, the gate turns
itself off (keys go straight in, as in plain Textual) instead of failing on every key, and
`tests/tui/test_key_gate.py` fails loudly on that release.

Every wait is bounded: a node that never answers (it closed with the callback still queued)
holds the next key for at most `ROUND_LIMIT` per round and `SETTLE_LIMIT` in all, so a key is
never swallowed and the keyboard never locks.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from typing import TYPE_CHECKING, Any

from textual import events
from textual.message_pump import MessagePump
from textual.screen import Screen

if TYPE_CHECKING:
    from textual.app import App

# The private attributes `_is_busy` reads, by the class that holds them.
TEXTUAL_INTERNALS: dict[type[MessagePump], tuple[str, ...]] = {
    MessagePump: (
        "_message_queue",
        "_pending_message",
        "_next_callbacks",
        "_is_mounted",
        "_closing",
        "_closed",
        "_parent",
    ),
    Screen: ("_callbacks",),
}

# A round waits this long (seconds) for the busy nodes, then looks again at who is busy: a
# node that closed meanwhile will never answer; one still working still holds the round's
# callback in its queue, so it is busy and waited for again.
ROUND_LIMIT = 0.25
# The longest a typed key is held for the one before to settle; past it the key goes in.
SETTLE_LIMIT = 5.0
# A safety valve, never met in practice: a node kept busy for this many rounds (an endless
# stream of messages) stops holding keys back rather than swallowing them.
MAX_ROUNDS = 200


def textual_internals_missing() -> list[str]:
    """The private Textual attributes the gate reads that this Textual does not have."""
    # Most are set in __init__, not on the class: a fresh instance of each class shows them.
    missing: list[str] = []
    for kind, names in TEXTUAL_INTERNALS.items():
        probe = kind()
        missing += [f"{kind.__name__}.{name}" for name in names if not hasattr(probe, name)]
    return missing


def _is_busy(node: MessagePump) -> bool:
    """Whether a node still has work queued or in hand (a message, a callback, a mount)."""
    if node._closing or node._closed:
        return False  # what it still holds will never be handled
    if not node._message_queue.empty() or node._pending_message is not None:
        return True
    if node._next_callbacks:
        return True
    if isinstance(node, Screen) and node._callbacks:
        return True  # callbacks waiting for the next refresh (call_after_refresh)
    # Attached but not mounted yet (a dialog being built): its focus is still to come.
    return not node._is_mounted


class KeyGate:
    """Holds typed-ahead keys until the app has finished with the key before them."""

    def __init__(self, app: App[Any]) -> None:
        self._app = app
        self._held: deque[events.Key] = deque()
        self._released: set[int] = set()
        self._in_hand = False
        self._settling: asyncio.Task[None] | None = None
        self._settled: asyncio.Event | None = None  # made on first use, in the app's loop
        # Without what it reads (a Textual that renamed it), keys go straight in.
        self.enabled = not textual_internals_missing()

    @property
    def idle(self) -> bool:
        """No key held back, none being handled."""
        return not self._in_hand and not self._held

    async def wait_settled(self, timeout: float = SETTLE_LIMIT * 2) -> bool:
        """Wait until no key is held or in hand (every key typed so far has had its effect).
        Bounded, so a caller (a test) can never hang: False once `timeout` passes with no
        held key let in (a long burst on a slow machine takes as long as it needs)."""
        while not self.idle:
            held = len(self._held)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._settled_event().wait(), timeout)
            if not self.idle and len(self._held) >= held:
                return False
        return True

    def _settled_event(self) -> asyncio.Event:
        if self._settled is None:
            self._settled = asyncio.Event()
            if self.idle:
                self._settled.set()
        return self._settled

    def _update_settled(self) -> None:
        if self._settled is None:
            return
        if self.idle:
            self._settled.set()
        else:
            self._settled.clear()

    def admit(self, key: events.Key) -> bool:
        """Whether `key`, fresh from the terminal (or let in by the gate), is handled now.
        A key that is not is held, to be posted again when its turn comes."""
        if not self.enabled:
            return True
        if id(key) in self._released:
            self._released.discard(id(key))
            return True
        if self._in_hand or self._held:
            self._held.append(key)
            self._update_settled()
            return False
        return True

    def handled(self) -> None:
        """The app has dispatched a key: hold the next until its effects have settled."""
        if not self.enabled:
            return
        self._in_hand = True
        self._update_settled()
        if self._settling is None or self._settling.done():
            self._settling = asyncio.create_task(self._settle())

    def _nodes(self) -> list[MessagePump]:
        nodes: list[MessagePump] = [self._app]
        for screen in self._app.screen_stack:
            nodes.extend(screen.walk_children(with_self=True))
        return nodes

    def _key_path(self) -> list[MessagePump]:
        """The app and the nodes a key bubbles through: the focus up to its screen."""
        path: list[MessagePump] = [self._app]
        if not self._app.screen_stack:
            return path  # the app is closing: no screen, no focus
        node: MessagePump | None = self._app.focused or self._app.screen
        while node is not None and node is not self._app:
            path.append(node)
            node = node._parent
        return path

    async def _settle(self) -> None:
        try:
            await asyncio.wait_for(self._wait_until_quiet(), SETTLE_LIMIT)
        except TimeoutError:
            pass  # the next key goes in rather than wait on
        finally:
            self._release_next()

    async def _wait_until_quiet(self) -> None:
        # A node shows what it has queued, not what it is handling: the first round waits for
        # the key's path, so that whatever it had in hand when the key went in is finished.
        await self._round(self._key_path())
        for _ in range(MAX_ROUNDS):
            busy = [node for node in self._nodes() if _is_busy(node)]
            if not busy:
                return
            await self._round(busy)

    async def _round(self, busy: list[MessagePump]) -> None:
        """Wait until every busy node has handled what it had when the round began (at most
        `ROUND_LIMIT`: the caller looks again at who is still busy)."""
        waiting = 0
        done = asyncio.Event()

        def one_done() -> None:
            nonlocal waiting
            waiting -= 1
            if waiting == 0:
                done.set()

        for node in busy:
            posted = (
                node.call_after_refresh(one_done)
                if isinstance(node, Screen) and node._callbacks
                else node.call_later(one_done)
            )
            if posted:
                waiting += 1
        if waiting == 0:
            await asyncio.sleep(0)  # closing nodes: let them go
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done.wait(), ROUND_LIMIT)

    def _release_next(self) -> None:
        self._in_hand = False
        while self._held:
            key = self._held.popleft()
            self._released.add(id(key))
            self._in_hand = True
            if self._app.post_message(key):
                break
            self._released.discard(id(key))  # the app is closing: drop the rest
            self._in_hand = False
            self._held.clear()
        self._update_settled()
