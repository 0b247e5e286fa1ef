"""``copied``, the deep copy the rules take of a condition or an activity before they change it
(issue 20: ``copy.deepcopy`` was a tenth of a year's advance)."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from chronique.domain.copying import copied

LEAVES = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5) | st.uuids()
STATE = st.recursive(
    LEAVES,
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=20,
)


@given(STATE)
def test_a_copy_equals_what_deepcopy_gives(state: Any) -> None:
    assert copied(state) == copy.deepcopy(state)


@given(st.dictionaries(st.text(max_size=3), STATE, min_size=1, max_size=4))
def test_changing_the_copy_in_place_leaves_the_original_as_it_was(state: dict[str, Any]) -> None:
    before = copy.deepcopy(state)
    changed = copied(state)
    for value in changed.values():
        if isinstance(value, list):
            value.append("changed")
        elif isinstance(value, dict):
            value["changed"] = True
    changed["new"] = 1
    assert state == before


def test_a_value_of_another_kind_is_copied_by_deepcopy() -> None:
    nested = {"marks": {1, 2}}
    again = copied(nested)
    again["marks"].add(3)
    assert nested == {"marks": {1, 2}}
