"""Names cut to a width keep a foe's number (gmdash.drawing.names): numbered foes cut alike
would read the same in the roster and the strike ranks (issue 30)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmdash.drawing.names import fit, fit_name


@pytest.mark.parametrize(
    ("name", "width", "shown"),
    [
        ("Gorp the Broo 2", 15, "Gorp the Broo 2"),  # fits: whole
        ("Gorp the Broo 2", 10, "Gorp the…2"),
        ("Gorp the Broo 12", 10, "Gorp th…12"),
        ("Gorp the Broo 2", 8, "Gorp t…2"),
        ("Gorp 2", 3, "Go…"),  # no room for a name and its number: cut at the end
        ("Harvald Stormbrow", 10, "Harvald S…"),  # no number
        ("Room 101 guard", 8, "Room 10…"),  # a number inside the name is not a foe's
    ],
)
def test_fit_name(name: str, width: int, shown: str) -> None:
    assert fit_name(name, width) == shown


@given(st.text(alphabet="ab ", min_size=1, max_size=20).map(str.strip).filter(bool),
       st.integers(1, 99), st.integers(5, 30))  # fmt: skip
def test_a_numbered_name_keeps_its_number_within_the_width(
    stem: str, number: int, width: int
) -> None:
    name = f"{stem} {number}"
    shown = fit_name(name, width)
    assert len(shown) <= width
    if len(str(number)) + 2 <= width:
        assert shown.endswith(str(number))
    assert shown == name or shown != fit_name(f"{stem} {number + 1}", width)


def test_fit() -> None:
    assert fit("Broadsword", 10) == "Broadsword"
    assert fit("Broadsword", 6) == "Broad…"
