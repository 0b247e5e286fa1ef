"""A sheet's numbers are numbers (issue 18: `pile_max = true` was read as 1): true or false where
a sheet asks for a number is one of its problems, in every game whose sheet is typed."""

from __future__ import annotations

from typing import Any

import pytest
from support import sample

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets import ruleset


def _set(sheet: dict[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any]:
    changed = dict(sheet)
    if len(path) == 1:
        changed[path[0]] = value
    else:
        changed[path[0]] = _set(dict(sheet[path[0]]), path[1:], value)
    return changed


@pytest.mark.parametrize(
    ("game", "name", "path"),
    [
        ("cartes", "alice", ("pile_max",)),
        ("cartes", "alice", ("characteristics", "Carrure")),
        ("western-parade", "wp_sam", ("characteristics", "FOR")),
        ("elor", "elor_samson", ("faculties", "P")),
    ],
)
def test_true_where_a_number_is_asked_is_refused(game: str, name: str, path: tuple[str, ...]) -> None:
    sheet = sample(name)
    ruleset(game).new_character(sheet)  # the sample itself is valid
    with pytest.raises(RuleViolation, match="true or false where the sheet asks for a number"):
        ruleset(game).new_character(_set(sheet, path, True))
