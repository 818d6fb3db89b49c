"""Turning store and validation errors into the CLI's one-line `CliError`; the campaign named."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

from gmdash.cli.errors import CliError
from gmdash.model.errors import ValidationError
from gmdash.play.campaign import CampaignService
from gmdash.store.errors import CampaignLocked, CorruptSaveError, StoreError
from gmdash.store.lock import DEFAULT_WAIT, name_this_process


@contextmanager
def store_errors(campaign: str) -> Iterator[None]:
    """Re-raise campaign problems as CliError with a message the user can act on."""
    try:
        yield
    except CampaignLocked as error:
        raise CliError(
            f"campaign {campaign!r} is open in {error.holder_text}{error.waited_text}; close it "
            "or use the dashboard (--wait SECONDS waits longer)"
        ) from None
    except CorruptSaveError as error:
        # The damaged file is kept as it is; the one command that gets past it is named.
        raise CliError(
            f"{error} ('gmdash campaign recover {campaign}' moves it aside and opens the last "
            "good state)"
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


def for_change(
    args: argparse.Namespace, name: str, **options: Any
) -> AbstractContextManager[CampaignService]:
    """The campaign `name` opened to change it: waiting `--wait` seconds while another gmdash
    writes it (a CLI command holds it for a fraction of a second), never remembered as the
    dashboard's last campaign. While a dashboard holds it, the command is sent to it instead
    (`gmdash.cli.hosting`)."""
    from gmdash.cli.hosting import open_for_change

    name_holder(args)
    return open_for_change(args.saves_dir, name, wait=waiting(args), **options)


def name_holder(args: argparse.Namespace) -> None:
    """Let the campaign's lock say which command holds it (`gmdash roll`), for another writer."""
    name_this_process(getattr(args, "command_label", "gmdash"))


def waiting(args: argparse.Namespace) -> float:
    """How long a command waits for another writer of its campaign: `--wait`, else the
    store's default."""
    wait = getattr(args, "wait", None)
    return DEFAULT_WAIT if wait is None else float(wait)
