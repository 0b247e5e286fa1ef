"""A sheet's wrong value reads as its author wrote it (ruling EB34): text between quotation marks as
every refusal quotes what was typed (EB19), a Western Parade creation's choices as values to type;
never Python's 'yes'."""

from __future__ import annotations

import pytest
from support import sample

from chronique.domain.errors import SheetProblems
from chronique.domain.rulesets import ruleset


def _said(game: str, name: str, **changed: object) -> list[str]:
    with pytest.raises(SheetProblems) as refused:
        ruleset(game).new_character(sample(name) | changed)
    return [line.removeprefix("sheet ") for line in refused.value.problems]


def test_a_creation_not_among_the_choices_is_said_with_the_choices_to_type() -> None:
    # Western Parade's four ways of creating a character (ruling WB1's "creation" field).
    said = _said("western-parade", "wp_joe", creation="quick")
    assert said == ["creation: should be “beginner”, “experienced”, “spaghetti” or “free”, not “quick”"]
