"""The store's one door to the operating system: every open, write, fsync, rename and mkdir.

All store modules call `osio.OS.<operation>` at the moment of use, so a test can swap `OS` for
a layer that fails the Nth call of a kind (fault injection) or records which writes were made
durable (power-loss simulation). Paths are opened without following symbolic links (a save
folder received from someone else must not make gmdash write through a link) and without
blocking: a FIFO or a device put where a save file should be is refused at once by `open_checked`
(not a regular file), never waited on.
"""

from __future__ import annotations

import errno
import os
import stat
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING

from gmdash.store.errors import CorruptSaveError, ReadFailed, SaveFailed, StoreError

if TYPE_CHECKING:
    import mmap

NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
CLOEXEC = getattr(os, "O_CLOEXEC", 0)
NONBLOCK = getattr(os, "O_NONBLOCK", 0)
MAX_FILE_BYTES = 128 * 1024 * 1024
"""A save file larger than this is refused unread (the biggest real session is a few MB)."""


class RealOS:
    """The operating system itself."""

    def open(self, path: Path, flags: int, mode: int = 0o644) -> int:
        return os.open(path, flags | NOFOLLOW | CLOEXEC | NONBLOCK, mode)

    def write(self, fd: int, data: bytes | memoryview) -> int:
        return os.write(fd, data)

    def fsync(self, fd: int) -> None:
        os.fsync(fd)

    def ftruncate(self, fd: int, length: int) -> None:
        os.ftruncate(fd, length)

    def close(self, fd: int) -> None:
        os.close(fd)

    def replace(self, source: Path, target: Path) -> None:
        os.replace(source, target)

    def mkdir(self, path: Path) -> None:
        os.mkdir(path, 0o755)

    def unlink(self, path: Path) -> None:
        os.unlink(path)


OS: RealOS = RealOS()


def write_all(fd: int, data: bytes) -> None:
    """Write every byte of `data` (os.write may write fewer)."""
    view = memoryview(data)
    while view:
        view = view[OS.write(fd, view) :]


def fsync_dir(folder: Path) -> None:
    """Make the creation, rename or removal of an entry of `folder` durable."""
    fd = OS.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        OS.fsync(fd)
    finally:
        close_read(fd)  # the fsync said whether it is durable; the close loses nothing


def refuse_link(path: Path) -> None:
    """StoreError if `path` is a symbolic link (a missing path is fine)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(info.st_mode):
        raise StoreError(f"{path} is a symbolic link; gmdash does not follow links in saves")


def make_dir(path: Path) -> bool:
    """Create the folder `path` (not through a link) durably; False if it was already there."""
    refuse_link(path)
    if path.is_dir():
        return False
    if not path.parent.is_dir():
        make_dir(path.parent)
    try:
        OS.mkdir(path)
    except FileExistsError:
        refuse_link(path)
        if path.is_dir():
            return False
        raise StoreError(f"{path} exists and is not a folder") from None
    except OSError as error:
        raise SaveFailed(path, error) from None
    try:
        fsync_dir(path.parent)
    except OSError as error:
        raise SaveFailed(path.parent, error) from None
    return True


def read_file(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a save file, refusing links, non-files and files over `limit` bytes."""
    fd, info = open_checked(path, limit)
    try:
        # One read of the whole file (and one more to see its end) when its size holds: a
        # megabyte read in pieces was copied again to join them.
        chunks = [_read(fd, path, info.st_size + 1)]
        size = len(chunks[0])
        while chunks[-1] and (chunk := _read(fd, path, 1 << 20)):
            size += len(chunk)
            if size > limit:  # it grew while it was read
                raise CorruptSaveError(path, _too_big(size, limit))
            chunks.append(chunk)
        return chunks[0] if len(chunks) == 1 else b"".join(chunks)
    finally:
        close_read(fd)


def close_read(fd: int) -> None:
    """Close a descriptor that was only read from (its close failing loses nothing)."""
    with suppress(OSError):
        OS.close(fd)


def _read(fd: int, path: Path, size: int) -> bytes:
    try:
        return os.read(fd, size)
    except OSError as error:
        raise ReadFailed(path, error) from None


def read_user_file(path: Path, limit: int) -> bytes:
    """The bytes of a file the user names or keeps (the config file, a sheet to import),
    following a symbolic link (a dotfile manager's, the user's own) but never blocking: a FIFO,
    a device or a folder is refused unread (OSError), as is a file over `limit` bytes."""
    fd = os.open(path, os.O_RDONLY | CLOEXEC | NONBLOCK)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        if info.st_size > limit:
            raise OSError(errno.EFBIG, f"larger than {limit:,} bytes", str(path))
        data = os.read(fd, limit + 1)
        while len(data) <= limit and (chunk := os.read(fd, limit + 1 - len(data))):
            data += chunk
        if len(data) > limit:
            raise OSError(errno.EFBIG, f"larger than {limit:,} bytes", str(path))
        return data
    finally:
        os.close(fd)


def map_file(path: Path, limit: int = MAX_FILE_BYTES) -> mmap.mmap | None:
    """A file mapped read-only, refused as `read_file` refuses one; None when it is empty
    (nothing to map)."""
    import mmap  # only the dashboard's kept modules are mapped

    fd, info = open_checked(path, limit)
    try:
        return mmap.mmap(fd, 0, access=mmap.ACCESS_READ) if info.st_size else None
    finally:
        close_read(fd)


def read_from(fd: int, path: Path, start: int, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the open file `fd` from offset `start` to its end (what a writer appended
    since a reader last looked), at most `limit` of them: a file that grew past the limit while
    it was read is refused as `open_checked` refuses one."""
    os.lseek(fd, start, os.SEEK_SET)
    chunks = []
    size = 0
    while chunk := _read(fd, path, 1 << 20):
        size += len(chunk)
        if start + size > limit:
            raise CorruptSaveError(path, _too_big(start + size, limit))
        chunks.append(chunk)
    return b"".join(chunks)


def open_checked(path: Path, limit: int = MAX_FILE_BYTES) -> tuple[int, os.stat_result]:
    """A descriptor open for reading on `path` and its status, refusing links, non-files (a
    FIFO, a device, a folder: opened without blocking, never read) and files over `limit`
    bytes (CorruptSaveError naming which). The caller closes the descriptor."""
    try:
        fd = OS.open(path, os.O_RDONLY)
    except FileNotFoundError:
        raise
    except OSError as error:
        if error.errno == getattr(os, "ELOOP", -1) or os.path.islink(path):
            raise CorruptSaveError(
                path, "it is a symbolic link (gmdash does not follow links)"
            ) from None
        raise ReadFailed(path, error) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise CorruptSaveError(path, "it is not a regular file")
        if info.st_size > limit:
            raise CorruptSaveError(path, _too_big(info.st_size, limit))
    except BaseException:
        close_read(fd)
        raise
    return fd, info


def _too_big(size: int, limit: int) -> str:
    if limit < 1_000_000:
        return f"{size:,} bytes is more than this file can be ({limit:,})"
    return f"{size / 1e6:.0f} MB is more than a save file can be ({limit / 1e6:.0f} MB)"
