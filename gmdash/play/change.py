"""`@one_change`: a runner that publishes several events commits them as one transaction.

Its events are written together and announced after; if the runner fails halfway (a rule, the
disk, a crash), none of them happened. See `CampaignService.transaction`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Concatenate, ParamSpec, Protocol, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class Transactional(Protocol):
    def transaction(self) -> AbstractContextManager[None]: ...


S = TypeVar("S", bound=Transactional)


def one_change(runner: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R]:
    """Run `runner(service, ...)` inside `service.transaction()`."""

    @functools.wraps(runner)
    def wrapper(service: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with service.transaction():
            return runner(service, *args, **kwargs)

    return wrapper
