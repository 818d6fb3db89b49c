"""Turning store and validation errors into the CLI's one-line `CliError`; the campaign named."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from gmdash.cli.errors import CliError
from gmdash.model.errors import ValidationError
from gmdash.store.errors import CampaignLocked, StoreError


@contextmanager
def store_errors(campaign: str) -> Iterator[None]:
    """Re-raise campaign problems as CliError with a message the user can act on."""
    try:
        yield
    except CampaignLocked as error:
        holder = f"pid {error.pid}" if error.pid is not None else "another process"
        raise CliError(
            f"campaign {campaign!r} is open in gmdash ({holder}); close it or use the dashboard"
        ) from None
    except StoreError as error:
        raise CliError(str(error)) from None
    except ValidationError as error:
        raise CliError(f"invalid {error.field}: {error.message}") from None
    except OSError as error:
        raise CliError(f"{error.filename or campaign}: {error.strerror or error}") from None


def campaign_name(args: argparse.Namespace) -> str:
    """The campaign a command works on (`--campaign NAME`); CliError when none is given."""
    name = getattr(args, "campaign", None)
    if not name or not str(name).strip():
        raise CliError("this command needs --campaign NAME (see 'gmdash campaign list')")
    return str(name)
