"""BLAKE2b and a constant-time comparison, without loading OpenSSL.

`hashlib` and `hmac` load the OpenSSL library when imported, about 2 ms of the dashboard's
start-up, for algorithms the store never uses: its digests are all BLAKE2b, which Python builds
in (`hashlib` takes its `blake2b` from the same `_blake2` module), and `hmac` itself falls back
on `_operator`'s comparison. Both fall back on the public modules where a Python lacks these.
"""

from __future__ import annotations

try:
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - every CPython has it
    from hashlib import blake2b

try:
    from _operator import _compare_digest as compare_digest
except ImportError:  # pragma: no cover - every CPython has it
    from hmac import compare_digest  # type: ignore[no-redef]

__all__ = ["blake2b", "compare_digest"]
