"""The campaign's state kept ready to open: `campaign.ready`, beside the snapshot.

Reading the snapshot means checking every field of every sheet; with 200 characters that was
most of the dashboard's start-up. So when the dashboard closes, the state it has (the same as
the snapshot just written, already checked) is kept as a pickle, and the next start takes it
instead of checking the snapshot again; with it, the events of the session log that opening
replays (for the log pane), read and checked, taken only if that log is byte for byte the one
they were read from (`CampaignStore.ready_state`). The state is taken if all of these hold:

- it was made from the very snapshot on disk (its bytes' length and checksums,
  `atomic.snapshot_digest`): any change of the snapshot, by the CLI, a recovery or a hand, and
  the snapshot is read and checked as usual;
- it was made by this code: the gmdash version, the Python version and the size and time of
  every source file of the model and the rules (the classes it holds) are in its fingerprint;
- it was written on this machine: it is signed (keyed BLAKE2b) with a key kept at the root of
  the saves folder (`.ready-key`, made on first use, readable by its owner only), so a
  campaign folder that comes from elsewhere is never taken unchecked;
- and even so it is read by an unpickler that builds nothing but the model's and the rules'
  classes and dates: no file can make it run code.

Anything else (no file, a torn or foreign one, a newer code) is a miss, silently: the snapshot
is read as before. The file is derived data; deleting it loses nothing.
"""

from __future__ import annotations

import io
import os
import pickle
import sys
from functools import cache
from pathlib import Path

import gmdash
import gmdash.model
import gmdash.rules
from gmdash.store import osio
from gmdash.store.atomic import DIGEST_SIZE, write_atomic
from gmdash.store.digests import blake2b, compare_digest
from gmdash.store.errors import StoreError
from gmdash.store.kept_bytes import source_marks

READY_FILE = "campaign.ready"
KEY_FILE = ".ready-key"
MAGIC = b"gmdash-ready-3\n"
FINGERPRINT_SIZE = 16
KEY_SIZE = 32
HEADER = len(MAGIC) + FINGERPRINT_SIZE + 2 * DIGEST_SIZE
"""Magic, code fingerprint, snapshot digest, signature; the pickle follows."""
ALLOWED_PACKAGES = ("gmdash.model.", "gmdash.rules.")
ALLOWED_DATES = frozenset({"date", "datetime", "time", "timedelta", "timezone"})


@cache
def code_fingerprint() -> bytes:
    """What the pickled classes are made of: versions, and every model and rules source file."""
    mark = blake2b(digest_size=FINGERPRINT_SIZE)
    mark.update(f"{gmdash.__version__}|{sys.version}|{pickle.HIGHEST_PROTOCOL}".encode())
    for package in (gmdash.model, gmdash.rules):
        for folder in package.__path__:
            for source in source_marks(Path(folder)):
                mark.update(f"{source}\n".encode())
    return mark.digest()


class _ModelUnpickler(pickle.Unpickler):
    """Builds only the model's and the rules' classes, and dates."""

    def find_class(self, module: str, name: str) -> type:
        allowed = module.startswith(ALLOWED_PACKAGES) or (
            module == "datetime" and name in ALLOWED_DATES
        )
        if allowed and not name.startswith("_"):
            found = super().find_class(module, name)
            if isinstance(found, type):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not part of a campaign's state")


def read(folder: Path, digest: bytes) -> object | None:
    """The state kept ready for the snapshot of `digest`, or None (see the module's text)."""
    try:
        key = osio.read_file(folder.parent / KEY_FILE)
        data = osio.read_file(folder / READY_FILE)
    except (OSError, StoreError):  # none, or a link or a folder in its place
        return None
    fingerprint = code_fingerprint()
    start = len(MAGIC)
    if (
        len(key) != KEY_SIZE
        or not data.startswith(MAGIC)
        or data[start : start + FINGERPRINT_SIZE] != fingerprint
        or data[start + FINGERPRINT_SIZE : start + FINGERPRINT_SIZE + DIGEST_SIZE] != digest
    ):
        return None
    signature = data[HEADER - DIGEST_SIZE : HEADER]
    payload = memoryview(data)[HEADER:]
    if not compare_digest(signature, _sign(key, fingerprint, digest, payload)):
        return None
    try:
        state: object = _ModelUnpickler(io.BytesIO(payload)).load()
    except Exception:  # a torn or foreign file is a miss, whatever the unpickler says
        return None
    return state


def write(folder: Path, digest: bytes, state: object) -> None:
    """Keep `state` ready for the snapshot of `digest` (not fsynced: a lost or torn file is a
    miss, never a wrong state). StoreError or OSError when it cannot be written."""
    key = _key(folder.parent)
    fingerprint = code_fingerprint()
    try:
        payload = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError) as error:
        raise StoreError(f"the state cannot be kept ready: {error}") from None
    signature = _sign(key, fingerprint, digest, payload)
    write_atomic(folder / READY_FILE, MAGIC + fingerprint + digest + signature + payload,
                 durable=False)  # fmt: skip


def is_ready(folder: Path, digest: bytes) -> bool:
    """Whether `campaign.ready` was made from the snapshot of `digest` by this code (its header
    only: cheap; `read` checks the rest)."""
    try:
        with open(folder / READY_FILE, "rb") as file:
            head = file.read(len(MAGIC) + FINGERPRINT_SIZE + DIGEST_SIZE)
    except OSError:
        return False
    return head == MAGIC + code_fingerprint() + digest


def _sign(key: bytes, fingerprint: bytes, digest: bytes, payload: bytes | memoryview) -> bytes:
    signer = blake2b(key=key, digest_size=DIGEST_SIZE)
    for part in (MAGIC, fingerprint, digest, payload):
        signer.update(part)
    return signer.digest()


def _key(saves: Path) -> bytes:
    """This saves folder's signing key, made on first use (readable by its owner only)."""
    path = saves / KEY_FILE
    try:
        key = osio.read_file(path)
        if len(key) == KEY_SIZE:
            return key
    except FileNotFoundError:
        pass  # the first ready state of this saves folder
    key = os.urandom(KEY_SIZE)
    write_atomic(path, key, mode=0o600)
    return key
