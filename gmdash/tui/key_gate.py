"""Typed-ahead keys land where they were meant: one key at a time, each after the last settled.

Textual hands each key to the focused widget by posting it to that widget's queue and moves on
to the next key at once. A key's effect comes later: Tab, a dialog's key and most bindings act
only when the key has bubbled back up to the app, and a pushed dialog takes its focus only once
it is mounted. A fast typist's next key was therefore forwarded to the old focus: "12 Tab 1"
gave one field "121", a key typed just after the one opening a dialog reached the screen below.

The gate lets one key in, then holds every later key until the app is quiet again, so the next
key finds the focus the last one left, as if the app were infinitely fast. Held keys are let in
in the order they were typed. Quiet is read through Textual's public API alone:

- the key's path first, from the widget it went to up to the app: a callback posted to a node
  (`call_later`) runs once that node has handled everything queued before it, the key
  included, which by then has bubbled on to the node's parent (where it is queued: busy);
- then rounds over every node of the app's screens: a node is busy while it is not mounted yet
  or has messages queued (`message_queue_size`); each round waits until the busy nodes have
  handled what they had;
- the work gmdash puts off until after a refresh (`after_refresh`: a dialog's later fields
  mounted, a focus moved once a list is drawn) is counted, and waited for through the screen's
  own callbacks after its refresh;
- and a last round over the new focus's path, after which nothing may be busy: what a node
  there was handling when it was looked at (it shows no queue) is finished then, and whatever
  that posted shows.

Every wait is bounded: a node that never answers (it closed with the callback still queued)
holds the next key for at most `ROUND_LIMIT` per round and `SETTLE_LIMIT` in all, so a key is
never swallowed and the keyboard never locks.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual import events
from textual.message_pump import MessagePump
from textual.widget import Widget

if TYPE_CHECKING:
    from textual.app import App

# A round waits this long (seconds) for the busy nodes, then looks again at who is busy: a
# node that closed meanwhile will never answer; one still working still holds the round's
# callback in its queue, so it is busy and waited for again.
ROUND_LIMIT = 0.25
# The longest a typed key is held for the one before to settle; past it the key goes in.
SETTLE_LIMIT = 5.0
# A safety valve, never met in practice: a node kept busy for this many rounds (an endless
# stream of messages) stops holding keys back rather than swallowing them.
MAX_ROUNDS = 200


def is_busy(node: MessagePump) -> bool:
    """Whether a node still has work queued (a message, a callback) or its mount to come."""
    if isinstance(node, Widget) and not node.is_attached:
        return False  # removed: what it still holds will never be handled
    if isinstance(node, Widget) and not node.is_mounted:
        return True  # attached but not mounted yet (a dialog being built): its focus is to come
    return node.is_running and node.message_queue_size > 0


def after_refresh(node: MessagePump, callback: Callable[..., object], *args: Any) -> None:
    """Run `callback(*args)` (a function or a coroutine function) after the screen's next
    refresh, as `node.call_after_refresh` does, and have the app's key gate, if it has one,
    hold typed keys until it has run: gmdash's work put off that way moves the focus or mounts
    what typing goes to."""
    gate = getattr(node.app, "key_gate", None)
    if not isinstance(gate, KeyGate):
        node.call_after_refresh(callback, *args)
        return

    async def counted() -> None:
        try:
            done = callback(*args)
            if inspect.isawaitable(done):
                await done
        finally:
            gate.deferred -= 1

    gate.deferred += 1
    if not node.call_after_refresh(counted):
        gate.deferred -= 1  # the node is closing: it will not run


class KeyGate:
    """Holds typed-ahead keys until the app has finished with the key before them."""

    def __init__(self, app: App[Any]) -> None:
        self.deferred = 0
        """gmdash's work put off until after a refresh and not run yet (`after_refresh`)."""
        self._app = app
        self._held: deque[events.Key] = deque()
        self._released: set[int] = set()
        self._in_hand = False
        self._path: list[MessagePump] = []
        self._settling: asyncio.Task[None] | None = None
        self._settled: asyncio.Event | None = None  # made on first use, in the app's loop

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
        if id(key) in self._released:
            self._released.discard(id(key))
        elif self._in_hand or self._held:
            self._held.append(key)
            self._update_settled()
            return False
        self._path = self._key_path()
        return True

    def handled(self) -> None:
        """The app has dispatched a key: hold the next until its effects have settled."""
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
        """The nodes a key goes through, in order: the focus up to its screen, then the app."""
        if not self._app.screen_stack:
            return [self._app]  # the app is closing: no screen, no focus
        start: Widget = self._app.focused or self._app.screen
        path: list[MessagePump] = [node for node in start.ancestors_with_self
                                   if node is not self._app]  # fmt: skip
        return [*path, self._app]

    async def _settle(self) -> None:
        try:
            await asyncio.wait_for(self._wait_until_quiet(), SETTLE_LIMIT)
        except TimeoutError:
            pass  # the next key goes in rather than wait on
        finally:
            self._release_next()

    async def _wait_until_quiet(self) -> None:
        path, self._path = self._path, []
        await self._round(path)  # then the key is handled, or queued where it bubbled to
        confirmed = False
        for _ in range(MAX_ROUNDS):
            busy = [node for node in self._nodes() if is_busy(node)]
            if busy:
                await self._round(busy)
            elif self.deferred:
                await self._round([], after_refresh=True)
            elif not confirmed:
                await self._round(self._key_path())  # what the new focus's path had in hand
                confirmed = True
                continue
            else:
                return
            confirmed = False

    async def _round(self, nodes: list[MessagePump], *, after_refresh: bool = False) -> None:
        """Wait until every node has handled what it had when the round began, and with
        `after_refresh` the screen's callbacks after its next refresh (at most `ROUND_LIMIT`:
        the caller looks again at who is still busy)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        waiting = 0

        def end() -> None:
            if not done.done():
                done.set_result(None)

        def one_done() -> None:
            nonlocal waiting
            waiting -= 1
            if waiting == 0:
                end()

        posts: list[Callable[[Callable[[], None]], bool]] = [node.call_later for node in nodes]
        if after_refresh and self._app.screen_stack:
            posts.append(self._app.screen.call_after_refresh)
        for post in posts:
            if post(one_done):
                waiting += 1
        if waiting == 0:
            await asyncio.sleep(0)  # closing nodes: let them go
            return
        limit = loop.call_later(ROUND_LIMIT, end)
        try:
            await done
        finally:
            limit.cancel()

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
