"""The append-only session log: one committed transaction per change, behind TinyDB's API."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import FakeClock
from hypothesis import given, settings
from hypothesis import strategies as st

from gmdash.model.events import RollMade
from gmdash.play.campaign import CampaignService
from gmdash.store import CorruptSaveError
from gmdash.store.appendlog import (
    AppendLogStorage,
    encode_base,
    encode_transaction,
    open_db,
    parse,
)
from gmdash.store.documents import SESSION_FORMAT, new_document


def _db(path: Path):  # type: ignore[no-untyped-def]
    return open_db(path, kind=SESSION_FORMAT, create=True, durable=False)


def test_an_append_adds_one_transaction_and_rewrites_nothing(tmp_path: Path) -> None:
    path = tmp_path / "log.json"
    db = _db(path)
    table = db.table("events")
    table.insert({"n": 0})
    inode, size = os.stat(path).st_ino, path.stat().st_size
    table.insert_multiple([{"n": 1}, {"n": 2}])
    assert os.stat(path).st_ino == inode  # appended in place, not replaced
    expected = encode_transaction([("events", "2", {"n": 1}), ("events", "3", {"n": 2})], 2)
    assert path.read_bytes()[size:] == expected
    assert [d["n"] for d in table.all()] == [0, 1, 2] and len(table) == 3
    assert table.get(doc_id=3) == {"n": 2}
    db.close()
    reopened = _db(path).table("events")
    assert [d["n"] for d in reopened.all()] == [0, 1, 2]


def test_other_tinydb_writes_compact_the_file(tmp_path: Path) -> None:
    path = tmp_path / "log.json"
    db = _db(path)
    table = db.table("events")
    table.insert_multiple([{"n": i} for i in range(3)])
    table.update({"n": 9}, doc_ids=[2])
    _, seal, rest = path.read_bytes().split(b"\n", 2)
    assert seal.startswith(b'{"seal":') and rest == b""  # the base and its seal, no transactions
    assert [d["n"] for d in _db(path).table("events").all()] == [0, 9, 2]


def test_a_roll_does_not_rewrite_the_campaign_file(tmp_path: Path) -> None:
    svc = CampaignService.create(tmp_path, "Quiet Saga", clock=FakeClock())
    svc.start_session()
    snapshot = svc.store.folder / "campaign.json"
    before = (snapshot.read_bytes(), os.stat(snapshot).st_ino)
    for total in range(1, 7):
        svc.publish(RollMade(kind="dice", expression="1D6", total=total))
    assert (snapshot.read_bytes(), os.stat(snapshot).st_ino) == before
    svc.close()  # compaction: the snapshot catches up
    assert snapshot.read_bytes() != before[0]


def _log_bytes(transactions: list[list[int]]) -> bytes:
    data = encode_base(new_document(SESSION_FORMAT))
    key = 0
    for sequence, values in enumerate(transactions, start=1):
        ops = []
        for value in values:
            key += 1
            ops.append(("events", str(key), {"v": value}))
        data += encode_transaction(ops, sequence)
    return data


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.lists(st.integers(0, 10**6), min_size=1, max_size=4), min_size=1, max_size=6),
    st.data(),
)
def test_a_cut_anywhere_keeps_exactly_the_transactions_committed_before_it(
    transactions: list[list[int]], data: st.DataObject
) -> None:
    raw = _log_bytes(transactions)
    base = len(_log_bytes([]))
    cut = data.draw(st.integers(base, len(raw)))
    parsed = parse(Path("log.json"), raw[:cut], SESSION_FORMAT)
    whole = [len(_log_bytes(transactions[:n])) for n in range(len(transactions) + 1)]
    committed = max(n for n, end in enumerate(whole) if end <= cut)
    values = [v["v"] for _, v in sorted(parsed.tables.get("events", {}).items(),
                                        key=lambda kv: int(kv[0]))]  # fmt: skip
    assert values == [v for t in transactions[:committed] for v in t]
    assert parsed.end == whole[committed] and parsed.dropped == cut - whole[committed]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.integers(0, 99), min_size=1, max_size=3), min_size=2, max_size=5),
       st.data())  # fmt: skip
def test_damage_before_a_commit_is_an_error_not_a_silent_loss(
    transactions: list[list[int]], data: st.DataObject
) -> None:
    raw = bytearray(_log_bytes(transactions))
    first_end = len(_log_bytes(transactions[:1]))
    base = len(_log_bytes([]))
    position = data.draw(st.integers(base, first_end - 2))
    if raw[position] in b"\n":
        return
    raw[position] = ord("#") if raw[position] != ord("#") else ord("%")
    with pytest.raises(CorruptSaveError, match=r"log\.json"):
        parse(Path("log.json"), bytes(raw), SESSION_FORMAT)


def test_a_torn_tail_is_dropped_by_the_next_append(tmp_path: Path) -> None:
    path = tmp_path / "log.json"
    path.write_bytes(_log_bytes([[1], [2]])[:-5])
    storage = AppendLogStorage(path, kind=SESSION_FORMAT, durable=False)
    assert storage.dropped > 0
    assert storage.append("events", [{"v": 3}]) == [2]
    assert [v["v"] for v in parse(path, path.read_bytes(), SESSION_FORMAT)
            .tables["events"].values()] == [1, 3]  # fmt: skip
