"""The store's digests are the standard library's BLAKE2b and comparison, loaded without
OpenSSL: the same bytes give the same digest, and the comparison tells equal from not."""

from __future__ import annotations

import hashlib
import hmac

from hypothesis import given
from hypothesis import strategies as st

from gmdash.store.digests import blake2b, compare_digest


@given(st.binary(), st.integers(min_value=1, max_value=64), st.binary(max_size=64))
def test_blake2b_is_hashlibs(data: bytes, size: int, key: bytes) -> None:
    ours = blake2b(data, digest_size=size, key=key).digest()
    assert ours == hashlib.blake2b(data, digest_size=size, key=key).digest()


@given(st.binary(max_size=64), st.binary(max_size=64))
def test_compare_digest_is_hmacs(first: bytes, second: bytes) -> None:
    assert compare_digest(first, second) == hmac.compare_digest(first, second)
    assert compare_digest(first, first)
