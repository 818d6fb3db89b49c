"""The stat-block reader on the corpus: every block, English and French, gives every fact it
must (weapons with %, damage, SR, HP; skills; Runes; passions; spells; Rune points; armour per
location; characteristics), every line of it read or reported word for word. The rate is
reported in the suite's summary and must stay 100%."""

from __future__ import annotations

import pytest

from gmdash.formats.statblock import read_statblock
from tests.formats.corpus_en import BLOCKS_EN
from tests.formats.corpus_facts import Block, problems
from tests.formats.corpus_fr import BLOCKS_FR

CORPUS = (*BLOCKS_EN, *BLOCKS_FR)
RATE_PROPERTY = "statblock_corpus_rate"


def test_the_corpus_is_forty_blocks_or_more_in_both_languages() -> None:
    assert len(CORPUS) >= 40
    assert {block.language for block in CORPUS} == {"en", "fr"}
    assert len({block.key for block in CORPUS}) == len(CORPUS)
    assert len(BLOCKS_FR) >= 12


@pytest.mark.parametrize("block", CORPUS, ids=[block.key for block in CORPUS])
def test_each_block_gives_its_facts(block: Block) -> None:
    assert problems(block, read_statblock(block.text)) == []


def test_the_rate_on_the_corpus_is_100_percent(record_property: pytest.RecordProperty) -> None:
    failed = {block.key: found for block in CORPUS
              if (found := problems(block, read_statblock(block.text)))}  # fmt: skip
    read = len(CORPUS) - len(failed)
    rate = f"{read}/{len(CORPUS)} blocks ({100 * read / len(CORPUS):.0f}%)"
    record_property(RATE_PROPERTY, rate)  # the suite's summary shows it (tests/conftest.py)
    print(f"stat-block corpus: {rate}")
    assert failed == {}, rate
